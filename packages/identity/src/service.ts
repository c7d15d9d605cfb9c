import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { fieldName, findBadText } from '@staff-portal/shared/text';
import * as account from './account';
import * as admin from './admin';
import * as devices from './devices';
import {
  associateSoftwareToken,
  getTokensFromRefreshToken,
  initiateAuth,
  respondToAuthChallenge,
  verifySoftwareToken,
} from './auth-flows';
import { setUserMfaPreference } from './mfa';
import { defaultIdentitySettings, issuerOf, type IdentityConfig, type IdentityHostSettings } from './config';
import type { IdentityContext, SignInRefused } from './context';
import type { IdentityDb } from './db';
import { CognitoError, invalidParameter } from './errors';
import { JWKS_MAX_AGE_SECONDS, openKeyring, type Jwks } from './keys';
import { createSealer } from './seal';
import { currentClaims } from './sessions';
import { srpOnThisThread, srpWorkerThreads } from './srp-threads';
import { verifySigV4 } from './sigv4';

type Body = Record<string, unknown>;
type Operation = (ctx: IdentityContext, body: Body) => Promise<object>;

/**
 * Operations any client may call (token-authorized ones check their AccessToken themselves).
 * Maps, not plain objects: an X-Amz-Target of `toString` or `__proto__` must find nothing.
 */
const publicOperations = new Map<string, Operation>(
  Object.entries({
    InitiateAuth: initiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    RevokeToken: account.revokeToken,
    GlobalSignOut: account.globalSignOut,
    GetUser: account.getUser,
    ChangePassword: account.changePassword,
    ForgotPassword: account.forgotPassword,
    ConfirmForgotPassword: account.confirmForgotPassword,
    SignUp: account.signUp,
    ConfirmSignUp: account.confirmSignUp,
    ResendConfirmationCode: account.resendConfirmationCode,
    UpdateUserAttributes: account.updateUserAttributes,
    DeleteUserAttributes: account.deleteUserAttributes,
    GetUserAttributeVerificationCode: account.getUserAttributeVerificationCode,
    VerifyUserAttribute: account.verifyUserAttribute,
    DeleteUser: account.deleteUser,
    AssociateSoftwareToken: associateSoftwareToken,
    VerifySoftwareToken: verifySoftwareToken,
    SetUserMFAPreference: setUserMfaPreference,
    ConfirmDevice: devices.confirmDevice,
    UpdateDeviceStatus: devices.updateDeviceStatus,
    ForgetDevice: devices.forgetDevice,
    ListDevices: devices.listDevices,
  }),
);

/** IAM-authorized operations: the request must carry a SigV4 signature by the admin key pair. */
const adminOperations = new Map<string, Operation>(
  Object.entries({
    AdminCreateUser: admin.adminCreateUser,
    AdminGetUser: admin.adminGetUser,
    AdminSetUserPassword: admin.adminSetUserPassword,
    AdminResetUserPassword: admin.adminResetUserPassword,
    AdminDisableUser: admin.adminDisableUser,
    AdminEnableUser: admin.adminEnableUser,
    AdminDeleteUser: admin.adminDeleteUser,
    AdminUpdateUserAttributes: admin.adminUpdateUserAttributes,
    AdminUserGlobalSignOut: admin.adminUserGlobalSignOut,
    AdminAddUserToGroup: admin.adminAddUserToGroup,
    AdminRemoveUserFromGroup: admin.adminRemoveUserFromGroup,
    AdminListGroupsForUser: admin.adminListGroupsForUser,
    ListUsers: admin.listUsers,
    ListUsersInGroup: admin.listUsersInGroup,
    CreateGroup: admin.createGroup,
    ListGroups: admin.listGroups,
  }),
);

/** @fastify/swagger leaves routes marked `hide` out of /api/docs; the protocol is Cognito's, documented there. */
const hiddenFromDocs = { hide: true } as FastifySchema;

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * Whether a request names an IAM-authorized (admin) operation: those are signed with the admin
 * key pair, and the endpoint's per-client and per-account limits are for the public flows.
 */
