import { SaxesParser } from 'saxes';

/** A reference that stays inside the document: `#id`, nothing else (an address parser skips only these spaces). */
const LOCAL = /^[\t\n\r ]*#/;
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
/** A script or data address, in an attribute no browser should read as one: dropped all the same. */
const SCRIPT_OR_DATA = /^(?:[a-z]*script|data):/i;
/** CSS that can fetch: `url(...)` to anything but `#id`, functions taking addresses as strings, old browsers' hooks. */
const FETCHES = /url\s*\(\s*(?!\s*['"]?\s*#)|(?:image-set|image|src|expression)\s*\(|behavior\s*:|binding\s*:/i;
/** At-rules that never load anything; every other one (`@import`, `@font-face`, `@namespace`) drops the style. */
const SAFE_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes']);

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Keyed by the lower-case name, valued by the name as SVG spells it: names are matched in any case and written in SVG's. */
const byLowerCase = (names: string): ReadonlyMap<string, string> =>
  new Map(names.split(/\s+/).map((name) => [name.toLowerCase(), name]));

/**
 * The elements kept: DOMPurify's SVG and SVG-filter profiles, which qrelay used before, less
 * the animation elements (`animateColor`, `animateMotion`, `animateTransform`, `mpath`), which could set
 * a link or a CSS value after the checks. `animate`, `set`, `use` (nested `use` multiplies what a
 * renderer draws), `script`, `foreignObject` and every name not here go with all they hold.
 */
const ELEMENTS = byLowerCase(`svg a altGlyph altGlyphDef altGlyphItem circle clipPath defs desc ellipse filter font g
  glyph glyphRef hkern image line linearGradient marker mask metadata path pattern polygon polyline radialGradient rect
  stop style switch symbol text textPath title tref tspan view vkern
  feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap
  feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode
  feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence`);

/**
 * The attributes kept: DOMPurify's SVG and XML lists less `xmlns` (the root is given its own) and the
 * animation elements' timing, plus `data-*` and `aria-*` as DOMPurify kept them. No `on*` handler is here.
 */
const ATTRIBUTES = byLowerCase(`accent-height alignment-baseline amplitude ascent azimuth baseFrequency baseline-shift
  bias class clip clipPathUnits clip-path clip-rule color color-interpolation color-interpolation-filters
  color-profile color-rendering cx cy d dx dy diffuseConstant direction display divisor dominant-baseline edgeMode
  elevation exponent fill fill-opacity fill-rule filter filterUnits flood-color flood-opacity font-family font-size
  font-size-adjust font-stretch font-style font-variant font-weight fx fy g1 g2 glyph-name glyphRef gradientUnits
  gradientTransform height href id image-rendering in in2 intercept k k1 k2 k3 k4 kerning lang lengthAdjust
  letter-spacing kernelMatrix kernelUnitLength lighting-color local marker-end marker-mid marker-start markerHeight
  markerUnits markerWidth maskContentUnits maskUnits mask mask-type media method mode name numOctaves offset operator
  opacity order orient orientation overflow paint-order pathLength patternContentUnits patternTransform patternUnits
  pointer-events points preserveAlpha preserveAspectRatio primitiveUnits r rx ry radius refX refY result rotate scale
  seed shape-rendering slope specularConstant specularExponent spreadMethod startOffset stdDeviation stitchTiles
  stop-color stop-opacity stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit
  stroke-opacity stroke stroke-width style surfaceScale systemLanguage tabindex tableValues targetX targetY transform
  transform-origin text-anchor text-decoration text-orientation text-rendering textLength type u1 u2 unicode values
  vector-effect viewBox visibility version vert-adv-y vert-origin-x vert-origin-y width word-spacing wrap writing-mode
  xChannelSelector yChannelSelector x x1 x2 y y1 y2 z zoomAndPan
  xlink:href xlink:title xml:id xml:space`);
const DATA_OR_ARIA = /^(?:data|aria)-[-.\w]+$/;

/**
 * Whether CSS (a stylesheet, a `style` attribute or a presentation attribute) might load something.
 * A backslash is refused outright: escapes are the only way to spell a keyword without its letters.
 * Comments and NULs are matched both kept and removed, as a lenient parser may join the words around them.
 */
export function cssReachesOut(css: string): boolean {
  if (css.includes('\\')) return true;
  return [css, css.replace(/\/\*[\s\S]*?(?:\*\/|$)|\0/g, '')].some(
    (text) =>
      FETCHES.test(text) || [...text.matchAll(/@([-\w]*)/g)].some(([, name = '']) => !SAFE_AT_RULES.has(name.toLowerCase())),
  );
}

const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const escapeAttribute = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The attribute as written out, or null when it goes: not on the list, a link leaving the document, CSS that reaches out. */
function keptAttribute(name: string, value: string): string | null {
  const lower = name.toLowerCase();
  const kept = ATTRIBUTES.get(lower) ?? (DATA_OR_ARIA.test(lower) ? lower : undefined);
  if (kept === undefined) return null;
  if (LINK_ATTRIBUTES.has(lower) && !LOCAL.test(value)) return null;
  if (SCRIPT_OR_DATA.test(value.replace(/[\0-\x20]/g, '')) || cssReachesOut(value)) return null;
  return kept;
}

/** An element being written: its name as written, or null for one dropped with all it holds. */
interface Open {
  name: string | null;
  /** A `<style>` keeps its text until it closes, then goes whole if it held an element or reaches out. */
  style?: { head: string; text: string; spoilt: boolean; xlink: boolean };
}

/**
 * The document read by a strict, non-validating XML parser (saxes) and written again from an
 * allow-list, so that nothing but what is listed here reaches the output:
 * - elements and attributes on the lists above, names matched in any case; namespaces are not
 *   trusted: every element is written in SVG's (the root declares it) and `xlink:` is bound to XLink;
 * - `href`, `xlink:href` and `src` only to a local `#id`; no CSS that might load anything
 *   (`cssReachesOut`), in attributes and in `<style>`;
 * - text and CDATA written as escaped text; comments, processing instructions and the doctype left out.
 * A document that is not well-formed XML is refused whole: an undefined entity (the parser never
 * expands the doctype's, so no billion laughs), a duplicated attribute, an unclosed tag.
 */
function rewrite(text: string): string | null {
  const parser = new SaxesParser();
  const out: string[] = [];
  const stack: Open[] = [];
  let rootIsSvg = false;
  let xlink = false;
  /** The start tag written last still lacks its `>`: an element closed straight after is written `<x/>`. */
  let pending = false;
  const flush = () => {
    if (!pending) return;
    out.push('>');
    pending = false;
  };

  parser.on('opentag', (tag) => {
    const parent = stack.at(-1);
    if (parent && (parent.name === null || parent.style)) {
      if (parent.style) parent.style.spoilt = true;
      stack.push({ name: null });
      return;
    }
    const name = ELEMENTS.get(tag.name.toLowerCase()) ?? null;
    if (!parent) rootIsSvg = name === 'svg';
    if (name === null) {
      stack.push({ name });
      return;
    }
    const written = new Set<string>();
    let usesXlink = false;
    let head = `<${name}${parent ? '' : ` xmlns="${SVG_NS}"`}`;
    for (const [attribute, value] of Object.entries(tag.attributes)) {
      const kept = keptAttribute(attribute, value);
      if (kept === null || written.has(kept)) continue;
      written.add(kept);
      if (kept.startsWith('xlink:')) usesXlink = true;
      head += ` ${kept}="${escapeAttribute(value)}"`;
    }
    if (name === 'style') {
      stack.push({ name, style: { head, text: '', spoilt: false, xlink: usesXlink } });
      return;
    }
    flush();
    xlink ||= usesXlink;
    out.push(head);
    pending = true;
    stack.push({ name });
  });

  const onText = (chunk: string) => {
    const top = stack.at(-1);
    if (!top || top.name === null) return;
    if (top.style) top.style.text += chunk;
    else if (chunk !== '') {
      flush();
      out.push(escapeText(chunk));
    }
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', () => {
    const { name, style } = stack.pop() ?? { name: null };
    if (name === null) return;
    if (style) {
      // A stylesheet holding elements goes whole: removing them would join the text around them (`ur<script/>l(`).
      if (!style.spoilt && !cssReachesOut(style.text)) {
        flush();
        out.push(`${style.head}>${escapeText(style.text)}</style>`);
        xlink ||= style.xlink;
      }
    } else if (pending) {
      out.push('/>');
      pending = false;
    } else out.push(`</${name}>`);
  });

  try {
    parser.write(text.trimStart()).close();
  } catch {
    return null;
  }
  if (!rootIsSvg) return null;
  if (xlink) out[0] = `${out[0] ?? ''} xmlns:xlink="${XLINK_NS}"`;
  return out.join('');
}

/**
 * The SVG without anything active or external; null when nothing of an SVG document is left.
 * Asynchronous, as it was when it loaded a DOM on first use, so its callers stayed as they were.
 */
export async function sanitiseSvg(text: string): Promise<string | null> {
  return rewrite(text);
}
