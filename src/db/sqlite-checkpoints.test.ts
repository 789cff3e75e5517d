import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type OpenOptions } from './database.js';
import { WAL_CHECKPOINT_BYTES } from './sqlite-checkpoints.js';

const MIB = 1024 * 1024;

describe('who checkpoints a SQLite store', () => {
  let dir: string;
  let file: string;
  const stores: Database[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qrelay-checkpoints-'));
    file = join(dir, 'store.db');
    const setup = open();
    await sql`create table t (b blob not null)`.execute(setup.db);
  });

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = (options: OpenOptions = {}): Database => {
    const store = openDatabase(`sqlite:${file}`, options);
    stores.push(store);
    return store;
  };

  /** Commits `mib` rows of a MiB each, one commit per row. */
  const write = async (store: Database, mib: number) => {
    for (let i = 0; i < mib; i += 1) await sql`insert into t values (randomblob(${MIB}))`.execute(store.db);
  };

  const sizeOf = (path: string) => statSync(path).size;
  const pastThreshold = Math.ceil(WAL_CHECKPOINT_BYTES / MIB) + 5;

  it('never checkpoints on a connection that does not write the events, however long the log grows', async () => {
    const serving = open();
    await write(serving, pastThreshold);
    expect(sizeOf(`${file}-wal`)).toBeGreaterThan(WAL_CHECKPOINT_BYTES);
    // Nothing was copied into the file: its rows are still in the log alone.
    expect(sizeOf(file)).toBeLessThan(MIB);
  });

  it('checkpoints on the events writer’s connection once its commits take the log past the threshold', async () => {
    const writer = open({ givesWay: true });
    await write(writer, pastThreshold);
    // The commit that crossed the threshold copied the log as it then was.
    expect(sizeOf(file)).toBeGreaterThan(WAL_CHECKPOINT_BYTES - 2 * MIB);
  });

  it('copies what other connections wrote once the events writer’s connection has been idle', async () => {
    open({ givesWay: true, idleCheckpointMs: 50 });
    const serving = open();
    await write(serving, 3);
    expect(sizeOf(file)).toBeLessThan(MIB);
    await sleep(400);
    expect(sizeOf(file)).toBeGreaterThan(3 * MIB);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(serving.db)).rows[0]!.n).toBe(3);
  });
});
