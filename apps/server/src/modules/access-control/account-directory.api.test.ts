import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { identityUsers } from '@staff-portal/identity/schema';
import { recordFailedSignIn } from '@staff-portal/identity/users';
import { createUser, PASSWORD } from '../../identity/identity-test-kit';
import { createTestApp, type TestContext } from '../../test/app';
import { createAccountDirectory, type AccountDirectoryOptions } from './account-directory';
import { accountsVersion } from './access-control.repository';
import { embeddedIdentityAdmin } from '../../identity/identity-admin';

// The accounts list's snapshot (decision record 0077) over the real identity service, read through
// the admin API as the portal reads it: with the accounts' data version (embedded mode), and
// without one, as against Cognito, on a clock the test turns.
async function setup(options: (ctx: TestContext) => AccountDirectoryOptions) {
  const ctx = await createTestApp();
  const identity = ctx.app.identity!.context;
  const client = embeddedIdentityAdmin(ctx.app, {
    region: ctx.config.identity.region,
    userPoolId: identity.config.userPoolId,
    credentials: identity.config.adminCredentials,
  });
  const directory = createAccountDirectory(client, options(ctx));
  const pool = { UserPoolId: identity.config.userPoolId };
  const sub = await createUser(ctx.app, 'invited@example.org', { groups: ['HR'], forceChange: true });
  /** The account chooses its password outside the portal (as a first sign-in does). */
  const confirm = () =>
    admin.adminSetUserPassword(identity, { ...pool, Username: sub, Password: PASSWORD, Permanent: true });
  const statusOf = async () => (await directory.snapshot()).users.find((user) => user.username === sub)?.status;
  return { ctx, identity, client, directory, sub, confirm, statusOf };
}

describe('the account directory without a data version (Cognito)', () => {
  it('answers from a snapshot for its time to live, and never from an older one', async () => {
    let clock = 0;
    const { confirm, statusOf } = await setup(() => ({ ttlMs: 30_000, now: () => clock }));
    expect(await statusOf()).toBe('FORCE_CHANGE_PASSWORD');
    await confirm();
    clock = 30_000;
    expect(await statusOf()).toBe('FORCE_CHANGE_PASSWORD');
    clock = 30_001;
    expect(await statusOf()).toBe('CONFIRMED');
  });

  it('reads afresh once an account page has read an account otherwise', async () => {
    const { client, directory, sub, confirm, statusOf } = await setup(() => ({ now: () => 0 }));
    expect(await statusOf()).toBe('FORCE_CHANGE_PASSWORD');
    await confirm();
    expect(await statusOf()).toBe('FORCE_CHANGE_PASSWORD');
    directory.observe(await client.getUser(sub), await client.groupsOf(sub));
    expect(await statusOf()).toBe('CONFIRMED');
  });
});

describe('the account directory with the accounts’ data version (embedded)', () => {
  it('reads afresh as soon as an account changes, however it changed', async () => {
    let clock = 0;
    const { confirm, statusOf } = await setup((ctx) => ({
      now: () => clock,
      version: () => accountsVersion(ctx.database.db),
    }));
    expect(await statusOf()).toBe('FORCE_CHANGE_PASSWORD');
    await confirm();
    expect(await statusOf()).toBe('CONFIRMED');
    clock = 3_600_000;
    expect(await statusOf()).toBe('CONFIRMED');
  });

  it('keeps its snapshot through sign-in bookkeeping, which changes nothing the list shows', async () => {
    const { ctx, identity, sub, directory } = await setup((c) => ({ version: () => accountsVersion(c.database.db) }));
    const kept = await directory.snapshot();
    const version = await accountsVersion(ctx.database.db);
    const [user] = await ctx.database.db.select().from(identityUsers).where(eq(identityUsers.id, sub));
    await recordFailedSignIn(identity, user!, 'wrong-password');
    expect(await accountsVersion(ctx.database.db)).toBe(version);
    expect(await directory.snapshot()).toBe(kept);
  });
});
