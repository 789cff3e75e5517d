import type { FastifyInstance } from 'fastify';

export interface DocumentedRoute {
  method: string;
  /** Path under /api/v1 with every {param} filled in. */
  url: string;
  template: string;
  scope: string | null;
  /** Every scope the route accepts: one, or the alternatives of a route that checks its object's own (a job's). */
  oneOf: string[];
  /** The scopes a token needs together (an import: links:write and codes:write). */
  allOf: string[];
  hasBody: boolean;
  /** Names of its query parameters and of its JSON body's top-level fields. */
  query: string[];
  bodyFields: string[];
}

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
}

type Json = Record<string, unknown>;

/** Follows `$ref`s (`#/components/...`) within the document until a value that is not one. */
export function dereference(doc: unknown, value: unknown): Json | undefined {
  let current = value as Json | undefined;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops += 1) {
    current = (current.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc) as Json | undefined;
  }
  return current;
}

function bodyFields(doc: unknown, requestBody: unknown): string[] {
  const content = dereference(doc, requestBody)?.content as Record<string, { schema?: unknown }> | undefined;
  const schema = dereference(doc, content?.['application/json']?.schema);
  return Object.keys((schema?.properties as Json | undefined) ?? {});
}

const SAMPLE_ID = '01900000-0000-7000-8000-000000000000';

/** Every operation of the generated OpenAPI document, with the scope it declares. */
export function documentedRoutes(app: FastifyInstance): DocumentedRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: DocumentedRoute[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
      const scopes = op.security?.[0]?.bearerAuth ?? [];
      const oneOf = (op.security ?? []).flatMap((requirement) => requirement.bearerAuth ?? []);
      routes.push({
        oneOf,
        allOf: scopes,
        method: method.toUpperCase(),
        template,
        url: `/api/v1${template.replace(/\{[^}]+\}/g, SAMPLE_ID)}`,
        scope: scopes[0] ?? null,
        hasBody: op.requestBody !== undefined,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: bodyFields(doc, op.requestBody),
      });
    }
  }
  return routes;
}
