// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const workspace = (/** @type {string[]} */ ...names) => names.map((n) => `@exchange/${n}`);
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
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(
      workspace('engine', 'server'),
      'The web app talks to the server only through contracts.',
    ),
  },
  {
    files: ['apps/server/**'],
    rules: forbid(workspace('web'), 'The server never imports the web app.'),
  },
  {
    files: ['**/vitest.config.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
