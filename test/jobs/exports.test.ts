import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { pdfText, pdfToPng, scratchDir, zbarDecode } from '../support/decoders.js';
import { unzip } from '../support/zip.js';
import { jobRunner } from '../../src/jobs/index.js';
import type { JobRunner } from '../../src/platform/index.js';

const quiet = { info() {}, warn() {} } as never;

describeEach(STORES)('print runs ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let runner: JobRunner;
  const codes: { id: string; encode: string; shortCode: string | null; name: string }[] = [];

  const exportJob = async (body: object, token = t.token) => {
    const res = await h.request({ method: 'POST', url: '/api/v1/exports', payload: body, token });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/jobs/${res.json().data.id}`);
    await runner.drain();
    return (await h.request({ method: 'GET', url: `/api/v1/jobs/${res.json().data.id}`, token })).json().data;
  };
  const zipOf = async (id: string) => {
    const res = await h.request({ method: 'GET', url: `/api/v1/jobs/${id}/file`, token: t.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    return unzip(res.rawPayload);
  };
  const manifestOf = (files: Map<string, Buffer>) =>
    files
      .get('manifest.csv')!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(','));

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    runner = jobRunner(h.services, quiet);
    for (const [name, body] of [
      ['Box A', { shortCode: 'box-a' }],
      ['Box B', {}],
      ['Static', { mode: 'static' }],
    ] as const) {
      const res = await h.request({
        method: 'POST',
        url: '/api/v1/codes',
        token: t.token,
        payload: { name, url: `https://example.com/${name.length}`, ...body },
      });
      codes.push(res.json().data);
    }
  });
  afterAll(() => h.close());

  it('packs every code as PNG with a manifest, and every packed symbol decodes with zbarimg', async () => {
    const job = await exportJob({ codeIds: codes.map((c) => c.id), format: 'png', size: 400 });
    expect(job).toMatchObject({ kind: 'export', status: 'succeeded', total: 3, done: 3 });
    const files = await zipOf(job.id);
    const [header, ...rows] = manifestOf(files);
    expect(header).toEqual(['id', 'name', 'encode', 'file', 'decoded']);
    expect(rows.map((r) => r[0])).toEqual(codes.map((c) => c.id));
    expect(rows.map((r) => r[3])).toEqual(['box-a.png', `${codes[1]!.shortCode}.png`, `${codes[2]!.id}.png`]);
    expect(rows.every((r) => r[4] === 'yes')).toBe(true);
    const dir = scratchDir();
    const paths = rows.map((r) => {
      const path = join(dir, r[3]!);
      writeFileSync(path, files.get(r[3]!)!);
      return path;
    });
    const decoded = zbarDecode(paths);
    expect(paths.map((p) => decoded.get(p))).toEqual(codes.map((c) => [c.encode]));
  });

  it('packs SVG and PDF files that decode once drawn', async () => {
    const svg = await zipOf((await exportJob({ codeIds: [codes[0]!.id], format: 'svg' })).id);
    const png = new Resvg(svg.get('box-a.svg')!.toString('utf8'), { fitTo: { mode: 'width', value: 600 } }).render().asPng();
    const dir = scratchDir();
    writeFileSync(join(dir, 'a.png'), png);
    expect(zbarDecode([join(dir, 'a.png')]).get(join(dir, 'a.png'))).toEqual([codes[0]!.encode]);
    const pdf = await zipOf((await exportJob({ codeIds: [codes[0]!.id], format: 'pdf', size: 40 })).id);
    const page = pdfToPng(pdf.get('box-a.pdf')!, 200);
    expect(zbarDecode([page]).get(page)).toEqual([codes[0]!.encode]);
  });

  it("draws a folder's live codes, or the codes a bulk job made", async () => {
    const folder = (await h.request({ method: 'POST', url: '/api/v1/folders', token: t.token, payload: { name: 'Run' } })).json()
      .data;
    await h.request({ method: 'PATCH', url: `/api/v1/codes/${codes[0]!.id}`, token: t.token, payload: { folderId: folder.id } });
    const byFolder = await exportJob({ folderId: folder.id, format: 'png' });
    expect(
      manifestOf(await zipOf(byFolder.id))
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([codes[0]!.id]);

    const bulk = await h.request({
      method: 'POST',
      url: '/api/v1/codes/bulk',
      token: t.token,
      payload: 'name,url\nFirst,https://example.com/1\nSecond,https://example.com/2\n',
      headers: { 'content-type': 'text/csv' },
    });
    await runner.drain();
    const made = await exportJob({ jobId: bulk.json().data.id, format: 'png' });
    expect(
      manifestOf(await zipOf(made.id))
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['First', 'Second']);
  });

  it("refuses a bad request at once and fails a run naming a code that is not the account's", async () => {
    const bad = async (body: object, field: string) => {
      const res = await h.request({ method: 'POST', url: '/api/v1/exports', payload: body, token: t.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(field);
    };
    await bad({ format: 'png' }, 'codeIds');
    await bad({ codeIds: [codes[0]!.id], folderId: codes[0]!.id, format: 'png' }, 'codeIds');
    await bad({ codeIds: [codes[0]!.id], format: 'pdf', size: 4000 }, 'size');
    await bad({ codeIds: [codes[0]!.id], format: 'gif' }, 'format');
    const other = await h.factory.tenant();
    const theirs = await h.factory.code(other.account.id);
    const failed = await exportJob({ codeIds: [codes[0]!.id, theirs.id], format: 'png' });
    expect(failed.status).toBe('failed');
    expect(failed.reason).toContain(theirs.id);
    expect(failed.file).toBeNull();
  });

  it('adds vector label sheets that decode page by page, with captions, and refuses a grid that does not fit', async () => {
    const job = await exportJob({
      codeIds: codes.map((c) => c.id),
      format: 'pdf',
      sheet: { paper: 'A4', columns: 2, rows: 1, marginMm: 10, gapMm: 5, caption: 'name' },
    });
    expect(job.status, job.reason).toBe('succeeded');
    const files = await zipOf(job.id);
    expect([...files.keys()].sort()).toEqual(
      ['box-a.pdf', `${codes[1]!.shortCode}.pdf`, `${codes[2]!.id}.pdf`, 'manifest.csv', 'sheets.pdf'].sort(),
    );
    const sheets = files.get('sheets.pdf')!;
    // pdftotext first: without poppler the test is skipped there, as the decoders' other users are.
    const text = pdfText(sheets);
    for (const c of codes) expect(text).toContain(c.name);
    const dir = scratchDir();
    writeFileSync(join(dir, 'sheets.pdf'), sheets);
    execFileSync('pdftoppm', ['-r', '150', '-png', join(dir, 'sheets.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((f) => f.startsWith('page'))
      .sort()
      .map((f) => join(dir, f));
    expect(pages).toHaveLength(2);
    const decoded = zbarDecode(pages);
    expect(pages.flatMap((p) => decoded.get(p)!).sort()).toEqual(codes.map((c) => c.encode).sort());

    const res = await h.request({
      method: 'POST',
      url: '/api/v1/exports',
      token: t.token,
      payload: {
        codeIds: [codes[0]!.id],
        format: 'png',
        sheet: { paper: 'A4', columns: 20, rows: 40, marginMm: 10, gapMm: 4, caption: 'name' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/fit/);
  });
});
