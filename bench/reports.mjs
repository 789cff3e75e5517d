// Analytics reports: median time to draw one report as PDF (what GET /analytics/codes/{id}/report does
// on an imaging thread once its figures are read), for ranges of 7, 30 and 365 days with every
// breakdown full. Besides the wall-clock median, each figure has the process CPU time per report (all
// threads, V8's collector among them), which other load on the machine disturbs far less.
// Usage: node bench/reports.mjs [runs] (after npm run build:server). Goal: well under 100 ms.
import { loadavg } from 'node:os';
import { reportPdf } from '../dist/catalog/reports/report.pdf.js';

const RUNS = Number(process.argv[2] ?? process.env.BENCH_REPORT_RUNS ?? 100);
const day = (i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const rows = (values) => values.map((value, i) => ({ value, count: 1000 - i * 90 }));

function figures(days) {
  const daily = Array.from({ length: days }, (_, i) => ({ date: day(i), count: 40 + ((i * 37) % 60) }));
  const count = daily.reduce((n, d) => n + d.count, 0);
  return {
    subject: 'code',
    name: 'Spring menu, Café Zürich',
    from: day(0),
    to: day(days - 1),
    days,
    tz: 'Europe/Berlin',
    unit: 'scans',
    totals: { count, uniqueVisitors: Math.round(count * 0.8) },
    previous: {
      from: '2025-01-01',
      to: '2025-12-31',
      totals: { count: 900, uniqueVisitors: 800 },
      daily: daily.map((d) => Math.round(d.count * 0.9)),
      change: { count: 0.25, uniqueVisitors: -0.1 },
    },
    daily,
    countries: rows(['DE', 'FR', 'NZ', 'US', 'GB', 'CH', 'AT', 'IT', 'ES', 'NL', 'BE']),
    devices: rows(['mobile', 'desktop', 'tablet', 'unknown']),
    os: rows(['iOS', 'Android', 'Windows', 'macOS', 'Linux']),
    browsers: rows(['Mobile Safari', 'Chrome', 'Firefox', 'Edge', 'Samsung Internet']),
    generatedAt: Date.now(),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

console.log(`load ${load()}, ${RUNS} runs`);
const first = performance.now();
await reportPdf(figures(30));
console.log(`first report (fonts read and parsed): ${(performance.now() - first).toFixed(1)} ms`);
for (const days of [7, 30, 365]) {
  const f = figures(days);
  for (let i = 0; i < 10; i++) await reportPdf(f);
  const wall = [];
  const cpu = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    bytes = (await reportPdf(f)).length;
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  console.log(`${days} days: ${median(wall).toFixed(2)} ms (${median(cpu).toFixed(2)} CPU), ${bytes} bytes`);
}
console.log(`load ${load()}`);
