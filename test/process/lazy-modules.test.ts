import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

/**
 * In a fresh process of the built server's modules (dist/, as `npm start` runs them): whether jsdom
 * is loaded, before and after the first SVG is sanitised (ADR 0175).
 */
const script = `
import { createRequire } from 'node:module';
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/jsdom/'));
await import('./dist/app.js');
await import('./dist/services.js');
const atStart = loaded();
const { sanitiseSvg } = await import('./dist/catalog/media/svg.sanitise.js');
const clean = await sanitiseSvg('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="4" height="4"/></svg>');
console.log(JSON.stringify({ atStart, afterSvg: loaded(), clean }));
`;

it('loads jsdom on the first SVG sanitised, not with the server', () => {
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as {
    atStart: boolean;
    afterSvg: boolean;
    clean: string;
  };
  expect(out.atStart).toBe(false);
  expect(out.afterSvg).toBe(true);
  expect(out.clean).toContain('<rect');
  expect(out.clean).not.toContain('script');
});
