import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { SESSION_COOKIE } from './app/cookies.js';
import { namedComponents } from './openapi.components.js';
import { ErrorEnvelope, errorResponse } from './schemas.js';

/** Refusals the HTTP layer gives before a route runs: every reading route, and more for a body. */
const READ_ERRORS = [414, 429, 431];
const WRITE_ERRORS = [413, 414, 415, 429, 431];

/** The dashboard's session: its routes are documented only in the dashboard's own document. */
const SESSION_COOKIE_SCHEME = {
  type: 'apiKey',
  in: 'cookie',
  name: SESSION_COOKIE,
  description: 'The dashboard session of a signed-in person; every state change also carries the CSRF token.',
} as const;

/**
 * The OpenAPI 3.1 document, generated from the routes' own schemas. With `dashboard`, it also names
 * the session cookie that the dashboard's own routes are guarded by.
 */
export async function installOpenApi(app: FastifyInstance, config: Config, dashboard = false): Promise<void> {
  app.addSchema(ErrorEnvelope);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<number, unknown> } | undefined;
    if (!schema?.response) return;
    const reads = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
    for (const status of reads ? READ_ERRORS : WRITE_ERRORS) schema.response[status] ??= errorResponse(status);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'qrelay API',
        version: '1.0.0',
        description:
          'QR codes, short links and the events they produce. All paths are relative to the server address, which includes /api/v1.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: `${config.publicUrl}/api/v1`, description: 'This qrelay (its PUBLIC_URL).' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An access token beginning with qrelay1_.' },
          ...(dashboard ? { sessionCookie: SESSION_COOKIE_SCHEME } : {}),
        },
      },
      security: [{ bearerAuth: [] }],
    },
    hideUntagged: false,
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject ? namedComponents(documentObject.openapiObject) : documentObject.swaggerObject,
  });
}
