import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/** Workspace packages are read from source (the `source` export condition), never from dist. */
export function workspaceProject(name: string, extra: UserWorkspaceConfig = {}) {
  return defineProject({
    ...extra,
    resolve: { conditions: ['source'], ...extra.resolve },
    ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
    test: { name, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], ...extra.test },
  });
}
