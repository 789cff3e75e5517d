import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';

/** GET /healthz: 200 when the store answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
