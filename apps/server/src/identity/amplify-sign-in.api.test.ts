import {
  confirmResetPassword,
  confirmSignIn,
  confirmUserAttribute,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../test/clock';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import type { TestContext } from '../test/app';
import { startForAmplify } from './amplify-test-kit';
import { createUser, latestCode, PASSWORD, logWith } from './identity-test-kit';

// The real aws-amplify v6 client, in Node, against the embedded identity service over HTTP.
let ctx: TestContext;

beforeEach(async () => {
  ctx = await startForAmplify();
});

afterEach(async () => {
  vi.useRealTimers();
  await signOut().catch(() => undefined);
});

describe('sign-in with the real Amplify client', () => {
  it('signs in with SRP, and the API accepts the id token with its groups', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org', { groups: ['HR'] });
    const result = await signIn({ username: 'hr@example.org', password: PASSWORD });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

    const user = await getCurrentUser();
    expect(user.userId).toBe(sub);
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload['cognito:groups']).toEqual(['HR']);
    expect(tokens?.idToken?.payload['email']).toBe('hr@example.org');
    expect(tokens?.accessToken.payload['origin_jti']).toBeDefined();
    expect(tokens?.idToken?.payload[PASSWORD_CHANGED_ATTRIBUTE]).toMatch(/^\d{4}-\d\d-\d\dT/);

    const response = await logWith(ctx.app, tokens?.idToken?.toString(), sub);
    expect(response.statusCode).toBe(201);
  });

  it('signs in with USER_PASSWORD_AUTH, any case of the e-mail', async () => {
    await createUser(ctx.app, 'ir@example.org');
    const result = await signIn({
      username: 'IR@Example.org',
      password: PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result.isSignedIn).toBe(true);
  });

  it('refuses a wrong password and an unknown user with the same Cognito error', async () => {
    await createUser(ctx.app, 'hr@example.org');
    await expect(signIn({ username: 'hr@example.org', password: 'Wrong-pass-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn({ username: 'nobody@example.org', password: PASSWORD })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('asks an invited user for a new password, enforcing the policy', async () => {
    await createUser(ctx.app, 'new@example.org', { forceChange: true });
    const first = await signIn({ username: 'new@example.org', password: PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await expect(confirmSignIn({ challengeResponse: 'weak' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    const done = await confirmSignIn({ challengeResponse: 'Brand-new-Pass1' });
    expect(done.isSignedIn).toBe(true);
    await signOut();
    expect((await signIn({ username: 'new@example.org', password: 'Brand-new-Pass1' })).isSignedIn).toBe(true);
  });

  it('refreshes tokens through GetTokensFromRefreshToken, keeping auth_time', async () => {
    await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    const before = (await fetchAuthSession()).tokens!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens!;
    expect(after.accessToken.toString()).not.toBe(before.accessToken.toString());
    expect(after.accessToken.payload['auth_time']).toBe(before.accessToken.payload['auth_time']);
    expect(after.accessToken.payload['origin_jti']).toBe(before.accessToken.payload['origin_jti']);
  });

  it('revokes the session on sign-out: the old tokens no longer open the API', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    const idToken = (await fetchAuthSession()).tokens!.idToken!.toString();
    expect((await logWith(ctx.app, idToken, sub)).statusCode).toBe(201);
    await signOut();
    expect((await logWith(ctx.app, idToken, sub)).statusCode).toBe(401);
  });

  it('signs out everywhere with a global sign-out', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    const idToken = (await fetchAuthSession()).tokens!.idToken!.toString();
    await signOut({ global: true });
    expect((await logWith(ctx.app, idToken, sub)).statusCode).toBe(401);
  });

  it('resets a forgotten password with the e-mailed code, which works once', async () => {
    await createUser(ctx.app, 'hr@example.org');
    const reset = await resetPassword({ username: 'hr@example.org' });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    expect(reset.nextStep.codeDeliveryDetails.deliveryMedium).toBe('EMAIL');
    const code = await latestCode(ctx.app, 'hr@example.org');
    await expect(
      confirmResetPassword({
        username: 'hr@example.org',
        confirmationCode: code === '000000' ? '111111' : '000000',
        newPassword: 'Another-pass-2',
      }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await confirmResetPassword({ username: 'hr@example.org', confirmationCode: code, newPassword: 'Another-pass-2' });
    await expect(
      confirmResetPassword({ username: 'hr@example.org', confirmationCode: code, newPassword: 'Third-pass-3!' }),
    ).rejects.toMatchObject({ name: 'ExpiredCodeException' });
    await expect(signIn({ username: 'hr@example.org', password: PASSWORD })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: 'hr@example.org', password: 'Another-pass-2' })).isSignedIn).toBe(true);
  });

  it('changes the password and records when', async () => {
    await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    const before = (await fetchUserAttributes())[PASSWORD_CHANGED_ATTRIBUTE]!;
    await expect(
      updatePassword({ oldPassword: 'Not-the-pass-1', newPassword: 'Changed-pass-1' }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(updatePassword({ oldPassword: PASSWORD, newPassword: 'short' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    await updatePassword({ oldPassword: PASSWORD, newPassword: 'Changed-pass-1' });
    const after = (await fetchUserAttributes())[PASSWORD_CHANGED_ATTRIBUTE]!;
    expect(new Date(after).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());
    await signOut();
    expect((await signIn({ username: 'hr@example.org', password: 'Changed-pass-1' })).isSignedIn).toBe(true);
  });

  it('updates the e-mail and verifies it with the code', async () => {
    await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    const output = await updateUserAttributes({ userAttributes: { email: 'hr.new@example.org', name: 'Hafiz' } });
    expect(output.email?.nextStep.updateAttributeStep).toBe('CONFIRM_ATTRIBUTE_WITH_CODE');
    expect(output.name?.isUpdated).toBe(true);
    expect((await fetchUserAttributes()).email_verified).toBe('false');
    await confirmUserAttribute({
      userAttributeKey: 'email',
      confirmationCode: await latestCode(ctx.app, 'hr.new@example.org'),
    });
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ email: 'hr.new@example.org', email_verified: 'true', name: 'Hafiz' });
  });

  it('locks an account after five wrong passwords', async () => {
    await createUser(ctx.app, 'hr@example.org');
    // The fifth failure locks for one second (docs/product/identity-protocol.md §6.1), less than
    // Amplify's own SRP arithmetic can take on a busy machine: the clock stands still meanwhile.
    setClock();
    for (let i = 0; i < 5; i++) {
      await expect(signIn({ username: 'hr@example.org', password: `Wrong-pass-${i}` })).rejects.toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    await expect(signIn({ username: 'hr@example.org', password: PASSWORD })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });
});

describe('with PreventUserExistenceErrors LEGACY', () => {
  it('tells an unknown user apart from a wrong password', async () => {
    ctx = await startForAmplify({ env: { IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'LEGACY' } });
    await expect(signIn({ username: 'nobody@example.org', password: PASSWORD })).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });
});
