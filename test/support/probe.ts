import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { createGuard } from '../../src/http/guard.js';
import { createServer } from '../../src/http/server.js';
import { AnonymousLimiter } from '../../src/platform/limits/anonymous-limiter.js';
import type { Harness } from './harness.js';

/**
 * The real HTTP basics and guard in front of one metered route with a body schema, for testing the
 * chain (limits, validation, parsing) independently of any one resource.
 */
export async function probeApp(h: Harness, anonymousPerMinute = 1_000_000): Promise<FastifyInstance> {
  const app = createServer(h.config, false);
  const guard = createGuard(h.services, new AnonymousLimiter(anonymousPerMinute, h.clock));
  app.decorateRequest('principal', null);
  app.decorateRequest('rate', null);
  app.post(
    '/api/v1/probe',
    {
      onRequest: guard({ scope: 'codes:write', metered: true }),
      schema: {
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 10 }), count: Type.Optional(Type.Integer({ minimum: 0 })) },
          { additionalProperties: false },
        ),
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
      },
    },
    async (request) => ({ data: request.body }),
  );
  app.get('/api/v1/probe', { onRequest: guard({ scope: 'codes:read', metered: true }) }, async () => ({ data: 'ok' }));
  app.get('/api/v1/boom', { onRequest: guard({ scope: 'codes:read', metered: true }) }, async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
  return app;
}
