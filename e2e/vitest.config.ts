import { defineConfig } from 'vitest/config';

// Browser flows: each file starts the real built server on a free port with a fresh data
// directory and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one browser and one server at a time keep timings honest.
    fileParallelism: false,
  },
});
