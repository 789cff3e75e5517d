import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { jobRunner } from '../../src/jobs/index.js';
import type { JobRunner } from '../../src/platform/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpClient, mcpUrl } from '../support/mcp.js';

const quiet = { info() {}, warn() {} } as never;

describeEach(STORES)('bulk create ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let runner: JobRunner;

  const post = (body: string, type: string, token = t.token, headers: Record<string, string> = {}, query = '') =>
    h.request({
      method: 'POST',
      url: `/api/v1/codes/bulk${query}`,
      payload: body,
      token,
      headers: { 'content-type': type, ...headers },
    });
  const job = async (id: string, token = t.token) =>
    (await h.request({ method: 'GET', url: `/api/v1/jobs/${id}`, token })).json().data;
  const run = async (body: string, type = 'text/csv', token = t.token, query = '') => {
    const res = await post(body, type, token, {}, query);
    expect(res.statusCode, res.body).toBe(202);
    await runner.drain();
    return job(res.json().data.id, token);
  };
  const fileOf = async (id: string, token = t.token) => h.request({ method: 'GET', url: `/api/v1/jobs/${id}/file`, token });
  const csvRows = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => line.split(','));

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    runner = jobRunner(h.services, quiet);
  });
  afterAll(() => h.close());

  it('queues a job (202 with Location), checks every row, creates the codes and lists them in its file', async () => {
    const res = await post(
      'name,url,shortCode\nMenu,https://example.com/menu,bulk-menu\nBox,https://example.com/box,\n',
      'text/csv',
    );
    expect(res.statusCode).toBe(202);
    const queued = res.json().data;
    expect(res.headers.location).toBe(`/api/v1/jobs/${queued.id}`);
    expect(queued).toMatchObject({ kind: 'bulk', status: 'queued', done: 0, errors: [] });
    await runner.drain();
    const done = await job(queued.id);
    expect(done).toMatchObject({ status: 'succeeded', total: 2, done: 2, errors: [], file: `/api/v1/jobs/${queued.id}/file` });
    const file = await fileOf(queued.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csvRows(file.body);
    expect(header).toEqual(['row', 'id', 'name', 'shortCode', 'url', 'encode']);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject([
      '1',
      expect.any(String),
      'Menu',
      'bulk-menu',
      'http://qrelay.test/bulk-menu',
      'http://qrelay.test/bulk-menu',
    ]);
    expect(rows[1]![3]).toMatch(/^[A-Za-z0-9]{5,}$/);
    const code = (await h.request({ method: 'GET', url: `/api/v1/codes/${rows[1]![1]}`, token: t.token })).json().data;
    expect(code).toMatchObject({ name: 'Box', destination: 'https://example.com/box', url: rows[1]![4] });
    const resolved = await h.request({ method: 'GET', url: '/bulk-menu', headers: { host: 'qrelay.test' } });
    expect(resolved.statusCode).toBe(302);
    expect(resolved.headers.location).toBe('https://example.com/menu');
  });

  it('takes JSON { codes: [...] } with the fields of a create body', async () => {
    const tenant = await h.factory.tenant();
    const body = JSON.stringify({
      codes: [
        { name: 'A', url: 'https://example.com/a', mode: 'static' },
        { name: 'B', url: 'https://example.com/b', design: { foreground: '#112233' } },
      ],
    });
    const done = await run(body, 'application/json', tenant.token);
    expect(done).toMatchObject({ status: 'succeeded', total: 2, done: 2 });
    const rows = csvRows((await fileOf(done.id, tenant.token)).body).slice(1);
    expect(rows[0]).toMatchObject(['1', expect.any(String), 'A', '', '', 'https://example.com/a']);
    const b = (await h.request({ method: 'GET', url: `/api/v1/codes/${rows[1]![1]}`, token: tenant.token })).json().data;
    expect(b.design.foreground).toBe('#112233');
  });

  it('reports every bad row with its row number and field, and creates nothing', async () => {
    const tenant = await h.factory.tenant();
    await h.factory.code(tenant.account.id, { shortCode: 'taken-one' });
    const before = (await h.request({ method: 'GET', url: '/api/v1/codes?limit=100', token: tenant.token })).json().data.length;
    const csv = [
      'name,url,shortCode,mode',
      'Good,https://example.com/good,,',
      ',https://example.com/noname,,',
      'Script,javascript:alert(1),,',
      'Dup1,https://example.com/d,same-end,',
      'Dup2,https://example.com/d,same-end,',
      'Taken,https://example.com/t,taken-one,',
      'Mode,https://example.com/m,,sideways',
      `Long,https://example.com/${'x'.repeat(5000)},,`,
      'Short,https://example.com/s',
    ].join('\n');
    const done = await run(csv, 'text/csv', tenant.token);
    expect(done.status).toBe('failed');
    expect(done.reason).toBe('7 rows have errors; nothing was created.');
    const byRow = Object.fromEntries(done.errors.map((e: { row: number; field: string }) => [e.row, e.field]));
    expect(byRow).toEqual({ 2: 'name', 3: 'url', 5: 'shortCode', 6: 'shortCode', 7: 'mode', 8: 'url', 9: '' });
    expect(done.errorCount).toBe(7);
    expect(done.errors.find((e: { row: number }) => e.row === 5).message).toContain('row 4');
    const after = (await h.request({ method: 'GET', url: '/api/v1/codes?limit=100', token: tenant.token })).json().data.length;
    expect(after).toBe(before);
    const file = await fileOf(done.id, tenant.token);
    expect(csvRows(file.body)[0]).toEqual(['row', 'field', 'message']);
  });

  it('refuses a file that is not CSV, a missing or unknown column, and an empty file, naming the field', async () => {
    const tenant = await h.factory.tenant();
    const cases: [string, string, string][] = [
      ['name\nA\n', 'text/csv', 'url'],
      ['name,url,colour\nA,https://example.com,red\n', 'text/csv', 'colour'],
      ['', 'text/csv', 'file'],
      ['\u0000\u0001binary\u00ff', 'text/csv', 'file'],
      ['[1,2]', 'application/json', 'codes'],
      ['{"codes": [', 'application/json', 'file'],
    ];
    for (const [body, type, field] of cases) {
      const done = await run(body, type, tenant.token);
      expect(done.status, body).toBe('failed');
      expect(done.errors[0], body).toMatchObject({ row: 0, field });
    }
    const wrongType = await post('<xml/>', 'application/xml', tenant.token);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBeDefined();
  });

  it('fails whole past the plan cap on live codes, with nothing created', async () => {
    const tenant = await h.factory.tenant({ plan: 'starter' });
    const rows = Array.from({ length: 101 }, (_, i) => `C${i},https://example.com/${i}`);
    const done = await run(['name,url', ...rows].join('\n'), 'text/csv', tenant.token);
    expect(done).toMatchObject({ status: 'failed', reason: expect.stringContaining('The plan allows 100 live codes') });
    expect((await h.request({ method: 'GET', url: '/api/v1/codes', token: tenant.token })).json().data).toHaveLength(0);
  });

  it('answers the same job to a resend with the same Idempotency-Key, and 400 to a different body', async () => {
    const tenant = await h.factory.tenant();
    const body = 'name,url\nOnce,https://example.com/once\n';
    const first = await post(body, 'text/csv', tenant.token, { 'idempotency-key': 'k-1' });
    const again = await post(body, 'text/csv', tenant.token, { 'idempotency-key': 'k-1' });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await post('name,url\nTwice,https://example.com/twice\n', 'text/csv', tenant.token, {
      'idempotency-key': 'k-1',
    });
    expect(other.statusCode).toBe(400);
    await runner.drain();
    expect((await h.request({ method: 'GET', url: '/api/v1/codes', token: tenant.token })).json().data).toHaveLength(1);
  });

  it('dryRun checks and creates nothing', async () => {
    const tenant = await h.factory.tenant();
    const done = await run('name,url\nDry,https://example.com/dry\n', 'text/csv', tenant.token, '?dryRun=true');
    expect(done).toMatchObject({ status: 'succeeded', total: 1, done: 0, file: null });
    expect((await h.request({ method: 'GET', url: '/api/v1/codes', token: tenant.token })).json().data).toHaveLength(0);
  });

  it("keeps jobs to their account and scope: another account's is 404, a read-only token is 403", async () => {
    const done = await run('name,url\nMine,https://example.com/mine\n');
    const other = await h.factory.tenant();
    expect((await h.request({ method: 'GET', url: `/api/v1/jobs/${done.id}`, token: other.token })).statusCode).toBe(404);
    expect((await fileOf(done.id, other.token)).statusCode).toBe(404);
    const reader = await h.factory.token(t.account.id, ['codes:read']);
    expect((await h.request({ method: 'GET', url: `/api/v1/jobs/${done.id}`, token: reader })).statusCode).toBe(403);
    expect((await post('name,url\nX,https://example.com/x\n', 'text/csv', reader)).statusCode).toBe(403);
    const listed = (await h.request({ method: 'GET', url: '/api/v1/jobs?kind=bulk', token: t.token })).json().data;
    expect(listed.map((j: { id: string }) => j.id)).toContain(done.id);
  });

  it('cancels a queued job, and refuses to cancel one that has ended', async () => {
    const queued = (await post('name,url\nLater,https://example.com/later\n', 'text/csv')).json().data;
    const cancelled = await h.request({ method: 'DELETE', url: `/api/v1/jobs/${queued.id}`, token: t.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    await runner.drain();
    expect((await job(queued.id)).status).toBe('cancelled');
    const again = await h.request({ method: 'DELETE', url: `/api/v1/jobs/${queued.id}`, token: t.token });
    expect(again.statusCode).toBe(400);
  });

  it('runs the same operations as MCP tools: codes_bulk_create, jobs_get, exports_create', async () => {
    const tenant = await h.factory.tenant();
    const client = await mcpClient(await mcpUrl(h), { 'x-api-key': tenant.token });
    const data = (result: unknown) =>
      ((result as CallToolResult).structuredContent as { data: { id: string; status: string } }).data;
    const queued = data(
      await client.callTool({ name: 'codes_bulk_create', arguments: { csv: 'name,url\nTool,https://example.com/tool\n' } }),
    );
    expect(queued.status).toBe('queued');
    await runner.drain();
    expect(data(await client.callTool({ name: 'jobs_get', arguments: { id: queued.id } }))).toMatchObject({
      status: 'succeeded',
      done: 1,
    });
    const json = data(
      await client.callTool({ name: 'codes_bulk_create', arguments: { codes: [{ name: 'J', url: 'https://example.com/j' }] } }),
    );
    await runner.drain();
    expect(data(await client.callTool({ name: 'jobs_get', arguments: { id: json.id } })).status).toBe('succeeded');
    const print = data(await client.callTool({ name: 'exports_create', arguments: { jobId: queued.id, format: 'svg' } }));
    await runner.drain();
    expect(data(await client.callTool({ name: 'jobs_get', arguments: { id: print.id } })).status).toBe('succeeded');
    await client.close();
  });

  it('refuses more than 100,000 rows, naming the first row past the limit', async () => {
    const tenant = await h.factory.tenant({ plan: 'enterprise' });
    const rows = Array.from({ length: 100_001 }, (_, i) => `R${i},https://example.com/${i}`);
    const done = await run(['name,url', ...rows].join('\n'), 'text/csv', tenant.token);
    expect(done).toMatchObject({ status: 'failed', errorCount: 1 });
    expect(done.errors[0]).toMatchObject({ row: 100_001, message: expect.stringContaining('more than 100,000 rows') });
    expect((await h.request({ method: 'GET', url: '/api/v1/codes', token: tenant.token })).json().data).toHaveLength(0);
  });
});
