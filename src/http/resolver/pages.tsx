/** The resolver's human pages: small, accessible, self-contained HTML (no external assets). */
import type { ComponentChildren } from 'preact';
import type { Preview } from '../../catalog/index.js';
import { Field, Layout, renderDocument } from '../html/index.js';

/** Headers of every page: not cached, not indexed, and nothing but its own inline style may run. */
export const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
} as const;

const page = (title: string, children: ComponentChildren): string =>
  renderDocument(
    <Layout title={title} noindex>
      {children}
    </Layout>,
  );

/** A page of a heading and one paragraph; `title` is also its heading unless one is given. */
const notice = (title: string, text: string, heading = title): string =>
  page(
    title,
    <>
      <h1>{heading}</h1>
      <p>{text}</p>
    </>,
  );

const ERROR_TEXTS: Record<number, [string, string]> = {
  400: ['Bad request', 'This address is not valid. Check that it was typed or scanned correctly.'],
  405: ['Not allowed', 'This address can be opened, but nothing can be sent to it.'],
  408: ['Too slow', 'The request took too long to arrive. Please try again.'],
  413: ['Too large', 'What was sent is too large.'],
  414: ['Address too long', 'This address is too long to be a short address.'],
  415: ['Not understood', 'What was sent is in a form this page does not read.'],
  429: ['Too many requests', 'Please wait a minute and try again.'],
  431: ['Request too large', 'The request carried too many or too large headers (often cookies).'],
};

// Every page below is fixed text, so each is rendered once here and the string reused.
const NOT_FOUND = notice(
  'Not found',
  'This short address does not exist. Check that it was typed or scanned correctly.',
  'Nothing here',
);
const SERVER_ERROR = notice('Something went wrong', 'Something went wrong on our side. Please try again later.');
const ERROR_PAGES = new Map(Object.entries(ERROR_TEXTS).map(([status, [title, text]]) => [Number(status), notice(title, text)]));
const PAUSED = notice(
  'Temporarily paused',
  'Its owner has paused it for now. Please try again later.',
  'This code is temporarily paused',
);
const ARCHIVED = notice(
  'No longer active',
  'Its owner has retired it, so it does not lead anywhere any more.',
  'This code is no longer active',
);
const EXPIRED = notice(
  'Expired',
  'Its owner set it to stop leading anywhere after a date or a number of visits.',
  'This code has expired',
);
const UNAVAILABLE = notice('Not available', 'It cannot be followed at the moment.', 'This code is not available');

const gate = (failed: boolean): string =>
  page(
    'Password required',
    <>
      <h1>Password required</h1>
      <p>Enter the password to continue.</p>
      <form method="post">
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          autoFocus
          error={failed ? 'That password is not right. Please try again.' : undefined}
        />
        <button type="submit">Continue</button>
      </form>
    </>,
  );
const GATE = gate(false);
const GATE_FAILED = gate(true);

/** The page of a failure outside the API: a generic text per status, never the request's own input. */
export const errorPage = (status: number): string => (status === 404 ? NOT_FOUND : (ERROR_PAGES.get(status) ?? SERVER_ERROR));
export const pausedPage = (): string => PAUSED;
export const archivedPage = (): string => ARCHIVED;
export const unavailablePage = (): string => UNAVAILABLE;
export const expiredPage = (): string => EXPIRED;

/**
 * What a link-preview robot is shown of a code or link with a preview: Open Graph and Twitter card
 * tags, and the same words as the page's text. `url` is the short address; `publicUrl` makes the
 * image's address absolute.
 */
export function previewPage(preview: Preview, url: string, publicUrl: string): string {
  const title = preview.title ?? url;
  const image = preview.imagePath === null ? null : `${publicUrl}${preview.imagePath}`;
  return renderDocument(
    <Layout
      title={title}
      meta={
        <>
          <meta property="og:type" content="website" />
          <meta property="og:url" content={url} />
          <meta property="og:title" content={title} />
          {preview.description !== null && <meta property="og:description" content={preview.description} />}
          {preview.description !== null && <meta name="description" content={preview.description} />}
          {image !== null && <meta property="og:image" content={image} />}
          <meta name="twitter:card" content={image === null ? 'summary' : 'summary_large_image'} />
          <meta name="twitter:title" content={title} />
          {preview.description !== null && <meta name="twitter:description" content={preview.description} />}
          {image !== null && <meta name="twitter:image" content={image} />}
        </>
      }
    >
      <h1>{title}</h1>
      {preview.description !== null && <p>{preview.description}</p>}
    </Layout>,
  );
}
export const notFoundPage = (): string => NOT_FOUND;
export const gatePage = (failed: boolean): string => (failed ? GATE_FAILED : GATE);

export const tooManyAttemptsPage = (seconds: number): string =>
  page(
    'Too many attempts',
    <>
      <h1>Too many attempts</h1>
      <p role="alert">Please wait {seconds} seconds and try again.</p>
    </>,
  );
