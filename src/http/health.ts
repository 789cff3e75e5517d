import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';
import type { RedisLink } from '../lib/redis.js';

export interface HealthDeps {
  database: Database;
  redis?: RedisLink | null;
}

type Check = { status: 'ok' | 'down'; [detail: string]: unknown };

/**
 * GET /healthz: each dependency and an overall status (ADR 0067). 200 while serving is safe: `ok`, or
 * `degraded` when only Redis is away (limits fall back to the database, caches to their time limit);
 * 503 `unavailable` when the store does not answer.
 */
export const healthRoutes: FastifyPluginAsync<HealthDeps> = async (app, { database, redis }) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, Check> = { database: await databaseCheck(database) };
    if (redis) checks.redis = redis.status();
    const status = checks.database!.status === 'down' ? 'unavailable' : checks.redis?.status === 'down' ? 'degraded' : 'ok';
    return reply.code(status === 'unavailable' ? 503 : 200).send({ status, checks });
  });
};

async function databaseCheck(database: Database): Promise<Check> {
  try {
    await sql`select 1`.execute(database.db);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'down', error: (error as NodeJS.ErrnoException).code ?? 'unreachable' };
  }
}
