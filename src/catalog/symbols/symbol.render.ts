import type { Design } from '../designs/design.schema.js';
import { finderOrigins, inFinder, qrMatrix, type ErrorCorrection, type Matrix } from './symbol.matrix.js';
import { symbolGradient } from './symbol.paint.js';
import {
  circleArcs,
  circlePath,
  FRAME_FONT_ADVANCE,
  rectPath,
  roundedRectPath,
  type Gradient,
  type LogoArt,
  type Scene,
  type Shape,
} from './symbol.scene.js';

/**
 * How the logo is drawn: `image` draws it (from the `LogoArt` bytes the caller passes, else by
 * referencing its address, for a browser preview), `plate` leaves the cleared plate empty (a logo
 * whose bytes are not at hand: the server never fetches a remote image), `stand-in` fills
 * the plate with a solid mark in the foreground colour, the worst case a real logo can be for a
 * decoder (the scannability check renders with it).
 */
export type LogoMode = 'image' | 'plate' | 'stand-in';

export interface Layout {
  matrix: Matrix;
  /** Modules per side of the symbol with its quiet zone. */
  symbolWidth: number;
  /** Where the symbol's quiet zone starts in the image. */
  originX: number;
  originY: number;
  /** Modules hidden under the logo plate (data modules only; finders are never hidden). */
  hidden: number;
  /** The logo plate in matrix coordinates, or null. */
  plate: { from: number; to: number } | null;
}

const FRAME_BORDER = 1;
/** A `dots` module is a circle of 0.9 module. */
const DOT_RADIUS = 0.45;

/** Height of the frame's text band, in modules. */
const bandHeight = (symbolWidth: number) => Math.max(5, Math.round(symbolWidth * 0.16));

function logoPlate(size: number, design: Design): { from: number; to: number } | null {
  if (!design.logo) return null;
  // The plate is the logo plus half a module of margin, snapped to whole modules and centred.
  let span = Math.ceil(size * design.logo.size + 1);
  if ((size - span) % 2 !== 0) span += 1;
  const from = (size - span) / 2;
  return { from, to: from + span };
}

export function layout(value: string, design: Design): Layout {
  const matrix = qrMatrix(value, design.errorCorrection as ErrorCorrection);
  const symbolWidth = matrix.size + 2 * design.quietZone;
  const plate = logoPlate(matrix.size, design);
  let hidden = 0;
  if (plate) {
    for (let r = plate.from; r < plate.to; r++)
      for (let c = plate.from; c < plate.to; c++) if (!inFinder(matrix.size, r, c)) hidden++;
  }
  const framed = design.frame;
  const originX = framed?.style === 'box' ? FRAME_BORDER : 0;
  const originY = framed?.style === 'box' ? FRAME_BORDER : framed?.style === 'banner-top' ? bandHeight(symbolWidth) : 0;
  return { matrix, symbolWidth, originX, originY, hidden, plate };
}

/** Data modules, drawn in the design's module style. */
function modulesPath(m: Matrix, style: Design['moduleStyle'], hide: (r: number, c: number) => boolean, ox: number, oy: number) {
  const on = (r: number, c: number) => m.dark(r, c) && !inFinder(m.size, r, c) && !hide(r, c);
  const parts: string[] = [];
  const dot = circleArcs(DOT_RADIUS);
  for (let r = 0; r < m.size; r++) {
    for (let c = 0; c < m.size; c++) {
      if (!on(r, c)) continue;
      const x = ox + c;
      const y = oy + r;
      if (style === 'square') {
        // One rectangle per horizontal run keeps the path short.
        let end = c;
        while (end + 1 < m.size && on(r, end + 1)) end++;
        parts.push(rectPath(x, y, end - c + 1, 1));
        c = end;
      } else if (style === 'dots') {
        parts.push(circlePath(x + 0.5, y + 0.5, DOT_RADIUS, dot));
      } else {
        const up = on(r - 1, c);
        const down = on(r + 1, c);
        const left = on(r, c - 1);
        const right = on(r, c + 1);
        const round = (a: boolean, b: boolean) => (a || b ? 0 : 0.5);
        const radii: [number, number, number, number] =
          style === 'rounded'
            ? [round(up, left), round(up, right), round(down, right), round(down, left)]
            : [round(up, left), 0, round(down, right), 0];
        parts.push(roundedRectPath(x, y, 1, 1, radii));
      }
    }
  }
  return parts.join('');
}

