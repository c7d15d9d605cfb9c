import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const FILE = 'identity-admin-credentials.json';

/**
 * The admin key pair of the embedded identity service when none is configured: generated on
 * first start and kept in DATA_DIR (readable by the owner only), like the database beside it.
 * Replicas sharing PostgreSQL must be given the same pair through the environment.
 */
export function loadOrCreateAdminCredentials(dataDir: string): AdminCredentials {
  const file = path.join(dataDir, FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as AdminCredentials;
  const credentials = {
    accessKeyId: `SPIA${randomBytes(10).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600, flag: 'wx' });
  return credentials;
}
