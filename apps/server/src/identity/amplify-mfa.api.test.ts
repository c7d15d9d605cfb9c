import {
  confirmSignIn,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setMfaRequired } from '@staff-portal/identity/admin';
import { identityUsers } from '@staff-portal/identity/schema';
import type { TestContext } from '../test/app';
import { startForAmplify } from './amplify-test-kit';
import { createUser, latestCode, PASSWORD } from './identity-test-kit';

// Second factors with the real Amplify client: TOTP setup and sign-in, SMS codes, choosing one.
let ctx: TestContext;

beforeEach(async () => {
  ctx = await startForAmplify();
});

afterEach(async () => {
  await signOut().catch(() => undefined);
});

const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

async function withPhone(email: string) {
  const sub = await createUser(ctx.app, email);
  const [user] = await ctx.app.database.db.select().from(identityUsers).where(eq(identityUsers.id, sub));
  await ctx.app.database.db
    .update(identityUsers)
    .set({ attributes: { ...user!.attributes, phone_number: '+60123456789', phone_number_verified: 'true' } })
    .where(eq(identityUsers.id, sub));
  return sub;
}

describe('multi-factor sign-in with the real Amplify client', () => {
  it('makes a user who must use an authenticator set one up at sign-in, then asks for its code', async () => {
    await createUser(ctx.app, 'secure@example.org');
    await setMfaRequired(ctx.app.identity!.context, 'secure@example.org', true);

    const first = await signIn({ username: 'secure@example.org', password: PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    if (first.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
    const secret = first.nextStep.totpSetupDetails.sharedSecret;
    expect(first.nextStep.totpSetupDetails.getSetupUri('Staff Portal').toString()).toContain(`secret=${secret}`);
    await expect(
      confirmSignIn({ challengeResponse: '000000' === totpCode(secret) ? '111111' : '000000' }),
    ).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    const done = await confirmSignIn({ challengeResponse: totpCode(secret) });
    expect(done.isSignedIn).toBe(true);
    expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    const again = await signIn({ username: 'secure@example.org', password: PASSWORD });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await expect(confirmSignIn({ challengeResponse: '12345x' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    expect((await confirmSignIn({ challengeResponse: totpCode(secret) })).isSignedIn).toBe(true);
  });

  it('sets up TOTP from a signed-in session and turns it on with a preference', async () => {
    await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    const details = await setUpTOTP();
    await expect(updateMFAPreference({ totp: 'PREFERRED' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    await verifyTOTPSetup({ code: totpCode(details.sharedSecret) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await signOut();
    const next = await signIn({ username: 'hr@example.org', password: PASSWORD });
    expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  it('sends an SMS code when SMS MFA is on, and lets a user with two methods choose', async () => {
    await withPhone('ir@example.org');
    await signIn({ username: 'ir@example.org', password: PASSWORD });
    await updateMFAPreference({ sms: 'PREFERRED' });
    await signOut();

    const sms = await signIn({ username: 'ir@example.org', password: PASSWORD });
    expect(sms.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    if (sms.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_SMS_CODE') {
      expect(sms.nextStep.codeDeliveryDetails).toMatchObject({ deliveryMedium: 'SMS', destination: '+*******6789' });
    }
    expect((await confirmSignIn({ challengeResponse: await latestCode(ctx.app, '+60123456789') })).isSignedIn).toBe(
      true,
    );

    const details = await setUpTOTP();
    await verifyTOTPSetup({ code: totpCode(details.sharedSecret) });
    await updateMFAPreference({ totp: 'ENABLED', sms: 'ENABLED' });
    await ctx.app.database.db
      .update(identityUsers)
      .set({ preferredMfa: null })
      .where(eq(identityUsers.email, 'ir@example.org'));
    await signOut();

    const choose = await signIn({ username: 'ir@example.org', password: PASSWORD });
    expect(choose.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SELECTION');
    const totp = await confirmSignIn({ challengeResponse: 'TOTP' });
    expect(totp.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: totpCode(details.sharedSecret) })).isSignedIn).toBe(true);
  });
});
