import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { scratchDir } from '../support/decoders.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { closeStandIns, shlinkStandIn, type StandInLink } from '../support/import-stand-ins.js';
import { cli, ROOT, SPAWNING_TEST_MS } from '../support/spawn.js';
import { describeEach, STORES } from '../support/stores.js';

const FIXTURES = join(ROOT, 'test/fixtures/imports');
const csvRows = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(','));

/**
 * The CLI run without blocking this process (`cli` waits synchronously): the API stand-ins answer
 * from this process's event loop while the command reads them.
 */
function cliAsync(args: string[], env: Record<string, string>): Promise<ReturnType<typeof cli>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

describeEach(STORES)('CLI link import ($name)', (store) => {
  let h: Harness;
  let env: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    h = await createHarness(store);
    env = {
      DATABASE_URL: h.config.databaseUrl,
      ...(h.storeSchema ? { DATABASE_SCHEMA: h.storeSchema } : {}),
      PUBLIC_URL: h.config.publicUrl,
      JOBS_DIR: h.config.jobs.dir,
    };
    dir = scratchDir();
  });
  afterEach(closeStandIns);
  afterAll(() => h.close());

  /** The command's JSON answer, which names the store it opened. */
  const answer = (result: ReturnType<typeof cli>) => {
    const { store: opened, ...rest } = JSON.parse(result.stdout);
    expect(opened).toBe(env.DATABASE_URL);
    return rest;
  };
  const links = async (t: Tenant) =>
    (await h.request({ method: 'GET', url: '/api/v1/links?limit=100', token: t.token })).json().data as {
      shortCode: string;
      destination?: string;
      url?: string;
      name: string | null;
    }[];
  const resolves = async (ending: string) => {
    const res = await h.request({ method: 'GET', url: `/${ending}`, headers: { host: new URL(h.config.publicUrl).host } });
    return res.statusCode === 302 ? res.headers.location : null;
  };

  it(
    'imports a generic CSV as the owner: a taken ending and a row without an address are left out, exit 0, --out copies the report',
    { timeout: SPAWNING_TEST_MS },
    async () => {
      const t = await h.factory.tenant();
      await h.factory.link(t.account.id, { shortCode: 'promo-a' });
      const out = join(dir, 'report.csv');
      const args = ['link', 'import', '--account', t.account.id, '--source', 'csv', join(FIXTURES, 'links.csv')];
      const result = cli([...args, '--out', out, '--json'], env);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const { job, path, out: copied } = answer(result);
      expect(job).toMatchObject({ kind: 'import', status: 'succeeded', total: 2, done: 2, errorCount: 2 });
      expect(job.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
        [1, 'shortCode'],
        [3, 'url'],
      ]);
      expect(job.errors[0].message).toContain('"promo-a" is already taken');
      expect(path).toBe(join(h.config.jobs.dir, `${job.id}.csv`));
      expect(copied).toBe(out);
      const [header, ...rows] = csvRows(readFileSync(out, 'utf8'));
      expect(header).toEqual(['row', 'result', 'id', 'shortCode', 'url', 'name', 'message']);
      expect(rows.map((r) => [r[0], r[1]])).toEqual([
        ['1', 'skipped'],
        ['2', 'imported'],
        ['3', 'skipped'],
        ['4', 'imported'],
      ]);
      expect(await resolves('c-code')).toBe('https://example.com/c');
      expect((await links(t)).map((l) => l.shortCode).sort()).toEqual(['c-code', 'promo-a', rows[1]![3]!].sort());
    },
  );

  it(
    'imports a Bitly export with its custom endings, leaving out a taken one and a link without a destination',
    {
      timeout: SPAWNING_TEST_MS,
    },
    async () => {
      const t = await h.factory.tenant();
      await h.factory.link(t.account.id, { shortCode: 'spring' });
      const input = join(FIXTURES, 'bitly-links.csv');
      const result = cli(['link', 'import', '--account', t.account.id, '--source', 'bitly', input, '--json'], env);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const { job } = answer(result);
      expect(job).toMatchObject({ kind: 'import', status: 'succeeded' });
      expect(job.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
        [1, 'shortCode'],
        [3, 'url'],
      ]);
      expect(job.done).toBe(job.total);
      expect(job.done).toBeGreaterThan(0);
      const made = await links(t);
      expect(made).toHaveLength(job.done + 1);
      expect(made.map((l) => l.name)).toContain('Report, "final" 2023');
    },
  );

  it('checks with --dry-run and writes nothing', { timeout: SPAWNING_TEST_MS }, async () => {
    const t = await h.factory.tenant();
    const input = join(dir, 'dry.csv');
    writeFileSync(input, 'url,shortCode,name\nhttps://example.com/d1,dry-one,D1\nhttps://example.com/d2,,D2\n,dry-lost,Lost\n');
    const args = ['link', 'import', '--account', t.account.id, '--source', 'csv', input, '--dry-run'];
    const result = cli([...args, '--json'], env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const { job, path } = answer(result);
    expect(job).toMatchObject({ status: 'succeeded', dryRun: true, total: 2, done: 0, errorCount: 1 });
    expect(csvRows(readFileSync(path, 'utf8')).map((r) => [r[0], r[1]])).toEqual([
      ['row', 'result'],
      ['1', 'ready'],
      ['2', 'ready'],
      ['3', 'skipped'],
    ]);
    expect(await links(t)).toHaveLength(0);
    expect(await resolves('dry-one')).toBeNull();
  });

  it('fails a file of another product with exit 1 and the reason, creating nothing', { timeout: SPAWNING_TEST_MS }, async () => {
    const t = await h.factory.tenant();
    const input = join(FIXTURES, 'bitly-links.csv');
    const result = cli(['link', 'import', '--account', t.account.id, '--source', 'shlink', input, '--json'], env);
    expect(result.status).toBe(1);
    const { job } = answer(result);
    expect(job).toMatchObject({ status: 'failed', errors: [{ row: 0, field: 'file' }] });
    expect(job.reason).toBeTruthy();
    expect(result.stderr).toBe(`qrelay: ${job.reason}\n`);
    expect(await links(t)).toHaveLength(0);
  });

  it(
    'reads a Shlink server over its API with the key from the environment; a wrong key fails without printing it',
    { timeout: SPAWNING_TEST_MS },
    async () => {
      const t = await h.factory.tenant();
      const remote: StandInLink[] = [
        {
          shortCode: 'sh-one',
          url: 'https://example.com/one',
          title: 'One',
          tags: ['a'],
          createdAt: '2024-01-02T03:04:05Z',
          clicks: 7,
        },
        {
          shortCode: 'sh-two',
          url: 'https://example.com/two',
          title: null,
          tags: [],
          createdAt: '2024-02-02T03:04:05Z',
          clicks: 0,
        },
      ];
      const shlink = await shlinkStandIn({ key: 'right-key-4242', links: remote });
      // The stand-in listens on 127.0.0.1: the operator's switch for private sources is on for these runs.
      const apiEnv = { ...env, WEBHOOK_ALLOW_PRIVATE: 'true' };
      const args = ['link', 'import', '--account', t.account.id, '--source', 'shlink', '--url', shlink.url];
      const result = await cliAsync([...args, '--json'], { ...apiEnv, QRELAY_IMPORT_API_KEY: 'right-key-4242' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(answer(result).job).toMatchObject({ status: 'succeeded', total: 2, done: 2, errorCount: 0 });
      expect(await resolves('sh-one')).toBe('https://example.com/one');
      expect(await resolves('sh-two')).toBe('https://example.com/two');

      const wrong = await cliAsync([...args, '--api-key', 'wrong-key-9911', '--json'], apiEnv);
      expect(wrong.status).toBe(1);
      const { job } = answer(wrong);
      expect(job.status).toBe('failed');
      expect(wrong.stderr).toBe(`qrelay: ${job.reason}\n`);
      expect(wrong.stdout + wrong.stderr).not.toContain('wrong-key-9911');
      expect(await links(t)).toHaveLength(2);

      // Without a key at all, nothing is queued.
      const keyless = await cliAsync([...args, '--json'], apiEnv);
      expect(keyless.status).toBe(2);
      expect(keyless.stderr).toContain('QRELAY_IMPORT_API_KEY');
      // A source read only one way is refused the other way before anything is queued.
      const fileOnly = await cliAsync(
        ['link', 'import', '--account', t.account.id, '--source', 'bitly', '--url', shlink.url],
        apiEnv,
      );
      expect(fileOnly.status).toBe(2);
      expect(fileOnly.stderr).toContain('bitly is imported from its export file');
    },
  );
});
