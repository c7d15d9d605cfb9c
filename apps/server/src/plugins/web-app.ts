import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '@staff-portal/shared/errors';

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PREFIXES = ['/api/', '/identity/', '/healthz', '/readyz', '/config.json', '/metrics'];

// The build's compressed copy of an asset (`.br`, `.gz`) is as immutable as the asset itself.
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br|\.gz)?$/;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * any other GET that asks for HTML answered with index.html so the client router takes over.
 * Files go out as the build compressed them (`.br`, `.gz` beside each; decision record 0027)
 * when the browser accepts it, so no request pays for compressing them.
 * Without a build (API tests) unknown paths answer a JSON 404.
 */
export const webAppPlugin = fp<{ root: string | undefined }>(
  async (app: FastifyInstance, { root }) => {
    const hasBuild = root !== undefined && fs.existsSync(path.join(root, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: true,
        index: false,
        cacheControl: false,
        etag: true,
        preCompressed: true,
        setHeaders(reply, filePath) {
          reply.header(
            'Cache-Control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
      );
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        hasBuild &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
        !HASHED_ASSET.test(pathname) &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      const error = notFound(`No route for ${request.method} ${pathname}.`);
      return reply.status(error.status).send(error.toBody());
    });
  },
  { name: 'web-app' },
);
