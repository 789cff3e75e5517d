import { DeletedEnvelope, IdParams } from '../schemas.js';
import {
  CreateRepointBody,
  CreateUtmTemplateBody,
  RepointListResponse,
  RepointParams,
  RepointResponse,
  UtmTemplateListResponse,
  UtmTemplateResponse,
} from '../api/v1/lifecycle/schema.js';
import { operation } from './operation.js';

const WHEN =
  'It is applied within a minute of `at` (a date-time in the future), once, and then reads `done`; the code keeps its repoints as its history of scheduled changes.';

/** Scheduled repoints of one kind (`codes` or `links`), for /codes/{id}/repoints or /links/{id}/repoints. */
const repoints = (kind: 'code' | 'link') => {
  const path = kind === 'code' ? 'codes' : 'links';
  const what = kind === 'code' ? 'a dynamic QR code' : 'a short link';
  const service = kind === 'code' ? 'codes' : 'links';
  const write = kind === 'code' ? ('codes:write' as const) : ('links:write' as const);
  const read = kind === 'code' ? ('codes:read' as const) : ('links:read' as const);
  const Kind = kind === 'code' ? 'Code' : 'Link';
  return [
    operation({
      id: `schedule${Kind}Repoint`,
      tool: `${path}_repoints_create`,
      summary: `Schedule a change of ${what}'s destination`,
      description: `Schedules ${what} to forward to \`url\` from \`at\`. ${WHEN} An \`at\` in the past, or a static code: invalid_request (400).`,
      addedInV1: true,
      tag: path,
      scope: write,
      kind: 'add',
      http: `POST /${path}/:id/repoints`,
      params: IdParams,
      body: CreateRepointBody,
      output: RepointResponse,
      run: async (actor, { id, ...body }, { services, present }) =>
        present.repoint(await services.catalog.repoints.schedule(actor, services.catalog[service], id, body)),
    }),
    operation({
      id: `list${Kind}Repoints`,
      tool: `${path}_repoints_list`,
      summary: `List ${what}'s scheduled changes`,
      description: `Lists the scheduled changes of ${what}, soonest first: pending, done and cancelled.`,
      addedInV1: true,
      tag: path,
      scope: read,
      kind: 'read',
      http: `GET /${path}/:id/repoints`,
      params: IdParams,
      output: RepointListResponse,
      run: async (actor, { id }, { services, present }) =>
        (await services.catalog.repoints.list(actor, services.catalog[service], id)).map((r) => present.repoint(r)),
    }),
    operation({
      id: `cancel${Kind}Repoint`,
      tool: `${path}_repoints_cancel`,
      summary: `Cancel a scheduled change of ${what}`,
      description: 'Cancels a pending repoint (204). One already done or cancelled: invalid_request (400).',
      addedInV1: true,
      tag: path,
      scope: write,
      kind: 'remove',
      noContent: true,
      http: `DELETE /${path}/:id/repoints/:repointId`,
      params: RepointParams,
      output: DeletedEnvelope(),
      run: async (actor, { id, repointId }, { services }) => {
        await services.catalog.repoints.cancel(actor, services.catalog[service], id, repointId);
        return { id: repointId };
      },
    }),
  ];
};

export const CODE_REPOINTS = repoints('code');
export const LINK_REPOINTS = repoints('link');

const tag = 'utm-templates';

/** Saved UTM parameters: /api/v1/utm-templates, read and written with the codes' scopes (like saved designs). */
export const UTM_TEMPLATES = [
  operation({
    id: 'listUtmTemplates',
    tool: 'utm_templates_list',
    summary: 'List saved UTM parameters',
    description: "Lists the account's saved UTM parameters by name, to fill a code's or link's `utm` from.",
    addedInV1: true,
    tag,
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /utm-templates',
    output: UtmTemplateListResponse,
    run: async (actor, _input, { services, present }) =>
      (await services.catalog.utmTemplates.list(actor)).map((t) => present.utmTemplate(t)),
  }),
  operation({
    id: 'createUtmTemplate',
    tool: 'utm_templates_create',
    summary: 'Save UTM parameters under a name',
    description: 'Saves UTM parameters under a name unique in the account (case is ignored).',
    addedInV1: true,
    tag,
    scope: 'codes:write',
    kind: 'add',
    http: 'POST /utm-templates',
    body: CreateUtmTemplateBody,
    output: UtmTemplateResponse,
    run: async (actor, body, { services, present }) =>
      present.utmTemplate(await services.catalog.utmTemplates.create(actor, body)),
  }),
  operation({
    id: 'deleteUtmTemplate',
    tool: 'utm_templates_delete',
    summary: 'Delete saved UTM parameters',
    description: 'Deletes saved UTM parameters (204); codes and links that used them keep their own copy.',
    addedInV1: true,
    tag,
    scope: 'codes:write',
    kind: 'remove',
    noContent: true,
    http: 'DELETE /utm-templates/:id',
    params: IdParams,
    output: DeletedEnvelope(),
    run: (actor, { id }, { services }) => services.catalog.utmTemplates.delete(actor, id),
  }),
];
