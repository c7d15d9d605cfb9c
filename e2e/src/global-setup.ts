import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedDataDir } from './harness';

declare module 'vitest' {
  interface ProvidedContext {
    /** The demo organisation's data directory, seeded once per run; each test file's server starts on a copy. */
    seededDataDir: string;
  }
}

/** Seeds the demo organisation once for the whole run of browser tests (harness.ts, `seedDataDir`). */
export default async function setup(project: TestProject) {
  const dir = await seedDataDir();
  project.provide('seededDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
