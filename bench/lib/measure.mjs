// Load on a set of unpinned servers (several instances, or one WORKERS=N process) from wrk sharing the
// same cores: what the client and the servers each used is printed with every run, so a reader sees
// how much of the machine the client took.
import { freePort, load, start, stop, treeCpuSeconds } from './server.mjs';
import { spreadWrk } from './wrk.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 48);

export const settings = `${SECONDS} s per run after ${WARM_SECONDS} s of warm-up, ${CONNECTIONS} connections in all`;

/** Starts `count` servers of `script`, every core allowed; `envOf(i)` gives each its environment. */
export async function startServers(script, count, envOf) {
  const servers = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      servers.push({ port, child: await start(script, { ...envOf(i), PORT: String(port) }, port, null) });
    }
  } catch (error) {
    await stopServers(servers);
    throw error;
  }
  return servers;
}

/** SIGTERM to each (every buffered event committed), waiting for every exit. */
export const stopServers = (servers) => Promise.all(servers.map((s) => stop(s.child)));

/**
 * Warms `servers` up, then measures them with wrk unpinned: req/s summed, the worst p99, the client's
 * CPU, the servers' CPU (their process trees, as % of one core) and the servers' CPU per request.
 */
export async function measureLoad(label, servers, { script, userAgent, headers = [] }) {
  const options = { ports: servers.map((s) => s.port), script, userAgent, headers, connections: CONNECTIONS, cpus: null };
  const warm = await spreadWrk({ ...options, seconds: WARM_SECONDS });
  const cpu = () => servers.reduce((n, s) => n + treeCpuSeconds(s.child.pid), 0);
  const before = cpu();
  const run = await spreadWrk({ ...options, seconds: SECONDS });
  const used = cpu() - before;
  if (run.wrongStatus > 0 || warm.wrongStatus > 0) throw new Error(`${label}: unexpected statuses`);
  if (run.socketErrors > 0) console.log(`  ${run.socketErrors} socket errors or time-outs (a loaded machine?)`);
  const row = {
    ...run,
    answered: warm.answered + run.answered,
    serverCpu: (100 * used) / SECONDS,
    cpuPerRequest: (1000 * used) / Math.max(1, run.requests),
    load: load(),
  };
  console.log(
    `${label.padEnd(48)} ${String(row.rps).padStart(7)} req/s  p99 ${row.p99.toFixed(2).padStart(7)} ms  client CPU ${row.clientCpu.toFixed(0).padStart(3)}%  servers CPU ${row.serverCpu.toFixed(0).padStart(3)}%  ${row.cpuPerRequest.toFixed(3)} CPU ms/req  load ${row.load}`,
  );
  return row;
}
