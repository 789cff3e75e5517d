import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../lib/errors.js';
import {
  cardVcard,
  CHALLENGE_MESSAGES,
  checkAnswers,
  CONTENT_PATHS,
  contentUrl,
  hasChallenge,
  mediaIds,
  vcardFileName,
  type CardDocument,
  type Content,
  type ContentKind,
  type FormChallenges,
  type FormDocument,
  type FormField,
  type PageDocument,
  type PublicContentService,
  type PublicRequest,
} from '../../content/index.js';
import { ENQUIRY_FIELDS, HONEYPOT } from './enquiry.js';
import { CHALLENGE_FIELD } from './views/challenge.js';
import { challengeRoutes, WIDGET_PATH } from './widget.js';
import { contentHeaders } from './headers.js';
import { cardView, formView, notAvailableView, pageView, thanksView, tooManyView, type FormState } from './views.js';

/** The largest public form body: 50 fields of up to 5,000 characters would not fit, nor need to. */
const BODY_LIMIT = 64 * 1024;
const EMPTY: FormState = { errors: {}, values: {} };

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function publicRequest(request: FastifyRequest): PublicRequest {
  const p = (request.query as Record<string, unknown>).p;
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value[0] : value;
  return {
    host: request.host,
    method: request.method,
    userAgent: headers['user-agent'] ?? null,
    acceptLanguage: headers['accept-language'] ?? null,
    clientAddress: request.ip,
    placement: typeof p === 'string' ? p : null,
    headers,
  };
}

/** The form body as one string per key (the last one when a key is repeated); the only parser is urlencoded. */
const formBody = (request: FastifyRequest): Record<string, string> => (request.body ?? {}) as Record<string, string>;

function html(reply: FastifyReply, status: number, body: string, content?: Content<unknown>): FastifyReply {
  return reply.code(status).headers(contentHeaders(content)).type('text/html; charset=utf-8').send(body);
}

/**
 * The public pages of hosted content on the service's domain and on custom domains:
 * /f/{id} forms, /p/{id} landing pages, /c/{id} business cards. Server-rendered, no JavaScript.
 */
