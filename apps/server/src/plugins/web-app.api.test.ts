import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

/**
 * A build as Vite makes it, the text files also brotli- and gzip-compressed beside themselves;
 * each compressed file says which it is, so a test can tell it from compressing on the fly.
 */
function precompressedBuild() {
  const root = fakeBuild();
  for (const file of ['index.html', 'assets/index-AbCd1234.js']) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    fs.writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(`${source}\n<!-- .br -->`));
    fs.writeFileSync(path.join(root, `${file}.gz`), gzipSync(`${source}\n<!-- .gz -->`));
  }
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

  it('sends the build’s own brotli or gzip file to a browser that accepts it, and the plain file otherwise', async () => {
    const root = precompressedBuild();
    const { app } = await createTestApp({ deps: { webRoot: root } });
    const source = fs.readFileSync(path.join(root, 'assets/index-AbCd1234.js'), 'utf8');
    const asset = '/assets/index-AbCd1234.js';

    const br = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${source}\n<!-- .br -->`);

    const gzip = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${source}\n<!-- .gz -->`);

    const plain = await app.inject({ url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('sends index.html compressed at any client route, as a cold load asks for it', async () => {
    const { app } = await createTestApp({ deps: { webRoot: precompressedBuild() } });
    for (const url of ['/', '/shared/hr-services/leave/my-leaves']) {
      const response = await app.inject({ url, headers: { ...html, 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toMatch(
        /<title>Staff Portal<\/title>\n<!-- .br -->$/,
      );
    }
  });
});
