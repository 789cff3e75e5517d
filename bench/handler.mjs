// What qrelay adds to a redirect, in CPU time, without the network: `node bench/handler.mjs
// [phone|robot|bare] [requests]` builds the app as `npm start` does (SQLite store of 1,000 codes, the
// journal, the events writer on its thread), then calls the redirect fast path's request handler
// directly with stand-in requests, 50 per turn of the event loop (as 50 busy connections), and prints
// the process's CPU time (every thread, the writer's included, until every event is committed) per
// request, and the serving thread's alone. Each stand-in request carries header strings made afresh,
// as node:http's parser makes them (a cache keyed by a header then pays for hashing it, as it does
// when serving). `bare` calls a handler that only answers the constant 302. CPU time, not wall time: the
// figure holds on a loaded machine far better than req/s. Needs a built dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { PHONE, ROBOT } from './agents.mjs';
import { openBuild, request, Response, servingNs } from './lib/stand-in.mjs';

const kind = process.argv[2] ?? 'phone';
const REQUESTS = Number(process.argv[3] ?? 200_000);
const PER_TURN = 50;

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
    const build = await openBuild(new URL('../dist', import.meta.url).pathname, dir);
    const settle = async () => {
      await turn();
      await build.recorder.flush();
    };
    const figures = await drive(build.handler, kind === 'robot' ? ROBOT : PHONE, settle);
    console.log(`${kind}: ${figures} (every thread until committed; the serving thread)`);
    await build.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
