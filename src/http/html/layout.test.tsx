import { describe, expect, it } from 'vitest';
import { Layout, renderDocument } from './index.js';

const HOSTILE = '</title><script>alert("x")</script>';

describe('Layout through renderDocument', () => {
  it('makes a whole document: doctype, language, charset, viewport, title and style', () => {
    const html = renderDocument(<Layout title="Hello">body</Layout>);
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8"/>')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1"/>');
    expect(html).toContain('<title>Hello</title>');
    expect(html).toContain('<main>body</main>');
    expect(html).not.toContain('robots');
    expect(html).not.toContain('theme-color');
  });

  it('adds noindex and the language on request', () => {
    const html = renderDocument(<Layout title="x" lang="fr" noindex />);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('escapes the title, the language and the page content', () => {
    const html = renderDocument(
      <Layout title={HOSTILE} lang={'en"><script>'}>
        <p>{HOSTILE}</p>
      </Layout>,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>&lt;/title>&lt;script>alert(&quot;x&quot;)&lt;/script></title>');
    expect(html).toContain('<html lang="en&quot;>&lt;script>">');
  });

  it('takes an account colour only as #rrggbb', () => {
    const coloured = renderDocument(<Layout title="x" themeColour="#00AA11" />);
    expect(coloured).toContain('<meta name="theme-color" content="#00AA11"/>');
    expect(coloured).toContain(':root{--accent:#00AA11}</style>');
    for (const hostile of ['red;}</style><script>', '#00aa11}body{display:none', 'url(x)', '']) {
      const html = renderDocument(<Layout title="x" themeColour={hostile} />);
      expect(html).not.toContain('theme-color');
      expect(html).not.toContain(hostile || 'theme-color');
    }
  });

  it('refuses a style that could close its element', () => {
    expect(() => renderDocument(<Layout title="x" style="a{}</style><script>" />)).toThrow(/<\//);
  });
});
