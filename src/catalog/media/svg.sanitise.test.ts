import fc from 'fast-check';
import { SaxesParser } from 'saxes';
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

/** Known ways to run script or load something from an SVG, each inside the drawing `svg()` makes. */
const ATTACKS: [string, string][] = [
  ['a mixed-case <ScRiPt>', '<ScRiPt>alert(1)</ScRiPt><SCRIPT xlink:href="https://evil.example/x.js"/>'],
  ['a <script> in another namespace', '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'],
  ['an event handler', '<rect onclick="alert(1)" OnMouseOver="alert(1)" width="1" height="1"/>'],
  ['a tab-split javascript: link', '<a xlink:href="jav&#x09;ascript:alert(1)"><rect width="1" height="1"/></a>'],
  ['a javascript: link in any case and spacing', '<a href=" &#10;JaVaScRiPt&#x3A;alert(1)"><rect width="1" height="1"/></a>'],
  ['a data: link', '<image href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+"/>'],
  ['an external <use> by href', '<use href="https://evil.example/s.svg#x"/>'],
  ['a protocol-relative <use>', '<use xlink:href="//evil.example/s.svg#x"/>'],
  ['a relative link that only looks local', '<linearGradient href="&#xA0;#grad"/><pattern xlink:href="./x.svg#grad"/>'],
  ['a javascript: link on <a>', '<a href="javascript:alert(1)"><text>x</text></a>'],
  ['an <animate> setting a link', '<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'],
  ['an <animate> setting xlink:href', '<a><animate attributeName="xlink:href" to="javascript:alert(1)"/></a>'],
  ['a <set> adding a handler', '<set attributeName="onmouseover" to="alert(1)"/>'],
  ['an <animateMotion> path link', '<animateMotion><mpath xlink:href="https://evil.example/p.svg#p"/></animateMotion>'],
  ['an @import', '<style>@import url(//evil.example/x.css);</style>'],
  ['a style attribute url()', '<rect style="background:url(http://evil.example/x)" width="1" height="1"/>'],
  ['a presentation attribute url()', '<rect fill="url(https://evil.example/f.svg#g)" width="1" height="1"/>'],
  ['a CDATA section closing the <style>', '<style><![CDATA[</style><script>alert(1)</script>]]></style>'],
  ['a CDATA section in text', '<text><![CDATA[<script>alert(1)</script>]]></text>'],
  ['a stylesheet processing instruction', '<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?>'],
  [
    'a <foreignObject> with an <iframe>',
    '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>',
  ],
  ['XHTML dressed as an SVG <a>', '<a xmlns="http://www.w3.org/1999/xhtml" href="https://evil.example/"><text>x</text></a>'],
  [
    'a link under another prefix bound to XLink',
    '<pattern xmlns:x="http://www.w3.org/1999/xlink" x:href="https://evil.example/p.svg#p"/>',
  ],
  ['xml:base moving the base address', '<g xml:base="https://evil.example/"><linearGradient href="#grad"/></g>'],
  ['a <use>, which nested multiplies what is drawn', '<use href="#kept"/><use xlink:href="https://evil.example/s.svg#x"/>'],
  ['a comment', '<!-- <script>alert(1)</script> https://evil.example/ -->'],
];

/** Whether the text is one well-formed XML document. */
function wellFormed(text: string): boolean {
  try {
    new SaxesParser().write(text).close();
    return true;
  } catch {
    return false;
  }
}

