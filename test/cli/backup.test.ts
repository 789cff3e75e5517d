import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { systemClock } from '../../src/lib/clock.js';
import { buildServices, openInfrastructure } from '../../src/services.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { hit, recordAll } from '../support/hits.js';
import { ROOT } from '../support/spawn.js';
import { STORES } from '../support/stores.js';

const run = promisify(execFile);

/** The admin CLI as an operator runs it, without blocking this process (which keeps writing). */
async function cli(args: string[], databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/cli.js', ...args, '--json'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const SQLITE = STORES.find((s) => s.name === 'sqlite')!;

describe('backup and restore of a SQLite store', () => {
  let h: Harness;
  let t: Tenant;
  const dir = join(tmpdir(), `qrelay-backup-${process.pid}`);
  const files = { during: join(dir, 'during.db'), after: join(dir, 'after.db'), restored: join(dir, 'restored.db') };

  beforeAll(async () => {
    h = await createHarness(SQLITE);
    t = await h.factory.tenant({ plan: 'enterprise' });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const liveCounts = async () => {
    const count = async (table: 'accounts' | 'codes' | 'events', kind?: 'code' | 'link') =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from ${sql.table(table)} ${kind ? sql`where kind = ${kind}` : sql``}`.execute(
            h.infra.database.db,
          )
        ).rows[0]!.n,
      );
    return {
      accounts: await count('accounts'),
      codes: await count('codes', 'code'),
      links: await count('codes', 'link'),
      events: await count('events'),
    };
  };

  it('copies consistently while codes, links and events are written, and restores a working store', async () => {
    const token = await h.factory.token(t.account.id, ['codes:read']);
    let stop = false;
    let written = 0;
    let warmedUp: () => void = () => undefined;
    const warm = new Promise<void>((resolve) => (warmedUp = resolve));
    // Load: each round creates a code and a link (each in its own transaction) and commits a scan.
    // It stops when told to, or after 10,000 rounds whatever happens.
    const load = async () => {
      while (!stop && written < 10_000) {
        const code = await h.factory.code(t.account.id);
        await h.factory.link(t.account.id);
        await recordAll(h, [hit(h, { accountId: t.account.id, targetId: code.id })]);
        written += 1;
        if (written === 20) warmedUp();
        // The store answers synchronously: yield, as requests arriving over a socket would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const workers = [load(), load()];
    await Promise.race([warm, Promise.all(workers)]);
    expect(written, 'the load is running').toBeGreaterThanOrEqual(20);

    const before = await liveCounts();
    const during = await cli(['backup', '--out', files.during], h.config.databaseUrl);
    const afterBackup = await liveCounts();
    stop = true;
    await Promise.all(workers);
    expect(during.code, during.stderr).toBe(0);
    expect(afterBackup.codes).toBeGreaterThan(before.codes); // the store was written while the copy ran

    const copy = JSON.parse(during.stdout).backup.counts;
    expect(copy.codes).toBeGreaterThanOrEqual(before.codes);
    expect(copy.codes).toBeLessThanOrEqual(afterBackup.codes);
    // One snapshot: every code and link in the copy has its ending, and nothing more.
    const db = await openInfrastructure(loadConfig({ DATABASE_URL: `sqlite:${files.during}`, GEOIP_DB: 'off' }), {
      clock: systemClock,
    });
    const endings = Number((await sql<{ n: number }>`select count(*) as n from endings`.execute(db.database.db)).rows[0]!.n);
    await db.close();
    expect(endings).toBe(copy.codes + copy.links);

    // Quiet now: a second copy matches the live store exactly.
    const after = await cli(['backup', '--out', files.after], h.config.databaseUrl);
    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout).backup.counts).toEqual(await liveCounts());
    // An existing file is not overwritten by accident.
    expect((await cli(['backup', '--out', files.after], h.config.databaseUrl)).code).not.toBe(0);

    // Restore the copy taken under load into an empty place and serve from it.
    const restored = await cli(['restore', '--from', files.during], `sqlite:${files.restored}`);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout).restored.counts).toEqual(copy);
    const config = loadConfig({ DATABASE_URL: `sqlite:${files.restored}`, GEOIP_DB: 'off', EVENT_JOURNAL_DIR: 'off' });
    const infra = await openInfrastructure(config, { clock: systemClock });
    const app = await buildApp({ config, database: infra.database, services: buildServices(infra), logger: false });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/codes?limit=100',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(Math.min(100, copy.codes));
    } finally {
      await app.close();
      await infra.close();
    }

    // A store that holds accounts is replaced only on purpose.
    const refused = await cli(['restore', '--from', files.after], `sqlite:${files.restored}`);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--force');
  });
});
