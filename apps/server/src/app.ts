import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { localKeySet } from '@staff-portal/identity/keys';
import { createIdentityService, type IdentityService } from '@staff-portal/identity/service';
import { cachedTokenVerifier, type CachedTokenVerifier } from './auth/token-cache';
import { createTokenCutoffs } from './auth/token-cutoffs';
import { listenForTokenNotices, type TokenNotices } from './auth/token-notices';
import { createJwksTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import { identityConfigOf } from './identity/identity-config';
import { mailSenderOf } from './identity/smtp';
import type { Config } from './config';
import type { Database } from './db/client';
import { openOwnDatabase, secureOwnDataDir } from './db/own-database';
import { accessControlBulkRoutes } from './modules/access-control/access-control-bulk.routes';
import { accessControlRoutes } from './modules/access-control/access-control.routes';
import { cognitoIdentityAdmin, embeddedIdentityAdmin } from './identity/identity-admin';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { irRoutes } from './modules/ir/ir.routes';
import { irAdminRoutes } from './modules/ir-admin/ir-admin.routes';
import { itAdminRoutes } from './modules/it-admin/it-admin.routes';
import { leaveApprovalRoutes } from './modules/leave/leave-approvals.routes';
import { leaveRoutes } from './modules/leave/leave.routes';
import { leaveAdminRoutes } from './modules/leave-admin/leave-admin.routes';
import { logRoutes } from './modules/log/log.routes';
import { meRoutes } from './modules/me/me.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { staffMovementRoutes } from './modules/staff-movement/staff-movement.routes';
import { identityAccountsOver } from './modules/staff-records/staff-records.public';
import { staffRecordRoutes } from './modules/staff-records/staff-records.routes';
import { runtimeConfigRoutes } from './modules/runtime-config/runtime-config.routes';
import { teamRoutes } from './modules/team/team.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { loggerOptions } from './plugins/log-redaction';
import { metricsPlugin } from './plugins/metrics';
import { nulTextPlugin } from './plugins/nul-text';
import { outboxSweepPlugin } from './plugins/outbox-sweep';
import { apiRateLimits, identityRateLimits } from './plugins/rate-limit';
import { readCachePlugin } from './plugins/read-cache';
import { requestIdFor } from './plugins/request-id';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Text, JSON, XML and scripts. Not `application/octet-stream` (the plugin's default includes it):
 * an attachment of unknown type is binary. Not the identity endpoint's `x-amz-json-1.1` either:
 * its answers are a few kilobytes at most, and its clients (Amplify, the AWS SDK) keep getting
 * them exactly as before.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript(?:;|$)/u;

export interface AppDeps {
  /** An open, migrated database. Without it the app opens and migrates the configured one, and closes it. */
  database?: Database;
  /** How bearer tokens are checked. Without it: the configured identity provider's JWKS. */
  tokenVerifier?: TokenVerifier;
  /** The built web app; `null` serves none. */
  webRoot?: string | null;
  /**
   * Leaves the web app to the caller, who registers `webAppPlugin` before listening once the
   * build is there: `npm start` on a fresh clone builds it while the server migrates and seeds
   * (decision record 0081).
   */
  webAppLater?: boolean;
  /** Pino logger options (over the configured level and the redacting serializers); tests pass `false`. */
  logger?: boolean | object;
  /** How often e-mail due to be sent again is looked for (with SMTP); a minute unless a test says. */
  outboxSweepIntervalMs?: number;
  /**
   * How often this replica reads the token cutoffs other replicas wrote while it hears no notices
   * of them (20 s unless a test says).
   */
  tokenCutoffRefreshMs?: number;
  /**
   * How long a token verified once is taken on trust before it is verified again while this
   * replica hears no notices of changes (30 s unless a test says).
   */
  tokenRecheckMs?: number;
  /**
   * `false`: this replica does not listen for the database's notices of token changes, as while
   * its channel is down, so that only the time bounds above apply (decision record 0074).
   */
  tokenNotices?: boolean;
  /** How often the publish e-mails of scheduled posts that fell due are looked for; a minute unless a test says. */
  postMailIntervalMs?: number;
}

export type App = FastifyInstance & {
  database: Database;
  /** The embedded identity service; undefined in Cognito mode. */
  identity: IdentityService | undefined;
};

async function defaultVerifier(
  config: Config,
  identity: IdentityService | undefined,
  recheckMs: number | undefined,
  listening: () => boolean,
): Promise<CachedTokenVerifier> {
  if (identity) {
    // Tokens seen before are taken on trust until a change to their user is heard of (through
    // this replica at once, through another as its notice arrives), or for up to 30 s while no
    // notices are heard; then verified again against their session and user (decision records
    // 0058, 0073 and 0074).
    const verifier = cachedTokenVerifier(
      createJwksTokenVerifier({
        issuer: identity.issuer,
        clientId: config.identity.clientId,
        // The service's current keys, so a rotation reaches this verifier too (decision record 0056).
        keys: async (header, token) => localKeySet(await identity.currentJwks())(header, token),
        currentClaims: (claims) => identity.currentClaims(claims),
      }),
      { recheckMs, listening, keysVersion: () => identity.currentJwks() },
    );
    identity.onUserChanged((userId) => verifier.forget(userId));
    return verifier;
  }
  // Loaded only in Cognito mode: the embedded default never needs AWS's verifier.
  const { createCognitoTokenVerifier } = await import('./auth/cognito-token-verifier');
  return cachedTokenVerifier(
    createCognitoTokenVerifier({
      endpoint: config.identity.endpoint,
      userPoolId: config.identity.userPoolId,
      clientId: config.identity.clientId,
    }),
    { recheckMs, listening },
  );
}

/** Builds the whole server: plugins and modules. It never listens; `server.ts` does. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logger),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  await secureOwnDataDir(app, config);
  // Tests hand in a database of their own; a server opens (and later closes) the configured one.
  const database = deps.database ?? (await openOwnDatabase(app, config));
  app.decorate('database', database);

  const sendEmail = await mailSenderOf(config);
  const identity =
    config.identity.provider === 'embedded'
      ? await createIdentityService({
          db: database.db,
          config: identityConfigOf(config, sendEmail),
          log: app.log,
        })
      : undefined;
  app.decorate('identity', identity);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(nulTextPlugin);
  await app.register(securityPlugin, { config });
  // `/metrics` with METRICS_TOKEN (decision record 0050); before every route, so its hooks time them all.
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    database,
    identityPath: identity ? '/identity' : undefined,
  });
  // Answers over a kilobyte go out brotli- or gzip-compressed when the client accepts it
  // (decision record 0027). Registered before every route, as it adds itself to each route as it
  // is declared; its onSend runs after the read cache's, which so keeps and replays plain JSON.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    // Request bodies are never sent compressed to this API: no decompression to guard.
    globalDecompression: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Staff Portal API', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearerIdToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The identity service id token',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles at run time, and plain-http installs must not be upgraded.
    transformStaticCSP: (header) => {
      const withStyles = header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
      return config.publicUrl.startsWith('https://')
        ? withStyles
        : withStyles.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
  // Every replica hears at once of each change a token depends on, from the database's notices;
  // while it does not, what it remembers is bounded in time as before (decision record 0074).
  let notices: TokenNotices | undefined;
  const listening = () => notices?.listening() ?? false;
  const tokenCutoffs = createTokenCutoffs(database.db, {
    refreshMs: deps.tokenCutoffRefreshMs,
    listening,
    onError: (error) => app.log.warn({ err: error }, 'token cutoffs not read; tried again shortly'),
  });
  // Not ready without its migrations (/readyz says so); the periodic read catches up then.
  await tokenCutoffs
    .refresh()
    .catch((error: unknown) => app.log.warn({ err: error }, 'token cutoffs not read at start'));
  app.addHook('onClose', async () => tokenCutoffs.close());
  const cachedVerifier = deps.tokenVerifier
    ? undefined
    : await defaultVerifier(config, identity, deps.tokenRecheckMs, listening);
  if (deps.tokenNotices !== false) {
    notices = await listenForTokenNotices(
      database,
      {
        userChanged: (userId) => cachedVerifier?.forget(userId),
        cutoff: (userId, notBefore) => tokenCutoffs.apply(userId, notBefore),
        resync: async () => {
          await tokenCutoffs.refresh();
          cachedVerifier?.forget();
        },
      },
      app.log,
    );
    app.addHook('onClose', async () => notices?.close());
  }
  await app.register(authPlugin, {
    verifier: deps.tokenVerifier ?? cachedVerifier!,
    passwordExpiryMonths: config.passwordExpiryMonths,
    superAdminUserId: config.superAdminUserId,
    tokenCutoffs,
  });

  await app.register(apiRateLimits, { db: database.db, limits: config.rateLimits });
  // Before every route, so its request decoration and hooks are there for all of them.
  await app.register(readCachePlugin, { database, timeZone: config.organisation.timeZone });
  await app.register(healthRoutes, { database });
  await app.register(runtimeConfigRoutes, { config });
  await app.register(logRoutes, { database, identity, prefix: '/api' });
  await app.register(meRoutes, { config, database, prefix: '/api' });
  const leaveOptions = {
    database,
    timeZone: config.organisation.timeZone,
    publicUrl: config.publicUrl,
    sendEmail,
    prefix: '/api',
  };
  // The identity provider's admin API through the AWS SDK, in both modes (decision record 0037).
  const identityAdmin = identity
    ? embeddedIdentityAdmin(app, {
        region: config.identity.region,
        userPoolId: config.identity.userPoolId,
        credentials: identity.context.config.adminCredentials,
      })
    : cognitoIdentityAdmin({
        region: config.identity.region,
        userPoolId: config.identity.userPoolId,
        endpoint: config.identity.userPoolEndpoint,
      });
  await app.register(staffRecordRoutes, {
    database,
    identityAccounts: identityAccountsOver(identityAdmin),
    prefix: '/api',
  });
  await app.register(accessControlRoutes, {
    db: database.db,
    identityAdmin,
    // In embedded mode the identity service itself makes its changes reach the tokens already
    // issued, whichever door they came through (docs/product/identity.md §7); Cognito tells the
    // portal nothing, so there the access-control page cuts the tokens of what it changes.
    cutoffs: identity ? undefined : tokenCutoffs,
    superAdminUserId: config.superAdminUserId,
    accountsInDatabase: identity !== undefined,
    prefix: '/api',
  });
  await app.register(accessControlBulkRoutes, {
    identityAdmin,
    superAdminUserId: config.superAdminUserId,
    prefix: '/api',
  });
  await app.register(itAdminRoutes, {
    database,
    identityAdmin,
    timeZone: config.organisation.timeZone,
    identityMode: identity ? 'embedded' : 'cognito',
    userPoolId: config.identity.userPoolId,
    sendEmail,
    prefix: '/api',
  });
  await app.register(irRoutes, {
    database,
    identityAdmin,
    timeZone: config.organisation.timeZone,
    publicUrl: config.publicUrl,
    sendEmail,
    prefix: '/api',
  });
  await app.register(irAdminRoutes, {
    database,
    identityAdmin,
    timeZone: config.organisation.timeZone,
    importBatch: config.irImportBatch,
    prefix: '/api',
  });
  await app.register(postsRoutes, {
    database,
    identityAdmin,
    orgDepartment: config.organisation.department,
    publicUrl: config.publicUrl,
    sendEmail,
    mailIntervalMs: deps.postMailIntervalMs,
    prefix: '/api',
  });
  await app.register(leaveRoutes, leaveOptions);
  await app.register(leaveApprovalRoutes, leaveOptions);
  await app.register(leaveAdminRoutes, leaveOptions);
  await app.register(homeRoutes, leaveOptions);
  await app.register(staffMovementRoutes, {
    database,
    timeZone: config.organisation.timeZone,
    publicUrl: config.publicUrl,
    prefix: '/api',
  });
  await app.register(teamRoutes, {
    database,
    timeZone: config.organisation.timeZone,
    identityAdmin,
    orgDepartment: config.organisation.department,
    prefix: '/api',
  });
  if (identity) {
    await app.register(
      async (scope) => {
        identityRateLimits(scope, config.rateLimits);
        await identity.routes(scope);
      },
      { prefix: '/identity' },
    );
  }
  await app.register(outboxSweepPlugin, { db: database.db, sendEmail, intervalMs: deps.outboxSweepIntervalMs });

  if (deps.webAppLater !== true) {
    await app.register(webAppPlugin, { root: deps.webRoot === null ? undefined : (deps.webRoot ?? defaultWebRoot) });
  }

  return app as unknown as App;
}
