import {
  hasChallenge,
  type CardDocument,
  type Content,
  type ContentKind,
  type FormDocument,
  type PageDocument,
} from '../../content/index.js';
import { ENQUIRY_FIELDS } from './enquiry.js';
import { PageBlock, SocialLinks } from './views/blocks.js';
import { renderPage } from './views/document.js';
import { PlainForm, type FormState } from './views/fields.js';
import { CHALLENGE_FIELD, ChallengeField } from './views/challenge.js';

export type { FormState };

const NOUN: Record<ContentKind, string> = { form: 'form', page: 'page', card: 'card' };

/** A public form; `widgetScript` is where the challenge widget is served, for forms that ask for it. */
export const formView = (form: Content<FormDocument>, state: FormState, widgetScript: string): string =>
  renderPage({
    title: Object.keys(state.errors).length > 0 ? `Error: ${form.name}` : form.name,
    colour: form.document.colour,
    children: (
      <>
        <h1>{form.name}</h1>
        <PlainForm
          fields={form.document.fields}
          state={state}
          action={`/f/${form.id}`}
          submit="Send"
          check={
            hasChallenge(form.document)
              ? {
                  key: CHALLENGE_FIELD,
                  label: 'Check',
                  children: <ChallengeField formId={form.id} script={widgetScript} error={state.errors[CHALLENGE_FIELD]} />,
                }
              : undefined
          }
        />
      </>
    ),
  });

export const thanksView = (title: string, message: string, colour: string | null): string =>
  renderPage({
    title,
    colour,
    children: (
      <>
        <h1>{title}</h1>
        <p role="status">{message}</p>
      </>
    ),
  });

export const pageView = (page: Content<PageDocument>, images: ReadonlyMap<string, string>): string => {
  const blocks = page.document.blocks;
  const startsWithHeading = blocks[0]?.type === 'heading';
  return renderPage({
    title: page.document.title ?? page.name,
    colour: page.document.colour,
    children: (
      <>
        {startsWithHeading ? null : <h1>{page.name}</h1>}
        {blocks.map((block, i) => (
          <PageBlock key={i} block={block} images={images} first={i === 0 && startsWithHeading} />
        ))}
      </>
    ),
  });
};

export function cardView(card: Content<CardDocument>, photos: ReadonlyMap<string, string>, state: FormState): string {
  const c = card.document;
  const photo = c.photoMediaId ? photos.get(c.photoMediaId) : undefined;
  const address = c.address
    ? [c.address.street, c.address.locality, c.address.region, c.address.postalCode, c.address.country].filter(Boolean)
    : [];
  return renderPage({
    title: Object.keys(state.errors).length > 0 ? `Error: ${c.fullName}` : c.fullName,
    colour: c.colour,
    children: (
      <>
        <header class="card-head">
          {photo ? <img src={photo} alt="" /> : null}
          <h1>{c.fullName}</h1>
          {c.title || c.organisation ? <p>{[c.title, c.organisation].filter(Boolean).join(', ')}</p> : null}
        </header>
        <a class="button wide" href={`/c/${card.id}/contact.vcf`} download>
          Save contact
        </a>
        <ul class="contact">
          {c.phones.map((p) => (
            <li key={p.value}>
              {p.label ? `${p.label}: ` : 'Phone: '}
              <a href={`tel:${p.value.replace(/[^0-9+]/g, '')}`}>{p.value}</a>
            </li>
          ))}
          {c.emails.map((e) => (
            <li key={e.value}>
              {e.label ? `${e.label}: ` : 'E-mail: '}
              <a href={`mailto:${e.value}`}>{e.value}</a>
            </li>
          ))}
          {c.website ? (
            <li>
              Website: <a href={c.website}>{new URL(c.website).host}</a>
            </li>
          ) : null}
          {address.length > 0 ? <li>Address: {address.join(', ')}</li> : null}
        </ul>
        {c.note ? <p>{c.note}</p> : null}
        {c.social.length > 0 ? <SocialLinks links={c.social} /> : null}
        {c.enquiries ? (
          <section aria-labelledby="enquiry-heading">
            <h2 id="enquiry-heading">Send a message</h2>
            <PlainForm fields={ENQUIRY_FIELDS} state={state} action={`/c/${card.id}`} submit="Send message" />
          </section>
        ) : null}
      </>
    ),
  });
}

/**
 * What an address of hosted content shows when it has nothing to show: content taken `offline` (a draft,
 * unpublished, or of a suspended company) or `gone` (deleted, or never there; a code may still lead here).
 */
export const notAvailableView = (kind: ContentKind, why: 'offline' | 'gone'): string =>
  renderPage({
    title: 'Not available',
    colour: null,
    children: (
      <>
        <h1>This {NOUN[kind]} is not available</h1>
        <p>
          {why === 'offline'
            ? 'Its owner has taken it offline for now. Please try again later.'
            : 'It has been removed, or the address is not complete.'}
        </p>
      </>
    ),
  });

export const tooManyView = (seconds: number): string =>
  renderPage({
    title: 'Too many messages',
    colour: null,
    children: (
      <>
        <h1>Too many messages</h1>
        <p role="alert">Please wait {seconds} seconds and try again.</p>
      </>
    ),
  });

/** The dashboard's preview of a draft its rules refuse: what to change before it can be shown. */
export const previewProblemView = (message: string): string =>
  renderPage({
    title: 'Preview',
    colour: null,
    children: (
      <>
        <h1>Nothing to preview yet</h1>
        <p role="status">{message}</p>
      </>
    ),
  });