describe('sanitiseSvg against known SVG attacks', () => {
  it.each(ATTACKS)('defuses %s', async (_what, inner) => {
    const clean = await sanitiseSvg(svg(inner));
    expect(clean).not.toBeNull();
    expect(clean).toContain('id="kept"');
    expect(wellFormed(clean!)).toBe(true);
    for (const bad of [/<script/i, /\son\w+=/i, /javascript/i, /evil\.example/, /data:/, /<animate|<set|<mpath|<use/i, /<!--/]) {
      expect(clean).not.toMatch(bad);
    }
    for (const [, address] of clean!.matchAll(/\s(?:href|xlink:href|src)="([^"]*)"/g)) expect(address).toMatch(/^ *#/);
  });

  it('keeps a CDATA section as escaped text', async () => {
    const clean = await sanitiseSvg(svg('<text><![CDATA[a < b && c > d]]></text>'));
    expect(clean).toContain('<text>a &lt; b &amp;&amp; c &gt; d</text>');
  });

  it('keeps local links, under either name, and declares the XLink namespace they need', async () => {
    const clean = await sanitiseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><path id="p"/><text><textPath href="#p">a</textPath><textPath xlink:href=" #p">b</textPath></text></svg>',
    );
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><path id="p"/><text><textPath href="#p">a</textPath><textPath xlink:href=" #p">b</textPath></text></svg>',
    );
  });

  it('refuses a billion laughs without expanding it', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const text = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol0 "lol">${lol}]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol9;</text></svg>`;
    expect(await sanitiseSvg(text)).toBeNull();
  });

  it('refuses an external entity', async () => {
    const text = `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>`;
    expect(await sanitiseSvg(text)).toBeNull();
  });

  it('leaves out the doctype, its declarations and processing instructions', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY a "b">]><?php echo 1; ?><svg xmlns="http://www.w3.org/2000/svg"><?pi x?><rect width="1" height="1"/></svg>`;
    expect(await sanitiseSvg(text)).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
  });

  it('refuses a duplicated attribute, and keeps one of two spelt in different cases', async () => {
    expect(await sanitiseSvg(svg('<pattern href="#grad" href="https://evil.example/p.svg#p"/>'))).toBeNull();
    const clean = await sanitiseSvg(
      svg('<pattern href="#grad" HREF="#kept"/><pattern HREF="https://evil.example/p.svg#p" href="#grad"/>'),
    );
    expect(clean).toContain('<pattern href="#grad"/><pattern href="#grad"/>');
  });

  it('escapes text and attribute values on the way out', async () => {
    const clean = await sanitiseSvg(
      svg('<text class="a&quot;b&lt;c&amp;d" font-family="\'x\'">1 &lt; 2 &amp;&amp; &#x3C;b&#x3E;</text>'),
    );
    expect(clean).toContain(`<text class="a&quot;b&lt;c&amp;d" font-family="'x'">1 &lt; 2 &amp;&amp; &lt;b&gt;</text>`);
  });

  it('writes names as SVG spells them and every element in the SVG namespace', async () => {
    const clean = await sanitiseSvg(
      '<SVG VIEWBOX="0 0 1 1" xmlns="http://www.w3.org/1999/xhtml" xmlns:x="urn:x"><LINEARGRADIENT id="g" GradientUnits="userSpaceOnUse"/><x:rect/><svg xmlns="urn:y"/></SVG>',
    );
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><linearGradient id="g" gradientUnits="userSpaceOnUse"/><svg/></svg>',
    );
  });

  it.each([
    ['another root', '<html><svg xmlns="http://www.w3.org/2000/svg"/></html>'],
    ['an SVG root under a prefix', '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect/></s:svg>'],
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
    ['an HTML entity', '<svg xmlns="http://www.w3.org/2000/svg"><text>&nbsp;</text></svg>'],
    ['no document', ''],
  ])('gives null for %s', async (_what, text) => {
    expect(await sanitiseSvg(text)).toBeNull();
  });

  it('adds the SVG namespace when the upload leaves it out', async () => {
    expect(await sanitiseSvg('\uFEFF<svg width="2"><rect/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2"><rect/></svg>',
    );
  });

  it('writes well-formed SVG that comes out of a second pass unchanged, and nothing active', async () => {
    const escape = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    /** Text made of the characters that need escaping, which can never spell a tag or a handler by chance. */
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '<', '>', '&', '"', "'", ']'), maxLength: 8 });
    const name = fc.constantFrom(
      'g',
      'rect',
      'pattern',
      'a',
      'style',
      'text',
      'script',
      'foreignObject',
      'set',
      'animate',
      'x:g',
      'ScRiPt',
    );
    const attribute = fc.tuple(
      fc.constantFrom('id', 'href', 'xlink:href', 'style', 'fill', 'onload', 'ONCLICK', 'data-x', 'x:href', 'attributeName'),
      fc.oneof(
        fc.constantFrom(
          '#a',
          'javascript:alert(1)',
          'url(#a)',
          'url(//evil.example/)',
          'https://evil.example/',
          '"<&>\'',
          'a\tb',
        ),
        text,
      ),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        text.map(escape),
        text.map((chunk) => `<![CDATA[${chunk.replace(/>/g, '')}]]>`),
        fc
          .tuple(
            name,
            fc.uniqueArray(attribute, { selector: ([key]) => key, maxLength: 3 }),
            fc.array(tie('tree'), { maxLength: 3 }),
          )
          .map(
            ([tag, attributes, children]) =>
              `<${tag}${attributes.map(([key, value]) => ` ${key}="${escape(value)}"`).join('')}${tag.startsWith('x:') ? ' xmlns:x="urn:x"' : ''}>${children.join('')}</${tag}>`,
          ),
      ),
    }));
    await fc.assert(
      fc.asyncProperty(fc.array(tree, { maxLength: 4 }), async (children) => {
        const clean = await sanitiseSvg(`<svg xmlns:xlink="http://www.w3.org/1999/xlink">${children.join('')}</svg>`);
        expect(clean).not.toBeNull();
        expect(wellFormed(clean!)).toBe(true);
        expect(await sanitiseSvg(clean!)).toBe(clean);
        for (const bad of [/<script|<foreignObject|<set|<animate|<x:|\sx:href/i, /\son\w+=/i, /javascript:|url\((?!#)/i])
          expect(clean).not.toMatch(bad);
        for (const [, address] of clean!.matchAll(/\s(?:href|xlink:href|src)="([^"]*)"/g)) expect(address).toMatch(/^ *#/);
      }),
      { numRuns: 500 },
    );
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
