import { describe, expect, it } from 'vitest';
import { RedisLink } from '../../src/lib/redis.js';
import { REDIS_MISSING } from '../support/stores.js';
import { RedisInvalidationBus } from '../../src/platform/bus/invalidation-bus.redis.js';
import { CREDENTIALS, type Invalidation } from '../../src/platform/bus/invalidation-bus.js';

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

  it('delivers what a process publishes just before it closes, as a quick CLI command does', async () => {
    const prefix = `qrelay-test-${process.pid}-${Date.now()}-quick:`;
    const listening = new RedisLink(process.env.REDIS_URL!);
    try {
      const there = new RedisInvalidationBus(listening, prefix);
      await there.ready;
      const heard: Invalidation[] = [];
      there.subscribe((ref) => heard.push(ref));
      // Published and closed at once, while the publisher's connection is still being made.
      const link = new RedisLink(process.env.REDIS_URL!);
      const bus = new RedisInvalidationBus(link, prefix);
      bus.publish(CREDENTIALS);
      bus.publish(null);
      await bus.close();
      await link.close();
      for (let i = 0; i < 50 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([CREDENTIALS, null]);
    } finally {
      await listening.close();
    }
  });

  it('carries an ending, the credentials and "drop everything" to the other instances, each as sent', async () => {
    const prefix = `qrelay-test-${process.pid}-${Date.now()}:`;
    const links = [new RedisLink(process.env.REDIS_URL!), new RedisLink(process.env.REDIS_URL!)];
    try {
      const [here, there] = links.map((link) => new RedisInvalidationBus(link, prefix));
      await Promise.all([here!.ready, there!.ready]);
      const heard: { here: Invalidation[]; there: Invalidation[] } = { here: [], there: [] };
      here!.subscribe((ref) => heard.here.push(ref));
      there!.subscribe((ref) => heard.there.push(ref));
      const sent: Invalidation[] = [{ domain: '', shortCode: 'abc' }, CREDENTIALS, null];
      for (const ref of sent) here!.publish(ref);
      for (let i = 0; i < 50 && heard.there.length < sent.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard.there).toEqual(sent);
      await new Promise((r) => setTimeout(r, 100));
      // The publisher hears its own at once, and not again from Redis.
      expect(heard.here).toEqual(sent);
    } finally {
      await Promise.all(links.map((link) => link.close()));
    }
  });
});
