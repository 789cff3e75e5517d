import type { ComponentChildren } from 'preact';
import { Layout, renderDocument } from '../../html/index.js';

const DEFAULT_COLOUR = '#1f4fd1';

/** Tiny inline style for every hosted page: mobile first, readable, high contrast, no web fonts. */
const STYLE = `
*{box-sizing:border-box}:root{color-scheme:light dark}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f5}
main{max-width:36rem;margin:0 auto;padding:1.25rem 1rem 3rem;background:#fff;min-height:100vh}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}h3{font-size:1.1rem;margin:1.25rem 0 .5rem}
p{margin:.5rem 0 1rem}a{color:var(--accent-text)}img{max-width:100%;height:auto;border-radius:.5rem}
.field{margin:0 0 1.1rem}.field label,.field legend{display:block;font-weight:600;margin-bottom:.3rem}legend{padding:0}
input[type=text],input[type=email],input[type=tel],input[type=number],input[type=date],select,textarea{width:100%;font:inherit;padding:.6rem;border:1px solid #6b6b6b;border-radius:.4rem;background:#fff;color:inherit}
textarea{min-height:7rem}
fieldset{border:0;margin:0;padding:0}
.field .choice{display:inline-flex;align-items:center;gap:.5rem;min-height:44px;margin:0 1.25rem 0 0}fieldset .choice{font-weight:400;min-width:44px}
.choice input{width:1.25rem;height:1.25rem;margin:0;flex:none}
.error{color:#b00020;font-weight:600;margin:.3rem 0 0}.field [aria-invalid=true]{border-color:#b00020;border-width:2px}
.error-summary{border:2px solid #b00020;border-radius:.4rem;padding:.75rem 1rem;margin:0 0 1.25rem}.error-summary h2{font-size:1.1rem;margin:0 0 .5rem}
.button,button{display:inline-block;font:inherit;font-weight:600;padding:.7rem 1.2rem;border:0;border-radius:.4rem;background:var(--accent);color:var(--accent-on);text-decoration:none;cursor:pointer;min-height:44px}
.wide{display:block;width:100%;text-align:center;margin:.5rem 0}
:focus-visible{outline:3px solid #f5b400;outline-offset:2px}
.links{list-style:none;padding:0;margin:1rem 0}.links li{margin:.5rem 0}
.hours{border-collapse:collapse;width:100%}.hours th,.hours td{text-align:left;padding:.3rem 0;border-bottom:1px solid #ddd}
.video{position:relative;padding-top:56.25%}.video iframe{position:absolute;inset:0;width:100%;height:100%;border:0;border-radius:.5rem}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.card-head{text-align:center}.card-head img{width:8rem;height:8rem;object-fit:cover;border-radius:50%}
.contact{list-style:none;padding:0}.contact li{margin:.4rem 0}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}main{background:#1b1b1b}a{color:#9ec1ff}
input[type=text],input[type=email],input[type=tel],input[type=number],input[type=date],select,textarea{background:#111;border-color:#999}
.error{color:#ff8a8a}.error-summary,.field [aria-invalid=true]{border-color:#ff8a8a}}
`;

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function onColour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The accent as link text on white: the colour itself when dark enough, else a dark default. */
const accentText = (hex: string): string => (onColour(hex) === '#ffffff' ? hex : '#1a1a1a');

/** One hosted page: the HTML layer's document and Layout, in the content's colour, with its own style. */
export function renderPage(props: { title: string; colour: string | null; children: ComponentChildren }): string {
  const accent = props.colour ?? DEFAULT_COLOUR;
  const vars = `:root{--accent:${accent};--accent-on:${onColour(accent)};--accent-text:${accentText(accent)}}`;
  return renderDocument(
    <Layout title={props.title} style={vars + STYLE} themeColour={accent}>
      {props.children}
    </Layout>,
  );
}
