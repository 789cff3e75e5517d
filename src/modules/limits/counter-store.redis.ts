import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.js';
import type { CounterStore } from './counter-store.js';

const TAKE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current >= tonumber(ARGV[1]) then return {0, current} end
current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, current}
`;

type RedisWithTake = Redis & { qrelayTake(key: string, limit: number, ttlMs: number): Promise<[number, number]> };

/** Counters in Redis, shared by every instance; one atomic script per take. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: RedisWithTake;

  constructor(
    redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'qrelay:counter:',
  ) {
    redis.defineCommand('qrelayTake', { numberOfKeys: 1, lua: TAKE });
    this.redis = redis as RedisWithTake;
  }

  async take(key: string, limit: number, expiresAt: number): Promise<{ taken: boolean; count: number }> {
    if (limit <= 0) return { taken: false, count: await this.read(key) };
    // Expiry is relative to the service's clock, so it holds whatever the Redis server's clock says.
    const ttlMs = Math.max(1000, expiresAt - this.clock.now());
    const [taken, count] = await this.redis.qrelayTake(this.prefix + key, limit, ttlMs);
    return { taken: taken === 1, count: Number(count) };
  }

  async read(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  /** Redis expires keys itself. */
  async purgeExpired(): Promise<void> {}

  /** The connection belongs to the process's RedisLink, which closes it. */
  async close(): Promise<void> {}
}
