import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { IdentityContext } from './context';
import { CognitoError, invalidParameter } from './errors';
import { identityUsers } from './schema';
import { userFromAccessToken } from './sessions';
import type { User } from './users';

const TOTP_SECRET_PURPOSE = 'totp-secret';
/** Sealed secrets at rest need no expiry of their own; a century stands for "never". */
const AT_REST_SECONDS = 100 * 365 * 86_400;

/** RFC 6238 as Cognito uses it: SHA-1, 6 digits, 30 s, and one step either side (protocol doc §3). */
interface StoredSecret {
  base32: string;
  /** The user has shown a correct code for it (VerifySoftwareToken). */
  verified: boolean;
}

function storedSecret(ctx: IdentityContext, user: User): StoredSecret | undefined {
  return user.totpSecret ? ctx.sealer.open<StoredSecret>(TOTP_SECRET_PURPOSE, user.totpSecret) : undefined;
}

export function totpMatches(ctx: IdentityContext, user: User, code: unknown): boolean {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return false;
  const secret = storedSecret(ctx, user);
  if (!secret) return false;
  return (
    TOTP.validate({
      token: code.trim(),
      secret: Secret.fromBase32(secret.base32),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      window: 1,
    }) !== null
  );
}

/** A new authenticator secret for the user (replacing an unverified one); returns it in base32. */
export async function associateSecret(ctx: IdentityContext, user: User): Promise<string> {
  const base32 = new Secret({ size: 20 }).base32;
  await ctx.db
    .update(identityUsers)
    .set({
      totpSecret: ctx.sealer.seal(
        TOTP_SECRET_PURPOSE,
        { base32, verified: false } satisfies StoredSecret,
        AT_REST_SECONDS,
      ),
      totpEnabled: false,
      updatedAt: new Date(),
    })
    .where(eq(identityUsers.id, user.id));
  return base32;
}

/**
 * Marks the secret verified once the user's app shows a right code. During the MFA_SETUP
 * sign-in challenge TOTP is also switched on and preferred, as Cognito does; from a signed-in
 * session it is switched on later with SetUserMFAPreference.
 */
export async function verifySecret(ctx: IdentityContext, user: User, code: unknown, options: { enable: boolean }) {
  const secret = storedSecret(ctx, user);
  if (!secret) throw new CognitoError('InvalidParameterException', 'Software token has not been associated.');
  if (!totpMatches(ctx, user, code)) {
    throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
  }
  await ctx.db
    .update(identityUsers)
    .set({
      totpSecret: ctx.sealer.seal(
        TOTP_SECRET_PURPOSE,
        { ...secret, verified: true } satisfies StoredSecret,
        AT_REST_SECONDS,
      ),
      ...(options.enable ? { totpEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' } : {}),
      updatedAt: new Date(),
    })
    .where(eq(identityUsers.id, user.id));
}

interface MfaSettings {
  Enabled?: unknown;
  PreferredMfa?: unknown;
}

function mfaSettings(value: unknown): MfaSettings | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParameter('MFA settings must be a map.');
  return value;
}

/** SetUserMFAPreference: enable/disable SMS and TOTP and choose the preferred one. */
export async function setUserMfaPreference(ctx: IdentityContext, body: Record<string, unknown>) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  const sms = mfaSettings(body['SMSMfaSettings']);
  const totp = mfaSettings(body['SoftwareTokenMfaSettings']);
  let { smsMfaEnabled, totpEnabled, preferredMfa } = user;
  if (sms) {
    if (sms.Enabled === true && user.attributes['phone_number_verified'] !== 'true') {
      throw invalidParameter('User does not have a verified phone number for SMS MFA.');
    }
    smsMfaEnabled = sms.Enabled === true;
    if (sms.PreferredMfa === true) preferredMfa = 'SMS_MFA';
  }
  if (totp) {
    if (totp.Enabled === true && !storedSecret(ctx, user)?.verified)
      throw invalidParameter('User has not verified software token mfa');
    totpEnabled = totp.Enabled === true;
    if (totp.PreferredMfa === true) preferredMfa = 'SOFTWARE_TOKEN_MFA';
  }
  if (user.mfaRequired && !smsMfaEnabled && !totpEnabled) {
    throw invalidParameter('MFA is required for this user; keep at least one method enabled.');
  }
  if (preferredMfa === 'SMS_MFA' && !smsMfaEnabled) preferredMfa = totpEnabled ? 'SOFTWARE_TOKEN_MFA' : null;
  if (preferredMfa === 'SOFTWARE_TOKEN_MFA' && !totpEnabled) preferredMfa = smsMfaEnabled ? 'SMS_MFA' : null;
  await ctx.db
    .update(identityUsers)
    .set({ smsMfaEnabled, totpEnabled, preferredMfa, updatedAt: new Date() })
    .where(eq(identityUsers.id, user.id));
  return {};
}
