import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The web end-to-end tests are their own project: they build and start the app.
    projects: ['packages/*', 'apps/*', 'apps/web/e2e'],
    // Two files at once (Vitest's default on 2 cores is one): server tests wait on PostgreSQL and
    // each other's processes as much as they compute. The end-to-end files run after the rest,
    // one at a time (their project's `sequence.groupOrder` and `fileParallelism`), with the
    // machine to themselves: a browser and a server each.
    maxWorkers: 2,
  },
});
