import type { Design } from '../designs/design.schema.js';
import { n, type Gradient } from './symbol.scene.js';

/**
 * The design's gradient laid over the symbol (the matrix without its quiet zone) whose top-left
 * module is at (x, y) and which is `size` modules wide: `foreground` at the start, the gradient's
 * colour at the end. Undefined for a design in one colour.
 */
export function symbolGradient(design: Design, x: number, y: number, size: number): Gradient | undefined {
  const gradient = design.gradient;
  if (!gradient) return undefined;
  const colours = { from: design.foreground, to: gradient.colour };
  const middle = size / 2;
  switch (gradient.direction) {
    case 'horizontal':
      return { kind: 'linear', x1: x, y1: y + middle, x2: x + size, y2: y + middle, ...colours };
    case 'vertical':
      return { kind: 'linear', x1: x + middle, y1: y, x2: x + middle, y2: y + size, ...colours };
    case 'diagonal':
      return { kind: 'linear', x1: x, y1: y, x2: x + size, y2: y + size, ...colours };
    case 'radial':
      return { kind: 'radial', cx: x + middle, cy: y + middle, r: middle * Math.SQRT2, ...colours };
  }
}

/**
 * An id for a paint server in SVG, from everything that shapes it (FNV-1a of its description), so two
 * symbols inlined in one page share an id only when they draw the same thing.
 */
export function paintId(prefix: string, description: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < description.length; i++) {
    hash ^= description.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `qr-${prefix}-${hash.toString(36)}`;
}

/** A gradient as an SVG paint server (user-space coordinates, the scene's units) and its id. */
export function gradientElement(gradient: Gradient): { id: string; svg: string } {
  const tag = gradient.kind === 'linear' ? 'linearGradient' : 'radialGradient';
  const geometry =
    gradient.kind === 'linear'
      ? `x1="${n(gradient.x1)}" y1="${n(gradient.y1)}" x2="${n(gradient.x2)}" y2="${n(gradient.y2)}"`
      : `cx="${n(gradient.cx)}" cy="${n(gradient.cy)}" r="${n(gradient.r)}"`;
  const stops = `<stop offset="0" stop-color="${gradient.from}"/><stop offset="1" stop-color="${gradient.to}"/>`;
  const id = paintId('g', tag + geometry + stops);
  return { id, svg: `<${tag} id="${id}" gradientUnits="userSpaceOnUse" ${geometry}>${stops}</${tag}>` };
}
