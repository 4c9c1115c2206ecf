import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The web end-to-end tests are their own project: they build and start the app.
    projects: ['packages/*', 'apps/*', 'apps/web/e2e'],
  },
});
