import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fromPglite } from '../../db/client';
import { freshDatabase } from '../../test/databases';
import { createTestApp } from '../../test/app';

describe('health', () => {
  it('/healthz answers while the process is up', async () => {
    const { app } = await createTestApp();
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready when the database answers and every migration is applied', async () => {
    const { app } = await createTestApp();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
  });

  it('/readyz answers 503 when the database is unreachable', async () => {
    const { config, tokens } = await createTestApp();
    const database = await freshDatabase();
    const app = await buildApp(config, { database, tokenVerifier: tokens.verifier, webRoot: null, logger: false });
    await database.close();
    const response = await app.inject('/readyz');
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not ready', database: 'unreachable', migrations: 'pending' });
  });

  it('/readyz answers 503 while migrations are pending', async () => {
    // Cognito mode: the embedded identity service would itself need the migrated tables.
    const { config, tokens } = await createTestApp({
      env: { IDENTITY_PROVIDER: 'cognito', AUTH_USER_POOL_ID: 'ap-southeast-1_Ab12Cd34E', AUTH_CLIENT_ID: 'abc123' },
    });
    const client = await PGlite.create();
    const app = await buildApp(config, {
      database: fromPglite(client),
      tokenVerifier: tokens.verifier,
      webRoot: null,
      logger: false,
    });
    const response = await app.inject('/readyz');
    await app.close();
    await client.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not ready', database: 'ok', migrations: 'pending' });
  });
});
