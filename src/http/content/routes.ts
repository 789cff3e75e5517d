import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../lib/errors.js';
import { cardVcard, vcardFileName } from '../../modules/cards/card.vcard.js';
import type { CardDocument } from '../../modules/cards/card.document.js';
import { contentUrl } from '../../modules/content/content.address.js';
import type { Content, ContentKind } from '../../modules/content/content.types.js';
import type { PublicContentService, PublicRequest, ReplyOutcome } from '../../modules/content/public-content.service.js';
import { checkAnswers } from '../../modules/forms/form.fields.js';
import type { FormDocument } from '../../modules/forms/form.document.js';
import type { PageDocument } from '../../modules/pages/page.document.js';
import { mediaIds } from '../../modules/pages/page.blocks.js';
import { ENQUIRY_FIELDS, HONEYPOT } from './enquiry.js';
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

/** The form body as one string per key (the last one when a key is repeated). */
const formBody = (request: FastifyRequest): Record<string, string> =>
  (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;

function html(reply: FastifyReply, status: number, body: string, content?: Content<unknown>): FastifyReply {
  return reply.code(status).headers(contentHeaders(content)).type('text/html; charset=utf-8').send(body);
}

/**
 * The public pages of hosted content on the service's domain and on custom domains (ADR 0090):
 * /f/{id} forms, /p/{id} landing pages, /c/{id} business cards. Server-rendered, no JavaScript.
 */
export const contentRoutes: FastifyPluginAsync<{ content: PublicContentService; publicUrl: string }> = async (
  app,
  { content: service, publicUrl },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_r, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** The published content at the request's address; a page answers anything else. */
  async function found<D>(kind: ContentKind, request: IdRequest, reply: FastifyReply): Promise<Content<D> | null> {
    const lookup = await service.lookup<D>(kind, request.params.id, request.host);
    if (lookup.kind === 'not_found') throw new NotFound(kind);
    if (lookup.kind === 'not_available') {
      html(reply, 404, notAvailableView(kind));
      return null;
    }
    return lookup.content;
  }

  /** Answers once the recorded view is durable, like a redirect. */
  const viewed = (content: Content<unknown>, request: FastifyRequest): Promise<void> => {
    service.recordView(content, publicRequest(request));
    return new Promise((done) => service.whenRecorded(done));
  };

  function afterReply(reply: FastifyReply, outcome: ReplyOutcome, thanks: string, refused: (state: FormState) => string) {
    if (outcome.kind === 'accepted') return reply.code(303).header('location', thanks).header('cache-control', 'no-store').send();
    if (outcome.kind === 'rate_limited') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return html(reply, 429, tooManyView(outcome.retryAfterSeconds));
    }
    return html(reply, 400, refused({ errors: outcome.errors, values: outcome.values }));
  }

  const view = { method: ['GET', 'HEAD'] as ('GET' | 'HEAD')[], schema: { hide: true } };

  app.route<{ Params: { id: string } }>({
    ...view,
    url: '/f/:id',
    handler: async (request, reply) => {
      const form = await found<FormDocument>('form', request, reply);
      if (!form) return reply;
      await viewed(form, request);
      return html(reply, 200, formView(form, EMPTY), form);
    },
  });

  app.post<{ Params: { id: string } }>('/f/:id', { schema: { hide: true } }, async (request, reply) => {
    const form = await found<FormDocument>('form', request, reply);
    if (!form) return reply;
    const body = formBody(request);
    const checked = checkAnswers(form.document.fields, body);
    const outcome = await service.reply(
      form,
      'submission',
      { ...publicRequest(request), honeypot: body[HONEYPOT] ?? '' },
      checked,
    );
    const thanks = form.document.redirectUrl ?? `${contentUrl(form, publicUrl)}/thanks`;
    return afterReply(reply, outcome, thanks, (state) => formView(form, state));
  });

  app.route<{ Params: { id: string } }>({
    ...view,
    url: '/f/:id/thanks',
    handler: async (request, reply) => {
      const form = await found<FormDocument>('form', request, reply);
      return form ? html(reply, 200, thanksView(form.name, form.document.thankYouMessage, form.document.colour), form) : reply;
    },
  });

  app.route<{ Params: { id: string } }>({
    ...view,
    url: '/p/:id',
    handler: async (request, reply) => {
      const page = await found<PageDocument>('page', request, reply);
      if (!page) return reply;
      await viewed(page, request);
      const images = await service.mediaUrls(page.accountId, mediaIds(page.document.blocks));
      return html(reply, 200, pageView(page, images), page);
    },
  });

  app.route<{ Params: { id: string } }>({
    ...view,
    url: '/c/:id',
    handler: async (request, reply) => {
      const card = await found<CardDocument>('card', request, reply);
      if (!card) return reply;
      await viewed(card, request);
      const photo = await service.mediaUrls(card.accountId, [card.document.photoMediaId]);
      return html(reply, 200, cardView(card, photo, EMPTY), card);
    },
  });

  app.route<{ Params: { id: string } }>({
    ...view,
    url: '/c/:id/contact.vcf',
    handler: async (request, reply) => {
      const card = await found<CardDocument>('card', request, reply);
      if (!card) return reply;
      const photoId = card.document.photoMediaId;
      const photoUrl = photoId ? ((await service.mediaUrls(card.accountId, [photoId])).get(photoId) ?? null) : null;
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${vcardFileName(card.document)}"`)
        .type('text/vcard; charset=utf-8')
        .send(cardVcard(card.document, { photoUrl, cardUrl: contentUrl(card, publicUrl) }));
    },
  });

  app.post<{ Params: { id: string } }>('/c/:id', { schema: { hide: true } }, async (request, reply) => {
    const card = await found<CardDocument>('card', request, reply);
    if (!card) return reply;
    if (!card.document.enquiries) throw new NotFound('enquiry form');
    const body = formBody(request);
    const checked = checkAnswers(ENQUIRY_FIELDS, body);
    const outcome = await service.reply(card, 'enquiry', { ...publicRequest(request), honeypot: body[HONEYPOT] ?? '' }, checked);
    const thanks = `${contentUrl(card, publicUrl)}/thanks`;
    const photo = outcome.kind === 'refused' ? await service.mediaUrls(card.accountId, [card.document.photoMediaId]) : new Map();
    return afterReply(reply, outcome, thanks, (state) => cardView(card, photo, state));
  });

  app.route<{ Params: { id: string } }>({
    ...view,
    url: '/c/:id/thanks',
    handler: async (request, reply) => {
      const card = await found<CardDocument>('card', request, reply);
      const message = 'Thank you: your message has been sent.';
      return card ? html(reply, 200, thanksView(card.document.fullName, message, card.document.colour), card) : reply;
    },
  });
};
