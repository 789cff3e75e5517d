// Bundles what runs into dist/: the server (dist/main.js), the admin CLI (dist/cli.js) and the imaging
// worker (dist/imaging.worker.js), each one file with the JavaScript packages it imports (a module
// imported on first use is in the file but runs only then). A start then reads one file rather than
// about two thousand, and a production install needs only the packages left out: those with native
// code or files of their own found by path (package.json's "dependencies"). No shared chunks: a
// package written as CommonJS and imported on first use would lose its named exports in a chunk.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));

await build({
  entryPoints: {
    main: 'dist/main.js',
    cli: 'dist/cli/main.js',
    'imaging.worker': 'dist/catalog/imaging/imaging.worker.js',
  },
  outdir: 'dist',
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  external: [...Object.keys(dependencies), 'pg-native'],
  // Packages written as CommonJS call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
});
