import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from './app';
import { createUser, PASSWORD, TARGET_PREFIX } from './identity/identity-test-kit';
import { authHeader, call, seedLeaveFixture } from './test/leave-fixture';
import { createTestApp } from './test/app';

const BROWSER = 'gzip, deflate, br, zstd';

describe('compressed answers', () => {
  it('sends a large JSON answer brotli-compressed to a browser, gzip to a gzip-only client, and plain otherwise', async () => {
    const { app } = await createTestApp();
    const plain = await app.inject({ url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(50_000);

    const br = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': BROWSER } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends answers under the threshold as they are', async () => {
    const { app } = await createTestApp();
    for (const url of ['/healthz', '/config.json']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.length, url).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('compresses answers the read cache replays, and the cache keeps them plain', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const compressed = async () => {
      const response = await ctx.app.inject({
        url: '/api/leave/types',
        headers: { ...(await authHeader(ctx, 'hr')), 'accept-encoding': BROWSER },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      return brotliDecompressSync(response.rawPayload).toString();
    };
    const plain = await call(ctx, 'hr', 'GET', '/api/leave/types');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    // Kept by the first call, replayed by the next ones, compressed or not as each caller asks.
    expect(await compressed()).toBe(plain.body);
    expect(await compressed()).toBe(plain.body);
    expect((await call(ctx, 'hr', 'GET', '/api/leave/types')).body).toBe(plain.body);
  });

  it('sends the identity endpoint’s answers plain, tokens and all', async () => {
    const { app } = await createTestApp({ realIdentity: true });
    const email = 'compress@example.org';
    await createUser(app, email);
    const response = await app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `${TARGET_PREFIX}InitiateAuth`,
        'accept-encoding': BROWSER,
      },
      payload: JSON.stringify({
        ClientId: app.identity!.context.config.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('AuthenticationResult.IdToken');
  });
});
