import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { REPO, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Builds everything (`npm run build`) and starts the server the e2e files share (no chain
 * endpoint: they claim deposits with made-up hashes); stops it afterwards.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0)
      throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
