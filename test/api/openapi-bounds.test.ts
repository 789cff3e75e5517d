import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { dereference } from '../support/routes.js';
import { STORES } from '../support/stores.js';

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: Schema;
};

/**
 * Every input the API accepts has an upper bound: an integer without a maximum reaches the store as
 * a number it cannot hold, and a string without a maxLength is stored however long it is sent.
 */
function unbounded(schema: unknown, where: string, doc: unknown, seen = new Set<unknown>()): string[] {
  const s = dereference(doc, schema);
  if (!s || typeof s !== 'object' || seen.has(s)) return [];
  seen.add(s);
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
    found.push(...unbounded(value, `${where}.${key}`, doc, seen));
  if (s.items) found.push(...unbounded(s.items, `${where}[]`, doc, seen));
  for (const keyword of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, branch] of ((s[keyword] as unknown[]) ?? []).entries())
      found.push(...unbounded(branch, `${where}(${keyword}${i})`, doc, seen));
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    found.push(...unbounded(s.additionalProperties, `${where}{}`, doc, seen));
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
    };
    const found: string[] = [];
    let inputs = 0;
    let bodies = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const parameter of op.parameters ?? []) {
          inputs += 1;
          found.push(...unbounded(parameter.schema, `${method} ${path} ${parameter.in}.${parameter.name}`, doc));
        }
        const content = (dereference(doc, op.requestBody)?.content ?? {}) as Record<string, { schema?: Schema }>;
        for (const [type, media] of Object.entries(content)) {
          bodies += 1;
          found.push(...unbounded(media.schema, `${method} ${path} body(${type})`, doc));
        }
      }
    }
    expect(inputs).toBeGreaterThan(20);
    expect(bodies).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });
});
