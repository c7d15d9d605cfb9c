import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '@staff-portal/shared/errors';
import type { TokenUse, TokenUser, TokenVerifier } from '../auth/token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set by `app.authenticate`. */
    user: TokenUser | null;
  }
  interface FastifyInstance {
    /** A preHandler that requires a valid bearer token of one of the given uses. */
    authenticate(tokenUses?: readonly TokenUse[]): (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** Verifies the bearer token of every protected route and exposes the caller as `request.user`. */
export const authPlugin = fp<{ verifier: TokenVerifier }>(
  async (app: FastifyInstance, { verifier }) => {
    app.decorateRequest('user', null);
    app.decorate(
      'authenticate',
      (tokenUses: readonly TokenUse[] = ['id', 'access']) =>
        async (request: FastifyRequest) => {
          const header = request.headers.authorization;
          if (!header) throw unauthenticated();
          const match = BEARER.exec(header);
          if (!match) throw unauthenticated('Invalid or expired token.');
          request.user = await verifier.verify(match[1]!, tokenUses);
        },
    );
  },
  { name: 'auth' },
);

/** The verified caller of a route protected by `app.authenticate`. */
export function currentUser(request: FastifyRequest): TokenUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
