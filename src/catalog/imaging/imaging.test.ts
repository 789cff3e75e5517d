import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { InvalidRequest } from '../../lib/errors.js';
import { DEFAULT_DESIGN } from '../designs/design.schema.js';
import { Imaging } from './imaging.js';

const imaging = new Imaging();
afterAll(() => imaging.close());

it('draws and checks a symbol on its thread', async () => {
  const image = await imaging.renderImage('https://qrelay.test/abc', DEFAULT_DESIGN, { format: 'png', size: 256 }, 'Box', null);
  expect(
    Buffer.from(image.body as Uint8Array)
      .subarray(1, 4)
      .toString('latin1'),
  ).toBe('PNG');
  expect(image).toMatchObject({ fileName: 'box.png', contentType: 'image/png' });
  expect(image.report).toMatchObject({ decoded: true, scannable: true });
});

it('refuses across the thread as the caller must answer: the error class, its message and its field', async () => {
  const tooLong = 'x'.repeat(8000);
  const refused = imaging.renderImage(tooLong, DEFAULT_DESIGN, { format: 'svg' }, 'Long', null);
  await expect(refused).rejects.toBeInstanceOf(InvalidRequest);
  await expect(refused).rejects.toMatchObject({ field: 'value', message: expect.stringMatching(/too long/) });
  await expect(imaging.cleanFile(Buffer.from('not an image'))).rejects.toMatchObject({ code: 'invalid_request', field: 'file' });
});

it('gives an upload back as a Buffer of its cleaned bytes', async () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>x()</script><rect width="10" height="10"/></svg>',
  );
  const clean = await imaging.cleanFile(svg);
  expect(Buffer.isBuffer(clean.bytes)).toBe(true);
  expect(clean).toMatchObject({ type: 'image/svg+xml', width: 10, height: 10 });
  expect(clean.bytes.toString('utf8')).not.toContain('script');
});

it('writes label sheets on its thread, and refuses a grid that does not fit as the caller must answer', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qrelay-imaging-'));
  const path = join(dir, 'sheets.pdf');
  const items = Array.from({ length: 5 }, (_, i) => ({ value: `https://qrelay.test/s${i}`, design: 0, caption: `Box ${i}` }));
  const layout = { paper: 'Letter', columns: 2, rows: 2, marginMm: 12, gapMm: 5, caption: 'shortCode' } as const;
  expect(await imaging.drawSheets([{ design: DEFAULT_DESIGN, art: null }], items, layout, path)).toEqual({ pages: 2 });
  expect(readFileSync(path, 'latin1')).toMatch(/^%PDF-1\.7\n[\s\S]*%%EOF\n$/);
  const refused = imaging.drawSheets(
    [{ design: DEFAULT_DESIGN, art: null }],
    items,
    { ...layout, rows: 40 },
    join(dir, 'no.pdf'),
  );
  await expect(refused).rejects.toBeInstanceOf(InvalidRequest);
  await expect(refused).rejects.toMatchObject({
    field: 'sheet.rows',
    message: expect.stringMatching(/^40 rows do not fit down Letter/),
  });
  expect(readdirSync(dir)).toEqual(['sheets.pdf']);
});

it('warms a thread with a plain symbol that decodes, and closes', async () => {
  const own = new Imaging();
  expect(await own.warmUp()).toBe(true);
  await own.close();
  await own.close();
});

it('replaces its pool after a number of tasks, finishing what the old one was given', async () => {
  const short = new Imaging(2);
  const values = Array.from({ length: 7 }, (_, i) => `https://qrelay.test/r${i}`);
  const reports = await Promise.all(values.map((value) => short.checkDesign(value, DEFAULT_DESIGN)));
  expect(reports.every((r) => r.decoded)).toBe(true);
  expect((await short.checkDesign('https://qrelay.test/after', DEFAULT_DESIGN)).decoded).toBe(true);
  await short.close();
});
