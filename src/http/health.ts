import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';
import { ping } from '../db/ping.js';
import type { RedisLink } from '../lib/redis.js';

export interface HealthDeps {
  database: Database;
  redis?: RedisLink | null;
}

type Check = { status: 'ok' | 'down'; [detail: string]: unknown };

/**
 * GET /healthz: each dependency and an overall status. 200 while serving is safe: `ok`, or
 * `degraded` when only Redis is away (limits fall back to the database, caches to their time limit) or
 * the read replica is (analytics and the event log fail until it is back; everything else serves);
 * 503 `unavailable` when the store does not answer.
 */
export const healthRoutes: FastifyPluginAsync<HealthDeps> = async (app, { database, redis }) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, Check> = { database: await databaseCheck(database.db) };
    if (database.replica) checks.replica = await databaseCheck(database.replica);
    if (redis) checks.redis = redis.status();
    const degraded = checks.redis?.status === 'down' || checks.replica?.status === 'down';
    const status = checks.database!.status === 'down' ? 'unavailable' : degraded ? 'degraded' : 'ok';
    return reply.code(status === 'unavailable' ? 503 : 200).send({ status, checks });
  });
};

async function databaseCheck(db: Database['db']): Promise<Check> {
  try {
    await ping(db);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'down', error: (error as NodeJS.ErrnoException).code ?? 'unreachable' };
  }
}
