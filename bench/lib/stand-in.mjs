// Stand-in requests and responses for calling a redirect handler without the network
// (bench/handler.mjs, bench/compare-builds.mjs), and a build's app wired to be called so.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { endingOf, seed } from '../seed.mjs';

/** A stand-in response: counts answers. */
export class Response {
  static answered = 0;
  writeHead(status) {
    if (status !== 302) throw new Error(`answered ${status}`);
    return this;
  }
  end() {
    Response.answered += 1;
  }
}

/** A string made afresh from bytes, as the HTTP parser makes each header value. */
const fresh = (text) => {
  const bytes = Buffer.from(text, 'latin1');
  return () => bytes.toString('latin1');
};
const HOST = fresh('localhost:8080');
const ACCEPT = fresh('*/*');
const agents = new Map();

/** The i-th stand-in request (one of 1,000 seeded endings), its header strings made afresh. */
export const request = (i, userAgent) => {
  if (!agents.has(userAgent)) agents.set(userAgent, fresh(userAgent));
  return {
    method: 'GET',
    url: `/${endingOf(i % 1000)}`,
    headers: { host: HOST(), 'user-agent': agents.get(userAgent)(), accept: ACCEPT() },
    socket: { remoteAddress: '127.0.0.1' },
  };
};

/** CPU nanoseconds the serving thread (the process's first) has used so far. */
export const servingNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);

/**
 * The app of the build in `dist` wired as `npm start` wires it: a SQLite store of 1,000 codes in
 * `dir`, the journal, the events writer on the serving thread. Its redirect request handler, its recorder, and
 * a close.
 */
export async function openBuild(dist, dir) {
  const load = (path) => import(join(resolve(dist), path));
  const { buildApp } = await load('app.js');
  const { loadConfig } = await load('config/config.js');
  const { systemClock } = await load('lib/clock.js');
  const { buildServices, openInfrastructure } = await load('services.js');
  const file = join(dir, 'store.db');
  // Each build's own migrations: a store migrated by a newer build is refused by an older one.
  const { openDatabase } = await load('db/database.js');
  const { migrateToLatest } = await load('db/migrate.js');
  await seed(file, 1000, { openDatabase, migrateToLatest });
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: `sqlite:${file}`,
    LOG_LEVEL: 'silent',
    EVENT_JOURNAL_DIR: join(dir, 'journal'),
  });
  const infra = await openInfrastructure(config, { clock: systemClock });
  const services = buildServices(infra);
  const app = await buildApp({ config, database: infra.database, services, logger: false });
  await app.ready();
  await services.traffic.recorder.start({ journalDir: config.events.journalDir });
  const [handler] = app.server.listeners('request');
  const close = async () => {
    await app.close();
    await services.traffic.recorder.close();
    await infra.close();
  };
  return { handler, recorder: services.traffic.recorder, close };
}
