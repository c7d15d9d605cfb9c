import type { IdentityConfig } from './config';
import type { IdentityDb } from './db';
import type { IdentityKeys } from './keys';
import type { Sealer } from './seal';

/** Everything an operation needs; built once when the service starts. */
export interface IdentityContext {
  db: IdentityDb;
  config: IdentityConfig;
  /** The keys as last read. The secret never changes; sign and verify with `currentKeys()`. */
  readonly keys: IdentityKeys;
  /** The keys, read again first when they may be out of date (decision record 0056). */
  currentKeys(): Promise<IdentityKeys>;
  sealer: Sealer;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}
