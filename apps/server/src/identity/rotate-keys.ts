import fs from 'node:fs';
import path from 'node:path';
import { defaultIdentitySettings } from '@staff-portal/identity/config';
import { rotateKeys, type KeyRotation } from '@staff-portal/identity/key-rotation';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { claimAdminSocket, DataDirInUse } from '../plugins/admin-socket';
import { identityConfigOf } from './identity-config';

/** A rotation that cannot be made here; its message says what to do instead. */
export class KeyRotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRotationError';
  }
}

/**
 * `npm run rotate-keys`: rotates the embedded identity service's token signing keys in the
 * database the server would use (docs/product/deployment-guide.md, decision record 0056).
 * PostgreSQL is rotated while the replicas run; they pick the new keys up by themselves. The
 * embedded database is opened by one process at a time (decision record 0051), so it is rotated
 * only while no server runs on it.
 */
export async function runRotateKeys(
  config: Config,
  print: (line: string) => void,
  options: { cutOff?: boolean } = {},
): Promise<KeyRotation> {
  if (config.identity.provider !== 'embedded') {
    throw new KeyRotationError('IDENTITY_PROVIDER is cognito: Amazon Cognito manages its own signing keys.');
  }
  let hold: Awaited<ReturnType<typeof claimAdminSocket>> | undefined;
  if (!config.databaseUrl) {
    if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
      throw new KeyRotationError(`There is no embedded database in DATA_DIR (${config.dataDir}): no keys to rotate.`);
    }
    try {
      hold = await claimAdminSocket(config.dataDir, 'a key rotation');
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      throw new KeyRotationError(
        `${error.message} The embedded database is opened by one process at a time: stop the server, rotate, and start it again (with PostgreSQL, DATABASE_URL, keys are rotated while the servers run).`,
      );
    }
  }
  try {
    const database = await openDatabase(config);
    try {
      // As a starting server would: the keys' columns are those of this version.
      await migrate(database);
      const identity = { ...defaultIdentitySettings, ...identityConfigOf(config, undefined) };
      const rotation = await rotateKeys(database.db, {
        keyEncryptionKey: identity.keyEncryptionKey,
        keyRefreshMs: identity.keyRefreshMs,
        tokenSeconds: identity.accessTokenSeconds,
        cutOff: options.cutOff ?? false,
      });
      print(
        `Rotated the identity token signing keys in ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}:`,
      );
      for (const key of rotation.added)
        print(`  added ${key.kid}: signs new ${key.use} tokens from ${key.activatesAt.toISOString()}`);
      for (const key of rotation.retiring)
        print(`  retiring ${key.kid}: verifies ${key.use} tokens until ${key.retiredAt.toISOString()}`);
      print(
        options.cutOff
          ? `Within ${identity.keyRefreshMs / 1000} s every replica signs with the new keys and refuses tokens the old ones signed: their users refresh them (refresh tokens stay valid) or sign in again.`
          : 'Tokens already issued stay valid until they expire; nobody has to sign in again.',
      );
      return rotation;
    } finally {
      await database.close();
    }
  } finally {
    await hold?.close();
  }
}
