/** The resolver's human pages: small, accessible, self-contained HTML (no external assets). */
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f6f6;display:flex;min-height:100vh;align-items:center;justify-content:center}' +
  'main{background:#fff;max-width:26rem;margin:1rem;padding:2rem;border-radius:.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}' +
  'h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:.5rem 0}label{display:block;margin:1rem 0 .25rem;font-weight:600}' +
  'input{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:.25rem}' +
  'button{margin-top:1rem;font:inherit;padding:.5rem 1rem;border:0;border-radius:.25rem;background:#1f4fd1;color:#fff;cursor:pointer}' +
  'button:focus,input:focus{outline:3px solid #f5b400;outline-offset:1px}.error{color:#b00020;font-weight:600}' +
  '@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}main{background:#1e1e1e}input{background:#121212;color:#eee}}';

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

/** Headers of every page: not cached, not indexed, and nothing but its own inline style may run. */
export const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
} as const;

const ERROR_PAGES: Record<number, [string, string]> = {
  400: ['Bad request', 'This address is not valid. Check that it was typed or scanned correctly.'],
  408: ['Too slow', 'The request took too long to arrive. Please try again.'],
  413: ['Too large', 'What was sent is too large.'],
  414: ['Address too long', 'This address is too long to be a short address.'],
  415: ['Not understood', 'What was sent is in a form this page does not read.'],
  429: ['Too many requests', 'Please wait a minute and try again.'],
  431: ['Request too large', 'The request carried too many or too large headers (often cookies).'],
};

/** The page of a failure outside the API: a generic text per status, never the request's own input. */
export function errorPage(status: number): string {
  if (status === 404) return notFoundPage();
  const [title, text] = ERROR_PAGES[status] ?? [
    'Something went wrong',
    'Something went wrong on our side. Please try again later.',
  ];
  return page(title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);
}

export const pausedPage = (): string =>
  page(
    'Temporarily paused',
    '<h1>This code is temporarily paused</h1><p>Its owner has paused it for now. Please try again later.</p>',
  );

export const archivedPage = (): string =>
  page(
    'No longer active',
    '<h1>This code is no longer active</h1><p>Its owner has retired it, so it does not lead anywhere any more.</p>',
  );

export const unavailablePage = (): string =>
  page('Not available', '<h1>This code is not available</h1><p>It cannot be followed at the moment.</p>');

export const notFoundPage = (): string =>
  page(
    'Not found',
    '<h1>Nothing here</h1><p>This short address does not exist. Check that it was typed or scanned correctly.</p>',
  );

export const tooManyAttemptsPage = (seconds: number): string =>
  page('Too many attempts', `<h1>Too many attempts</h1><p role="alert">Please wait ${seconds} seconds and try again.</p>`);

export function gatePage(failed: boolean): string {
  const error = failed ? '<p class="error" id="gate-error" role="alert">That password is not right. Please try again.</p>' : '';
  const describedBy = failed ? ' aria-describedby="gate-error" aria-invalid="true"' : '';
  return page(
    'Password required',
    '<h1>Password required</h1><p>Enter the password to continue.</p>' +
      error +
      '<form method="post"><label for="password">Password</label>' +
      `<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128" autofocus${describedBy}>` +
      '<button type="submit">Continue</button></form>',
  );
}
