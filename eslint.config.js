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
  ['cli', 'app.ts', 'build-context.ts', 'routes.ts', 'server.ts'],
];
const forbid = (/** @type {string[]} */ packages, /** @type {string} */ why) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
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
  // Server layers, bottom to top (docs/architecture.md): a layer imports only layers below it.
  {
    files: ['apps/server/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: SERVER_LAYERS.slice(0, -1).map((layer, i) => ({
            target: layer.map((path) => `${SERVER}/${path}`),
            from: SERVER_LAYERS.slice(i + 1).flatMap((above) =>
              above.map((path) => `${SERVER}/${path}`),
            ),
            message: `Server layers import downward only: ${SERVER_LAYERS.map((l) => l.join(' + ')).join(' <- ')}.`,
          })),
        },
      ],
    },
  },
  {
    files: ['**/vitest.config.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'apps/web/scripts/**', '**/bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
