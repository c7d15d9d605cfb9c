import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const FILE = 'identity-admin-credentials.json';
const KEY_ENCRYPTION_KEY_FILE = 'identity-key-encryption-key';

/**
 * Writes a file readable by the owner only (0600, in a 0700 DATA_DIR) unless it exists; answers
 * what the file holds, so two processes starting on one DATA_DIR agree on the first one written.
 */
function readOrCreateOwnerOnly(file: string, content: () => string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, content(), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * The admin key pair of the embedded identity service when none is configured: generated on
 * first start and kept in DATA_DIR (readable by the owner only), like the database beside it.
 * Replicas sharing PostgreSQL must be given the same pair through the environment.
 */
export function loadOrCreateAdminCredentials(dataDir: string): AdminCredentials {
  const text = readOrCreateOwnerOnly(path.join(dataDir, FILE), () =>
    JSON.stringify(
      {
        accessKeyId: `SPIA${randomBytes(10).toString('hex').toUpperCase()}`,
        secretAccessKey: randomBytes(30).toString('base64url'),
      },
      null,
      2,
    ),
  );
  return JSON.parse(text) as AdminCredentials;
}

/**
 * The key that seals the identity service's private keys at rest (decision record 0024) when
 * IDENTITY_KEY_ENCRYPTION_KEY is unset: 32 random bytes generated on first start and kept in
 * DATA_DIR (0600). Replicas sharing PostgreSQL must all be given the same key through the
 * environment: a generated one lives in one replica's DATA_DIR.
 */
export function loadOrCreateKeyEncryptionKey(dataDir: string): Buffer {
  const text = readOrCreateOwnerOnly(path.join(dataDir, KEY_ENCRYPTION_KEY_FILE), () =>
    randomBytes(32).toString('base64url'),
  );
  const key = Buffer.from(text.trim(), 'base64url');
  if (key.length !== 32) throw new Error(`${path.join(dataDir, KEY_ENCRYPTION_KEY_FILE)} does not hold a 32-byte key`);
  return key;
}
