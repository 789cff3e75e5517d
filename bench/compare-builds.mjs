// Two or more builds of qrelay's redirect handler compared on a loaded machine: `node
// bench/compare-builds.mjs [phone|robot] rounds requests dist-a dist-b ...` builds each app as
// `npm start` does (its own SQLite store of 1,000 codes, journal and events writer) in this
// one process, then drives them in turn, `requests` stand-in requests per build per round (50 per turn
// of the event loop), and prints the median CPU µs per request of the serving thread for each build.
// Driven in turn within seconds, the builds share whatever the machine's load does to the CPU, so the
// difference holds where separate runs differ by a factor of two. Copy a build's dist/ elsewhere
// (with node_modules and web/ reachable from it) to compare it with the current one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { PHONE, ROBOT } from './agents.mjs';
import { median } from './lib/server.mjs';
import { openBuild, request, Response, servingNs } from './lib/stand-in.mjs';

const [kind = 'phone', rounds = '15', perRound = '20000', ...dists] = process.argv.slice(2);
const userAgent = kind === 'robot' ? ROBOT : PHONE;
const PER_TURN = 50;

const open = async (dist, dir) => ({ dist, us: [], ...(await openBuild(dist, dir)) });

/** `count` requests, PER_TURN per turn, until every event is committed. */
async function drive(build, count) {
  const before = Response.answered;
  for (let i = 0; i < count; i += 1) {
    build.handler(request(i, userAgent), new Response());
    if (i % PER_TURN === PER_TURN - 1) await turn();
  }
  await turn();
  await build.recorder.flush();
  if (Response.answered - before !== count) throw new Error(`${Response.answered - before} of ${count} answered`);
}

if (dists.length === 0) dists.push('dist');
const dir = mkdtempSync(join(tmpdir(), 'qrelay-compare-'));
try {
  const builds = [];
  for (const [i, dist] of dists.entries()) builds.push(await open(dist, mkdtempSync(join(dir, `build${i}-`))));
  for (const build of builds) await drive(build, 30_000);
  for (let round = 0; round < Number(rounds); round += 1) {
    // Alternate the order, so no build always runs right after another's garbage.
    for (const build of round % 2 ? [...builds].reverse() : builds) {
      const before = servingNs();
      await drive(build, Number(perRound));
      build.us.push((servingNs() - before) / 1000 / Number(perRound));
    }
  }
  for (const b of builds) {
    const range = `${Math.min(...b.us).toFixed(2)}–${Math.max(...b.us).toFixed(2)}`;
    console.log(
      `${kind} ${b.dist}: ${median(b.us).toFixed(2)} µs of serving-thread CPU per request (median of ${rounds} rounds, ${range})`,
    );
  }
  for (const b of builds) await b.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