/** The three finder patterns: a 7×7 ring and a 3×3 centre, in the corner style (in the gradient unless `cornerColour`). */
function finderShapes(m: Matrix, design: Design, ox: number, oy: number, gradient: Gradient | undefined): Shape[] {
  const colour = design.cornerColour ?? design.foreground;
  const paint = design.cornerColour === undefined && gradient ? { gradient } : {};
  const outer: string[] = [];
  const gap: string[] = [];
  const inner: string[] = [];
  for (const [r, c] of finderOrigins(m.size)) {
    const x = ox + c;
    const y = oy + r;
    if (design.cornerStyle === 'dot') {
      // Rounded like `rounded` where scanners fit the ring's edges, with a round centre dot.
      outer.push(roundedRectPath(x, y, 7, 7, [2, 2, 2, 2]));
      gap.push(roundedRectPath(x + 1, y + 1, 5, 5, [1.2, 1.2, 1.2, 1.2]));
      inner.push(circlePath(x + 3.5, y + 3.5, 1.5));
    } else if (design.cornerStyle === 'rounded') {
      outer.push(roundedRectPath(x, y, 7, 7, [2, 2, 2, 2]));
      gap.push(roundedRectPath(x + 1, y + 1, 5, 5, [1.2, 1.2, 1.2, 1.2]));
      inner.push(roundedRectPath(x + 2, y + 2, 3, 3, [0.8, 0.8, 0.8, 0.8]));
    } else {
      outer.push(rectPath(x, y, 7, 7));
      gap.push(rectPath(x + 1, y + 1, 5, 5));
      inner.push(rectPath(x + 2, y + 2, 3, 3));
    }
  }
  return [
    { kind: 'path', d: outer.join(''), fill: colour, ...paint },
    { kind: 'path', d: gap.join(''), fill: design.background },
    { kind: 'path', d: inner.join(''), fill: colour, ...paint },
  ];
}

const corners = (r: number): [number, number, number, number] => [r, r, r, r];

function frameShapes(design: Design, symbolWidth: number, width: number, height: number): Shape[] {
  const frame = design.frame;
  if (!frame) return [];
  const band = bandHeight(symbolWidth);
  const text = (y: number, fill: string): Shape => ({
    kind: 'text',
    text: frame.text,
    x: width / 2,
    y,
    size: band * 0.55,
    maxWidth: symbolWidth - 2,
    fill,
  });
  const label = frame.text.trim() === '';
  if (frame.style === 'box') {
    const t = FRAME_BORDER;
    const radius = design.backgroundRadius ?? 0;
    // Rounded, the ring is the outline in the frame colour with the inside laid over it in the background's.
    const shapes: Shape[] =
      radius > 0
        ? [
            { kind: 'path', d: roundedRectPath(0, 0, width, height, corners(radius)), fill: frame.colour },
            {
              kind: 'path',
              d: roundedRectPath(t, t, width - 2 * t, height - 2 * t, corners(Math.max(radius - t, 0))),
              fill: design.background,
            },
          ]
        : [
            {
              kind: 'path',
              d:
                rectPath(0, 0, width, t) +
                rectPath(0, height - t, width, t) +
                rectPath(0, t, t, height - 2 * t) +
                rectPath(width - t, t, t, height - 2 * t),
              fill: frame.colour,
            },
          ];
    if (!label) shapes.push(text(t + symbolWidth + band * 0.62, frame.colour));
    return shapes;
  }
  const top = frame.style === 'banner-top' ? 0 : symbolWidth;
  const shapes: Shape[] = [{ kind: 'path', d: rectPath(0, top, width, band), fill: frame.colour }];
  if (!label) shapes.push(text(top + band * 0.7, design.background));
  return shapes;
}

/**
 * The symbol for `value` drawn in `design`: finders, modules, logo plate and frame, in module units.
 * A rounded background clips the whole image (nothing drawn outside it, so it is neither filled as
 * a canvas nor drawn with crisp edges).
 */
export function renderScene(value: string, design: Design, logo: LogoMode = 'image', art?: LogoArt): Scene {
  const box = layout(value, design);
  const { matrix, symbolWidth, originX, originY, plate } = box;
  const band = design.frame ? bandHeight(symbolWidth) : 0;
  const width = symbolWidth + 2 * originX;
  const height = symbolWidth + (design.frame?.style === 'box' ? 2 * FRAME_BORDER + band : band);
  const ox = originX + design.quietZone;
  const oy = originY + design.quietZone;
  const hide = (r: number, c: number) => plate !== null && r >= plate.from && r < plate.to && c >= plate.from && c < plate.to;

  const gradient = symbolGradient(design, ox, oy, matrix.size);

  const shapes: Shape[] = [{ kind: 'path', d: rectPath(0, 0, width, height), fill: design.background }];
  shapes.push(...frameShapes(design, symbolWidth, width, height));
  shapes.push({
    kind: 'path',
    d: modulesPath(matrix, design.moduleStyle, hide, ox, oy),
    fill: design.foreground,
    ...(gradient && { gradient }),
  });
  shapes.push(...finderShapes(matrix, design, ox, oy, gradient));
  if (plate && design.logo) {
    const span = plate.to - plate.from;
    const size = matrix.size * design.logo.size;
    const x = ox + plate.from + (span - size) / 2;
    const y = oy + plate.from + (span - size) / 2;
    if (logo === 'image') shapes.push({ kind: 'image', href: art?.href ?? design.logo.url, x, y, size, ...(art && { art }) });
    else if (logo === 'stand-in') {
      shapes.push({
        kind: 'path',
        d: roundedRectPath(x, y, size, size, [size / 6, size / 6, size / 6, size / 6]),
        fill: design.foreground,
      });
    }
  }
  const rounded = design.backgroundRadius ?? 0;
  if (rounded > 0) return { width, height, shapes, rounded };
  const gridAligned = design.moduleStyle === 'square' && design.cornerStyle === 'square';
  return { width, height, shapes, gridAligned, background: design.background };
}

/** The width a text takes at `size`, estimated from the frame font's average advance. */
export const estimatedTextWidth = (text: string, size: number) => [...text].length * size * FRAME_FONT_ADVANCE;
