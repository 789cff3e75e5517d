import { Gs1ListResponse, Gs1Response, ListGs1Query } from '../../api/v1/gs1/schema.js';
import { IdParams } from '../../schemas.js';
import { defineTool, READ, toolInput } from '../tool.js';

/** GS1 Digital Links, read side: the same service calls and presenter as /api/v1/gs1. */
export const gs1Tools = [
  defineTool({
    name: 'gs1_list',
    title: 'List GS1 Digital Links',
    description:
      'Lists the registered GS1 keys (GTIN with optional CPV, lot and serial; SSCC, GLN, GRAI, GIAI, ...), newest first, each with its Digital Link URI and its links (link type, target, language, media type, the default); page with limit and offset.',
    scope: 'gs1:read',
    input: toolInput(ListGs1Query),
    output: Gs1ListResponse,
    annotations: READ,
    async handler(page, { services, actor, present }) {
      return { data: (await services.gs1.list(actor, page)).map(present.gs1) };
    },
  }),
  defineTool({
    name: 'gs1_get',
    title: 'Read a GS1 Digital Link',
    description: 'Reads one registered GS1 key by id: its Digital Link URI and what each link type resolves to.',
    scope: 'gs1:read',
    input: toolInput(IdParams),
    output: Gs1Response,
    annotations: READ,
    async handler({ id }, { services, actor, present }) {
      return { data: present.gs1(await services.gs1.get(actor, id)) };
    },
  }),
];
