import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sendToWorker } from '../../src/process/cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'qrelay-cluster-send-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Holds the thread without running the event loop, so no 'exit' or 'disconnect' of a worker is read. */
const holdThread = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

async function idleWorker(): Promise<Worker> {
  const script = join(dir, 'idle-worker.mjs');
  writeFileSync(script, "process.on('message', () => {});\nsetInterval(() => {}, 1_000);\n");
  cluster.setupPrimary({ exec: script, silent: true });
  const worker = cluster.fork();
  await once(worker, 'online');
  return worker;
}

it('a send to a worker killed a moment ago fails quietly instead of stopping the primary', async () => {
  const worker = await idleWorker();
  const heard: unknown[] = [];
  const failures: Error[] = [];
  worker.on('error', (error) => heard.push(error));
  const exited = once(worker, 'exit');
  worker.process.kill('SIGKILL');
  holdThread(300);
  // The channel has not been seen to close yet: the worker still looks connected.
  expect(worker.isConnected()).toBe(true);
  for (let i = 0; i < 3; i += 1) sendToWorker(worker, { qrelay: 'ping', n: i }, (e) => failures.push(e));
  await exited;
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toEqual([]);
  expect(failures.length).toBeGreaterThan(0);
  expect(failures.map((e) => (e as NodeJS.ErrnoException).code)).toContain('EPIPE');
  // Once it is gone nothing is sent at all.
  sendToWorker(worker, { qrelay: 'ping', n: 9 }, (e) => failures.push(e));
  const before = failures.length;
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(failures.length).toBe(before);
});
