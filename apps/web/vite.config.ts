import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createLogger, defineConfig } from 'vite';
import { englishTexts } from './scripts/english-texts-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { pureSchemas } from './scripts/pure-schemas-plugin.ts';
import { routePages } from './scripts/route-pages-plugin.ts';

/**
 * React Router's package points every import at its development build (warnings, invariant
 * messages); its production build sits beside it. Builds take that one, from whichever copy of
 * the package this app resolves.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Vite's logger, less one warning. A CSS module that `composes` a class from another file gets
 * that file's rules from postcss-modules, parsed without a source file; Vite then warns, once a
 * build, that it could not rewrite their `url()`s relative to it. The files composed from
 * (`components/ui/*.module.css`) have no `url()`, so there is nothing to rewrite.
 */
const logger = createLogger();
const warnOnce = logger.warnOnce.bind(logger);
logger.warnOnce = (message, options) => {
  if (!message.includes('did not pass the `from` option')) warnOnce(message, options);
};

export default defineConfig(({ command }) => ({
  customLogger: logger,
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
    // The shell is one chunk on purpose (below), 514 KB minified; `npm run size` holds each
    // route's budget in gzipped bytes (`scripts/route-size.ts`).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      onLog(level, log, handler) {
        // English catalogs are lazy in i18n's glob, the fallback in dev and tests; in the build
        // each comes with the code that uses it (`englishTexts`), so those of the shell's own
        // code are in the shell and cannot be split off. Nothing to act on.
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && /locales\/en\//.test(log.message)) return;
        handler(level, log);
      },
      // No `treeshake.manualPureFunctions` for zod's `z`: it matches a callee by its name in
      // every chunk, and the chart library's minified build names its canvas clearing `z`, which
      // it then dropped (a scrolled chart smeared its frames; `e2e/chart-axis.e2e.test.ts`).
      // `pureSchemas` marks the contracts' calls pure where they are made.
      output: {
        // Everything the entry imports statically (React, the router, the store, i18n, the
        // shell) in one chunk: a first visit fetches it in one request, not a dozen small ones
        // over the browser's six connections.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
}));
