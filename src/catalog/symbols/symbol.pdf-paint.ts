import {
  appendBezierCurve,
  clip,
  closePath,
  drawSvgPath,
  endPath,
  lineTo,
  moveTo,
  PDFDict,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  pushGraphicsState,
  rgb,
  type PDFDocument,
  type PDFPage,
} from '@cantoo/pdf-lib';
import type { Gradient } from './symbol.scene.js';

/** A #RRGGBB colour as PDF DeviceRGB components. */
export const rgbComponents = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16) / 255,
  parseInt(hex.slice(3, 5), 16) / 255,
  parseInt(hex.slice(5, 7), 16) / 255,
];

/** How far a cubic Bézier's control points sit along the tangents to draw a quarter circle. */
const KAPPA = 0.5522847498;

/**
 * Operators that clip what follows on the page to a rectangle with rounded corners, its bottom-left
 * corner at (x, y) in page points (origin bottom left), inside a saved graphics state: the caller
 * pops it after the last shape.
 */
export function roundedClip(x: number, y: number, width: number, height: number, radius: number): PDFOperator[] {
  const r = Math.min(radius, width / 2, height / 2);
  const k = r * KAPPA;
  const [left, bottom, right, top] = [x, y, x + width, y + height];
  return [
    pushGraphicsState(),
    moveTo(left + r, bottom),
    lineTo(right - r, bottom),
    appendBezierCurve(right - r + k, bottom, right, bottom + r - k, right, bottom + r),
    lineTo(right, top - r),
    appendBezierCurve(right, top - r + k, right - r + k, top, right - r, top),
    lineTo(left + r, top),
    appendBezierCurve(left + r - k, top, left, top - r + k, left, top - r),
    lineTo(left, bottom + r),
    appendBezierCurve(left, bottom + r - k, left + r - k, bottom, left + r, bottom),
    closePath(),
    clip(),
    endPath(),
  ];
}

/**
 * Operators that fill the SVG path `d` (scene units, placed on the page as `drawSvgPath` places it)
 * with `gradient` as a PDF shading: the path becomes the clip and the shading paints it. The
 * shading's coordinates are in scene units, since it is painted under the path's own transform.
 */
export function gradientFill(
  pdf: PDFDocument,
  page: PDFPage,
  d: string,
  placement: { x: number; y: number; scale: number },
  gradient: Gradient,
): PDFOperator[] {
  const shading = pdf.context.obj({
    ShadingType: gradient.kind === 'linear' ? 2 : 3,
    ColorSpace: 'DeviceRGB',
    Coords:
      gradient.kind === 'linear'
        ? [gradient.x1, gradient.y1, gradient.x2, gradient.y2]
        : [gradient.cx, gradient.cy, 0, gradient.cx, gradient.cy, gradient.r],
    Function: { FunctionType: 2, Domain: [0, 1], C0: rgbComponents(gradient.from), C1: rgbComponents(gradient.to), N: 1 },
    Extend: [true, true],
  });
  const { Resources } = page.node.normalizedEntries();
  let shadings = Resources.lookupMaybe(PDFName.of('Shading'), PDFDict);
  if (!shadings) {
    shadings = pdf.context.obj({});
    Resources.set(PDFName.of('Shading'), shadings);
  }
  const name = PDFName.of(`Sh${shadings.keys().length}`);
  shadings.set(name, pdf.context.register(shading));
  // The path as a fill ends with `f Q` (fill, restore): clip to it and paint the shading instead.
  const operators = drawSvgPath(d, {
    ...placement,
    color: rgb(...rgbComponents(gradient.from)),
    borderColor: undefined,
    borderWidth: 0,
  });
  const [fill, restore] = operators.slice(-2).map((o) => o.toString());
  if (fill !== 'f' || restore !== 'Q') throw new Error(`unexpected path operators from pdf-lib: ${fill} ${restore}`);
  return [...operators.slice(0, -2), clip(), endPath(), PDFOperator.of(PDFOperatorNames.ShadingFill, [name]), operators.at(-1)!];
}
