import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LONGEST_ALLOWED_CYCLE,
  moduleCycles,
  moduleGraph,
  type ModuleGraph,
} from '../scripts/module-graph.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const MODULES = fileURLToPath(new URL('../src/modules', import.meta.url));

/** Lints `code` as if it were a new file of the module `module` (the file need not exist). */
async function lintInModule(module: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO });
  const [result] = await eslint.lintText(code, {
    filePath: `${MODULES}/${module}/probe.ts`,
  });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module tiers', () => {
  it('lint refuses a module importing a higher tier', async () => {
    const messages = await lintInModule(
      'users',
      "import { userDetail } from '../admin-users/service.js';\nexport const probe = userDetail;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/Module tiers import downward only/)]);
  });

  it("lint refuses a module importing another module's repository", async () => {
    const messages = await lintInModule(
      'market',
      "import { ordersByIds } from '../orders/repository.js';\nexport const probe = ordersByIds;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/A module's tables are its own/)]);
  });

  it("lint refuses another module's repository by any relative path", async () => {
    for (const [module, specifier] of [
      ['market/sub', '../../orders/repository.js'],
      ['market', '../../modules/orders/repository.js'],
      ['market', '../bank-transfers/payout-batch-repository.js'],
    ]) {
      const messages = await lintInModule(
        module!,
        `import * as probe from '${specifier}';\nexport { probe };\n`,
      );
      expect(messages).toEqual([expect.stringMatching(/A module's tables are its own/)]);
    }
  });

  it('lint lets a file in a subfolder of a module read its own repository', async () => {
    const messages = await lintInModule(
      'orders/sub',
      "import { ordersByIds } from '../repository.js';\nexport const probe = ordersByIds;\n",
    );
    expect(messages).toEqual([]);
  });

  it('lint lets a module read a lower tier through its service, and its own repository', async () => {
    const messages = await lintInModule(
      'orders',
      "import { findUserById } from '../users/service.js';\nimport { ordersByIds } from './repository.js';\nexport const probe = [findUserById, ordersByIds];\n",
    );
    expect(messages).toEqual([]);
  });

  it(`has no import cycle between module folders longer than ${LONGEST_ALLOWED_CYCLE}`, () => {
    const tooLong = moduleCycles(moduleGraph(MODULES)).filter(
      (cycle) => cycle.length > LONGEST_ALLOWED_CYCLE,
    );
    expect(tooLong).toEqual([]);
  });

  it('finds cycles as strongly connected components', () => {
    const graph: ModuleGraph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set(['d'])],
      ['f', new Set(['a'])],
    ]);
    expect(moduleCycles(graph)).toEqual([
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
  });
});
