import type { SignInRefusal } from '@staff-portal/shared/it-admin';
import type { IdentityConfig } from './config';
import type { IdentityDb } from './db';
import type { IdentityKeys } from './keys';
import type { Sealer } from './seal';
import type { SrpArithmetic } from './srp-threads';

/** Everything an operation needs; built once when the service starts. */
export interface IdentityContext {
  db: IdentityDb;
  config: IdentityConfig;
  /** The keys as last read. The secret never changes; sign and verify with `currentKeys()`. */
  readonly keys: IdentityKeys;
  /** The keys, read again first when they may be out of date (decision record 0056). */
  currentKeys(): Promise<IdentityKeys>;
  sealer: Sealer;
  /** The exponentiations of SRP handshakes and password proofs, on worker threads or not. */
  srp: SrpArithmetic;
  /**
   * Told when sessions of a user end here (sign-out, revocation, disable, delete, reset), so that
   * what this process remembers of their tokens is forgotten at once (decision record 0058).
   */
  sessionsEnded?: (userId: string) => void;
  /**
   * Told of every sign-in of an existing account that is refused, and why, so that the host can
   * record it (decision record 0078). Never told what was typed: no password, code or username.
   */
  signInRefused?: (refusal: SignInRefused) => Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A refused sign-in of an account: the account as it is kept, and the reason. */
export interface SignInRefused {
  userId: string;
  email: string;
  name: string | null;
  reason: SignInRefusal;
}
