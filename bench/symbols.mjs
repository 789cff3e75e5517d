// Symbol rendering: median time per call of the SVG render, the PNG render of a 1024 px symbol and the
// scannability check with its decode, for a typical dynamic code's short address.
// Usage: node bench/symbols.mjs [runs] (after npm run build). Goals: SVG < 2 ms, PNG < 20 ms, check < 30 ms.
import { loadavg } from 'node:os';
import { validDesign } from '../dist/modules/designs/design.schema.js';
import { checkDesign } from '../dist/modules/symbols/symbol.check.js';
import sharp from 'sharp';
import { encodePng, rasterise } from '../dist/modules/symbols/symbol.raster.js';
import { renderSvg } from '../dist/modules/symbols/symbol.svg.js';

// A 240 px PNG logo, drawn as the server draws a media-library logo (a data URI in the SVG).
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><circle cx="60" cy="60" r="58" fill="#1D3557"/><circle cx="60" cy="60" r="40" fill="none" stroke="#F4A261" stroke-width="14"/></svg>',
);
const logoBytes = await sharp(LOGO_SVG, { density: 144 }).png().toBuffer();
const art = { type: 'image/png', bytes: logoBytes, href: `data:image/png;base64,${logoBytes.toString('base64')}` };

const RUNS = Number(process.argv[2] ?? process.env.BENCH_SYMBOL_RUNS ?? 200);
const VALUE = 'https://qr.example.com/Ab3dE7x';
const DESIGNS = {
  'square, no frame': validDesign({}),
  'dots, logo, frame': validDesign({
    moduleStyle: 'dots',
    cornerStyle: 'dot',
    errorCorrection: 'H',
    logo: { url: 'https://example.com/logo.png', size: 0.2 },
    frame: { style: 'banner-bottom', text: 'Scan for the menu', colour: '#264653' },
  }),
};

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(fn) {
  for (let i = 0; i < 10; i++) await fn(); // warm up (the decoder loads its WebAssembly once)
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

console.log(`symbols: ${RUNS} runs each; load average before: ${load()}`);
for (const [label, design] of Object.entries(DESIGNS)) {
  const svg = await measure(() => renderSvg(VALUE, design));
  const png = await measure(() => encodePng(rasterise(renderSvg(VALUE, design, { art }), 1024)));
  const check = await measure(async () => {
    const report = await checkDesign(VALUE, design, [], design.logo ? art : undefined);
    if (!report.decoded) throw new Error(`the check did not decode ${label}`);
  });
  console.log(
    `  ${label.padEnd(18)} SVG ${svg.toFixed(2)} ms   PNG 1024 px ${png.toFixed(2)} ms   check with decode ${check.toFixed(2)} ms (median per call)`,
  );
}
console.log(`load average after: ${load()}`);
