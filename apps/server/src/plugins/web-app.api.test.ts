import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

function fakeBuild() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Staff Portal</title>');
  fs.writeFileSync(path.join(root, 'assets', 'index-AbCd1234.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe('serving the web app', () => {
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves index.html, revalidated, at / and at any client route', async () => {
    const { app } = await createTestApp({ deps: { webRoot: fakeBuild() } });
    for (const url of ['/', '/shared/hr-services/leave', '/no/such/page']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Staff Portal</title>');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const { app } = await createTestApp({ deps: { webRoot: fakeBuild() } });
    const asset = await app.inject('/assets/index-AbCd1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await app.inject('/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset or API path with a JSON 404, never the page', async () => {
    const { app } = await createTestApp({ deps: { webRoot: fakeBuild() } });
    for (const url of ['/assets/index-Zz99Zz99.js', '/api/nothing', '/identity/nothing']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
