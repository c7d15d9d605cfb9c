import type { AdminCredentials } from './sigv4';
import { defaultSrpThreads } from './srp-threads';

/** Sends one e-mail of the outbox (outbox.ts); throws when it could not be handed over. */
export type SendEmail = (message: { to: string; subject: string; text: string }) => Promise<void>;

export interface IdentityConfig {
  /** The URL the service is reached at, e.g. `https://portal.example.org/identity`. */
  endpoint: string;
  /** Where people sign in (the portal's address), which invitations give; none when unknown. */
  signInUrl?: string;
  region: string;
  userPoolId: string;
  clientId: string;
  adminCredentials: AdminCredentials;
  /** Seals the private keys at rest (32 bytes); kept outside the database, shared by every replica. */
  keyEncryptionKey: Buffer;
  /** Cognito's PreventUserExistenceErrors: ENABLED hides whether an account exists (protocol doc §6.1). */
  preventUserExistenceErrors: boolean;
  /** Self-service sign-up; off in this product (docs/product/specification.md §1). */
  signUpEnabled: boolean;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  temporaryPasswordDays: number;
  /** Sends an e-mail (SMTP); without it messages stay in the outbox table only. */
  sendEmail?: SendEmail;
  /** Sign-in challenge Sessions live this long (Cognito's AuthSessionValidity, 3–15 min). */
  sessionSeconds: number;
  /**
   * Development only: log each message's text (codes, temporary passwords) at info level, where
   * a developer or a browser test reads it. Off, the log says only that a message was queued.
   */
  logMessages: boolean;
  /**
   * How old the keys an instance signs and verifies with may be before it reads them again, so a
   * key rotation reaches every replica within this bound (decision record 0056).
   */
  keyRefreshMs: number;
  /**
   * Worker threads for the SRP arithmetic of sign-ins, so the event loop keeps answering other
   * requests meanwhile; 0 computes it on the event loop (decision record 0069).
   */
  srpThreads: number;
}

export const defaultIdentitySettings = {
  preventUserExistenceErrors: true,
  signUpEnabled: false,
  accessTokenSeconds: 3600,
  refreshTokenDays: 30,
  temporaryPasswordDays: 7,
  sessionSeconds: 3 * 60,
  logMessages: false,
  keyRefreshMs: 30_000,
  srpThreads: defaultSrpThreads(),
} satisfies Partial<IdentityConfig>;

/** What a host must supply; everything else has Cognito's defaults. */
export type IdentityHostSettings = Omit<IdentityConfig, keyof typeof defaultIdentitySettings> & Partial<IdentityConfig>;

/** The text after the pool id's underscore, which SRP hashes into x and the signature (protocol doc §2.2). */
export const poolNameOf = (userPoolId: string) => userPoolId.split('_')[1] ?? '';

/** `iss` of every token: the endpoint plus the pool id; the JWKS lives under it. */
export const issuerOf = (config: Pick<IdentityConfig, 'endpoint' | 'userPoolId'>) =>
  `${config.endpoint}/${config.userPoolId}`;
