// Symbol rendering: median time per call of the SVG render, the PNG render of a 1024 px symbol and the
// scannability check with its decode, for a typical dynamic code's short address; and the whole work
// of one uncached image request (PNG + check), what GET /codes/{id}/image does on an ETag miss.
// Every call encodes a new value (a new ending of the same length), so no call reuses a matrix.
// The logo's raster and the frame text's outlines are prepared on the first call and reused, as for
// every image of a design after its first.
// Usage: node bench/symbols.mjs [runs] (after npm run build:server). Goals: SVG < 2 ms, PNG < 20 ms, check < 30 ms.
// Besides the wall-clock median, each figure has the process CPU time per call (all threads: resvg,
// sharp's encoder and V8's collector), which other load on the machine disturbs far less.
// BENCH_SYMBOL_LIBRSVG=1 adds the PNG and the check drawn by sharp alone (libvips' librsvg, the same
// prepared text outlines and logo pixels), what one raster stack instead of resvg and sharp would cost.
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { validDesign } from '../dist/catalog/designs/design.schema.js';
import { checkDesign } from '../dist/catalog/symbols/symbol.check.js';
import { decodeQr } from '../dist/catalog/symbols/symbol.decode.js';
import { renderImage, renderPng } from '../dist/catalog/symbols/symbol.image.js';
import { renderScene } from '../dist/catalog/symbols/symbol.render.js';
import { logoSprite, textOutline } from '../dist/catalog/symbols/symbol.sprites.js';
import { renderSvg, sceneToSvg } from '../dist/catalog/symbols/symbol.svg.js';

// A 240 px PNG logo, drawn as the server draws a media-library logo.
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><circle cx="60" cy="60" r="58" fill="#1D3557"/><circle cx="60" cy="60" r="40" fill="none" stroke="#F4A261" stroke-width="14"/></svg>',
);
const logoBytes = await sharp(LOGO_SVG, { density: 144 }).png().toBuffer();
const art = { type: 'image/png', bytes: logoBytes, href: `data:image/png;base64,${logoBytes.toString('base64')}` };

const RUNS = Number(process.argv[2] ?? process.env.BENCH_SYMBOL_RUNS ?? 200);
let calls = 0;
/** A short address of the usual length, different on every call. */
const nextValue = () => `https://qr.example.com/Ab${(calls++).toString(36).padStart(5, '0')}`;
const DESIGNS = {
  'square, no frame': validDesign({}),
  'dots, logo, frame': validDesign({
    moduleStyle: 'dots',
    cornerStyle: 'dot',
    errorCorrection: 'H',
    logo: { url: 'https://example.com/logo.png', size: 0.2 },
    frame: { style: 'banner-bottom', text: 'Scan for the menu', colour: '#264653' },
  }),
  'classy, gradient, rounded': validDesign({
    moduleStyle: 'classy',
    cornerStyle: 'rounded',
    foreground: '#3A0CA3',
    background: '#FFF8E7',
    gradient: { colour: '#B5179E', direction: 'radial' },
    backgroundRadius: 4,
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
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  return `${median(samples).toFixed(2)} ms (cpu ${((used.user + used.system) / 1000 / RUNS).toFixed(2)})`;
}

/** The scene drawn by librsvg in one sharp pipeline: text as its outlines, logos laid on as prepared pixels. */
function librsvg(scene, width) {
  const scale = width / scene.width;
  const shapes = scene.shapes
    .filter((shape) => shape.kind !== 'image' || !shape.art)
    .map((shape) => (shape.kind === 'text' ? (textOutline(shape, scene) ?? shape) : shape));
  const logos = scene.shapes.filter((shape) => shape.kind === 'image' && shape.art);
  return sharp(Buffer.from(sceneToSvg({ ...scene, shapes }, width))).composite(
    logos.map((logo) => {
      const sprite = logoSprite(logo.art, Math.round(logo.size * scale));
      const raw = { width: sprite.width, height: sprite.height, channels: 4, premultiplied: true };
      return { input: Buffer.from(sprite.pixels), raw, left: Math.round(logo.x * scale), top: Math.round(logo.y * scale) };
    }),
  );
}

console.log(`symbols: ${RUNS} runs each; load average before: ${load()}`);
for (const [label, design] of Object.entries(DESIGNS)) {
  const logo = design.logo ? art : undefined;
  const svg = await measure(() => renderSvg(nextValue(), design, { art: logo }));
  const png = await measure(() => renderPng(renderScene(nextValue(), design, 'image', logo), 1024));
  const check = await measure(async () => {
    const value = nextValue();
    const report = await checkDesign(value, design, [], logo);
    if (!report.decoded) throw new Error(`the check did not decode ${label} (${value})`);
  });
  const request = await measure(() => renderImage(nextValue(), design, { format: 'png', size: 1024 }, 'Menu', logo));
  console.log(
    `  ${label.padEnd(18)} SVG ${svg}   PNG 1024 px ${png}   check with decode ${check}   image request (PNG + check) ${request}`,
  );
  if (process.env.BENCH_SYMBOL_LIBRSVG !== '1') continue;
  const librsvgPng = await measure(() =>
    librsvg(renderScene(nextValue(), design, 'image', logo), 1024)
      .png({ compressionLevel: 3, adaptiveFiltering: false })
      .toBuffer(),
  );
  const librsvgCheck = await measure(async () => {
    const value = nextValue();
    const scene = renderScene(value, design, logo ? 'image' : 'stand-in', logo);
    const image = librsvg(scene, Math.round(scene.width * 4))
      .ensureAlpha()
      .raw();
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    if ((await decodeQr({ width: info.width, height: info.height, pixels: data })) !== value)
      throw new Error(`librsvg's image of ${label} did not decode (${value})`);
  });
  console.log(`  ${''.padEnd(18)} sharp alone: PNG 1024 px ${librsvgPng}   render and decode as the check does ${librsvgCheck}`);
}
console.log(`load average after: ${load()}  (median wall time per call; cpu: process CPU ms per call)`);
