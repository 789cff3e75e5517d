import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/cli/commands/openapi.js';
import { createHarness, type Harness } from '../support/harness.js';
import { STORES } from '../support/stores.js';

describe('OpenAPI document', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!);
  });
  afterAll(() => h.close());

  it('is served without a token and validates as OpenAPI 3.1', async () => {
    const res = await h.request({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe('http://qrelay.test/api/v1');
    const result = await validate(structuredClone(doc));
    expect(result.valid, JSON.stringify((result as { errors?: unknown }).errors)).toBe(true);
  });

  it('describes every route with its error responses and bearer security', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/me'].get.security).toEqual([{ bearerAuth: [] }]);
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        for (const status of ['401', '403', '429']) expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('gives every operation a unique operationId and names its shared schemas', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const ids: string[] = [];
    for (const ops of Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>))
      for (const op of Object.values(ops)) ids.push(op.operationId ?? '(none)');
    expect(ids).not.toContain('(none)');
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/codes/{id}'].patch.operationId).toBe('updateCode');
    for (const name of [
      'Code',
      'Link',
      'Event',
      'Folder',
      'Template',
      'User',
      'Webhook',
      'Me',
      'Design',
      'Rule',
      'ErrorEnvelope',
    ])
      expect(doc.components.schemas[name], name).toBeDefined();
    expect(doc.paths['/codes'].post.responses['201'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/Code',
    });
    expect(doc.paths['/codes'].post.requestBody).toEqual({ $ref: '#/components/requestBodies/CreateCodeRequest' });
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it("states the dashboard routes' authentication in the dashboard's own document: the session cookie or none", async () => {
    // The public document's scopes are checked route by route in auth.test.ts; it names no session.
    const pub = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(pub.components.securitySchemes)).toEqual(['bearerAuth']);
    const dashboard = (await openApiDocument({ PUBLIC_URL: 'http://qrelay.test' }, { dashboard: true })) as typeof pub;
    expect(dashboard.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'qrelay_session',
    });
    const ops = dashboard.paths as Record<string, Record<string, { security?: unknown }>>;
    expect(ops['/app/api/v1/media']!.post!.security).toEqual([{ sessionCookie: [] }]);
    expect(ops['/app/api/tokens']!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(ops['/app/api/session']!.post!.security).toEqual([]);
    for (const [path, methods] of Object.entries(ops))
      if (path.startsWith('/app/'))
        for (const [method, op] of Object.entries(methods)) expect(op.security, `${method} ${path}`).toBeDefined();
  });

  it('documents the symbol routes: the image in each format, the preview as JSON or image, and every design option', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const image = doc.paths['/codes/{id}/image'].get;
    expect(image.operationId).toBe('getCodeImage');
    expect(Object.keys(image.responses['200'].content)).toEqual(['image/svg+xml', 'image/png', 'application/pdf']);
    expect(image.responses['304']).toBeDefined();
    expect(image.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'format', 'size']));
    const preview = doc.paths['/designs/preview'].post;
    expect(Object.keys(preview.responses['200'].content)).toEqual([
      'application/json',
      'image/svg+xml',
      'image/png',
      'application/pdf',
    ]);
    expect(Object.keys(doc.components.schemas.Design.properties)).toEqual(
      expect.arrayContaining([
        'moduleStyle',
        'cornerStyle',
        'cornerColour',
        'gradient',
        'logo',
        'quietZone',
        'backgroundRadius',
        'frame',
      ]),
    );
  });

  it('marks a parameter that has a default optional', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    type Parameter = { name: string; in: string; required?: boolean; schema: { default?: unknown } };
    const defaulted: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: Parameter[] }>>))
      for (const [method, op] of Object.entries(ops))
        for (const p of op.parameters ?? []) {
          if (p.schema.default === undefined) continue;
          defaulted.push(`${method} ${path} ${p.name}`);
          expect(p.required, `${method} ${path} ${p.name}`).not.toBe(true);
        }
    expect(defaulted).toContain('get /events limit');
    expect(defaulted).toContain('get /codes offset');
  });
});
