import { beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../../src/http/api/v1/operations.js';
import { TOOLS } from '../../src/http/mcp/tools/index.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { openApiDocument } from '../../src/cli/commands/openapi.js';

interface Documented {
  method: string;
  path: string;
  tags: string[];
  security: { bearerAuth: string[] }[];
  responses: Record<string, unknown>;
}

/** The tools that answer an image with attached content, where the REST route answers the bytes: written by hand on both. */
const IMAGE_TOOLS = ['codes_image', 'designs_preview'];

describe('the operation catalog', () => {
  const routes = new Map<string, Documented>();
  beforeAll(async () => {
    const doc = (await openApiDocument(process.env)) as {
      paths: Record<string, Record<string, Documented & { operationId: string }>>;
    };
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) routes.set(op.operationId, { ...op, method, path });
  });
  /** The documented scopes: one, or the alternatives of a route that checks its object's own (a job's). */
  const scopesOf = (operationId: string) => routes.get(operationId)?.security.flatMap((s) => s.bearerAuth) ?? [];

  it('declares every operation once, each tool name once', () => {
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length);
    const tools = OPERATIONS.flatMap((op) => op.tool ?? []);
    expect(new Set(tools).size).toBe(tools.length);
  });

  it('is the /api/v1 document: each operation at its method and path, with its tag, scope and status', () => {
    for (const op of OPERATIONS) {
      const route = routes.get(op.id);
      expect(route, op.id).toBeDefined();
      expect(`${route!.method.toUpperCase()} ${route!.path}`, op.id).toBe(op.http.replace(/:(\w+)/g, '{$1}'));
      expect(route!.tags, op.id).toEqual([op.tag]);
      expect(scopesOf(op.id), op.id).toEqual(op.scope ? [op.scope, ...(op.alsoScopes ?? [])] : [...(op.scopeOneOf ?? [])]);
      expect(Object.keys(route!.responses), op.id).toContain(String(statusOf(op)));
    }
  });

  it('gives every MCP tool but the image pair its operation, with the scope, input and output of its REST route', () => {
    for (const tool of TOOLS) {
      if (IMAGE_TOOLS.includes(tool.name)) continue;
      const op = OPERATIONS.find((candidate) => candidate.tool === tool.name);
      expect(op, tool.name).toBeDefined();
      expect(tool.scope, tool.name).toBe(op!.scope);
      if (op!.scope) expect(scopesOf(op!.id), tool.name).toEqual([op!.scope, ...(op!.alsoScopes ?? [])]);
      expect(tool.output, tool.name).toBe(op!.output);
      const parts = [op!.params, op!.querystring, op!.body].flatMap((part) => Object.keys(part?.properties ?? {}));
      expect(Object.keys(tool.input.properties).sort(), tool.name).toEqual(parts.sort());
    }
    const derived = OPERATIONS.filter((op) => op.tool).length;
    expect(TOOLS.length).toBe(derived + IMAGE_TOOLS.length);
  });
});
