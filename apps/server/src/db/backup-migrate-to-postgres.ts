import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { runBackup } from './backup';
import { BackupError, type BackupHeader } from './backup-format';
import { runRestore } from './backup-restore';

/**
 * `npm run migrate-to-postgres -- --to <url>`: copies the embedded database at DATA_DIR, every
 * table (the identity service's included, so users keep their passwords), into an empty
 * PostgreSQL database: a backup (made by the running server, if one runs) restored there, each
 * table's row count checked on the way in (docs/product/backups.md).
 */
export async function runMigrateToPostgres(
  config: Config,
  to: string,
  print: (line: string) => void,
): Promise<BackupHeader> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: migrate-to-postgres copies the embedded database at DATA_DIR; unset DATABASE_URL and name the target with --to',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(to)) {
    throw new BackupError('--to must be a PostgreSQL URL such as postgres://user:password@host:5432/portal');
  }
  // A folder of this user's alone (mkdtemp makes it 0700) for the backup between the two.
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-migrate-'));
  try {
    const file = path.join(folder, 'embedded.backup.gz');
    await runBackup(config, file, print);
    const header = await runRestore({ ...config, databaseUrl: to }, file, {}, print);
    print(
      'Every table is copied. Start the servers with DATABASE_URL set to that database, the same secrets ' +
        '(IDENTITY_KEY_ENCRYPTION_KEY or the key file in DATA_DIR, and the admin key pair), and keep DATA_DIR as a backup until you are sure.',
    );
    return header;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
