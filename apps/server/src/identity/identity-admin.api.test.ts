import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { identityOutbox, identityUserGroups, identityUsers } from '@staff-portal/identity/schema';
import { PASSWORD } from './identity-test-kit';
import { createTestApp, listen, type TestContext } from '../test/app';
import { embeddedIdentityAdmin, identityAdminOver, type IdentityAdmin } from './identity-admin';

const ACCESS_KEY_ID = 'SPIATESTKEY0123456789';
const SECRET = 'test-secret-access-key-0123456789abcdef';
/** More than one page of ListUsers and ListUsersInGroup (at most 60 each, as Cognito). */
const MEMBERS = 65;

/**
 * Access control's client for the identity admin API (decision record 0088), as it runs against
 * Amazon Cognito: the AWS SDK over HTTP with SigV4, here against the embedded service listening
 * on a port, and in process as the portal runs it. Every operation the module uses, with
 * Cognito's paging tokens, filter grammar and errors (docs/product/identity-protocol.md).
 */
describe('the identity admin client against the embedded service', () => {
  let ctx: TestContext;
  let clients: [string, IdentityAdmin][];
  let url: string;

  /** The embedded service with `members` accounts in UNION, and the client both ways. */
  async function pool(members: number) {
    ctx = await createTestApp({
      realIdentity: true,
      env: { IDENTITY_ADMIN_ACCESS_KEY_ID: ACCESS_KEY_ID, IDENTITY_ADMIN_SECRET_ACCESS_KEY: SECRET },
    });
    const identity = ctx.app.identity!;
    const { region, userPoolId: UserPoolId } = ctx.config.identity;
    await admin.createGroup(identity.context, { UserPoolId, GroupName: 'UNION' });
    // Written straight to the service's tables: these accounts never sign in, and computing a
    // password verifier for each would take longer than the test.
    const rows = Array.from({ length: members }, (_, n) => {
      const email = `member-${String(n).padStart(2, '0')}@example.org`;
      return {
        id: randomUUID(),
        email,
        status: 'CONFIRMED',
        srpSalt: '00',
        srpVerifier: '00',
        attributes: { email, email_verified: 'true', name: `Member ${n}` },
      };
    });
    if (rows.length > 0) {
      await ctx.app.database.db.insert(identityUsers).values(rows);
      await ctx.app.database.db
        .insert(identityUserGroups)
        .values(rows.map((row) => ({ userId: row.id, groupName: 'UNION' })));
    }
    url = await listen(ctx.app);
    const credentials = { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET };
    clients = [
      [
        'over HTTP',
        identityAdminOver(
          new CognitoIdentityProviderClient({ region, endpoint: `${url}/identity`, credentials, maxAttempts: 1 }),
          UserPoolId,
        ),
      ],
      ['in process', embeddedIdentityAdmin(ctx.app, { region, userPoolId: UserPoolId, credentials })],
    ];
  }

  it('follows the paging tokens of ListUsers and ListUsersInGroup to the last account', async () => {
    await pool(MEMBERS);
    for (const [, client] of clients) {
      const everyone = await client.listUsers();
      expect(everyone).toHaveLength(MEMBERS);
      expect(new Set(everyone.map((user) => user.username)).size).toBe(MEMBERS);
      expect((await client.listUsersInGroup('UNION')).map((user) => user.email)).toEqual(
        everyone.map((user) => user.email),
      );
      expect(await client.listGroups()).toEqual(['UNION']);
    }
  });

  it('finds by e-mail or name prefix and by sub, with quotes kept out of the filter', async () => {
    await pool(12);
    for (const [, client] of clients) {
      expect((await client.findByPrefix('email', 'MEMBER-1')).map((user) => user.email)).toEqual([
        'member-10@example.org',
        'member-11@example.org',
      ]);
      expect((await client.findByPrefix('name', 'member 1', 3)).map((user) => user.name)).toEqual([
        'Member 1',
        'Member 10',
        'Member 11',
      ]);
      expect(await client.findByPrefix('email', '" or email ^= "')).toEqual([]);
      expect(await client.findByPrefix('email', '', 2)).toHaveLength(2);
      const [first] = await client.findByPrefix('email', 'member-00');
      expect(await client.findBySub(first!.username)).toEqual(first);
      expect(await client.findBySub('00000000-0000-4000-8000-00000000dead')).toBeUndefined();
    }
  });

  it('invites, re-invites and refuses to re-invite an account that chose its password', async () => {
    await pool(0);
    for (const [how, client] of clients) {
      const email = `invitee-${how.replace(' ', '-')}@example.org`;
      const invited = await client.createUser({ email, name: 'Invitee' });
      expect(invited).toMatchObject({ email, name: 'Invitee', status: 'FORCE_CHANGE_PASSWORD', enabled: true });
      await client.resendInvitation(invited.username);
      const messages = await ctx.app.database.db
        .select()
        .from(identityOutbox)
        .where(eq(identityOutbox.recipient, email));
      expect(messages).toHaveLength(2);

      await expect(client.createUser({ email: email.toUpperCase(), name: 'Again' })).rejects.toMatchObject({
        status: 409,
        detail: { reason: 'accountExists' },
      });
      await admin.adminSetUserPassword(ctx.app.identity!.context, {
        UserPoolId: ctx.config.identity.userPoolId,
        Username: email,
        Password: PASSWORD,
        Permanent: true,
      });
      await expect(client.resendInvitation(invited.username)).rejects.toMatchObject({
        status: 409,
        detail: { reason: 'invitationNotNeeded' },
      });
      await client.deleteUser(invited.username);
    }
  });

  it('refuses ill-formed text with 400, as Cognito refuses a bad parameter, and creates nothing', async () => {
    await pool(0);
    for (const [how, client] of clients) {
      const email = `broken-${how.replace(' ', '-')}@example.org`;
      await expect(client.createUser({ email, name: 'cat \ud800' })).rejects.toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(await client.findByPrefix('email', email)).toEqual([]);
    }
  });

  it("answers Cognito's errors as the API's: unknown account and department 404, outage 503", async () => {
    await pool(2);
    for (const [, client] of clients) {
      await expect(client.getUser('00000000-0000-4000-8000-00000000dead')).rejects.toMatchObject({ status: 404 });
      const [member] = await client.findByPrefix('email', 'member-01');
      await expect(client.addToGroup(member!.username, 'NO_SUCH_DEPARTMENT')).rejects.toMatchObject({ status: 404 });
      expect(await client.groupsOf(member!.username)).toEqual(['UNION']);
    }
    const wrongKey = identityAdminOver(
      new CognitoIdentityProviderClient({
        region: ctx.config.identity.region,
        endpoint: `${url}/identity`,
        credentials: { accessKeyId: 'SPIANOTAKEY000000000', secretAccessKey: 'not-the-secret-access-key-0000000000' },
        maxAttempts: 1,
      }),
      ctx.config.identity.userPoolId,
    );
    await expect(wrongKey.listGroups()).rejects.toMatchObject({ status: 503 });
  });
});
