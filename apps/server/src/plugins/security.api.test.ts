import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries<string[]>(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('sends a strict CSP that lets the app reach only itself and its identity endpoint', async () => {
    const { app } = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.org' } });
    const response = await app.inject('/config.json');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['img-src']).toContain('data:');
    expect(csp['connect-src']).toEqual(["'self'", 'https://portal.example.org']);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('sends the same headers on refusals and unknown paths', async () => {
    const { app } = await createTestApp();
    for (const url of ['/api/me', '/no/such/page.js']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(directives(response.headers['content-security-policy'])['default-src'], url).toEqual(["'self'"]);
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('lets the app reach Cognito and separately hosted APIs when so configured', async () => {
    const { app } = await createTestApp({
      env: {
        IDENTITY_PROVIDER: 'cognito',
        AUTH_USER_POOL_ID: 'ap-southeast-1_Ab12Cd34E',
        AUTH_CLIENT_ID: 'abc123',
        IR_API_URL: 'https://ir.example.org/api',
      },
    });
    const csp = directives((await app.inject('/healthz')).headers['content-security-policy']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://cognito-idp.ap-southeast-1.amazonaws.com',
      'https://ir.example.org',
    ]);
  });

  it('lets Swagger UI style itself without upgrading a plain-http install', async () => {
    const { app } = await createTestApp();
    const csp = directives((await app.inject('/api/docs/static/index.html')).headers['content-security-policy']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const { app } = await createTestApp();
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, { post?: { requestBody?: unknown } }> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/log/']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/readyz']).toBeDefined();
  });
});
