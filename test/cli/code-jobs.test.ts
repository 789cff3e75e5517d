import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runToEnd } from '../../src/cli/follow.js';
import { buildPresenters } from '../../src/http/presenters.js';
import { jobRunner } from '../../src/jobs/index.js';
import { person, type Person } from '../../src/platform/index.js';
import { scratchDir, zbarDecodeOne } from '../support/decoders.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { cli, SPAWNING_TEST_MS } from '../support/spawn.js';
import { describeEach, STORES } from '../support/stores.js';
import { unzip } from '../support/zip.js';

const quiet = { info() {}, warn() {} } as never;
const csvRows = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(','));

describeEach(STORES)('CLI code import and export ($name)', (store) => {
  let h: Harness;
  let env: Record<string, string>;
  let t: Tenant;
  let owner: Person;
  let dir: string;
  /** The bulk job of the first test, and the codes it made. */
  let imported: { jobId: string; rows: string[][] };

  beforeAll(async () => {
    h = await createHarness(store);
    env = {
      DATABASE_URL: h.config.databaseUrl,
      ...(h.storeSchema ? { DATABASE_SCHEMA: h.storeSchema } : {}),
      PUBLIC_URL: h.config.publicUrl,
      JOBS_DIR: h.config.jobs.dir,
    };
    t = await h.factory.tenant();
    owner = person(t.account.id, t.owner.id, 'owner');
    dir = scratchDir();
  });
  afterAll(() => h.close());

  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** The command's JSON answer, which names the store it opened. */
  const answer = (result: ReturnType<typeof cli>) => {
    const { store: opened, ...rest } = JSON.parse(result.stdout);
    expect(opened).toBe(env.DATABASE_URL);
    return rest;
  };
  const codeCount = async () => (await h.services.catalog.codes.list(owner, { limit: 100, offset: 0 })).length;
  const restJob = async (id: string) =>
    (await h.request({ method: 'GET', url: `/api/v1/jobs/${id}`, token: t.token })).json().data;

  it(
    'imports a CSV as the owner of the account: the codes are made, the answer is the job as the API shows it, --out copies the list',
    { timeout: SPAWNING_TEST_MS },
    async () => {
      const input = file(
        'codes.csv',
        'name,url,shortCode\nMenu,https://example.com/menu,cli-menu\nBox,https://example.com/box,\n',
      );
      const out = join(dir, 'made.csv');
      const result = cli(['code', 'import', input, '--account', t.account.id, '--out', out, '--json'], env);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const { job, path, out: copied } = answer(result);
      expect(job).toMatchObject({ kind: 'bulk', status: 'succeeded', total: 2, done: 2, errors: [], errorCount: 0 });
      expect(job).toEqual(await restJob(job.id));
      expect(path).toBe(join(h.config.jobs.dir, `${job.id}.csv`));
      expect(copied).toBe(out);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(path, 'utf8'));
      const [header, ...rows] = csvRows(readFileSync(out, 'utf8'));
      expect(header).toEqual(['row', 'id', 'name', 'shortCode', 'url', 'encode']);
      expect(rows.map((r) => r[2])).toEqual(['Menu', 'Box']);
      expect(rows[0]![3]).toBe('cli-menu');
      const menu = await h.services.catalog.codes.get(owner, rows[0]![1]!);
      expect(menu).toMatchObject({ name: 'Menu', destination: 'https://example.com/menu', shortCode: 'cli-menu' });
      expect((await h.services.platform.jobs.get(owner, job.id)).createdBy).toBe(t.owner.id);
      imported = { jobId: job.id, rows };
    },
  );

  it('checks a JSON input with --dry-run and creates nothing', { timeout: SPAWNING_TEST_MS }, async () => {
    const before = await codeCount();
    const input = file('codes.json', JSON.stringify({ codes: [{ name: 'J1', url: 'https://example.com/j1', mode: 'static' }] }));
    const result = cli(['code', 'import', input, '--account', t.account.id, '--dry-run', '--json'], env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const { job, path } = answer(result);
    expect(job).toMatchObject({ status: 'succeeded', total: 1, done: 0, file: null });
    expect(path).toBeNull();
    expect(await codeCount()).toBe(before);
  });

  it(
    'fails on a bad row with a non-zero exit, naming its row and field, and creates nothing',
    { timeout: SPAWNING_TEST_MS },
    async () => {
      const before = await codeCount();
      const input = file(
        'bad.csv',
        'name,url\nGood,https://example.com/good\n,https://example.com/noname\nScript,javascript:alert(1)\n',
      );
      const result = cli(['code', 'import', input, '--account', t.account.id, '--json'], env);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe('qrelay: 2 rows have errors; nothing was created.\n');
      const { job, path } = answer(result);
      expect(job).toMatchObject({ status: 'failed', errorCount: 2, reason: '2 rows have errors; nothing was created.' });
      expect(job.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
        [2, 'name'],
        [3, 'url'],
      ]);
      expect(path).toBe(join(h.config.jobs.dir, `${job.id}.errors.csv`));
      expect(csvRows(readFileSync(path, 'utf8'))[0]).toEqual(['row', 'field', 'message']);
      expect(await codeCount()).toBe(before);
    },
  );

  it(
    'exports the codes a bulk job made: a ZIP with manifest.csv and one image per code, each decoding to its address',
    { timeout: SPAWNING_TEST_MS },
    async () => {
      const out = join(dir, 'print.zip');
      const args = ['code', 'export', '--account', t.account.id, '--job', imported.jobId, '--size', '400', '--out', out];
      const result = cli([...args, '--json'], env);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const { job, path, out: copied, bytes } = answer(result);
      expect(job).toMatchObject({ kind: 'export', status: 'succeeded', total: 2, done: 2 });
      expect(job).toEqual(await restJob(job.id));
      expect(path).toBe(join(h.config.jobs.dir, `${job.id}.zip`));
      expect(copied).toBe(out);
      const zip = readFileSync(out);
      expect(bytes).toBe(zip.length);
      const files = await unzip(zip);
      const [header, ...manifest] = csvRows(files.get('manifest.csv')!.toString('utf8'));
      expect(header).toEqual(['id', 'name', 'encode', 'file', 'decoded']);
      expect(manifest.map((r) => r[0])).toEqual(imported.rows.map((r) => r[1]));
      expect([...files.keys()].sort()).toEqual(['manifest.csv', ...manifest.map((r) => r[3]!)].sort());
      expect(manifest[0]![3]).toBe('cli-menu.png');
      expect(zbarDecodeOne(files.get('cli-menu.png')!)).toEqual([`${h.config.publicUrl}/cli-menu`]);
    },
  );

  it('adds label sheets with --sheet, laid out as the options say', { timeout: SPAWNING_TEST_MS }, async () => {
    const out = join(dir, 'sheets.zip');
    const ids = imported.rows.map((r) => r[1]).join(',');
    const args = ['code', 'export', '--account', t.account.id, '--codes', ids, '--format', 'svg', '--sheet', 'Letter'];
    const result = cli([...args, '--columns', '2', '--rows', '3', '--caption', 'shortCode', '--out', out, '--json'], env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const files = await unzip(readFileSync(out));
    expect([...files.keys()].sort()).toEqual(
      ['cli-menu.svg', `${imported.rows[1]![3]}.svg`, 'manifest.csv', 'sheets.pdf'].sort(),
    );
    expect(files.get('sheets.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    // A grid with no room for a symbol is refused before anything is queued.
    const crowded = cli([...args, '--columns', '20', '--gap', '20', '--out', out, '--json'], env);
    expect(crowded.status).toBe(1);
    expect(crowded.stdout).toBe('');
    expect(crowded.stderr).toContain('20 columns do not fit across Letter');
  });

  it('refuses what it cannot do with a message on stderr, queuing nothing', { timeout: SPAWNING_TEST_MS }, async () => {
    const jobs = async () => (await h.services.platform.jobs.list(owner, { limit: 100, offset: 0 })).length;
    const before = await jobs();
    const other = await h.factory.tenant();
    const otherCode = await h.factory.code(other.account.id);
    const input = file('more.csv', 'name,url\nA,https://example.com/a\n');
    const out = join(dir, 'x.zip');
    for (const [args, message] of [
      [['code', 'import', input, '--account', '0190b5c6-0000-7000-8000-000000000000'], 'No such account'],
      [['code', 'import', join(dir, 'missing.csv'), '--account', t.account.id], 'no such file'],
      [['code', 'import', file('codes.txt', 'x'), '--account', t.account.id], 'name it .csv or .json'],
      [['code', 'export', '--account', t.account.id, '--out', out], 'exactly one of --codes, --folder or --job'],
      [
        ['code', 'export', '--account', t.account.id, '--codes', otherCode.id, '--format', 'gif', '--out', out],
        '--format must be one of',
      ],
      [['code', 'export', '--account', t.account.id, '--codes', otherCode.id, '--columns', '3', '--out', out], 'needs --sheet'],
      [
        ['code', 'export', '--account', t.account.id, '--codes', otherCode.id, '--size', '20', '--out', out],
        '--size must be 64 to 4096',
      ],
    ] as const) {
      const result = cli([...args, '--json'], env);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(await jobs()).toBe(before);
    // A code of another account is refused by the job itself: it ends failed, and nothing is written to --out.
    const result = cli(['code', 'export', '--account', t.account.id, '--codes', otherCode.id, '--out', out, '--json'], env);
    expect(result.status).toBe(1);
    expect(answer(result).job).toMatchObject({ status: 'failed', reason: `Code ${otherCode.id} is not a code of this account.` });
    expect(result.stderr).toContain('is not a code of this account');
    expect(existsSync(out)).toBe(false);
  });

  it('follows a job that another instance took to its end, without running it again', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `F${i},https://example.com/f/${i}`).join('\n');
    const queued = await h.services.catalog.bulk.start(owner, Readable.from([`name,url\n${rows}\n`]), 'csv', {});
    // Another instance takes the job first; the CLI's own run finds it held, and reads its progress instead.
    const elsewhere = jobRunner(h.services, quiet).runJob(queued.id);
    while ((await h.services.platform.jobs.get(owner, queued.id)).status === 'queued') await new Promise((r) => setTimeout(r, 5));
    const ended = await runToEnd({ services: h.services, present: buildPresenters(h.config) }, owner, queued);
    expect(await elsewhere).toBe(true);
    expect(ended).toMatchObject({ status: 'succeeded', total: 300, done: 300 });
  });
});