export function isAdminTarget(target: unknown): boolean {
  return (
    typeof target === 'string' &&
    target.startsWith(TARGET_PREFIX) &&
    adminOperations.has(target.slice(TARGET_PREFIX.length))
  );
}
const JSON_TYPE = 'application/x-amz-json-1.1';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

function corsHeaders(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date');
}

/** Messages may quote what the client sent; a header only carries printable ASCII. */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 500);

function sendError(request: FastifyRequest, reply: FastifyReply, error: CognitoError) {
  corsHeaders(reply);
  return reply
    .status(error.status)
    .header('content-type', JSON_TYPE)
    .header('x-amzn-requestid', request.id)
    .header('cache-control', 'no-store')
    .header('x-amzn-errortype', `${error.type}:`)
    .header('x-amzn-errormessage', headerSafe(error.message))
    .send(JSON.stringify({ __type: error.type, message: error.message }));
}

export interface IdentityService {
  context: IdentityContext;
  issuer: string;
  /** The published keys as last read; `currentJwks()` reads them again when due. */
  readonly jwks: Jwks;
  currentJwks(): Promise<Jwks>;
  /** Reads the keys again now, rather than when `keyRefreshMs` has passed (decision record 0056). */
  refreshKeys(): Promise<void>;
  /**
   * What a token minted now for a token's session would say of its user, or undefined when the
   * session's tokens no longer count (revoked, user disabled or deleted, signed out everywhere).
   */
  currentClaims(claims: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  /**
   * Calls `listener` whenever a user's sessions end, or what their tokens say of them changes,
   * through this instance (docs/product/identity.md §7).
   */
  onUserChanged(listener: (userId: string) => void): void;
  /**
   * Calls `listener` for every sign-in of an existing account refused here (a wrong password or
   * code, a lock, a disabled account, ...), with the account and the reason; never what was typed
   * (decision record 0078). The sign-in's answer waits for it.
   */
  onSignInRefused(listener: (refusal: SignInRefused) => Promise<void>): void;
  /**
   * The Fastify plugin to register under the endpoint's path (e.g. prefix `/identity`). Closing
   * that app ends the SRP worker threads once the sign-ins under way are done.
   */
  routes(app: FastifyInstance): Promise<void>;
}

/**
 * The embedded identity service: Cognito's user-pool JSON protocol over one POST endpoint, plus
 * the pool's JWKS and OpenID configuration. All state is in the database; nothing a second
 * replica would need is kept in memory.
 */
export async function createIdentityService(options: {
  db: IdentityDb;
  config: IdentityHostSettings;
  log: IdentityContext['log'];
}): Promise<IdentityService> {
  const config: IdentityConfig = { ...defaultIdentitySettings, ...options.config };
  const keyring = await openKeyring(options.db, config.keyEncryptionKey, config.keyRefreshMs);
  const userListeners: ((userId: string) => void)[] = [];
  const refusalListeners: ((refusal: SignInRefused) => Promise<void>)[] = [];
  const context: IdentityContext = {
    db: options.db,
    config,
    get keys() {
      return keyring.keys;
    },
    currentKeys: () => keyring.current(),
    sealer: createSealer(keyring.keys.secret),
    srp: config.srpThreads > 0 ? srpWorkerThreads(config.srpThreads) : srpOnThisThread,
    log: options.log,
    userChanged: (userId) => {
      for (const listener of userListeners) listener(userId);
    },
    signInRefused: async (refusal) => {
      for (const listener of refusalListeners) await listener(refusal);
    },
  };
  const issuer = issuerOf(config);
  const region = config.region;

  async function routes(app: FastifyInstance) {
    app.addHook('onClose', () => context.srp.close());
    app.addContentTypeParser(JSON_TYPE, { parseAs: 'string', bodyLimit: 256 * 1024 }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, body === '' ? {} : (JSON.parse(body as string) as unknown));
      } catch {
        done(new CognitoError('SerializationException', 'The request body is not valid JSON.'), undefined);
      }
    });

    app.setErrorHandler((error, request, reply) => {
      if (error instanceof CognitoError) return sendError(request, reply, error);
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 415)
        return sendError(request, reply, new CognitoError('UnknownOperationException', 'Unsupported content type.'));
      if (status !== undefined && status >= 400 && status < 500) {
        return sendError(request, reply, new CognitoError('InvalidParameterException', (error as Error).message));
      }
      request.log.error({ err: error }, 'identity service error');
      return sendError(request, reply, new CognitoError('InternalErrorException', 'An internal error occurred.', 500));
    });

    // CORS preflight (protocol doc §1.3): echo the requested headers, never a fixed list.
    app.options('/', { schema: hiddenFromDocs }, (request, reply) => {
      corsHeaders(reply);
      reply.header('access-control-allow-methods', 'POST, OPTIONS');
      reply.header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ??
          'content-type, x-amz-target, x-amz-user-agent, cache-control, amz-sdk-invocation-id, amz-sdk-request',
      );
      reply.header('access-control-max-age', '86400');
      return reply.status(204).send();
    });

    app.post('/', { schema: hiddenFromDocs }, async (request, reply) => {
      const target = request.headers['x-amz-target'];
      const name =
        typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      const body = (request.body ?? {}) as Body;
      if (typeof body !== 'object' || Array.isArray(body))
        throw new CognitoError('SerializationException', 'The request body must be a JSON object.');
      // The shared text rule, before any operation could take NUL or half a surrogate pair to the
      // database (which refuses the one, and stores the other as U+FFFD).
      const bad = findBadText(body);
      if (bad) throw invalidParameter(`${fieldName(bad.path)} ${bad.message}.`);
      let operation = publicOperations.get(name);
      if (!operation && adminOperations.has(name)) {
        const verdict = await verifySigV4(
          { method: request.method, path: request.url, headers: request.headers, body: request.rawBody ?? '' },
          config.adminCredentials,
          { region },
        );
        if (!verdict.ok)
          throw new CognitoError(
            verdict.code,
            verdict.message,
            verdict.code === 'MissingAuthenticationTokenException' ? 403 : 400,
          );
        operation = adminOperations.get(name);
      }
      if (!operation)
        throw new CognitoError('UnknownOperationException', `Unknown operation ${name || String(target)}`);
      const result = await operation(context, body);
      corsHeaders(reply);
      return reply
        .header('content-type', JSON_TYPE)
        .header('x-amzn-requestid', request.id)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(result));
    });

    app.get(`/${config.userPoolId}/.well-known/jwks.json`, { schema: hiddenFromDocs }, async (_request, reply) => {
      corsHeaders(reply);
      const { jwks } = await keyring.current();
      return reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`).send(jwks);
    });

    app.get(
      `/${config.userPoolId}/.well-known/openid-configuration`,
      { schema: hiddenFromDocs },
      async (_request, reply) => {
        corsHeaders(reply);
        return reply.header('cache-control', 'public, max-age=300').send({
          issuer,
          jwks_uri: `${issuer}/.well-known/jwks.json`,
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          response_types_supported: ['token'],
          claims_supported: [
            'sub',
            'email',
            'email_verified',
            'cognito:username',
            'cognito:groups',
            'token_use',
            'auth_time',
          ],
        });
      },
    );
  }

  return {
    context,
    issuer,
    get jwks() {
      return keyring.keys.jwks;
    },
    currentJwks: async () => (await keyring.current()).jwks,
    refreshKeys: async () => {
      await keyring.refresh();
    },
    currentClaims: (claims) => currentClaims(context, claims),
    onUserChanged: (listener) => {
      userListeners.push(listener);
    },
    onSignInRefused: (listener) => {
      refusalListeners.push(listener);
    },
    routes,
  };
}
