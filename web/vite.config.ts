import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompressed } from './precompress';

/** The dashboard is served by qrelay itself under /app; every asset is bundled, nothing is fetched from elsewhere. */
export default defineConfig({
  base: '/app/',
  resolve: {
    alias: {
      // The server's pure symbol renderer (ADR 0043): the designer's preview is drawn by the same code as the exports.
      '@symbols': fileURLToPath(new URL('../src/catalog/symbols', import.meta.url)),
      // The GS1 link types the service knows (pure data), for the GS1 page's link type picker.
      '@gs1': fileURLToPath(new URL('../src/catalog/gs1', import.meta.url)),
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  // A brotli and a gzip copy of each built text file, served as they are (ADR 0085).
  plugins: [precompressed()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    rollupOptions: {
      // TanStack Query marks its modules "use client" for server-component frameworks; meaningless here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/app/api': 'http://127.0.0.1:8080' } },
});
