import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { englishTexts } from './scripts/english-texts-plugin';
import { precompress } from './scripts/precompress-plugin';
import { pureSchemas } from './scripts/pure-schemas-plugin';
import { routePages } from './scripts/route-pages-plugin';

/**
 * React Router's package points every import at its development build (warnings, invariant
 * messages); its production build sits beside it. Builds take that one, from whichever copy of
 * the package this app resolves.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [pureSchemas(), englishTexts(), react(), routePages(), precompress()],
  resolve: {
    conditions: ['source'],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Source maps are made for the operators but not referenced from the scripts, and the server
    // does not serve them (I2).
    sourcemap: 'hidden',
    // The manifest lets `npm run size` follow what each route loads.
    manifest: true,
    rolldownOptions: {
      // The contracts build their schemas with `z.…` at the top level of each file. Such calls
      // only make objects, so a page that takes a constant from a file leaves its unused schemas
      // (and zod with them) out. Rolldown does not follow the calls chained on them nor the
      // fields' own, so `pureSchemas` marks each call of a declaration pure as well.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Everything the entry imports statically (React, the router, the store, i18n, the
        // shell) in one chunk: a first visit fetches it in one request, not a dozen small ones
        // over the browser's six connections.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
}));
