import type { DOMPurify } from 'dompurify';

/** A reference that stays inside the document: `#id`, nothing else. */
const LOCAL = /^\s*#/;
/** `url(...)` naming anything but a local `#id` (external images, fonts, filters). */
const EXTERNAL_URL = /url\(\s*(['"]?)\s*(?!#)/i;
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

let purifier: Promise<DOMPurify> | null = null;

/**
 * DOMPurify on a server-side DOM (jsdom), set up once per process: the SVG profile (no script, no
 * event handler, no foreignObject, no javascript: address) plus two rules of ours, so a served SVG
 * never reaches outside itself: links only to `#id`, and no `url(...)` or `@import` naming anything
 * else, in attributes and in `<style>` (docs/adr/0126-media-sanitising.md).
 *
 * Loaded on the first SVG a process sanitises, not at start-up (ADR 0175): jsdom is the largest
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
    if ((LINK_ATTRIBUTES.has(name) && !LOCAL.test(data.attrValue)) || EXTERNAL_URL.test(data.attrValue)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeElements', (node) => {
    if (node.nodeName.toLowerCase() !== 'style') return;
    const text = node.textContent ?? '';
    if (/@import/i.test(text) || EXTERNAL_URL.test(text)) node.parentNode?.removeChild(node);
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
