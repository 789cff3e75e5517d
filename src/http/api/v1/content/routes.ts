import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TObject } from '@sinclair/typebox';
import type { ContentService } from '../../../../modules/content/content.service.js';
import type { Content, ContentKind } from '../../../../modules/content/content.types.js';
import type { Scope } from '../../../../modules/tokens/scopes.js';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import type { Services } from '../../../../services.js';
import {
  ContentAnalyticsQuery,
  ContentAnalyticsResponse,
  ContentListQuery,
  DeletedResponse,
  type ContentSchemas,
} from './schema.js';

/** One kind of hosted content over REST: its path, names and own fields. */
export interface ContentResource<D> {
  /** `forms`, `pages` or `cards`: the path and the scopes' prefix. */
  plural: 'forms' | 'pages' | 'cards';
  kind: ContentKind;
  /** `Form`, `Page` or `Card`: operation ids and titles. */
  noun: string;
  schemas: ContentSchemas;
  service(services: Services): ContentService<D, never>;
}

/**
 * The REST routes every kind of hosted content shares: list, create, read, change, publish,
 * unpublish, delete, each behind `<plural>:read` or `<plural>:write`.
 */
export function contentRoutes<D extends object>(resource: ContentResource<D>): ApiRoutes {
  const { plural, noun } = resource;
  const tags = [plural];
  const { one, list, create: CreateBody, update: UpdateBody } = resource.schemas;
  return async (plugin, context) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { guard, present } = context;
    const service = resource.service(context.services) as unknown as ContentService<D, object>;
    const show = (content: Content<D>) => present.content(content);
    const read = guard({ scope: `${plural}:read` as Scope, metered: true });
    const write = guard({ scope: `${plural}:write` as Scope, metered: true });

    app.get(
      `/${plural}`,
      {
        onRequest: read,
        schema: {
          operationId: `list${noun}s`,
          summary: `List ${plural}, newest first`,
          tags,
          querystring: ContentListQuery,
          response: responses({ 200: list }),
        },
      },
      async (request) => {
        const query = request.query as Static<typeof ContentListQuery>;
        return { data: (await service.list(actor(request), query)).map(show) };
      },
    );

    app.post(
      `/${plural}`,
      {
        onRequest: write,
        schema: {
          operationId: `create${noun}`,
          summary: `Create a ${noun.toLowerCase()}`,
          description: '`status` is `published` unless `"draft"` is sent; `url` is the public address.',
          tags,
          body: CreateBody,
          response: responses({ 201: one }),
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: show(await service.create(actor(request), request.body as Static<TObject> & { name: string })) }),
    );

    app.get(
      `/${plural}/:id`,
      {
        onRequest: read,
        schema: {
          operationId: `get${noun}`,
          summary: `Read a ${noun.toLowerCase()}`,
          tags,
          params: IdParams,
          response: responses({ 200: one }, [404]),
        },
      },
      async (request) => ({ data: show(await service.get(actor(request), request.params.id)) }),
    );

    app.patch(
      `/${plural}/:id`,
      {
        onRequest: write,
        schema: {
          operationId: `update${noun}`,
          summary: `Change a ${noun.toLowerCase()}`,
          description: 'Fields left out keep their values.',
          tags,
          params: IdParams,
          body: UpdateBody,
          response: responses({ 200: one }, [404]),
        },
      },
      async (request) => ({ data: show(await service.update(actor(request), request.params.id, request.body as object)) }),
    );

    for (const [action, published] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post(
        `/${plural}/:id/${action}`,
        {
          onRequest: write,
          schema: {
            operationId: `${action}${noun}`,
            summary: published
              ? `Publish a ${noun.toLowerCase()} at its address`
              : `Take a ${noun.toLowerCase()} off its address`,
            description: published ? undefined : 'Its address then answers a "not available" page; publishing brings it back.',
            tags,
            params: IdParams,
            response: responses({ 200: one }, [404]),
          },
        },
        async (request) => ({ data: show(await service.setPublished(actor(request), request.params.id, published)) }),
      );
    }

    app.get(
      `/analytics/${plural}/:id`,
      {
        onRequest: guard({ scope: 'analytics:read', metered: true }),
        schema: {
          operationId: `get${noun}Analytics`,
          summary: `Views, unique visitors${plural === 'forms' ? ', submissions and conversion' : ''} of a ${noun.toLowerCase()}`,
          description: 'Automated traffic is excluded. Views are counted apart from the scans of codes leading here.',
          tags: ['analytics'],
          params: IdParams,
          querystring: ContentAnalyticsQuery,
          response: responses({ 200: ContentAnalyticsResponse }, [404]),
        },
      },
      async (request) => {
        const { days } = request.query as Static<typeof ContentAnalyticsQuery>;
        return { data: await context.services.contentAnalytics.of(actor(request), resource.kind, request.params.id, days) };
      },
    );

    app.delete(
      `/${plural}/:id`,
      {
        onRequest: write,
        schema: {
          operationId: `delete${noun}`,
          summary: `Delete a ${noun.toLowerCase()} and every reply sent through it`,
          tags,
          params: IdParams,
          response: responses({ 200: DeletedResponse }, [404]),
        },
      },
      async (request) => {
        await service.delete(actor(request), request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );
  };
}
