import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

function originOf(url: string): string | undefined {
  return url.startsWith('/') ? undefined : new URL(url).origin;
}

/**
 * The Content Security Policy the web app and the Authenticator run under: scripts only from
 * this origin; styles inline as well, because MUI/Emotion inject them at run time; images also
 * as data: URLs (the TOTP QR code); connections only to this server, the identity endpoint and
 * the configured API bases.
 */
export function contentSecurityPolicy(config: Config) {
  const connect = new Set<string>(["'self'"]);
  // Amazon's Cognito endpoint for the region, AUTH_ENDPOINT, or the embedded service's.
  connect.add(new URL(config.identity.endpoint).origin);
  for (const url of Object.values(config.api)) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [...connect],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** `/api` answers depend on the caller (or say they are refused): no browser or proxy may keep them. */
const callerDependent = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    // Helmet's middleware, built once: its headers depend only on the configuration. (The Fastify
    // wrapper builds it again for every request, parsing the policy each time: about 13 µs, a
    // tenth of what a whole /healthz answer costs.) Swagger UI sets its own policy on its pages.
    const securityHeaders = helmet({
      contentSecurityPolicy: contentSecurityPolicy(config),
      crossOriginEmbedderPolicy: false,
      hsts: config.publicUrl.startsWith('https://'),
    });
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet passes nothing but an Error to its callback (a policy directive that failed).
      securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    // Every answer, the read cache's replays and error answers included; a route that says how
    // its answer may be kept (a download, the iCal feed) keeps its own header.
    app.addHook('onSend', async (request, reply) => {
      if (callerDependent(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);
