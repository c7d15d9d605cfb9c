import type { IdentityConfig } from './config';
import type { IdentityDb } from './db';
import type { IdentityKeys } from './keys';
import type { Sealer } from './seal';

/** Everything an operation needs; built once when the service starts. */
export interface IdentityContext {
  db: IdentityDb;
  config: IdentityConfig;
  keys: IdentityKeys;
  sealer: Sealer;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}
