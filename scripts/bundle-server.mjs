// Writes the server's entry, dist/main.js, as one file with the JavaScript packages it imports: a start
// then reads one file rather than about two thousand. Packages with native code or files of their own
// that they find by path stay in node_modules. The CLI and the imaging worker stay as tsc wrote them.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/main.js'],
  outfile: 'dist/main.js',
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  external: ['better-sqlite3', 'pg-native', 'piscina', 'sharp', '@resvg/resvg-js', 'zxing-wasm'],
  // Packages written as CommonJS call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
});
