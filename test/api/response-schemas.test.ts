import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/cli/commands/openapi.js';

type Json = Record<string, unknown>;

/** Where a schema chooses between alternatives (`anyOf`, `oneOf`): each is a validator in the route's serializer. */
function alternatives(node: unknown, where: string, found: string[]): string[] {
  if (!node || typeof node !== 'object') return found;
  const schema = node as Json;
  if (schema.anyOf || schema.oneOf) found.push(`${where}${schema.title ? ` (${String(schema.title)})` : ''}`);
  for (const [key, value] of Object.entries(schema)) alternatives(value, `${where}/${key}`, found);
  return found;
}

describe('response schemas', () => {
  it('choose between alternatives only where an answer has shapes of different kinds (a page block)', async () => {
    const doc = (await openApiDocument({ PUBLIC_URL: 'http://qrelay.test' }, { dashboard: true })) as {
      paths: Record<string, Record<string, { responses?: Json }>>;
      components: { schemas: Record<string, Json> };
    };
    const found: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) alternatives(operation.responses, `${method} ${path}`, found);
    for (const [name, schema] of Object.entries(doc.components.schemas)) alternatives(schema, `#${name}`, found);
    // A null or one of several strings is a list of types or an enum, which the serializer checks inline.
    expect(found.filter((where) => !where.includes('(PageBlock)'))).toEqual([]);
    expect(found.length).toBeGreaterThan(0);
  });
});
