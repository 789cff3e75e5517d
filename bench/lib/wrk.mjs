// wrk (C, one thread, pinned to CPU 0) as the load generator: its own CPU use is reported with every
// run, so a reader can see the client was never the bottleneck. Install it with `apt-get install wrk`.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { EVERY_CPU } from './server.mjs';

export const WRK = process.env.BENCH_WRK ?? 'wrk';

/** Stops the benchmark with the way to install wrk when it is missing. */
export function requireWrk() {
  const probe = spawnSync(WRK, ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    console.error('The redirect benchmarks drive load with wrk: install it with `apt-get install wrk` (Debian/Ubuntu).');
    process.exit(1);
  }
  if (spawnSync('taskset', ['-V']).error) {
    console.error('The redirect benchmarks pin processes with taskset (util-linux): `apt-get install util-linux`.');
    process.exit(1);
  }
}

/** A wrk script that walks `paths` round and round and prints its figures as one JSON line at the end. */
export function writeScript(file, paths) {
  const list = paths.map((p) => JSON.stringify(p)).join(',\n');
  writeFileSync(
    file,
    `local paths = {\n${list}\n}
local n = #paths
local i = 0
setup = function(thread) end
init = function(args) i = math.random(n) end
request = function()
  i = i % n + 1
  return wrk.format(nil, paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`,
  );
}

/**
 * One wrk run against 127.0.0.1:port, pinned to CPU 0 (or to `cpus`; null: every core), through bash so
 * its CPU time (user + system, from bash's `times`) comes back with the figures. `headers` adds more.
 */
export function runWrk({ port, script, seconds, connections, userAgent, cpus = '0', headers = [] }) {
  const command = [
    WRK,
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '--timeout',
    '10s',
    '-s',
    script,
    '-H',
    `'Host: localhost:${port}'`,
    '-H',
    `'User-Agent: ${userAgent.replaceAll("'", '')}'`,
    ...headers.flatMap((h) => ['-H', `'${h.replaceAll("'", '')}'`]),
    `http://127.0.0.1:${port}`,
  ].join(' ');
  return new Promise((resolve, reject) => {
    const shell = ['bash', '-c', `${command}; times`];
    const argv = ['taskset', '-c', cpus ?? EVERY_CPU, ...shell];
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${out}`));
      const figures = JSON.parse(line.slice(4));
      // `times` prints the shell's own times, then its children's: "0m1.234s 0m0.567s".
      const children = out.trim().split('\n').at(-1).split(' ').map(toSeconds);
      const wall = figures.duration_us / 1e6;
      resolve({
        rps: Math.round(figures.requests / wall),
        requests: figures.requests,
        answered: figures.requests - figures.status - figures.timeout,
        // A wrong status fails the benchmark; a socket error or a time-out (a loaded machine) is reported.
        wrongStatus: figures.status,
        socketErrors: figures.connect + figures.read + figures.write + figures.timeout,
        p50: figures.p50_us / 1000,
        p99: figures.p99_us / 1000,
        clientCpu: (100 * (children[0] + children[1])) / wall,
      });
    });
  });
}

/**
 * One wrk per port at once (a round-robin load balancer's even spread), `connections` shared out:
 * requests summed, p99 the worst, the client's CPU summed over the wrk processes.
 */
export async function spreadWrk({ ports, connections, ...options }) {
  const per = Math.max(1, Math.floor(connections / ports.length));
  const runs = await Promise.all(ports.map((port) => runWrk({ ...options, port, connections: per })));
  const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
  return {
    rps: sum('rps'),
    requests: sum('requests'),
    answered: sum('answered'),
    wrongStatus: sum('wrongStatus'),
    socketErrors: sum('socketErrors'),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    clientCpu: sum('clientCpu'),
  };
}

const toSeconds = (text) => {
  const m = /^(\d+)m([\d.]+)s$/.exec(text ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};
