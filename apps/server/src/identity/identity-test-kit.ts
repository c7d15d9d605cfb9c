import { desc, eq } from 'drizzle-orm';
import * as admin from '@staff-portal/identity/admin';
import { identityOutbox } from '@staff-portal/identity/schema';
import type { App } from '../app';

export const PASSWORD = 'Kenari-2026-merbau!';

/**
 * Creates a confirmed (or invited) user through the identity service's admin operations: the
 * portal's embedded one, or a standalone service's (`buildIdentityServer`).
 */
export async function createUser(
  app: Pick<App, 'identity'>,
  email: string,
  options: { groups?: string[]; password?: string; forceChange?: boolean; verified?: boolean; name?: string } = {},
) {
  const ctx = app.identity!.context;
  const pool = { UserPoolId: ctx.config.userPoolId };
  const { User } = await admin.adminCreateUser(ctx, {
    ...pool,
    Username: email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: options.verified === false ? 'false' : 'true' },
      { Name: 'name', Value: options.name ?? email.split('@')[0]! },
    ],
    TemporaryPassword: options.password ?? PASSWORD,
    MessageAction: 'SUPPRESS',
  });
  if (!options.forceChange) {
    await admin.adminSetUserPassword(ctx, {
      ...pool,
      Username: User.Username,
      Password: options.password ?? PASSWORD,
      Permanent: true,
    });
  }
  for (const group of options.groups ?? []) {
    await admin.createGroup(ctx, { ...pool, GroupName: group }).catch(() => undefined);
    await admin.adminAddUserToGroup(ctx, { ...pool, Username: User.Username, GroupName: group });
  }
  return User.Username;
}

/** The newest 6-digit code sent to a recipient, as a person would read it from their mail. */
export async function latestCode(app: App, recipient: string): Promise<string> {
  const [message] = await app.database.db
    .select()
    .from(identityOutbox)
    .where(eq(identityOutbox.recipient, recipient))
    .orderBy(desc(identityOutbox.id))
    .limit(1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface IdentityAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; a non-JSON body fails the call, as it would fail Amplify. */
  body: Record<string, unknown>;
}

/**
 * One raw call of the Cognito JSON protocol, as Amplify sends it: a POST to the endpoint with the
 * operation in `x-amz-target`. `rawBody` replaces the JSON body (for malformed-input tests).
 */
export async function callIdentity(
  endpoint: string,
  operation: string,
  body: unknown,
  options: { rawBody?: string; headers?: Record<string, string> } = {},
): Promise<IdentityAnswer> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `${TARGET_PREFIX}${operation}`,
      ...options.headers,
    },
    body: options.rawBody ?? JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${operation} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body: parsed as Record<string, unknown> };
}

/** Posts a sign-in log entry with a bearer id token, as the web app does after signing in. */
export function logWith(app: App, idToken: string | undefined, userId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/log/',
    headers: { authorization: `Bearer ${idToken}` },
    payload: {
      userId,
      action: 'Login',
      request: '',
      url: 'http://localhost/',
      stream: 'login/logout',
      logDate: new Date().toISOString(),
    },
  });
}
