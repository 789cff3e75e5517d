// Bundles what runs into dist/: the server (dist/main.js), the admin CLI (dist/cli.js) and the imaging
// worker (dist/imaging.worker.js), each with the JavaScript packages it imports, sharing chunks of
// common code, and modules imported on first use (the MCP SDK, the webhook client…) in chunks of their
// own. A start then reads a few files rather than about two thousand, and a production install needs
// only the packages left out: those with native code or files of their own found by path
// (package.json's "dependencies").
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
// Chunks are named by their content: those of an earlier build would stay beside the new ones.
for (const name of readdirSync('dist')) if (/^chunk-.+\.js(\.map)?$/.test(name)) rmSync(`dist/${name}`);

await build({
  entryPoints: {
    main: 'dist/main.js',
    cli: 'dist/cli/main.js',
    'imaging.worker': 'dist/catalog/imaging/imaging.worker.js',
  },
  outdir: 'dist',
  // Chunks sit beside the entries, so src/root.ts names dist/ from whichever file holds it.
  chunkNames: '[name]-[hash]',
  allowOverwrite: true,
  bundle: true,
  splitting: true,
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
