import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { ErrorSummary, Field } from './index.js';

describe('Field', () => {
  it('labels its control and, without an error, marks nothing invalid', () => {
    const html = render(<Field name="email" label="E-mail" type="email" value="a@b.test" required maxLength={254} />);
    expect(html).toBe(
      '<label for="email">E-mail</label><input type="email" id="email" name="email" value="a@b.test" required maxlength="254"/>',
    );
  });

  it('shows its error right after the control, tied to it, and keeps what was typed', () => {
    const html = render(<Field name="name" label="Name" value="Ada" error="Too short." />);
    expect(html).toBe(
      '<label for="name">Name</label>' +
        '<input type="text" id="name" name="name" value="Ada" aria-invalid="true" aria-describedby="name-error"/>' +
        '<p class="error" id="name-error">Too short.</p>',
    );
  });

  it('escapes the typed value, the label and the error, in text and in attributes', () => {
    const hostile = '"><script>alert(1)</script>';
    const html = render(<Field name="q" label={hostile} value={hostile} error={hostile} />);
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;>&lt;script>alert(1)&lt;/script>"');
    expect(html).toContain('<label for="q">&quot;>&lt;script>alert(1)&lt;/script></label>');
    expect(html).toContain('<p class="error" id="q-error">&quot;>&lt;script>alert(1)&lt;/script></p>');
  });

  it('renders a textarea whose typed text cannot close it', () => {
    const html = render(<Field name="note" label="Note" type="textarea" value="</textarea><b>" />);
    expect(html).toContain('<textarea id="note" name="note">&lt;/textarea>&lt;b></textarea>');
  });
});

describe('ErrorSummary', () => {
  it('renders nothing when there is no error', () => {
    expect(render(<ErrorSummary errors={{}} />)).toBe('');
  });

  it('lists each problem as a link to its field, escaped', () => {
    const html = render(<ErrorSummary errors={{ email: 'Enter an e-mail address.', 'a"b': '<i>x</i>' }} />);
    expect(html).toBe(
      '<div class="error-summary" role="alert"><h2>There is a problem</h2><ul>' +
        '<li><a href="#email">Enter an e-mail address.</a></li>' +
        '<li><a href="#a&quot;b">&lt;i>x&lt;/i></a></li></ul></div>',
    );
  });
});
