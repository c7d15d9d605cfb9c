import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import {
  claimAdminSocket,
  connectAdminSocket,
  requestBackup,
  type BackupProgress,
  type BackupSummary,
} from '../plugins/admin-socket';
import { appliedMigrations, inTransaction, qualified, readJournal, sequencesOf, tablesOf } from './backup-database';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  BATCH_ROWS,
  BATCH_ROWS_WITH_FILES,
  writeBackupFile,
  type BackupHeader,
  type TableEntry,
} from './backup-format';
import { plural, tableLine } from './backup-progress';
import { openDatabase, type Database } from './client';

// Backing up (docs/product/backups.md §2, decision record 0051): a backup of the database, taken
// from one snapshot, in the format of backup-format.ts; made by `npm run backup`, or by the
// running embedded server when the command asks it to.

export interface WriteBackupOptions {
  /** Called as each table has been written. */
  onTable?: (progress: BackupProgress) => void;
  /** Stops the backup (nothing is left behind). */
  signal?: AbortSignal;
}

/**
 * Writes a backup of `database` to `file` (mode 0600: it holds personal data and the sealed
 * identity keys), from one snapshot: PostgreSQL's REPEATABLE READ, or PGlite's one connection,
 * whose other queries wait until it is done. The file appears only once complete.
 */
export async function writeBackup(
  database: Database,
  file: string,
  options: WriteBackupOptions = {},
): Promise<BackupSummary> {
  const target = path.resolve(file);
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  const journal = readJournal();
  // Checked first, so the database is never held for a backup that cannot be written.
  await fs.access(path.dirname(target), fs.constants.W_OK).catch(() => {
    throw new BackupError(
      `Cannot write ${target}: ${path.dirname(target)} is not a directory this process may write in`,
    );
  });
  try {
    const written = await inTransaction(database, 'snapshot', async (query) => {
      const level = await appliedMigrations(query);
      if (!level) throw new BackupError('The database has no migrations applied: there is nothing to back up');
      const withFiles = new Set(
        (
          await query<{ name: string }>(`
            select distinct c.relname::text as name
            from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and a.atttypid = 'bytea'::regtype and not a.attisdropped`)
        ).map((row) => row.name),
      );
      const tables: TableEntry[] = [];
      for (const table of await tablesOf(query)) {
        const [count] = await query<{ rows: number }>(`select count(*)::float8 as rows from ${qualified(table.name)}`);
        tables.push({ ...table, rows: count?.rows ?? 0 });
      }
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        engine: database.engine,
        migration: {
          tag: journal.entries.find((entry) => entry.when === level.when)?.tag ?? `unknown (${level.when})`,
          when: level.when,
          applied: level.applied,
        },
        tables,
        sequences: await sequencesOf(query),
      };
      async function* rowsOf(table: TableEntry) {
        await query(
          `declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${qualified(table.name)} t`,
        );
        const batch = withFiles.has(table.name) ? BATCH_ROWS_WITH_FILES : BATCH_ROWS;
        for (;;) {
          const rows = await query<{ row: string }>(`fetch ${batch} from backup_rows`);
          if (rows.length === 0) break;
          yield rows.map(({ row }) => `${row}\n`).join('');
        }
        await query('close backup_rows');
        options.onTable?.({ table: table.name, rows: table.rows });
      }
      await writeBackupFile(partial, header, rowsOf, options.signal);
      return header;
    });
    // On disk before it takes the final name, so a crash never leaves a half file there.
    const handle = await fs.open(partial, 'r');
    await handle.sync();
    await handle.close();
    await fs.rename(partial, target);
    return {
      file: target,
      tables: written.tables.length,
      rows: written.tables.reduce((sum, table) => sum + table.rows, 0),
      bytes: (await fs.stat(target)).size,
    };
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/**
 * `npm run backup -- <file>`: backs up the database the server would use. PostgreSQL is read
 * directly, in a snapshot, whether servers run or not. The embedded database is backed up by the
 * server when it runs (over its admin socket), and otherwise opened here, held against a server
 * starting meanwhile.
 */
export async function runBackup(config: Config, file: string, print: (line: string) => void): Promise<BackupSummary> {
  const target = path.resolve(file);
  const onTable = (progress: BackupProgress) => print(tableLine(progress));
  let summary: BackupSummary;
  const server = config.databaseUrl ? undefined : await connectAdminSocket(config.dataDir);
  if (server) {
    print(`Backing up the embedded database in ${config.dataDir} through the running server to ${target}`);
    summary = await requestBackup(server, target, onTable);
  } else {
    if (!config.databaseUrl && !fsSync.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
      throw new BackupError(`There is no embedded database in DATA_DIR (${config.dataDir}): nothing to back up`);
    }
    print(
      config.databaseUrl
        ? `Backing up PostgreSQL (DATABASE_URL) to ${target}`
        : `Backing up the embedded database in ${config.dataDir} (no server running) to ${target}`,
    );
    // The embedded directory is held against a server starting meanwhile.
    const hold = config.databaseUrl ? undefined : await claimAdminSocket(config.dataDir, 'a backup');
    try {
      const database = await openDatabase(config);
      try {
        summary = await writeBackup(database, target, { onTable });
      } finally {
        await database.close();
      }
    } finally {
      await hold?.close();
    }
  }
  print(
    `Backup written: ${summary.file} (${plural(summary.tables, 'table')}, ${plural(summary.rows, 'row')}, ${(summary.bytes / 1024).toFixed(0)} KB). It holds personal data and the sealed identity keys: keep it secret.`,
  );
  return summary;
}
