import { join } from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The Node.js flags of package.json's start script (`node <flags> dist/main.js`): servers run as `npm start` runs them. */
const START_FLAGS = (() => {
  const script = (JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js' || words.slice(1, -1).some((w) => !w.startsWith('--'))) {
    throw new Error(`the start script is not "node [--flags] dist/main.js": ${script}`);
  }
  return words.slice(1, -1);
})();

/**
 * Longest a CLI command or a server start may take before the test gives up on it: loading the built
 * code alone takes half a minute on a busy two-core machine.
 */
const PROCESS_TIMEOUT_MS = 90_000;

/**
 * Runs the built admin CLI as an operator would (`npm run --silent cli -- ...`), in `cwd` (the
 * checkout unless given); killed if it runs too long.
 */
export function cli(args: string[], env: Record<string, string>, cwd = ROOT) {
  const result = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: PROCESS_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A test that starts servers and CLI commands: each start may take a while on a busy two-core machine. */
export const SPAWNING_TEST_MS = 180_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves once the server listens; rejects if it exits first or does not listen in time (it is then ended). */
  ready: Promise<void>;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  output(): string;
  /** Ends the process with SIGKILL unless it has already exited, and waits for it. */
  stop(): Promise<void>;
}

const running = new Set<ServerProcess>();

/**
 * Starts the built server; `ready` resolves once it listens. Every server started is stopped by
 * `stopServers`. One process unless `env` sets WORKERS (the cluster has tests of its own).
 */
export function startServer(env: Record<string, string>, startLimitMs = PROCESS_TIMEOUT_MS): ServerProcess {
  const child = spawn(process.execPath, [...START_FLAGS, 'dist/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const started = performance.now();
    const timer = setInterval(() => {
      if (output.includes('Server listening')) {
        clearInterval(timer);
        resolve();
      } else if (performance.now() - started > startLimitMs) {
        clearInterval(timer);
        child.kill('SIGKILL');
        reject(new Error(`server did not listen within ${startLimitMs} ms: ${output}`));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  ready.catch(() => undefined); // a caller that never awaits `ready` leaves no unhandled rejection
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const server: ServerProcess = {
    child,
    ready,
    exited,
    output: () => output,
    async stop() {
      if (!done) child.kill('SIGKILL');
      await exited;
      running.delete(server);
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** Stops every server started in this test file that still runs: for `afterEach`, so no test leaves one behind. */
export async function stopServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** A served store's environment: its URL, its PostgreSQL schema if any, and `extra`. */
export const storeEnv = (store: { url: string; schema?: string }, extra: Record<string, string>): Record<string, string> => ({
  DATABASE_URL: store.url,
  ...(store.schema ? { DATABASE_SCHEMA: store.schema } : {}),
  ...extra,
});

/** An enterprise account made with the operator's CLI, and a token of `codes:read,codes:write` for it. */
export function cliAccountToken(env: Record<string, string>, name: string): string {
  const account = JSON.parse(cli(['account', 'create', '--name', name, '--plan', 'enterprise', '--json'], env).stdout);
  return JSON.parse(
    cli(['token', 'create', '--account', account.account.id, '--scopes', 'codes:read,codes:write', '--json'], env).stdout,
  ).token as string;
}

/** `fetch` on `base` with a bearer token and JSON, given up after `timeoutMs`. */
export const bearerFetch =
  (base: string, token: string, timeoutMs: number) =>
  (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
