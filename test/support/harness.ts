import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { buildServices, openInfrastructure, type Infrastructure, type Services } from '../../src/services.js';
import type { HitRecorder } from '../../src/platform/recording/hit-recorder.js';
import { Factory } from './factory.js';
import type { StoreTarget } from './stores.js';

export interface HarnessOptions {
  /** Use Redis for counters (needs REDIS_URL). */
  redis?: boolean;
  /** Extra environment for loadConfig. */
  env?: Record<string, string>;
  /** Where resolved visits go (default: nowhere). */
  recorder?: HitRecorder;
  /** Put the dashboard's own routes in the OpenAPI document, for tests that walk them. */
  documentDashboard?: boolean;
}

/** A second qrelay instance on the same store (and Redis, if any): services and app. */
export interface Peer {
  services: Services;
  infra: Infrastructure;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** One isolated qrelay: a fresh store, the services, the HTTP app (not listening) and a manual clock. */
export interface Harness {
  store: StoreTarget['name'];
  /** The PostgreSQL schema of the fresh store (null on SQLite), for processes that open the same store. */
  storeSchema: string | null;
  config: Config;
  clock: ManualClock;
  infra: Infrastructure;
  services: Services;
  app: FastifyInstance;
  factory: Factory;
  /** app.inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Another instance sharing this one's store and Redis prefix. */
  peer(options?: { recorder?: HitRecorder }): Promise<Peer>;
  close(): Promise<void>;
}

export async function createHarness(target: StoreTarget, options: HarnessOptions = {}): Promise<Harness> {
  const store = await target.create();
  const mediaDir = mkdtempSync(join(tmpdir(), 'qrelay-media-'));
  const redisUrl = options.redis ? process.env.REDIS_URL : undefined;
  if (options.redis && !redisUrl) throw new Error('REDIS_URL is not set');
  const config = loadConfig({
    DATABASE_URL: store.url,
    PUBLIC_URL: 'http://qrelay.test',
    ANONYMOUS_RATE_PER_MINUTE: '1000000',
    MEDIA_DIR: mediaDir,
    JOBS_DIR: join(mediaDir, 'jobs'),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  const clock = new ManualClock();
  const redisPrefix = `qrelay:test:${randomBytes(6).toString('hex')}:`;
  const open = async (recorder?: HitRecorder): Promise<Peer> => {
    const infra = await openInfrastructure(config, { clock, database: { schema: store.schema, poolSize: 20 }, redisPrefix });
    const services = buildServices(infra, { recorder });
    const app = await buildApp({
      config,
      database: infra.database,
      services,
      logger: false,
      documentDashboard: options.documentDashboard,
    });
    await app.ready();
    return {
      infra,
      services,
      app,
      async close() {
        await services.traffic.recorder.close();
        await app.close();
        // Test files share a worker process, where an idle imaging thread would otherwise outlive its file.
        await services.catalog.imaging.close();
        await infra.close();
      },
    };
  };
  const own = await open(options.recorder);
  const { infra, services, app } = own;
  return {
    store: target.name,
    storeSchema: store.schema ?? null,
    config,
    clock,
    infra,
    services,
    app,
    factory: new Factory(services, config.publicUrl),
    request({ token, headers, ...rest }) {
      return app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    },
    peer: (peerOptions = {}) => open(peerOptions.recorder),
    async close() {
      await own.close();
      await store.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
