import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { buildApp, type App, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { freshDatabase } from './databases';
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
const open: TestContext[] = [];

afterEach(async () => {
  const contexts = open.splice(0);
  await Promise.all(
    contexts.map(async ({ app, database }) => {
      await app.close();
      await database.close();
    }),
  );
});

/**
 * The app as the server builds it, on a fresh database of the test engine, with tokens signed
 * by a test key pair that the app's verifier trusts. Closed after each test.
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
  const database = await freshDatabase();
  const app = await buildApp(config, {
    database,
    ...(options.realIdentity ? {} : { tokenVerifier: testTokens.verifier }),
    webRoot: null,
    logger: false,
    ...options.deps,
  });
  const context = { app, database, config, tokens: testTokens };
  open.push(context);
  return context;
}
