import type { DOMPurify } from 'dompurify';

/** A reference that stays inside the document: `#id`, nothing else. */
const LOCAL = /^\s*#/;
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
/** CSS that can fetch: `url(...)` to anything but `#id`, functions taking addresses as strings, old browsers' hooks. */
const FETCHES = /url\s*\(\s*(?!\s*['"]?\s*#)|(?:image-set|image|src|expression)\s*\(|behavior\s*:|binding\s*:/i;
/** At-rules that never load anything; every other one (`@import`, `@font-face`, `@namespace`) drops the style. */
const SAFE_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes']);

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

let purifier: Promise<DOMPurify> | null = null;

/**
 * DOMPurify on a server-side DOM (jsdom), set up once per process: the SVG profile (no script, no
 * event handler, no foreignObject, no javascript: address) plus two rules of ours, so a served SVG
 * never reaches outside itself: links only to `#id`, and no CSS that might load anything
 * (`cssReachesOut`), in attributes and in `<style>`.
 *
 * Loaded on the first SVG a process sanitises, not at start-up: jsdom is the largest
 * module qrelay has, and most processes never receive an SVG. A load that fails is tried again next time.
 */
function purify(): Promise<DOMPurify> {
  purifier ??= load().catch((error: unknown) => {
    purifier = null;
    throw error;
  });
  return purifier;
}

async function load(): Promise<DOMPurify> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const instance = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((LINK_ATTRIBUTES.has(name) && !LOCAL.test(data.attrValue)) || cssReachesOut(data.attrValue)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeElements', (node) => {
    if (node.nodeName.toLowerCase() !== 'style') return;
    // A stylesheet holding elements goes whole: removing one later would join the text around it (`ur<script/>l(`).
    if ((node as Element).childElementCount > 0 || cssReachesOut(node.textContent ?? '')) node.parentNode?.removeChild(node);
  });
  return instance;
}

/** The SVG without anything active or external; null when nothing of an SVG document is left. */
export async function sanitiseSvg(text: string): Promise<string | null> {
  const clean = (await purify()).sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object'],
  });
  const trimmed = clean.trim();
  if (!/^<svg[\s>]/i.test(trimmed)) return null;
  // Served as XML: the root names its namespace even when the upload relied on an HTML parser's leniency.
  return /^<svg[^>]*\sxmlns=/i.test(trimmed) ? trimmed : trimmed.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
}
