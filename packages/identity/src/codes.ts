import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { IdentityContext } from './context';
import { codeMismatch, expiredCode, limitExceeded } from './errors';
import { identityCodes, identityQuotas } from './schema';

export type CodePurpose = 'forgot_password' | 'verify_email' | 'verify_phone_number' | 'confirm_sign_up' | 'sms_mfa';

/** Cognito's lifetimes (protocol doc §6.1): reset codes 1 h, verification codes 24 h. */
const LIFETIME_SECONDS: Record<CodePurpose, number> = {
  forgot_password: 3600,
  verify_email: 86_400,
  verify_phone_number: 86_400,
  confirm_sign_up: 86_400,
  // An SMS sign-in code lives as long as the sign-in session it belongs to.
  sms_mfa: 180,
};

/** Wrong guesses one code survives before it is spent. */
const MAX_CODE_FAILURES = 5;

function hashCode(ctx: IdentityContext, userId: string, purpose: CodePurpose, code: string) {
  return createHmac('sha256', ctx.keys.secret).update(`${userId}\0${purpose}\0${code}`).digest('hex');
}

/** Issues a fresh 6-digit code for the purpose, replacing any earlier one; returns the code. */
export async function issueCode(ctx: IdentityContext, userId: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    userId,
    purpose,
    codeHash: hashCode(ctx, userId, purpose, code),
    expiresAt: new Date(Date.now() + LIFETIME_SECONDS[purpose] * 1000),
    failedAttempts: 0,
    createdAt: new Date(),
  };
  await ctx.db
    .insert(identityCodes)
    .values(values)
    .onConflictDoUpdate({ target: [identityCodes.userId, identityCodes.purpose], set: values });
  return code;
}

/**
 * Spends a code: right and unexpired → deleted (single use); wrong → counted, and spent after
 * five wrong tries; missing or expired → ExpiredCodeException.
 */
export async function consumeCode(ctx: IdentityContext, userId: string, purpose: CodePurpose, code: unknown) {
  const where = and(eq(identityCodes.userId, userId), eq(identityCodes.purpose, purpose));
  const [row] = await ctx.db.select().from(identityCodes).where(where);
  if (!row || row.expiresAt.getTime() < Date.now()) throw expiredCode();
  const given = Buffer.from(hashCode(ctx, userId, purpose, typeof code === 'string' ? code.trim() : ''));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    if (row.failedAttempts + 1 >= MAX_CODE_FAILURES) await ctx.db.delete(identityCodes).where(where);
    else
      await ctx.db
        .update(identityCodes)
        .set({ failedAttempts: row.failedAttempts + 1 })
        .where(where);
    throw codeMismatch();
  }
  await ctx.db.delete(identityCodes).where(where);
}

/** Per-user hourly quotas of protocol doc §6.1; over the quota → LimitExceededException. */
export const HOURLY_QUOTA = {
  ForgotPassword: 5,
  ConfirmForgotPassword: 10,
  ResendConfirmationCode: 5,
  ChangePassword: 5,
  GetUserAttributeVerificationCode: 5,
  VerifyUserAttribute: 15,
} as const;

export async function countAgainstQuota(ctx: IdentityContext, userId: string, operation: keyof typeof HOURLY_QUOTA) {
  const windowStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const [row] = await ctx.db
    .insert(identityQuotas)
    .values({ userId, operation, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [identityQuotas.userId, identityQuotas.operation, identityQuotas.windowStart],
      set: { count: sql`${identityQuotas.count} + 1` },
    })
    .returning({ count: identityQuotas.count });
  if ((row?.count ?? 0) > HOURLY_QUOTA[operation]) throw limitExceeded();
}
