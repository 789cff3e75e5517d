import type { TProperties } from '@sinclair/typebox';
import type { ContentKind, ContentService } from '../../content/index.js';
import type { Scope } from '../../platform/index.js';
import type { Services } from '../../services.js';
import { cardCreateProperties, cardProperties } from '../api/v1/cards/schema.js';
import {
  ContentAnalyticsQuery,
  ContentAnalyticsResponse,
  ContentListQuery,
  contentSchemas,
  DeletedResponse,
} from '../api/v1/content/schema.js';
import { formCreateProperties, formProperties } from '../api/v1/forms/schema.js';
import { pageCreateProperties, pageProperties } from '../api/v1/pages/schema.js';
import { IdParams } from '../schemas.js';
import { operation, type Operation } from './operation.js';

/** One kind of hosted content: its path, names, own fields and service. */
interface ContentResource {
  /** `forms`, `pages` or `cards`: the path, the tag, the tools' prefix and the scopes' prefix. */
  plural: 'forms' | 'pages' | 'cards';
  kind: ContentKind;
  /** `Form`, `Page` or `Card`: operation ids and summaries. */
  noun: string;
  properties: TProperties;
  createProperties: TProperties;
  service(services: Services): ContentService<object, object>;
}

/**
 * The operations every kind of hosted content shares: list, create, read, change, publish,
 * unpublish, analytics, delete, behind `<plural>:read` or `<plural>:write`; list and read are tools too.
 */
function contentOperations(resource: ContentResource): Operation[] {
  const { plural, kind, noun } = resource;
  const { one, list, create, update } = contentSchemas(noun, resource.properties, resource.createProperties);
  const a = noun.toLowerCase();
  const read = `${plural}:read` as Scope;
  const write = `${plural}:write` as Scope;
  const publishing = (published: boolean) =>
    operation({
      id: `${published ? 'publish' : 'unpublish'}${noun}`,
      summary: published ? `Publish a ${a} at its address` : `Take a ${a} off its address`,
      description: published
        ? 'Its public address shows it from now on.'
        : 'Its address then answers a "not available" page; publishing brings it back.',
      tag: plural,
      scope: write,
      kind: 'change',
      http: `POST /${plural}/:id/${published ? 'publish' : 'unpublish'}`,
      params: IdParams,
      output: one,
      run: async (actor, { id }, { services, present }) =>
        present.content(await resource.service(services).setPublished(actor, id, published)),
    });
  return [
    operation({
      id: `list${noun}s`,
      tool: `${plural}_list`,
      summary: `List ${plural}, newest first`,
      description: `Lists the account's ${plural}, newest first (limit 1-100, default 25; offset), each with its public address and status.`,
      tag: plural,
      scope: read,
      kind: 'read',
      http: `GET /${plural}`,
      querystring: ContentListQuery,
      output: list,
      run: async (actor, query, { services, present }) =>
        (await resource.service(services).list(actor, query)).map((c) => present.content(c)),
    }),
    operation({
      id: `create${noun}`,
      summary: `Create a ${a}`,
      description: '`status` is `published` unless `"draft"` is sent; `url` is the public address.',
      tag: plural,
      scope: write,
      kind: 'add',
      http: `POST /${plural}`,
      body: create,
      output: one,
      run: async (actor, body, { services, present }) =>
        present.content(await resource.service(services).create(actor, body as typeof body & { name: string })),
    }),
    operation({
      id: `get${noun}`,
      tool: `${plural}_get`,
      summary: `Read a ${a}`,
      description: `Reads one ${kind} of the account with everything it shows (another account's is not_found, 404).`,
      tag: plural,
      scope: read,
      kind: 'read',
      http: `GET /${plural}/:id`,
      params: IdParams,
      output: one,
      run: async (actor, { id }, { services, present }) => present.content(await resource.service(services).get(actor, id)),
    }),
    operation({
      id: `update${noun}`,
      summary: `Change a ${a}`,
      description: 'Fields left out keep their values.',
      tag: plural,
      scope: write,
      kind: 'change',
      http: `PATCH /${plural}/:id`,
      params: IdParams,
      body: update,
      output: one,
      run: async (actor, { id, ...changes }, { services, present }) =>
        present.content(await resource.service(services).update(actor, id, changes)),
    }),
    publishing(true),
    publishing(false),
    operation({
      id: `get${noun}Analytics`,
      summary: `Views, unique visitors${plural === 'forms' ? ', submissions and conversion' : ''} of a ${a}`,
      description: 'Automated traffic is excluded. Views are counted apart from the scans of codes leading here.',
      tag: 'analytics',
      scope: 'analytics:read',
      kind: 'read',
      http: `GET /analytics/${plural}/:id`,
      params: IdParams,
      querystring: ContentAnalyticsQuery,
      output: ContentAnalyticsResponse,
      run: (actor, { id, ...range }, { services }) => services.traffic.contentAnalytics.of(actor, kind, id, range),
    }),
    operation({
      id: `delete${noun}`,
      summary: `Delete a ${a} and every reply sent through it`,
      description: 'This cannot be undone.',
      tag: plural,
      scope: write,
      kind: 'remove',
      http: `DELETE /${plural}/:id`,
      params: IdParams,
      output: DeletedResponse,
      run: (actor, { id }, { services }) => resource.service(services).delete(actor, id),
    }),
  ];
}

const resource = (
  kind: ContentKind,
  plural: ContentResource['plural'],
  noun: string,
  properties: TProperties,
  createProperties: TProperties,
): ContentResource => ({
  kind,
  plural,
  noun,
  properties,
  createProperties,
  service: (services) => services.content[plural] as unknown as ContentService<object, object>,
});

/** Hosted forms, pages and cards: /api/v1/forms, /pages and /cards, and the forms_*, pages_* and cards_* tools. */
export const FORMS = contentOperations(resource('form', 'forms', 'Form', formProperties, formCreateProperties));
export const PAGES = contentOperations(resource('page', 'pages', 'Page', pageProperties, pageCreateProperties));
export const CARDS = contentOperations(resource('card', 'cards', 'Card', cardProperties, cardCreateProperties));
