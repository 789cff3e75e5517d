// Starting and stopping the servers a benchmark measures, with their CPU use read from /proc.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus as machineCpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Every core of the machine, for a process meant to run unpinned. A child inherits its parent's
 * affinity, and `npm run bench` runs the benchmarks under `taskset -c 1`, so "unpinned" has to be said
 * with `taskset -c 0-N` or it would share CPU 1 with the pinned server.
 */
export const EVERY_CPU = `0-${machineCpus().length - 1}`;

const TICKS = 100; // clock ticks per second on Linux (getconf CLK_TCK)

/**
 * The Node.js flags `npm start` runs the server with (package.json's start script, `node <flags>
 * dist/main.js`): every server a benchmark starts, the bare baseline included, runs with them.
 */
export const SERVER_NODE_FLAGS = (() => {
  const script = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start;
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js') throw new Error(`unexpected start script: ${script}`);
  return words.slice(1, -1);
})();

/** CPU seconds (user + system) a process has used so far, its threads included. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by a process and every process below it (a WORKERS=N primary and its workers). */
export function treeCpuSeconds(pid) {
  let total = cpuSeconds(pid);
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return total;
  }
  for (const tid of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean)) total += treeCpuSeconds(Number(child));
  }
  return total;
}

/** A port nothing listens on now (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts `node [the start script's flags] [nodeArgs] script` with `env`, pinned to `cpus` (e.g. '1') or on every core (null);
 * waits for /healthz. The server's standard output goes to `stdout` (a file descriptor), or nowhere.
 */
export async function start(script, env, port, cpus, nodeArgs = [], stdout = 'ignore') {
  const argv = [process.execPath, ...SERVER_NODE_FLAGS, ...nodeArgs, script];
  const child = spawn('taskset', ['-c', cpus ?? EVERY_CPU, ...argv], opts(env, stdout));
  // Up to two minutes: a loaded machine starts a server slowly.
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`, { redirect: 'manual' });
      await sleep(200);
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} (port ${port} taken?)`);
      return child;
    } catch (error) {
      if (child.exitCode !== null) throw error;
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start`);
}

const opts = (env, stdout) => ({ env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] });

/** SIGTERM, then waits for the exit (the next server starts on the same store and journal). */
export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const load = () => loadavgText(readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number));
const loadavgText = (l) => l.map((v) => v.toFixed(2)).join(' ');
