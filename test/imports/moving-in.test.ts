import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { jobRunner } from '../../src/jobs/index.js';
import { JobRunner, JobStopped, type JobRun } from '../../src/platform/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpClient, mcpUrl } from '../support/mcp.js';

const quiet = { info() {}, warn() {} } as never;

/** A multipart body with the given fields and one file part. */
function form(fields: Record<string, string>, file: string, name = 'export.csv') {
  const boundary = '----qrelay-test-boundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeEach(STORES)('moving in from a CSV ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let runner: JobRunner;

  const importFile = async (fields: Record<string, string>, file: string, token = t.token) => {
    const res = await h.request({ method: 'POST', url: '/api/v1/imports', token, ...form(fields, file) });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/jobs/${res.json().data.id}`);
    await runner.drain();
    return (await h.request({ method: 'GET', url: `/api/v1/jobs/${res.json().data.id}`, token })).json().data;
  };
  const report = async (id: string, token = t.token) =>
    (await h.request({ method: 'GET', url: `/api/v1/jobs/${id}/file`, token })).body
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    runner = jobRunner(h.services, quiet);
  });
  afterAll(() => h.close());

  it('imports links keeping their endings, reports a taken, invalid, repeated or private one against its row, and imports the rest', async () => {
    await h.factory.code(t.account.id, { shortCode: 'taken-end' });
    const csv = [
      'url,shortCode,name',
      'https://example.com/spring,spring-sale,Spring sale',
      'https://example.com/taken,taken-end,Taken',
      'https://example.com/no-ending,,No ending',
      ',missing-url,No address',
      'javascript:alert(1),js-end,Script',
      'http://192.168.1.10/admin,intranet,Private',
      'https://example.com/a,ab,Too short',
      'https://example.com/twice,spring-sale,Repeated',
    ].join('\n');
    const job = await importFile({ source: 'csv' }, csv);
    expect(job).toMatchObject({ kind: 'import', status: 'succeeded', total: 2, done: 2, errorCount: 6 });
    expect(Object.fromEntries(job.errors.map((e: { row: number; field: string }) => [e.row, e.field]))).toEqual({
      2: 'shortCode',
      4: 'url',
      5: 'url',
      6: 'url',
      7: 'shortCode',
      8: 'shortCode',
    });
    const rows = await report(job.id);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['1', 'imported'],
      ['2', 'skipped'],
      ['3', 'imported'],
      ['4', 'skipped'],
      ['5', 'skipped'],
      ['6', 'skipped'],
      ['7', 'skipped'],
      ['8', 'skipped'],
    ]);
    const spring = await h.request({ method: 'GET', url: '/spring-sale', headers: { host: 'qrelay.test' } });
    expect(spring.statusCode).toBe(302);
    expect(spring.headers.location).toBe('https://example.com/spring');
    const link = (await h.request({ method: 'GET', url: `/api/v1/links/${rows[0]![2]}`, token: t.token })).json().data;
    expect(link).toMatchObject({ shortCode: 'spring-sale', name: 'Spring sale', imported: null });
    expect(rows[2]![3]).toMatch(/^[A-Za-z0-9]{7}$/);
  });

  it('dry run reports what would come and writes nothing', async () => {
    const tenant = await h.factory.tenant();
    const job = await importFile(
      { source: 'csv', dryRun: 'true' },
      'url,shortCode\nhttps://example.com/x,dry-one\n',
      tenant.token,
    );
    expect(job).toMatchObject({ status: 'succeeded', dryRun: true, total: 1, done: 0 });
    expect((await report(job.id, tenant.token))[0]!.slice(0, 4)).toEqual(['1', 'ready', '', 'dry-one']);
    expect((await h.request({ method: 'GET', url: '/api/v1/links', token: tenant.token })).json().data).toHaveLength(0);
  });

  it('makes dynamic codes with as=codes, and refuses a file of the wrong shape, a missing file and a token without both write scopes', async () => {
    const tenant = await h.factory.tenant();
    const job = await importFile(
      { source: 'csv', as: 'codes' },
      'url,shortCode,name\nhttps://example.com/c,code-end,As code\n',
      tenant.token,
    );
    expect(job.status).toBe('succeeded');
    const codes = (await h.request({ method: 'GET', url: '/api/v1/codes', token: tenant.token })).json().data;
    expect(codes).toMatchObject([{ name: 'As code', shortCode: 'code-end', mode: 'dynamic' }]);

    const wrong = await importFile({ source: 'csv' }, 'destination,slug\nhttps://example.com,x\n', tenant.token);
    expect(wrong).toMatchObject({ status: 'failed', errors: [{ row: 0, field: 'file' }] });

    const noFile = await h.request({
      method: 'POST',
      url: '/api/v1/imports',
      token: tenant.token,
      payload: '--b\r\nContent-Disposition: form-data; name="source"\r\n\r\ncsv\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toContain('file');

    const linksOnly = await h.factory.token(tenant.account.id, ['links:write', 'codes:read']);
    const refused = await h.request({
      method: 'POST',
      url: '/api/v1/imports',
      token: linksOnly,
      ...form({ source: 'csv' }, 'url\nhttps://example.com\n'),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses an API import of a source that has none, and of a private address at once or when the job reads it', async () => {
    const res = await h.request({
      method: 'POST',
      url: '/api/v1/imports',
      token: t.token,
      payload: { source: 'bitly', url: 'https://api.example.com', apiKey: 'k' },
    });
    expect(res.statusCode).toBe(400);
    const local = await h.request({
      method: 'POST',
      url: '/api/v1/imports',
      token: t.token,
      payload: { source: 'kutt', url: 'http://127.0.0.1:9/', apiKey: 'secret-key' },
    });
    expect([202, 400]).toContain(local.statusCode);
    if (local.statusCode === 202) {
      await runner.drain();
      const job = (await h.request({ method: 'GET', url: `/api/v1/jobs/${local.json().data.id}`, token: t.token })).json().data;
      expect(job.status).toBe('failed');
      expect(job.reason).toContain('private');
      expect(job.reason).not.toContain('secret-key');
    }
  });

  it('resumes after its instance dies mid-way, importing every record once', async () => {
    const tenant = await h.factory.tenant();
    const rows = Array.from({ length: 1_200 }, (_, i) => `https://example.com/r/${i},resume-${i},Resume ${i}`);
    const res = await h.request({
      method: 'POST',
      url: '/api/v1/imports',
      token: tenant.token,
      ...form({ source: 'csv' }, ['url,shortCode,name', ...rows].join('\n')),
    });
    const id = res.json().data.id as string;
    const dying = new JobRunner(
      h.services.platform.jobRows,
      h.services.platform.jobs.files,
      {
        import: {
          run: (run: JobRun) =>
            h.services.catalog.movingIn.run({
              ...run,
              advance: async (done, tx) => {
                await run.advance(done, tx);
                if (done > 500) throw new JobStopped('lease lost');
              },
            }),
        },
      },
      h.clock,
      quiet,
    );
    await dying.drain();
    expect(await h.services.platform.jobs.find(tenant.account.id, id)).toMatchObject({ status: 'running', done: 500 });
    h.clock.advance(31_000);
    await runner.drain();
    expect(await h.services.platform.jobs.find(tenant.account.id, id)).toMatchObject({ status: 'succeeded', done: 1_200 });
    const links = (await h.request({ method: 'GET', url: '/api/v1/links?limit=100&offset=1100', token: tenant.token })).json()
      .data;
    expect(links).toHaveLength(100);
    const report = await h.request({ method: 'GET', url: `/api/v1/jobs/${id}/file`, token: tenant.token });
    expect(
      new Set(
        report.body
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.split(',')[2]),
      ).size,
    ).toBe(1_200);
  });

  it('is an MCP tool too: imports_create takes the export file as text', async () => {
    const tenant = await h.factory.tenant();
    const client = await mcpClient(await mcpUrl(h), { 'x-api-key': tenant.token });
    const data = (result: unknown) =>
      ((result as CallToolResult).structuredContent as { data: { id: string; status: string } }).data;
    const queued = data(
      await client.callTool({
        name: 'imports_create',
        arguments: { source: 'csv', text: 'url,shortCode\nhttps://example.com/m,mcp-moved\n' },
      }),
    );
    await runner.drain();
    expect(data(await client.callTool({ name: 'jobs_get', arguments: { id: queued.id } }))).toMatchObject({
      status: 'succeeded',
      done: 1,
    });
    await client.close();
  });
});
