// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

// One zone per feature folder: a feature may import nothing from another feature, however the
// path is written (the rule resolves each import to its file). Shared code (components, lib,
// hooks) may import no feature at all. Features are composed in app/routes.
const webSrc = './apps/web/src';
const features = fs
  .readdirSync(`${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = [
  ...features.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what both need to components/ or lib/, or compose them in app/routes.',
  })),
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`],
    from: `${webSrc}/features`,
    message: 'Shared code does not depend on a feature.',
  },
];

// One zone per server module: a module imports another only through that module's public file,
// `<module>.public.ts` (CONTRIBUTING.md §3.2), however the path is written.
const serverModules = './apps/server/src/modules';
const modules = fs
  .readdirSync(serverModules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleZones = modules.map((module) => ({
  target: `${serverModules}/${module}`,
  from: serverModules,
  except: [
    `./${module}`,
    ...modules.filter((other) => other !== module).map((other) => `./${other}/${other}.public.ts`),
  ],
  message: 'A module imports another only through its public file, <module>.public.ts: add what you need there.',
}));

// Outside the modules, the app that composes them registers each module's routes
// (`<module>*.routes.ts`) and may use what a module offers in its public file; the seed, plugins
// and test helpers likewise, so nothing but the module itself (and tests) depends on how it is
// built inside.
const serverSrc = './apps/server/src';
const outsideModules = fs
  .readdirSync(serverSrc, { withFileTypes: true })
  .filter((entry) => entry.name !== 'modules')
  .map((entry) => `${serverSrc}/${entry.name}`);
const compositionZone = {
  target: outsideModules,
  from: serverModules,
  except: modules.flatMap((module) => [
    `./${module}/${module}.public.ts`,
    ...fs
      .readdirSync(`${serverModules}/${module}`)
      .filter((name) => name.endsWith('.routes.ts'))
      .map((name) => `./${module}/${name}`),
  ]),
  message:
    "Outside the modules, code registers a module's routes or imports its public file, <module>.public.ts: add what you need there.",
};

// The namespaces whose texts come with their screens' code (apps/web/src/lib/i18n.ts).
const SCREEN_NAMESPACES =
  '/^(account|home|leave|leaveAdmin|staffMovement|accessControl|itAdmin|ir|irAdmin|teamSpace|posts)$/';

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
  // Imports flow one way: shared ← identity, server, web; in the web app, app → features →
  // components and lib, and features do not import each other (CONTRIBUTING.md).
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
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: moduleZones, basePath: import.meta.dirname }],
      // One import statement per file imported: what a module takes from another reads in one place.
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // A test file may check a module's queries directly (db/migrate.api.test.ts reads a
    // backfilled history); the helpers tests share may not.
    ignores: ['apps/server/src/modules/**', 'apps/server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [compositionZone], basePath: import.meta.dirname }],
    },
  },
  {
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'useFakeTimers',
          message:
            "Set the clock with test/clock.ts's setClock: it keeps PGlite databases that saw it from the next test.",
        },
      ],
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
        {
          group: ['react-router'],
          importNames: ['useSearchParams'],
          message: "Use lib/use-url-search-params's useUrlSearchParams: each change starts from the latest URL.",
        },
        {
          group: ['@mui/material/Select', '@mui/material/NativeSelect'],
          message: "A select is components/select-field's SelectField, or FormSelectField in a react-hook-form form.",
        },
        {
          group: ['@tanstack/react-query'],
          importNames: ['keepPreviousData'],
          message:
            "A list's query is lib/list-query's useListQuery: it keeps rows while loading, never after a failure.",
        },
      ]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones, basePath: import.meta.dirname }],
      // A screen's texts are added when its module in locales/ loads (apps/web/src/lib/i18n.ts):
      // naming the namespace through that module's export is what makes sure it has loaded.
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='useTranslation'] Literal",
          "Property[key.name='ns'] > Literal",
          "CallExpression[callee.property.name='getFixedT'] Literal",
        ].map((context) => ({
          selector: `${context}[value=${SCREEN_NAMESPACES}]`,
          message: "Name a screen's namespace by the export of its module in locales/ (e.g. leaveNs), not as a string.",
        })),
        {
          // One select for every list and form (CONTRIBUTING.md §3.3).
          selector: "JSXOpeningElement[name.name=/^(TextField|FormTextField)$/] > JSXAttribute[name.name='select']",
          message: "A select is components/select-field's SelectField, or FormSelectField in a react-hook-form form.",
        },
      ],
    },
  },
  prettier,
);
