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

it('warms a thread with a plain symbol that decodes, and closes', async () => {
  const own = new Imaging();
  expect(await own.warmUp()).toBe(true);
  await own.close();
  await own.close();
});
