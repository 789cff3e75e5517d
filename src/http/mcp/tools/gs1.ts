import { Gs1ListResponse, Gs1Response, ListGs1Query } from '../../api/v1/gs1/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('gs1:read');

/** GS1 Digital Links, read side: the same service calls and presenter as /api/v1/gs1. */
export const gs1Tools = [
  tool.read('gs1_list', 'List GS1 Digital Links', [ListGs1Query], Gs1ListResponse, {
    description:
      'Lists the registered GS1 keys (GTIN with optional CPV, lot and serial; SSCC, GLN, GRAI, GIAI, ...), newest first, each with its Digital Link URI and its links (link type, target, language, media type, the default); page with limit and offset.',
    run: async (page, { services, actor, present }) => (await services.catalog.gs1.list(actor, page)).map(present.gs1),
  }),
  tool.read('gs1_get', 'Read a GS1 Digital Link', [IdParams], Gs1Response, {
    description: 'Reads one registered GS1 key by id: its Digital Link URI and what each link type resolves to.',
    run: async ({ id }, { services, actor, present }) => present.gs1(await services.catalog.gs1.get(actor, id)),
  }),
];
