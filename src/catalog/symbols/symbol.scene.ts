/**
 * A rendered symbol as a list of filled shapes in module units, before any output format. The SVG
 * writer and the PDF writer both draw a scene, so the two formats cannot disagree. Pure data: no DOM
 * and no Node API, so the same code runs in the browser.
 */
export interface PathShape {
  kind: 'path';
  /** SVG path data (absolute and relative commands, arcs included), non-zero fill. */
  d: string;
  /** The colour; with a gradient, the gradient's start colour. */
  fill: string;
  /** Painted with this gradient rather than one colour. */
  gradient?: Gradient;
  /** Always anti-aliased, even in a grid-aligned scene (text drawn as outlines). */
  smooth?: boolean;
}

export interface TextShape {
  kind: 'text';
  text: string;
  /** Centre of the text line and its baseline. */
  x: number;
  y: number;
  size: number;
  /** The text is squeezed to this width when it would be wider. */
  maxWidth: number;
  fill: string;
}

/**
 * A logo's bytes, handed to the renderer by its caller (the server reads them from the account's
 * media library): `href` is a data URI of the bytes, so the drawing never fetches anything.
 */
export interface LogoArt {
  type: string;
  bytes: Uint8Array;
  href: string;
}

export interface ImageShape {
  kind: 'image';
  href: string;
  /** The logo's bytes when the caller supplied them (PDF embeds them); absent for an address only. */
  art?: LogoArt;
  x: number;
  y: number;
  size: number;
}

export type Shape = PathShape | TextShape | ImageShape;

/**
 * A two-colour gradient in scene units, `from` at the start and `to` at the end: along the line
 * (x1, y1) → (x2, y2), or from the centre (cx, cy) out to radius r, colours padded beyond.
 */
export type Gradient =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; from: string; to: string }
  | { kind: 'radial'; cx: number; cy: number; r: number; from: string; to: string };

export interface Scene {
  /** Width and height of the whole image in modules. */
  width: number;
  height: number;
  shapes: Shape[];
  /** Every shape is a rectangle on the module grid: rasterisers may skip anti-aliasing (crisp edges). */
  gridAligned?: boolean;
  /** The first shape is a rectangle over the whole image in this colour: a rasteriser may fill the canvas instead. */
  background?: string;
  /** Everything is drawn inside this rounded rectangle over the whole image (radius in modules); transparent outside. */
  rounded?: number;
}

/** The font every format names for frame text; exports embed it, so nothing is fetched. */
export const FRAME_FONT_FAMILY = 'DejaVu Sans';

/** Average advance of a bold DejaVu Sans glyph, as a share of the font size (used to fit text). */
export const FRAME_FONT_ADVANCE = 0.68;

/**
 * A coordinate rounded to 3 decimals, shortest form (`1.5`, `2`, `-0.45`): `Math.round` rather than
 * `toFixed` because a symbol writes thousands of them per render.
 */
export const n = (v: number): string => String(Math.round(v * 1000) / 1000 || 0);

export function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
}

/** A rectangle with its own radius per corner (top-left, top-right, bottom-right, bottom-left). */
export function roundedRectPath(x: number, y: number, w: number, h: number, radii: [number, number, number, number]): string {
  const [tl, tr, br, bl] = radii;
  const arc = (r: number, dx: number, dy: number) => (r > 0 ? `a${n(r)} ${n(r)} 0 0 1 ${n(dx)} ${n(dy)}` : '');
  return (
    `M${n(x + tl)} ${n(y)}h${n(w - tl - tr)}${arc(tr, tr, tr)}v${n(h - tr - br)}${arc(br, -br, br)}` +
    `h${n(-(w - br - bl))}${arc(bl, -bl, -bl)}v${n(-(h - bl - tl))}${arc(tl, tl, -tl)}z`
  );
}

/** The two arcs of a circle of radius `r` drawn from its leftmost point (see `circlePath`). */
export function circleArcs(r: number): string {
  return `a${n(r)} ${n(r)} 0 1 1 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 1 ${n(-2 * r)} 0z`;
}

export function circlePath(cx: number, cy: number, r: number, arcs = circleArcs(r)): string {
  return `M${n(cx - r)} ${n(cy)}${arcs}`;
}
