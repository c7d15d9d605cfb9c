import { defineConfig } from 'vitest/config';

// Browser flows: each file starts the real built server on a free port, on its own copy of a data
// directory seeded once per run (src/global-setup.ts), and drives Debian's Chromium through
// playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['src/global-setup.ts'],
    // Limits that only end a hung test, the same for every flow: one that takes 20 s on a quiet
    // machine took 165 s on a slow one with the other lanes beside it (decision record 0104).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // expect.poll waits for a state as long as a user would see it come, not Vitest's 1 s.
    expect: { poll: { timeout: 30_000 } },
    // A flow spends most of its time waiting (on the server, the browser, the network), about half
    // a core on average: two files at a time, each with its own server and browser, keep both
    // cores busy. No test measures time (budgets are the bench's), so sharing the cores changes
    // how long they take, not what they find.
    maxWorkers: 2,
  },
});
