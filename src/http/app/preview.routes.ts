import type { FastifyReply } from 'fastify';
import { InvalidRequest } from '../../lib/errors.js';
import { mediaIds, type CardDocument, type Content, type FormDocument, type PageDocument } from '../../content/index.js';
import { actor, type ApiRoutes } from '../api/v1/context.js';
import { contentHeaders } from '../content/headers.js';
import { cardView, formView, pageView, previewProblemView } from '../content/views.js';
import { WIDGET_PATH } from '../content/widget.js';

/** A draft is at most what the JSON bodies of the content routes accept. */
const BODY_LIMIT = 256 * 1024;
const EMPTY = { errors: {}, values: {} };
const KINDS = ['forms', 'pages', 'cards'] as const;
type Plural = (typeof KINDS)[number];

/**
 * The dashboard's live preview: the editor posts its draft as a plain HTML form
 * (`draft`, the JSON a create would send) into a sandboxed frame; the draft is checked by the
 * service's own rules, never stored, and rendered by the public page's own views under the public
 * pages' CSP (no script), framed only by the dashboard. A draft the rules refuse shows the reason.
 */
export const previewRoutes: ApiRoutes = async (app, { services, guard }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const send = (reply: FastifyReply, status: number, html: string, content?: Content<unknown>) =>
    reply.code(status).headers(contentHeaders(content, true)).type('text/html; charset=utf-8').send(html);

  async function render(
    plural: Plural,
    request: Parameters<typeof actor>[0],
    draft: object,
  ): Promise<Content<unknown> & { html: string }> {
    const who = actor(request);
    const input = { name: 'Preview', ...draft } as never;
    if (plural === 'forms') {
      const form = await services.content.forms.preview(who, input);
      return { ...form, html: formView(form as Content<FormDocument>, EMPTY, WIDGET_PATH) };
    }
    if (plural === 'pages') {
      const page = (await services.content.pages.preview(who, input)) as Content<PageDocument>;
      const images = await services.content.publicContent.mediaUrls(page.accountId, mediaIds(page.document.blocks));
      return { ...page, html: pageView(page, images) };
    }
    const card = (await services.content.cards.preview(who, input)) as Content<CardDocument>;
    const photos = await services.content.publicContent.mediaUrls(card.accountId, [card.document.photoMediaId]);
    return { ...card, html: cardView(card, photos, EMPTY) };
  }

  for (const plural of KINDS) {
    app.post(
      `/previews/${plural}`,
      {
        onRequest: guard({ scope: `${plural}:write`, metered: false }),
        config: { dashboardOnly: true, csrfInQuery: true },
        schema: { hide: true },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        let draft: unknown;
        try {
          draft = JSON.parse(typeof body.draft === 'string' ? body.draft : '');
        } catch {
          return send(reply, 400, previewProblemView('The draft could not be read.'));
        }
        if (!draft || typeof draft !== 'object' || Array.isArray(draft))
          return send(reply, 400, previewProblemView('The draft could not be read.'));
        try {
          const { html, ...content } = await render(plural, request, draft);
          return send(reply, 200, html, content);
        } catch (error) {
          if (error instanceof InvalidRequest) return send(reply, 400, previewProblemView(error.message));
          throw error;
        }
      },
    );
  }
};
