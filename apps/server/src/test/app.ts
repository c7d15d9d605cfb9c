import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { leaseDatabase } from './databases';
import { createTestTokens, type TestTokens } from './tokens';

/** Listens on a free loopback port, for clients that speak HTTP (Amplify, the AWS SDK). */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  tokens: TestTokens;
}

let tokens: Promise<TestTokens> | undefined;
const openApps: App[] = [];
const leased: Database[] = [];

/**
 * Closes the apps this test made, then gives back the databases they leased: an app still
 * closing may write. After each test (test/setup.ts).
 */
export async function closeTestApps(): Promise<void> {
  await Promise.all(openApps.splice(0).map((app) => app.close()));
  await Promise.all(leased.splice(0).map((database) => database.close()));
}

/**
 * The app as the server builds it, on an empty migrated database of the test engine (reused
 * by the worker once emptied: `leaseDatabase`) or on `deps.database` (a second server on
 * another's database; the caller's to close), with tokens signed by a test key pair that the
 * app's verifier trusts. Closed after each test.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /** Verify tokens with the embedded identity service, as production does, not the test key pair. */
    realIdentity?: boolean;
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', ...options.env });
  tokens ??= createTestTokens();
  const testTokens = await tokens;
  const database = options.deps?.database ?? (await leaseDatabase());
  if (!options.deps?.database) leased.push(database);
  const app = await buildApp(config, {
    database,
    ...(options.realIdentity ? {} : { tokenVerifier: testTokens.verifier }),
    webRoot: null,
    logger: false,
    ...options.deps,
  });
  openApps.push(app);
  return { app, database, config, tokens: testTokens };
}
