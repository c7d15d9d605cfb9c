import { desc, eq } from 'drizzle-orm';
import * as admin from '@staff-portal/identity/admin';
import { identityOutbox } from '@staff-portal/identity/schema';
import type { App } from '../app';

export const PASSWORD = 'Kenari-2026-merbau!';

/** Creates a confirmed (or invited) user through the identity service's admin operations. */
export async function createUser(
  app: App,
  email: string,
  options: { groups?: string[]; password?: string; forceChange?: boolean; verified?: boolean } = {},
) {
  const ctx = app.identity!.context;
  const pool = { UserPoolId: ctx.config.userPoolId };
  const { User } = await admin.adminCreateUser(ctx, {
    ...pool,
    Username: email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: options.verified === false ? 'false' : 'true' },
      { Name: 'name', Value: email.split('@')[0]! },
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
