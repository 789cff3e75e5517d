import type { FastifyInstance } from 'fastify';

export interface DocumentedRoute {
  method: string;
  /** Path under /api/v1 with every {param} filled in. */
  url: string;
  template: string;
  scope: string | null;
  hasBody: boolean;
  /** Names of its query parameters and of its JSON body's top-level fields. */
  query: string[];
  bodyFields: string[];
}

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
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
      routes.push({
        method: method.toUpperCase(),
        template,
        url: `/api/v1${template.replace(/\{[^}]+\}/g, SAMPLE_ID)}`,
        scope: scopes[0] ?? null,
        hasBody: op.requestBody !== undefined,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return routes;
}
