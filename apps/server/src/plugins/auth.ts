import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, passwordExpired, unauthenticated } from '@staff-portal/shared/errors';
import { departmentsOf, hasAnyGroup, type GuardGroup } from '@staff-portal/shared/groups';
import { isPasswordExpiredByClaims } from '@staff-portal/shared/signed-in-user';
import type { TokenCutoffs } from '../auth/token-cutoffs';
import { accessChanged, type TokenUser, type TokenVerifier } from '../auth/token-verifier';
import type { AuditActor } from '../modules/audit/audit.public';

export interface AuthenticateOptions {
  /** Route guards of docs/product/specification.md §6 (docs/product/access.md); holding any one admits. None: any signed-in user. */
  guards?: readonly GuardGroup[];
  /**
   * Departments for rules finer than the guards (IR admin functions need IRAdmin), checked with
   * the same group check; with `guards` as well, the caller must pass both.
   */
  departments?: readonly string[];
  /**
   * Only for the calls a user with an expired password still needs (docs/product/identity.md): `GET /api/me`
   * to learn they must change it, and the logging API the sign-in and sign-out flows post to.
   */
  allowExpiredPassword?: boolean;
}

type AuthenticateHook = (request: FastifyRequest) => Promise<void>;

/** Who is calling: the verified token user, and whether they pass the ADMIN guard (HRAdmin, ITAdmin). */
export interface Caller {
  user: TokenUser;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set by `app.authenticate`. */
    user: TokenUser | null;
  }
  interface FastifyInstance {
    /**
     * An onRequest hook that requires a valid id token, refuses a caller whose password has
     * expired (403 PASSWORD_EXPIRED), then applies the route's guards (403 FORBIDDEN).
     */
    authenticate(options?: AuthenticateOptions): AuthenticateHook;
    /** The group check of docs/product/specification.md §6 for the caller, with the configured super-admin user id. */
    allows(user: TokenUser, departments: readonly string[]): boolean;
    /** The verified caller of a protected route, and whether they pass the ADMIN guard. */
    callerOf(request: FastifyRequest): Caller;
  }
  interface FastifyContextConfig {
    /** Marks an `/api/` route that answers without a token; every other one must authenticate. */
    public?: boolean;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** Hooks made by `app.authenticate`, so the route check below can tell them from others. */
const authenticating = new WeakSet<object>();

function authenticates(route: RouteOptions): boolean {
  const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
  return hooks.some((hook) => authenticating.has(hook));
}

function refusal(departments: readonly string[]) {
  return forbidden(
    `You do not have permission to do this. It needs one of these departments: ${departments.join(', ')}.`,
  );
}

export interface AuthPluginOptions {
  verifier: TokenVerifier;
  passwordExpiryMonths: number;
  /** The fixed super-admin user id of docs/product/specification.md §6 (`SUPER_ADMIN_USER_ID`), when configured. */
  superAdminUserId: string | undefined;
  /** Accounts whose earlier tokens are refused (disabled, signed out, a department removed). */
  tokenCutoffs?: TokenCutoffs | undefined;
}

/**
 * Verifies the bearer id token of every protected route, exposes the caller (with the groups of
 * their token) as `request.user`, and enforces password expiry and the route's guards. The API
 * takes id tokens only: they carry the last-password-change attribute the expiry is judged by
 * (decision record 0012).
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { verifier, passwordExpiryMonths, superAdminUserId, tokenCutoffs }) => {
    app.decorateRequest('user', null);
    app.decorate('allows', (user: TokenUser, departments: readonly string[]) =>
      hasAnyGroup({ id: user.sub, groups: user.groups }, departments, { superAdminUserId }),
    );
    const adminDepartments = departmentsOf(['ADMIN']);
    app.decorate('callerOf', (request: FastifyRequest): Caller => {
      const user = currentUser(request);
      return { user, isAdmin: app.allows(user, adminDepartments) };
    });
    app.decorate('authenticate', (options: AuthenticateOptions = {}) => {
      const guardDepartments = options.guards && options.guards.length > 0 ? departmentsOf(options.guards) : [];
      const departments = options.departments ?? [];
      const hook: AuthenticateHook = async (request) => {
        const header = request.headers.authorization;
        if (!header) throw unauthenticated();
        const match = BEARER.exec(header);
        if (!match) throw unauthenticated('Invalid or expired token.');
        const user = await verifier.verify(match[1]!, ['id']);
        // A token from before its account was disabled or changed (decision record 0037).
        const issuedAt = user.claims['iat'];
        if (tokenCutoffs !== undefined && typeof issuedAt === 'number' && tokenCutoffs.cutOff(user.sub, issuedAt)) {
          throw accessChanged();
        }
        request.user = user;
        // Expiry first: the one thing such a caller can do is change the password, whatever the route.
        if (!options.allowExpiredPassword) {
          if (isPasswordExpiredByClaims(user.claims, passwordExpiryMonths)) throw passwordExpired();
        }
        if (guardDepartments.length > 0 && !app.allows(user, guardDepartments)) throw refusal(guardDepartments);
        if (departments.length > 0 && !app.allows(user, departments)) throw refusal(departments);
      };
      authenticating.add(hook);
      return hook;
    });

    // A route under /api/ that forgets to authenticate would answer anyone: refuse to start instead.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      if (route.config?.public === true || authenticates(route)) return;
      throw new Error(
        `${String(route.method)} ${route.url} must use app.authenticate() or be marked config: { public: true }`,
      );
    });
  },
  { name: 'auth' },
);

/** The verified caller of a route protected by `app.authenticate`. */
export function currentUser(request: FastifyRequest): TokenUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The caller and the request's id, as a change's audit entry records them (decision record 0038). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { user: currentUser(request), requestId: request.id };
}
