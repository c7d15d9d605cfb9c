import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

// One run covers every workspace. API tests (`*.api.test.ts`) run on PGlite always and, when
// TEST_DATABASE_URL names a PostgreSQL server, a second time on PostgreSQL.

// Limits only end a test that would otherwise hang: a test waits for the state it needs, never
// for the clock, and a machine running other work beside the suite may take several times as long
// as a quiet one (CONTRIBUTING.md §5). Hence 60 s for a test or a hook, and 30 s for expect.poll
// (Vitest's own is 1 s).
const limits = { testTimeout: 60_000, hookTimeout: 60_000, expect: { poll: { timeout: 30_000 } } };

// Server test files share their worker's modules (isolate: false): importing the app, Fastify, the
// AWS SDK and the identity service again for every file cost about 1.5 s of CPU each, over 240
// files a run. What a file must clean up is registered in test/setup.ts, which runs for every
// file; stubbed variables and globals are put back before each test (decision record 0085).
const server = {
  ...limits,
  // Backups, restores and 10,000-row imports take 20 s on a quiet machine, and over 150 s on a slow
  // one with the other lanes beside them: one limit far above that for every test (record 0104).
  testTimeout: 600_000,
  hookTimeout: 600_000,
  setupFiles: ['apps/server/src/test/setup.ts'],
  isolate: false,
  unstubEnvs: true,
  unstubGlobals: true,
};

const projects: TestProjectConfiguration[] = [
  { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', ...limits } },
  { test: { name: 'identity', include: ['packages/identity/src/**/*.test.ts'], environment: 'node', ...limits } },
  {
    test: {
      name: 'server',
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node',
      env: { TEST_ENGINE: 'pglite' },
      globalSetup: ['apps/server/src/test/pglite-global-setup.ts'],
      ...server,
    },
  },
  {
    extends: './apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      ...limits,
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-postgres',
      include: ['apps/server/src/**/*.api.test.ts'],
      environment: 'node',
      env: { TEST_ENGINE: 'postgres' },
      globalSetup: ['apps/server/src/test/postgres-global-setup.ts'],
      ...server,
    },
  });
}

// One test file per core at a time. Vitest's default leaves one core to itself (2 cores: one file
// at a time), but its own process does little while the workers run, and API tests on PostgreSQL
// wait on the database's process. More workers than cores did not shorten `.ci/run`: the lanes
// keep both cores busy (decision record 0103).
export default defineConfig({ test: { projects, maxWorkers: '100%' } });
