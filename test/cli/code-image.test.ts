import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { zbarDecodeOne, scratchDir } from '../support/decoders.js';
import { createHarness, type Harness } from '../support/harness.js';
import { cli } from '../support/spawn.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('CLI code image ($name)', (store) => {
  let h: Harness;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await createHarness(store);
    env = {
      DATABASE_URL: h.config.databaseUrl,
      ...(h.storeSchema ? { DATABASE_SCHEMA: h.storeSchema } : {}),
      PUBLIC_URL: h.config.publicUrl,
    };
  });
  afterAll(() => h.close());

  it('writes a code’s symbol to a file in the chosen format and size, and reports the check', async () => {
    const t = await h.factory.tenant();
    const code = await h.factory.code(t.account.id, { name: 'Shop window', design: { moduleStyle: 'rounded' } });
    const out = join(scratchDir(), 'code.png');
    const result = cli(['code', 'image', code.id, '--format', 'png', '--size', '1024', '--out', out, '--json'], env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({
      file: out,
      format: 'png',
      contentType: 'image/png',
      scannability: { scannable: true, decoded: true },
    });
    const png = readFileSync(out);
    expect(png.readUInt32BE(16)).toBe(1024);
    expect(zbarDecodeOne(png)).toEqual([`${h.config.publicUrl}/${code.shortCode}`]);

    const pdf = join(scratchDir(), 'code.pdf');
    expect(cli(['code', 'image', code.id, '--format', 'pdf', '--size', '50', '--out', pdf, '--json'], env).status).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fails on stderr for an unknown code, a bad format or size, or no --out', async () => {
    const t = await h.factory.tenant();
    const code = await h.factory.code(t.account.id);
    const out = join(scratchDir(), 'x.png');
    for (const args of [
      ['code', 'image', '0190b5c6-0000-7000-8000-000000000000', '--out', out],
      ['code', 'image', code.id, '--format', 'gif', '--out', out],
      ['code', 'image', code.id, '--size', '20', '--out', out],
      ['code', 'image', code.id],
    ]) {
      const result = cli([...args, '--json'], env);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stderr.length, args.join(' ')).toBeGreaterThan(0);
    }
  });
});
