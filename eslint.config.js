// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const workspace = (/** @type {string[]} */ ...names) => names.map((n) => `@exchange/${n}`);
const WEB = './apps/web/src';
const webFeatures = fs.readdirSync(new URL('apps/web/src/features', import.meta.url));
const SERVER = './apps/server/src';
/** The server's layers, bottom first; each may import only the layers before it. */
const SERVER_LAYERS = [
  ['lib'],
  ['chain'],
  ['config'],
  ['db'],
  ['mail'],
  ['core'],
  ['modules', 'context.ts'],
  ['plugins'],
  ['feed'],
  ['demo'],
  ['cli', 'cluster', 'app.ts', 'build-context.ts', 'routes.ts', 'server.ts'],
];
/**
 * The server's modules in tiers, bottom first (docs/architecture.md, "Module tiers"): records and
 * shared pieces, then accounts and access, then money and markets, then consoles and aggregate
 * views. A module imports only its own tier and the tiers below; every module folder is in one.
 */
const MODULE_TIERS = [
  [
    'users',
    'api-key-store',
    'audit-trail',
    'challenges',
    'cooling-off',
    'withdrawal-pause',
    'otp',
    'reviews',
    'security-notices',
    'idempotency',
  ],
  [
    'kyc',
    'files',
    'login-history',
    'sessions',
    'passkeys',
    'two-factor',
    'auth',
    'api-keys',
    'anti-phishing',
  ],
  [
    'wallets',
    'orders',
    'deposits',
    'custody',
    'withdrawals',
    'market',
    'listings',
    'tax',
    'bank-accounts',
    'bank-transfers',
    'address-book',
  ],
  [
    'price-alerts',
    'portfolio',
    'aml',
    'admin-users',
    'profile',
    'admin',
    'audit',
    'proof-of-reserves',
    'ops',
    'health',
    'dev',
    'binance',
  ],
];
const MODULES = `${SERVER}/modules`;
const untiered = fs
  .readdirSync(new URL('apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !MODULE_TIERS.flat().includes(entry.name));
if (untiered.length > 0)
  throw new Error(
    `Put each module in MODULE_TIERS (eslint.config.js): ${untiered.map((e) => e.name)}`,
  );
/** Each entry of `tiers` may import only the entries before it (and itself). */
const downwardOnly = (
  /** @type {string[][]} */ tiers,
  /** @type {(name: string) => string} */ pathOf,
  /** @type {string} */ message,
) =>
  tiers.slice(0, -1).map((tier, i) => ({
    target: tier.map(pathOf),
    from: tiers.slice(i + 1).flatMap((above) => above.map(pathOf)),
    message,
  }));
const forbid = (
  /** @type {string[]} */ packages,
  /** @type {string} */ why,
  /** @type {{ group: string[], message: string }[]} */ more = [],
) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...more,
        { group: packages, message: why },
        {
          group: ['**/packages/*', '**/apps/*', '../../*/src/*'],
          message: 'Import workspace packages by name.',
        },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-relative-packages': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // Imports go one way: web -> contracts; server -> contracts, engine; engine -> nothing.
  {
    files: ['packages/engine/src/**'],
    rules: {
      ...forbid(
        [...workspace('contracts', 'server', 'web'), 'node:*', 'fs', 'path', 'crypto', 'os'],
        'The engine is pure: no IO and no imports from other packages.',
      ),
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'No clock in the engine: time comes in on the command.' },
        { name: 'performance', message: 'No clock in the engine.' },
        { name: 'process', message: 'No IO in the engine.' },
        { name: 'setTimeout', message: 'No timers in the engine.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'No randomness in the engine.' },
      ],
    },
  },
  {
    files: ['packages/contracts/**'],
    rules: forbid(
      workspace('engine', 'server', 'web'),
      'Contracts are the bottom layer of the app.',
    ),
  },
  {
    files: ['packages/test-chain/**'],
    rules: forbid(
      workspace('contracts', 'engine', 'server', 'web'),
      'The test chain knows nothing of the exchange: tests bring what they list on it.',
    ),
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(
      workspace('engine', 'server'),
      'The web app talks to the server only through contracts.',
    ),
  },
  // Web layout (bulletproof-react): shared -> features -> app, and features never import each other.
  {
    files: ['apps/web/src/**'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['apps/web/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are paths from this file's folder, whatever the working directory.
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'Features never import each other; compose them in app/.',
            })),
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'Features never import the app layer.',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/config`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'Shared code never imports features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**'],
    rules: forbid(workspace('web'), 'The server never imports the web app.'),
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: forbid(workspace('web'), 'The server never imports the web app.'),
  },
  // Server layers, bottom to top (docs/architecture.md): a layer imports only layers below it;
  // inside modules/, a tier imports only its own and lower tiers.
  {
    files: ['apps/server/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are paths from this file's folder, whatever the working directory.
          basePath: import.meta.dirname,
          zones: [
            ...downwardOnly(
              SERVER_LAYERS,
              (path) => `${SERVER}/${path}`,
              `Server layers import downward only: ${SERVER_LAYERS.map((l) => l.join(' + ')).join(' <- ')}.`,
            ),
            ...downwardOnly(
              MODULE_TIERS,
              (name) => `${MODULES}/${name}`,
              `Module tiers import downward only: ${MODULE_TIERS.map((t) => t.join(', ')).join(' <- ')}.`,
            ),
            // By resolved path, so every relative spelling (`../x/`, `../../modules/x/`) is caught.
            ...MODULE_TIERS.flat().map((name, _, all) => ({
              target: all.filter((other) => other !== name).map((other) => `${MODULES}/${other}`),
              from: `${MODULES}/${name}/**/*repository.ts`,
              message:
                "A module's tables are its own: read another module through its service.ts (test/table-owners.test.ts holds the tables).",
            })),
          ],
        },
      ],
    },
  },
  // Functions fit on a screen (issue 48): on in every source folder with none over 100 lines.
  // A folder leaves `ignores` once its last long function is split.
  {
    files: [
      'packages/*/src/**/*.{ts,tsx}',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/server/src/**/*.ts',
    ],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/src/db/migrations/**',
      ...[
        'admin-markets',
        'admin-reviews',
        'api-keys',
        'auth',
        'chart',
        'notifications',
        'rupees',
        'wallets',
      ].map((f) => `apps/web/src/features/${f}/**`),
      ...['admin-users', 'auth', 'bank-transfers', 'binance', 'orders', 'portfolio', 'tax'].map(
        (m) => `apps/server/src/modules/${m}/**`,
      ),
      ...['app.ts', 'cluster/**', 'config/**', 'core/**', 'feed/**', 'mail/**'].map(
        (f) => `apps/server/src/${f}`,
      ),
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/vitest.config.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'apps/*/scripts/**', '**/bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
