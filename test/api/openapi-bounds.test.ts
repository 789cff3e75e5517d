import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { STORES } from '../support/stores.js';

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/**
 * Every input the API accepts has an upper bound: an integer without a maximum reaches the store as
 * a number it cannot hold, and a string without a maxLength is stored however long it is sent.
 */
function unbounded(schema: unknown, where: string, components: Record<string, Schema>, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    return unbounded(components[name], where, components, seen);
  }
  const found: string[] = [];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const open = s.enum === undefined && s.const === undefined;
  if (
    (types.includes('integer') || types.includes('number')) &&
    open &&
    s.maximum === undefined &&
    s.exclusiveMaximum === undefined
  )
    found.push(`${where}: ${String(s.type)} without maximum`);
  if (types.includes('string') && open && s.maxLength === undefined) found.push(`${where}: string without maxLength`);
  for (const [key, value] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    found.push(...unbounded(value, `${where}.${key}`, components, seen));
  if (s.items) found.push(...unbounded(s.items, `${where}[]`, components, seen));
  for (const keyword of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, branch] of ((s[keyword] as unknown[]) ?? []).entries())
      found.push(...unbounded(branch, `${where}(${keyword}${i})`, components, seen));
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    found.push(...unbounded(s.additionalProperties, `${where}{}`, components, seen));
  return found;
}

describe('OpenAPI document bounds', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(STORES[0]!);
  });
  afterAll(() => h.close());

  it('gives every integer parameter a maximum and every string input a maxLength', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    };
    const components = doc.components?.schemas ?? {};
    const found: string[] = [];
    let inputs = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const parameter of op.parameters ?? []) {
          inputs += 1;
          found.push(...unbounded(parameter.schema, `${method} ${path} ${parameter.in}.${parameter.name}`, components));
        }
        for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
          inputs += 1;
          found.push(...unbounded(media.schema, `${method} ${path} body(${type})`, components));
        }
      }
    }
    expect(inputs).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
