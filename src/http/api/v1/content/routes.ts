import type { Static, TObject } from '@sinclair/typebox';
import type { Content, ContentKind, ContentService } from '../../../../content/index.js';
import type { Scope } from '../../../../platform/index.js';
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
import { declareRoutes } from '../route.js';

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
  const route = declareRoutes([plural]);
  const { one, list, create: CreateBody, update: UpdateBody } = resource.schemas;
  return async (app, context) => {
    const { guard, present } = context;
    const service = resource.service(context.services) as unknown as ContentService<D, object>;
    const show = (content: Content<D>) => present.content(content);
    const read = guard({ scope: `${plural}:read` as Scope, metered: true });
    const write = guard({ scope: `${plural}:write` as Scope, metered: true });

    app.get(
      `/${plural}`,
      route(read, `list${noun}s`, `List ${plural}, newest first`, {
        querystring: ContentListQuery,
        response: responses({ 200: list }),
      }),
      async (request) => {
        const query = request.query as Static<typeof ContentListQuery>;
        return { data: (await service.list(actor(request), query)).map(show) };
      },
    );

    app.post(
      `/${plural}`,
      route(write, `create${noun}`, `Create a ${noun.toLowerCase()}`, {
        description: '`status` is `published` unless `"draft"` is sent; `url` is the public address.',
        body: CreateBody,
        response: responses({ 201: one }),
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: show(await service.create(actor(request), request.body as Static<TObject> & { name: string })) }),
    );

    app.get(
      `/${plural}/:id`,
      route(read, `get${noun}`, `Read a ${noun.toLowerCase()}`, { params: IdParams, response: responses({ 200: one }, [404]) }),
      async (request) => ({ data: show(await service.get(actor(request), request.params.id)) }),
    );

    app.patch(
      `/${plural}/:id`,
      route(write, `update${noun}`, `Change a ${noun.toLowerCase()}`, {
        description: 'Fields left out keep their values.',
        params: IdParams,
        body: UpdateBody,
        response: responses({ 200: one }, [404]),
      }),
      async (request) => ({ data: show(await service.update(actor(request), request.params.id, request.body as object)) }),
    );

    for (const [action, published] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post(
        `/${plural}/:id/${action}`,
        route(
          write,
          `${action}${noun}`,
          published ? `Publish a ${noun.toLowerCase()} at its address` : `Take a ${noun.toLowerCase()} off its address`,
          {
            description: published ? undefined : 'Its address then answers a "not available" page; publishing brings it back.',
            params: IdParams,
            response: responses({ 200: one }, [404]),
          },
        ),
        async (request) => ({ data: show(await service.setPublished(actor(request), request.params.id, published)) }),
      );
    }

    app.get(
      `/analytics/${plural}/:id`,
      analyticsRoute(
        guard({ scope: 'analytics:read', metered: true }),
        `get${noun}Analytics`,
        `Views, unique visitors${plural === 'forms' ? ', submissions and conversion' : ''} of a ${noun.toLowerCase()}`,
        {
          description: 'Automated traffic is excluded. Views are counted apart from the scans of codes leading here.',
          params: IdParams,
          querystring: ContentAnalyticsQuery,
          response: responses({ 200: ContentAnalyticsResponse }, [404]),
        },
      ),
      async (request) => {
        const { days } = request.query as Static<typeof ContentAnalyticsQuery>;
        return {
          data: await context.services.traffic.contentAnalytics.of(actor(request), resource.kind, request.params.id, days),
        };
      },
    );

    app.delete(
      `/${plural}/:id`,
      route(write, `delete${noun}`, `Delete a ${noun.toLowerCase()} and every reply sent through it`, {
        params: IdParams,
        response: responses({ 200: DeletedResponse }, [404]),
      }),
      async (request) => {
        await service.delete(actor(request), request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );
  };
}
const analyticsRoute = declareRoutes(['analytics']);
