import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Users of the embedded pool. `id` is both the `sub` and the immutable internal username that SRP
 * verifiers are computed with (protocol doc §2.3); people sign in with their e-mail.
 * No password is stored: only the SRP salt and verifier.
 */
export const identityUsers = pgTable(
  'identity_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** UNCONFIRMED | CONFIRMED | FORCE_CHANGE_PASSWORD | RESET_REQUIRED */
    status: text().notNull(),
    enabled: boolean().notNull().default(true),
    srpSalt: text().notNull(),
    srpVerifier: text().notNull(),
    /** Standard and custom attributes, every value a string, as Cognito keeps them. */
    attributes: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Sealed base32 TOTP secret once MFA setup has begun. */
    totpSecret: text(),
    totpEnabled: boolean().notNull().default(false),
    smsMfaEnabled: boolean().notNull().default(false),
    preferredMfa: text(),
    /** This user must set up an authenticator app before their first sign-in completes. */
    mfaRequired: boolean().notNull().default(false),
    /** Cumulative failed password proofs and the lock they earned (protocol doc §6.1). */
    failedAttempts: integer().notNull().default(0),
    lastFailureAt: timestamp({ withTimezone: true }),
    lockedUntil: timestamp({ withTimezone: true }),
    /** Tokens issued before this instant are dead (global sign-out, disable, password reset). */
    tokensValidAfter: timestamp({ withTimezone: true }),
    temporaryPasswordExpiresAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [uniqueIndex('identity_users_email_idx').on(sql`lower(${t.email})`)],
);

export const identityGroups = pgTable('identity_groups', {
  name: text().primaryKey(),
  description: text().notNull().default(''),
  precedence: integer(),
  createdAt: now(),
  updatedAt: now(),
});

export const identityUserGroups = pgTable(
  'identity_user_groups',
  {
    userId: uuid()
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    groupName: text()
      .notNull()
      .references(() => identityGroups.name, { onDelete: 'cascade' }),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupName] }), index('identity_user_groups_group_idx').on(t.groupName)],
);

/** One live code per user and purpose; only a keyed hash of the code is kept. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    userId: uuid()
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    /** forgot_password | verify_email | verify_phone_number | confirm_sign_up */
    purpose: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    failedAttempts: integer().notNull().default(0),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

/**
 * Refresh tokens, one row per sign-in (its id is the tokens' `origin_jti`). Revoking the row
 * revokes the refresh token and every access/id token minted from it.
 */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    deviceKey: text(),
    /** The original sign-in time; `auth_time` stays at it across refreshes. */
    authTime: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [index('identity_refresh_tokens_user_idx').on(t.userId)],
);

export const identityDevices = pgTable(
  'identity_devices',
  {
    deviceKey: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    groupKey: text().notNull(),
    salt: text(),
    verifier: text(),
    name: text().notNull().default(''),
    remembered: boolean().notNull().default(false),
    createdAt: now(),
    updatedAt: now(),
    lastAuthenticatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('identity_devices_user_idx').on(t.userId)],
);

/** Counters for per-user hourly quotas (LimitExceededException), shared by every replica. */
export const identityQuotas = pgTable(
  'identity_quotas',
  {
    userId: uuid()
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    operation: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operation, t.windowStart] })],
);

/** Signing keys (RS256, separate keys for id and access tokens) and the service's secrets. */
export const identityKeys = pgTable(
  'identity_keys',
  {
    kid: text().primaryKey(),
    /** id | access | secret */
    use: text().notNull(),
    publicJwk: jsonb().$type<Record<string, unknown>>(),
    /** The private JWK, or for `secret` a random base64url value; sealed (keys.ts: keySealer). */
    privateValue: text().notNull(),
    createdAt: now(),
    /**
     * When the key starts signing (decision record 0056): the epoch for the first keys, later for
     * a rotation's keys, so that every replica publishes them before any signs with them.
     */
    activatesAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'epoch'`),
    /** When the key stops being published and verifying tokens: set (ahead) by the rotation that supersedes it. */
    retiredAt: timestamp({ withTimezone: true }),
  },
  // Replicas starting together insert the first keys of each use with the same activation time: one wins.
  (t) => [uniqueIndex('identity_keys_use_activates_idx').on(t.use, t.activatesAt)],
);

/** E-mails and SMS in embedded mode; the IT admin page reads them. */
export const identityOutbox = pgTable(
  'identity_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    userId: uuid(),
    createdAt: now(),
    /** Set when an e-mail was handed to the SMTP server (SMTP_URL); null in embedded mode. */
    deliveredAt: timestamp({ withTimezone: true }),
    /** Why the last attempt failed; cleared when a later one succeeds. */
    deliveryError: text(),
    /** Times a sender took the message to send it (SMTP_URL only). */
    attempts: integer().notNull().default(0),
    /**
     * When a sender may take the message (again): the end of the current attempt's lease while one
     * sends it, the retry time after a failure; null once delivered, given up, or never to be
     * sent (embedded mode, SMS).
     */
    nextAttemptAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('identity_outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('identity_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/**
 * Sign-in steps already taken: the ids of sealed SRP blocks and challenge Sessions that
 * completed, so a captured request cannot be replayed while its seal is still fresh.
 */
export const identityConsumedSteps = pgTable(
  'identity_consumed_steps',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('identity_consumed_steps_expires_idx').on(t.expiresAt)],
);
