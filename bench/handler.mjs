// What qrelay adds to a redirect, in CPU time, without the network: `node bench/handler.mjs
// [phone|robot|bare] [requests]` builds the app as `npm start` does (SQLite store of 1,000 codes, the
// journal, the events writer on its thread), then calls the redirect fast path's request handler
// directly with stand-in requests, 50 per turn of the event loop (as 50 busy connections), and prints
// the process's CPU time (every thread, the writer's included, until every event is committed) per
// request, and the serving thread's alone. Each stand-in request carries header strings made afresh,
// as node:http's parser makes them (a cache keyed by a header then pays for hashing it, as it does
// when serving). `bare` calls a handler that only answers the constant 302. CPU time, not wall time: the
// figure holds on a loaded machine far better than req/s. Needs a built dist/.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { buildApp } from '../dist/app.js';
import { loadConfig } from '../dist/config/config.js';
import { systemClock } from '../dist/lib/clock.js';
import { startWriterThread } from '../dist/process/writer-thread.js';
import { buildServices, openInfrastructure } from '../dist/services.js';
import { PHONE, ROBOT } from './agents.mjs';
import { endingOf, seed } from './seed.mjs';

const kind = process.argv[2] ?? 'phone';
const REQUESTS = Number(process.argv[3] ?? 200_000);
const PER_TURN = 50;

/** A stand-in response: counts answers. */
class Response {
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

const request = (i, userAgent) => {
  if (!agents.has(userAgent)) agents.set(userAgent, fresh(userAgent));
  return {
    method: 'GET',
    url: `/${endingOf(i % 1000)}`,
    headers: { host: HOST(), 'user-agent': agents.get(userAgent)(), accept: ACCEPT() },
    socket: { remoteAddress: '127.0.0.1' },
  };
};

/** CPU nanoseconds the serving thread (this one) has used so far. */
const servingNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);

/**
 * Calls `handler` REQUESTS times, PER_TURN per turn; CPU µs per request of every thread
 * (process.cpuUsage) and of the serving thread.
 */
async function drive(handler, userAgent, settle) {
  for (let i = 0; i < 20_000; i += 1) {
    handler(request(i, userAgent), new Response());
    if (i % PER_TURN === 0) await turn();
  }
  await settle();
  const answeredBefore = Response.answered;
  const before = process.cpuUsage();
  const servingBefore = servingNs();
  for (let i = 0; i < REQUESTS; i += 1) {
    handler(request(i, userAgent), new Response());
    if (i % PER_TURN === PER_TURN - 1) await turn();
  }
  await settle();
  const used = process.cpuUsage(before);
  const serving = (servingNs() - servingBefore) / 1000 / REQUESTS;
  const answered = Response.answered - answeredBefore;
  if (answered !== REQUESTS) throw new Error(`${answered} of ${REQUESTS} answered`);
  return `${((used.user + used.system) / REQUESTS).toFixed(2)} µs of CPU per request, ${serving.toFixed(2)} µs on the serving thread`;
}

const dir = mkdtempSync(join(tmpdir(), 'qrelay-handler-'));
try {
  if (kind === 'bare') {
    const handler = (_req, res) => {
      res.writeHead(302, { location: 'https://example.com/destination', 'cache-control': 'no-store', 'content-length': '0' });
      res.end();
    };
    console.log(`bare: ${await drive(handler, PHONE, () => turn())}`);
  } else {
    const file = join(dir, 'store.db');
    await seed(file, 1000);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: `sqlite:${file}`,
      LOG_LEVEL: 'silent',
      EVENT_JOURNAL_DIR: join(dir, 'journal'),
    });
    const infra = await openInfrastructure(config, { clock: systemClock });
    const thread = await startWriterThread(config, { warn: () => undefined, error: () => undefined });
    const services = buildServices(infra, { writerLink: thread.link });
    const app = await buildApp({ config, database: infra.database, services, logger: false });
    await app.ready();
    await services.recorder.start({ journalDir: config.events.journalDir });
    const [handler] = app.server.listeners('request');
    const settle = async () => {
      await turn();
      await services.recorder.flush();
    };
    const figures = await drive(handler, kind === 'robot' ? ROBOT : PHONE, settle);
    console.log(`${kind}: ${figures} (every thread until committed; the serving thread)`);
    await app.close();
    await services.recorder.close();
    await thread.stop();
    await infra.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
