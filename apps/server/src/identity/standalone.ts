// The embedded identity service on its own, without the portal's API or web app: for a
// deployment that runs identity apart (or a client team that only needs a Cognito-compatible
// pool). Same configuration, database and migrations as the server.
// Run: npm run start:identity (PORT, DATA_DIR, DATABASE_URL, PUBLIC_URL... as for the server).
import Fastify from 'fastify';
import { createIdentityService } from '@staff-portal/identity/service';
import { loadConfigOrExit, type Config } from '../config';
import type { Database } from '../db/client';
import { openOwnDatabase, secureOwnDataDir } from '../db/own-database';
import { loggerOptions } from '../plugins/log-redaction';
import { outboxSweepPlugin } from '../plugins/outbox-sweep';
import { identityRateLimits, registerRateLimitStore } from '../plugins/rate-limit';
import { identityConfigOf } from './identity-config';
import { mailSenderOf } from './smtp';

/**
 * The identity service's server. With `database` (tests) it uses that one; otherwise it opens the
 * configured one as the portal's server does: migrated, the embedded one's directory claimed
 * through its admin socket (so `npm run backup` works on it and no second process opens it), and
 * closed with the app.
 */
export async function buildIdentityServer(
  config: Config,
  options: { database?: Database; logger?: boolean | object } = {},
) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logger),
    routerOptions: { ignoreTrailingSlash: true },
    // The rate limits count per client address: behind a load balancer, the forwarded one.
    trustProxy: config.trustProxy,
  });
  await secureOwnDataDir(app, config);
  const database = options.database ?? (await openOwnDatabase(app, config));
  const sendEmail = await mailSenderOf(config);
  const identity = await createIdentityService({
    db: database.db,
    // Its own address is not where people sign in: invitations leave the address out.
    config: { ...identityConfigOf(config, sendEmail), signInUrl: undefined },
    log: app.log,
  });
  await registerRateLimitStore(app, database.db);
  await app.register(
    async (scope) => {
      identityRateLimits(scope, config.rateLimits);
      await identity.routes(scope);
    },
    { prefix: '/identity' },
  );
  await app.register(outboxSweepPlugin, { db: database.db, sendEmail });
  app.get('/healthz', async () => ({ status: 'ok' }));
  return { app, identity };
}

async function main() {
  const config = loadConfigOrExit();
  const { app, identity } = await buildIdentityServer(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`Identity service is ready at ${config.publicUrl}/identity (issuer ${identity.issuer})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
