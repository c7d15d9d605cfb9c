import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { identityOutbox } from '@staff-portal/identity/schema';
import { createTestApp, listen, type TestContext } from '../test/app';
import { callIdentity, createUser, PASSWORD } from './identity-test-kit';

// The identity service writes to each account in its language: the `locale` attribute that the
// portal's profile page sets through Amplify's UpdateUserAttributes (decision record 0032).
let ctx: TestContext;
let endpoint: string;

beforeEach(async () => {
  ctx = await createTestApp({ realIdentity: true });
  endpoint = `${await listen(ctx.app)}/identity`;
});

const sentTo = (recipient: string) =>
  ctx.app.database.db
    .select()
    .from(identityOutbox)
    .where(eq(identityOutbox.recipient, recipient))
    .orderBy(asc(identityOutbox.id));

/** A user who chose a language on the profile page, as the web app does: with their own access token. */
async function choose(email: string, locale: string) {
  const signIn = await callIdentity(endpoint, 'InitiateAuth', {
    ClientId: ctx.config.identity.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  const { AccessToken } = signIn.body['AuthenticationResult'] as { AccessToken: string };
  const update = await callIdentity(endpoint, 'UpdateUserAttributes', {
    AccessToken,
    UserAttributes: [{ Name: 'locale', Value: locale }],
  });
  expect(update.status).toBe(200);
}

describe('identity messages in the recipient’s language', () => {
  it('sends codes in Bahasa Malaysia to an account whose locale is Malay, in English to others', async () => {
    await createUser(ctx.app, 'siti@staffportal.example');
    await createUser(ctx.app, 'hafiz@staffportal.example');
    await choose('siti@staffportal.example', 'ms-MY');
    for (const Username of ['siti@staffportal.example', 'hafiz@staffportal.example']) {
      const answer = await callIdentity(endpoint, 'ForgotPassword', {
        ClientId: ctx.config.identity.clientId,
        Username,
      });
      expect(answer.status).toBe(200);
    }
    const [siti] = await sentTo('siti@staffportal.example');
    expect(siti!.subject).toBe('Kod tetapan semula kata laluan Portal Kakitangan anda');
    expect(siti!.body).toMatch(
      /^Kod tetapan semula kata laluan anda ialah \d{6}\. Ia tamat tempoh dalam masa satu jam\.$/,
    );
    const [hafiz] = await sentTo('hafiz@staffportal.example');
    expect(hafiz!.subject).toBe('Your Staff Portal password reset code');
    expect(hafiz!.body).toMatch(/^Your password reset code is \d{6}\. It expires in one hour\.$/);
  });

  it('invites, and tells of a reset by an administrator, in the language the account has', async () => {
    const pool = { UserPoolId: ctx.config.identity.userPoolId };
    const identity = ctx.app.identity!.context;
    await admin.adminCreateUser(identity, {
      ...pool,
      Username: 'baru@staffportal.example',
      UserAttributes: [
        { Name: 'email', Value: 'baru@staffportal.example' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'locale', Value: 'ms' },
      ],
      TemporaryPassword: PASSWORD,
    });
    const [invitation] = await sentTo('baru@staffportal.example');
    expect(invitation!.subject).toBe('Akaun Portal Kakitangan anda');
    // The portal's address, and how long the temporary password lasts (7 days by default).
    expect(invitation!.body).toBe(
      `Akaun Portal Kakitangan anda sudah sedia. Log masuk di ${ctx.config.publicUrl}. Nama pengguna anda ialah baru@staffportal.example dan kata laluan sementara anda ialah ${PASSWORD}. Ia sah selama 7 hari: log masuk sebelum itu, dan pilih kata laluan anda sendiri apabila diminta. Jika ia telah tamat tempoh, minta pentadbir anda menghantar jemputan baharu.`,
    );
    await admin.adminCreateUser(identity, {
      ...pool,
      Username: 'new@staffportal.example',
      UserAttributes: [
        { Name: 'email', Value: 'new@staffportal.example' },
        { Name: 'email_verified', Value: 'true' },
      ],
      TemporaryPassword: PASSWORD,
    });
    const [english] = await sentTo('new@staffportal.example');
    expect(english!.subject).toBe('Your Staff Portal account');
    expect(english!.body).toBe(
      `Your Staff Portal account is ready. Sign in at ${ctx.config.publicUrl}. Your username is new@staffportal.example and your temporary password is ${PASSWORD}. It lasts 7 days: sign in before then, and choose your own password when asked. If it has expired, ask your administrator to send a new invitation.`,
    );

    await createUser(ctx.app, 'siti@staffportal.example');
    await choose('siti@staffportal.example', 'ms');
    await admin.adminResetUserPassword(identity, { ...pool, Username: 'siti@staffportal.example' });
    const [reset] = await sentTo('siti@staffportal.example');
    expect(reset!.subject).toBe('Kata laluan Portal Kakitangan anda telah ditetapkan semula');
    expect(reset!.body).toMatch(/ialah \d{6}\./);
  });
});
