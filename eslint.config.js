import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'test-results/**', 'playwright-report/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify handlers are async by contract even when they compute synchronously.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Server modules use each other only through the other's module.ts (docs/architecture.md, 'A module'); the
    // platform knows modules only as the types of ModuleDeps. Tests reach inside on purpose and are exempt.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/server/src/**/*'],
      'boundaries/elements': [
        { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['area'] },
        { type: 'platform', pattern: 'apps/server/src/platform' },
        { type: 'process', pattern: 'apps/server/src/*', mode: 'file' },
        { type: 'process', pattern: 'apps/server/src/{cli,demo}' },
      ],
      'import/resolver': { node: { extensions: ['.ts'] } },
    },
    rules: {
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              target: ['module'],
              disallow: ['!(module.ts)'],
              message: 'Import another module only through its module.ts, never its other files',
            },
          ],
        },
      ],
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['platform'],
              disallow: ['module', 'process'],
              importKind: 'value',
              message: 'The platform must not depend on modules or on the process files (app.ts, server.ts, cli, demo) other than as types',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycle in the ETL: a roll-up imports the helpers, never the runner or another roll-up
    // (docs/decisions/071-how-the-etl-works.md). Scoped to modules/etl: over the whole server it made `npm run lint`
    // much slower.
    files: ['apps/server/src/modules/etl/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts'] } },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'react-hooks': reactHooks },
    settings: {
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'components', pattern: 'apps/web/src/components' },
        { type: 'lib', pattern: 'apps/web/src/lib' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; shared pieces live in components/, lib/ or packages/shared.
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'feature',
              disallow: [['feature', { feature: '!${from.feature}' }], 'app'],
              message: 'Features must not import other features or the app shell',
            },
            { from: ['components', 'lib'], disallow: ['feature', 'app'], message: 'Shared code must not import features or the app shell' },
          ],
        },
      ],
    },
  },
);
