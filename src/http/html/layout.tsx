import type { ComponentChildren } from 'preact';

/** The default look of a public page: one centred card, readable on a phone, dark when asked. */
export const CARD_STYLE =
  ':root{--accent:#1f4fd1}' +
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f6f6;display:flex;min-height:100vh;align-items:center;justify-content:center}' +
  'main{background:#fff;max-width:26rem;margin:1rem;padding:2rem;border-radius:.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}' +
  'h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:.5rem 0}label{display:block;margin:1rem 0 .25rem;font-weight:600}' +
  'input,textarea{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:.25rem}' +
  'button{margin-top:1rem;font:inherit;padding:.5rem 1rem;border:0;border-radius:.25rem;background:var(--accent);color:#fff;cursor:pointer}' +
  'button:focus,input:focus,textarea:focus,a:focus{outline:3px solid #f5b400;outline-offset:1px}' +
  '.error{color:#b00020;font-weight:600}[aria-invalid=true]{border-color:#b00020}' +
  '.error-summary{border:2px solid #b00020;padding:.5rem 1rem;margin:1rem 0}.error-summary h2{font-size:1.1rem;margin:0}' +
  '@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}main{background:#1e1e1e}input,textarea{background:#121212;color:#eee}.error{color:#ff8a80}}';

const COLOUR = /^#[0-9a-f]{6}$/i;

export interface LayoutProps {
  title: string;
  children?: ComponentChildren;
  /** Defaults to "en". */
  lang?: string;
  /** Adds `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
  /** The page's whole CSS, trusted code only (never input); defaults to CARD_STYLE. */
  style?: string;
  /** An account's colour as `#rrggbb`: sets `--accent` and `theme-color`. Anything else is ignored. */
  themeColour?: string | null;
  /** More `<meta>` tags for the head (a social preview's Open Graph tags). */
  meta?: ComponentChildren;
}

/** The one document shell of every server-rendered page: head, inline style, and the page in `<main>`. */
export function Layout({ title, children, lang = 'en', noindex = false, style = CARD_STYLE, themeColour, meta }: LayoutProps) {
  if (style.includes('</')) throw new Error('A page style may not contain "</"');
  const colour = themeColour && COLOUR.test(themeColour) ? themeColour : null;
  const css = colour ? `${style}:root{--accent:${colour}}` : style;
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        {noindex && <meta name="robots" content="noindex" />}
        {colour && <meta name="theme-color" content={colour} />}
        <title>{title}</title>
        {meta}
        {/* Trusted CSS from code; the only interpolation, the colour, is checked against #rrggbb above. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}
