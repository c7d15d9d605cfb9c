// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'data/',
      'coverage/',
      'e2e/artifacts/',
      'bench/results/',
      'apps/server/src/db/migrations/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify handlers and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Imports flow one way (ARCHITECTURE.md): shared ← identity, server, web; features do not
  // import each other.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@staff-portal/*', '!@staff-portal/shared', '!@staff-portal/shared/*'],
          message: 'shared depends on nothing of ours',
        },
        { group: ['**/apps/**', '**/identity/**'], message: 'shared depends on nothing of ours' },
      ]),
    },
  },
  {
    files: ['packages/identity/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@staff-portal/server*', '@staff-portal/web*', '**/apps/**'],
          message: 'identity depends only on shared',
        },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@staff-portal/web*', '**/apps/web/**'], message: 'the server never imports the web app' },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@staff-portal/server*', '@staff-portal/identity*', '**/apps/server/**'],
          message: 'the web app talks to the server over HTTP only',
        },
      ]),
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@staff-portal/server*', '@staff-portal/identity*', '**/apps/server/**'],
          message: 'the web app talks to the server over HTTP only',
        },
        { group: ['**/features/**'], message: 'features do not import each other; compose them in app/routes' },
      ]),
    },
  },
  prettier,
);
