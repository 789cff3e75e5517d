import { describe, expect, it } from 'vitest';
import { RedisLink } from '../../src/lib/redis.js';
import { REDIS_MISSING } from '../support/stores.js';
import { RedisInvalidationBus } from '../../src/modules/resolver/invalidation-bus.redis.js';

describe.skipIf(REDIS_MISSING !== null)('RedisInvalidationBus', () => {
  it('lets a process close before its subscription is made, rejecting only for whoever awaits it', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const link = new RedisLink(process.env.REDIS_URL!);
      const bus = new RedisInvalidationBus(link);
      // As a quick CLI command does: closed at once, while the connection is still being made.
      await link.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
      await expect(bus.ready).rejects.toThrow('Connection is closed');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
