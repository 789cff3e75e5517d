import { describe, expect, it } from 'vitest';
import { errorPage, gatePage, notFoundPage, tooManyAttemptsPage } from './pages.js';

describe('resolver pages', () => {
  it('are whole, unindexed documents with a generic text per status', () => {
    expect(notFoundPage()).toMatch(/^<!doctype html><html lang="en">.*<meta name="robots" content="noindex"\/>/);
    expect(errorPage(404)).toBe(notFoundPage());
    expect(errorPage(414)).toContain('<h1>Address too long</h1>');
    expect(errorPage(599)).toContain('<h1>Something went wrong</h1>');
  });

  it('ties the refused password to its field and never echoes it', () => {
    expect(gatePage(false)).not.toContain('aria-invalid="true"');
    const failed = gatePage(true);
    expect(failed).toContain('aria-invalid="true" aria-describedby="password-error"');
    expect(failed).toContain('<p class="error" id="password-error">That password is not right. Please try again.</p>');
    expect(failed).not.toContain('value=');
  });

  it('states the wait of a throttled gate', () => {
    expect(tooManyAttemptsPage(42)).toContain('<p role="alert">Please wait 42 seconds and try again.</p>');
  });
});
