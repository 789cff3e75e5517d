import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.js';
import { takeInTurn, type CounterStore, type Take, type Taken } from './counter-store.js';

const TAKE_FUNCTION = `
local function take(key, limit, ttl)
  local current = tonumber(redis.call('GET', key) or '0')
  if current >= tonumber(limit) then return {0, current} end
  current = redis.call('INCR', key)
  if current == 1 then redis.call('PEXPIRE', key, ttl) end
  return {1, current}
end
`;

const TAKE = `${TAKE_FUNCTION}
return take(KEYS[1], ARGV[1], ARGV[2])
`;

/** Takes KEYS[1]; then KEYS[2] if that was taken and ARGV[5] is '1', else reads KEYS[2]. */
const TAKE_THEN = `${TAKE_FUNCTION}
local one = take(KEYS[1], ARGV[1], ARGV[2])
local two
if one[1] == 1 and ARGV[5] == '1' then two = take(KEYS[2], ARGV[3], ARGV[4])
else two = {0, tonumber(redis.call('GET', KEYS[2]) or '0')} end
return {one[1], one[2], two[1], two[2]}
`;

type RedisWithTake = Redis & {
  qrelayTake(key: string, limit: number, ttlMs: number): Promise<[number, number]>;
  qrelayTakeThen(
    first: string,
    second: string,
    firstLimit: number,
    firstTtlMs: number,
    secondLimit: number,
    secondTtlMs: number,
    takeSecond: '0' | '1',
  ): Promise<[number, number, number, number]>;
};

/** Counters in Redis, shared by every instance; one atomic script per take. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: RedisWithTake;

  constructor(
    redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'qrelay:counter:',
  ) {
    redis.defineCommand('qrelayTake', { numberOfKeys: 1, lua: TAKE });
    redis.defineCommand('qrelayTakeThen', { numberOfKeys: 2, lua: TAKE_THEN });
    this.redis = redis as RedisWithTake;
  }

  async take(key: string, limit: number, expiresAt: number): Promise<Taken> {
    if (limit <= 0) return { taken: false, count: await this.read(key) };
    // Expiry is relative to the service's clock, so it holds whatever the Redis server's clock says.
    const ttlMs = Math.max(1000, expiresAt - this.clock.now());
    const [taken, count] = await this.redis.qrelayTake(this.prefix + key, limit, ttlMs);
    return { taken: taken === 1, count: Number(count) };
  }

  async takeThen(first: Take, second: Take & { take: boolean }): Promise<[Taken, Taken]> {
    if (first.limit <= 0 || second.limit <= 0) return takeInTurn(this, first, second);
    const now = this.clock.now();
    const [oneTaken, one, twoTaken, two] = await this.redis.qrelayTakeThen(
      this.prefix + first.key,
      this.prefix + second.key,
      first.limit,
      Math.max(1000, first.expiresAt - now),
      second.limit,
      Math.max(1000, second.expiresAt - now),
      second.take ? '1' : '0',
    );
    return [
      { taken: oneTaken === 1, count: Number(one) },
      { taken: twoTaken === 1, count: Number(two) },
    ];
  }

  async read(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  /** Redis expires keys itself. */
  async purgeExpired(): Promise<void> {}

  /** The connection belongs to the process's RedisLink, which closes it. */
  async close(): Promise<void> {}
}