export const contentRoutes: FastifyPluginAsync<{
  content: PublicContentService;
  challenges: FormChallenges;
  publicUrl: string;
}> = async (app, { content: service, challenges, publicUrl }) => {
  // A public form reads what a browser form sends and nothing else, so every answer reaches the checks
  // as a string; JSON or any other body is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_r, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  await app.register(challengeRoutes, { content: service, challenges });

  /**
   * The published content at the request's address; anything else is answered with a "not available"
   * page, also for content that is gone, which a printed code may still lead to.
   */
  async function found<D>(kind: ContentKind, request: IdRequest, reply: FastifyReply): Promise<Content<D> | null> {
    const lookup = await service.lookup<D>(kind, request.params.id, request.host);
    if (lookup.kind === 'found') return lookup.content;
    html(reply, 404, notAvailableView(kind, lookup.kind === 'not_found' ? 'gone' : 'offline'));
    return null;
  }

  /** Answers once the recorded view is durable, like a redirect. */
  const viewed = (content: Content<unknown>, request: FastifyRequest): Promise<void> => {
    service.recordView(content, publicRequest(request));
    return new Promise((done) => service.whenRecorded(done));
  };

  /** A GET|HEAD page of published content; `counted` pages record a view. */
  function page<D>(url: string, kind: ContentKind, counted: boolean, render: (content: Content<D>) => Promise<string> | string) {
    app.route<{ Params: { id: string } }>({
      method: ['GET', 'HEAD'],
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        const content = await found<D>(kind, request, reply);
        if (!content) return reply;
        if (counted) await viewed(content, request);
        return html(reply, 200, await render(content), content);
      },
    });
  }

  /** The plain POST of a form or a card's enquiry form: checked, then stored or shown again. */
  function replies<D>(
    kind: 'form' | 'card',
    accepts: (content: Content<D>) => { fields: readonly FormField[]; thanks: string; challenge?: boolean } | null,
    refused: (content: Content<D>, state: FormState) => Promise<string>,
  ) {
    app.post<{ Params: { id: string } }>(`/${CONTENT_PATHS[kind]}/:id`, { schema: { hide: true } }, async (request, reply) => {
      const content = await found<D>(kind, request, reply);
      if (!content) return reply;
      const form = accepts(content);
      if (!form) throw new NotFound('form');
      const body = formBody(request);
      let checked = checkAnswers(form.fields, body);
      if (form.challenge) {
        // A solution is spent only with answers that would be stored, so correcting a typo needs no new one.
        const problem = await challenges.check(body[CHALLENGE_FIELD], checked.ok, content.id);
        if (problem) {
          const values = checked.ok ? Object.fromEntries(form.fields.map((f) => [f.key, body[f.key] ?? ''])) : checked.values;
          const errors = checked.ok ? {} : checked.errors;
          checked = { ok: false, values, errors: { ...errors, [CHALLENGE_FIELD]: CHALLENGE_MESSAGES[problem] } };
        }
      }
      const sent = { ...publicRequest(request), honeypot: body[HONEYPOT] ?? '' };
      const outcome = await service.reply(content, kind === 'form' ? 'submission' : 'enquiry', sent, checked);
      if (outcome.kind === 'accepted')
        return reply.code(303).header('location', form.thanks).header('cache-control', 'no-store').send();
      if (outcome.kind === 'rate_limited') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        return html(reply, 429, tooManyView(outcome.retryAfterSeconds));
      }
      return html(reply, 400, await refused(content, { errors: outcome.errors, values: outcome.values }), content);
    });
  }

  const photoOf = (card: Content<CardDocument>) => service.mediaUrls(card.accountId, [card.document.photoMediaId]);

  page<FormDocument>('/f/:id', 'form', true, (form) => formView(form, EMPTY, WIDGET_PATH));
  replies<FormDocument>(
    'form',
    (form) => ({
      fields: form.document.fields,
      thanks: form.document.redirectUrl ?? `${contentUrl(form, publicUrl)}/thanks`,
      challenge: hasChallenge(form.document),
    }),
    async (form, state) => formView(form, state, WIDGET_PATH),
  );
  page<FormDocument>('/f/:id/thanks', 'form', false, (form) =>
    thanksView(form.name, form.document.thankYouMessage, form.document.colour),
  );

  page<PageDocument>('/p/:id', 'page', true, async (landing) =>
    pageView(landing, await service.mediaUrls(landing.accountId, mediaIds(landing.document.blocks))),
  );

  page<CardDocument>('/c/:id', 'card', true, async (card) => cardView(card, await photoOf(card), EMPTY));
  replies<CardDocument>(
    'card',
    (card) => (card.document.enquiries ? { fields: ENQUIRY_FIELDS, thanks: `${contentUrl(card, publicUrl)}/thanks` } : null),
    async (card, state) => cardView(card, await photoOf(card), state),
  );
  page<CardDocument>('/c/:id/thanks', 'card', false, (card) =>
    thanksView(card.document.fullName, 'Thank you: your message has been sent.', card.document.colour),
  );

  app.route<{ Params: { id: string } }>({
    method: ['GET', 'HEAD'],
    url: '/c/:id/contact.vcf',
    schema: { hide: true },
    handler: async (request, reply) => {
      const card = await found<CardDocument>('card', request, reply);
      if (!card) return reply;
      const photoId = card.document.photoMediaId;
      const photoPath = photoId ? (await photoOf(card)).get(photoId) : undefined;
      const photoUrl = photoPath ? `${publicUrl}${photoPath}` : null;
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${vcardFileName(card.document)}"`)
        .type('text/vcard; charset=utf-8')
        .send(cardVcard(card.document, { photoUrl, cardUrl: contentUrl(card, publicUrl) }));
    },
  });
};
