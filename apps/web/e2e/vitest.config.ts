import { defineProject } from 'vitest/config';

/**
 * End-to-end in Debian's Chromium against the app started as the README starts it: built, then
 * `node apps/server/dist/server.js` on a free port with a fresh DATA_DIR (server.ts),
 * shared by the files (global-setup.ts) unless a file starts its own (serverForFile).
 */
export default defineProject({
  test: {
    name: 'web-e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    // After every other project has finished (the root config runs those two files at once).
    sequence: { groupOrder: 1 },
  },
});
