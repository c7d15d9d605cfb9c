import {
  confirmSignIn,
  fetchAuthSession,
  fetchDevices,
  forgetDevice,
  rememberDevice,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setMfaRequired } from '@staff-portal/identity/admin';
import { identityDevices } from '@staff-portal/identity/schema';
import type { TestContext } from '../test/app';
import { startForAmplify } from './amplify-test-kit';
import { createUser, PASSWORD } from './identity-test-kit';

// Device tracking with the real Amplify client: ConfirmDevice after sign-in, remembering the
// device, and the next sign-in proving the device with DEVICE_SRP_AUTH / DEVICE_PASSWORD_VERIFIER.
// Amplify names the device from `navigator.userAgent`, which Node.js has had since 21.
let ctx: TestContext;

beforeEach(async () => {
  ctx = await startForAmplify();
});

afterEach(async () => {
  await signOut().catch(() => undefined);
});

const devicesOf = (userId: string) =>
  ctx.app.database.db.select().from(identityDevices).where(eq(identityDevices.userId, userId));

describe('remembered devices with the real Amplify client', () => {
  it('confirms the device at sign-in, remembers it, and proves it with device SRP next time', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    const [confirmed] = await devicesOf(sub);
    expect(confirmed?.verifier).toBeTruthy();
    expect(confirmed?.remembered).toBe(false);

    await rememberDevice();
    const listed = await fetchDevices();
    expect(listed.map((d) => d.id)).toEqual([confirmed!.deviceKey]);
    await signOut();

    const again = await signIn({ username: 'hr@example.org', password: PASSWORD });
    expect(again.isSignedIn).toBe(true);
    const [device] = await devicesOf(sub);
    expect(device?.lastAuthenticatedAt?.getTime()).toBeGreaterThan(confirmed!.lastAuthenticatedAt!.getTime());
    expect((await fetchAuthSession()).tokens?.accessToken.payload['device_key']).toBe(confirmed!.deviceKey);
    expect(await devicesOf(sub)).toHaveLength(1);
  });

  it('lets a remembered device stand in for the authenticator code', async () => {
    const sub = await createUser(ctx.app, 'secure@example.org');
    await setMfaRequired(ctx.app.identity!.context, 'secure@example.org', true);
    const setup = await signIn({ username: 'secure@example.org', password: PASSWORD });
    if (setup.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') throw new Error(setup.nextStep.signInStep);
    const totp = new TOTP({
      secret: Secret.fromBase32(setup.nextStep.totpSetupDetails.sharedSecret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect((await confirmSignIn({ challengeResponse: totp.generate() })).isSignedIn).toBe(true);
    await rememberDevice();
    await signOut();

    expect((await signIn({ username: 'secure@example.org', password: PASSWORD })).isSignedIn).toBe(true);

    await forgetDevice();
    expect(await devicesOf(sub)).toHaveLength(0);
    await signOut();
    const withoutDevice = await signIn({ username: 'secure@example.org', password: PASSWORD });
    expect(withoutDevice.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });
});
