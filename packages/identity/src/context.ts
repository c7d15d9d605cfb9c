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
   * Told when something a token of the user depends on changed here: their sessions ended
   * (sign-out, revocation, disable, delete, reset) or what their tokens say of them (groups,
   * attributes, e-mail, the last password change). What this process remembers of their tokens
   * is then checked again at once (docs/product/identity.md §7); other processes hear of it from
   * the database (decision record 0074).
   */
  userChanged?: (userId: string) => void;
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
