import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { isSealed, keySealer } from '@staff-portal/identity/keys';
import { identityKeys } from '@staff-portal/identity/schema';
import type { Config } from '../config';
import { claimAdminSocket } from '../plugins/admin-socket';
import {
  appliedMigrations,
  foreignKeys,
  ident,
  inTransaction,
  qualified,
  readJournal,
  sequencesOf,
  tablesOf,
} from './backup-database';
import { BackupError, checkBackup, migrationsOf, readBackup, type BackupHeader } from './backup-format';
import { plural, tableLine } from './backup-progress';
import { openDatabase, type Database } from './client';
import { migrate, migrationsFolder } from './migrate';

// Restoring (docs/product/backups.md §3, decision record 0051): a backup in the format of
// backup-format.ts loaded into an empty database of either engine, by `npm run restore`.

/** Tables whose rows the migrations insert themselves (0011's version counters): a database with only these is empty. */
const MIGRATION_MADE_ROWS = new Set(['data_versions']);

/** The file the embedded identity service keeps its generated key-encryption key in (decision record 0024). */
const KEY_ENCRYPTION_KEY_FILE = 'identity-key-encryption-key';

/** Applies the committed migrations up to the first `count` (all of them as the server does). */
export async function migrateTo(database: Database, count: number): Promise<void> {
  const journal = readJournal();
  if (count === journal.entries.length) return migrate(database);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-migrations-'));
  try {
    await fs.cp(migrationsFolder, folder, { recursive: true });
    await fs.writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
    );
    if (database.driver.engine === 'pglite') {
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  /** Replace what a non-empty target holds. */
  force?: boolean;
  /** The header `checkBackup` answered for this file, when it has just been checked. */
  checked?: BackupHeader;
  /** Progress, a line at a time. */
  print?: (line: string) => void;
}

/**
 * Restores a backup into `database`, which must be empty (nothing but what the migrations
 * insert) unless `force`. The whole file is checked before the database is touched; the target
 * is migrated to the backup's level (never past it: the server takes it on at its next start);
 * then, in one transaction, every table is emptied and loaded with its triggers off (the rows
 * are restored as they were, derived ones included) and its foreign keys checked once at the
 * end, and the sequences are set as they were. A failure leaves the tables as they were.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupHeader> {
  const source = path.resolve(file);
  const print = options.print ?? (() => undefined);
  const header = options.checked ?? (await checkBackup(source));
  const total = header.tables.reduce((sum, table) => sum + table.rows, 0);
  print(
    `${source}: a backup of ${plural(header.tables.length, 'table')}, ${plural(total, 'row')}, made ${header.createdAt} on ${header.engine} at migration ${header.migration.tag}`,
  );

  const level = migrationsOf(header);

  const current = await inTransaction(database, 'snapshot', appliedMigrations);
  if (current && current.when > header.migration.when) {
    throw new BackupError(
      `The target database is at a newer migration than the backup (${header.migration.tag}): restore into a new, empty database`,
    );
  }
  if (current && !options.force) {
    const filled = await inTransaction(database, 'snapshot', async (query) => {
      const names: string[] = [];
      for (const table of await tablesOf(query)) {
        if (MIGRATION_MADE_ROWS.has(table.name)) continue;
        const [row] = await query<{ filled: boolean }>(
          `select exists (select 1 from ${qualified(table.name)}) as filled`,
        );
        if (row?.filled) names.push(table.name);
      }
      return names;
    });
    if (filled.length > 0) {
      const shown = filled.slice(0, 5).join(', ') + (filled.length > 5 ? ` and ${filled.length - 5} more` : '');
      throw new BackupError(
        `The target database is not empty (rows in ${shown}): restore into an empty one, or force it (--force) to replace everything in it`,
      );
    }
  }
  if (!current || current.when < header.migration.when) {
    print(`Migrating the target to ${header.migration.tag}...`);
    await migrateTo(database, level);
  }

  await inTransaction(database, 'write', async (query) => {
    const tables = await tablesOf(query);
    const sameTables =
      tables.length === header.tables.length &&
      header.tables.every((entry) => {
        const table = tables.find((t) => t.name === entry.name);
        return table && [...table.columns].sort().join() === [...entry.columns].sort().join();
      });
    const sequences = (await sequencesOf(query)).map((sequence) => sequence.name);
    if (!sameTables || header.sequences.some((sequence) => !sequences.includes(sequence.name))) {
      throw new BackupError(
        `The backup's tables do not match this version's at migration ${header.migration.tag}: it was not made by Staff Portal, or its schema was changed by hand`,
      );
    }

    // Foreign keys wait for the end of the load (a table may refer to itself), then are checked at once.
    const immediate = (await foreignKeys(query)).filter((key) => !key.deferrable);
    for (const key of immediate) {
      await query(
        `alter table ${qualified(key.child)} alter constraint ${ident(key.name)} deferrable initially deferred`,
      );
    }
    await query('set constraints all deferred');
    for (const table of tables) await query(`alter table ${qualified(table.name)} disable trigger user`);
    await query(`truncate ${tables.map((table) => qualified(table.name)).join(', ')} restart identity`);

    await readBackup(source, {
      onRows: async (table, rows) => {
        const columns = table.columns.map(ident).join(', ');
        await query(
          `insert into ${qualified(table.name)} (${columns}) overriding system value
           select ${columns} from jsonb_populate_recordset(null::${qualified(table.name)}, $1::jsonb)`,
          [`[${rows.join(',')}]`],
        ).catch((error: unknown) => {
          throw new BackupError(`The rows of ${table.name} could not be restored: ${(error as Error).message}`);
        });
      },
      onTableDone: async (table) => {
        const [count] = await query<{ rows: number }>(`select count(*)::float8 as rows from ${qualified(table.name)}`);
        if (count?.rows !== table.rows) {
          throw new BackupError(
            `${source} is damaged: ${table.name} has ${count?.rows} rows restored, not ${table.rows}`,
          );
        }
        print(tableLine({ table: table.name, rows: table.rows }));
      },
    });

    await query('set constraints all immediate').catch((error: unknown) => {
      throw new BackupError(`The backup's rows do not hold together: ${(error as Error).message}`);
    });
    for (const table of tables) await query(`alter table ${qualified(table.name)} enable trigger user`);
    for (const key of immediate) {
      await query(`alter table ${qualified(key.child)} alter constraint ${ident(key.name)} not deferrable`);
    }
    for (const sequence of header.sequences) {
      if (sequence.value !== null) {
        await query('select setval($1::regclass, $2::bigint)', [qualified(sequence.name), sequence.value]);
      }
    }
  });
  return header;
}

// ---------------------------------------------------------------------------------------------
// The command (scripts/restore.mjs)

/**
 * `npm run restore -- <file> [--force]`: restores a backup into the database the server would
 * use, which must be empty unless forced. The embedded one is restored only while no server runs.
 */
export async function runRestore(
  config: Config,
  file: string,
  options: { force?: boolean },
  print: (line: string) => void,
): Promise<BackupHeader> {
  // Checked before the target is opened, so a bad file never creates an embedded database.
  const checked = await checkBackup(file);
  // The embedded directory is held against a server starting meanwhile; one running refuses it.
  const hold = config.databaseUrl ? undefined : await claimAdminSocket(config.dataDir, 'a restore');
  try {
    const database = await openDatabase(config);
    try {
      const header = await restoreBackup(database, file, { force: options.force, print, checked });
      print(
        `Restored into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`}.`,
      );
      const note = await keyEncryptionKeyNote(database, config);
      if (note) print(note);
      return header;
    } finally {
      await database.close();
    }
  } finally {
    await hold?.close();
  }
}

/**
 * The restored identity keys are sealed with the key-encryption key of the server that made the
 * backup (decision record 0024), which a backup never carries: says so when this configuration
 * has none, or one that does not open them.
 */
async function keyEncryptionKeyNote(database: Database, config: Config): Promise<string | undefined> {
  const [row] = await database.db.select().from(identityKeys).where(eq(identityKeys.use, 'secret'));
  if (!row || !isSealed(row.privateValue)) return undefined;
  const keyFile = path.join(config.dataDir, KEY_ENCRYPTION_KEY_FILE);
  const key =
    config.identity.keyEncryptionKey ??
    (fsSync.existsSync(keyFile) ? Buffer.from(fsSync.readFileSync(keyFile, 'utf8').trim(), 'base64url') : undefined);
  const where = `IDENTITY_KEY_ENCRYPTION_KEY, or the file ${keyFile} (mode 0600)`;
  if (!key) {
    return `Before starting the server, give it the key-encryption key the backup's identity keys were sealed with (${where}): without it the server does not start.`;
  }
  try {
    keySealer(key).open(row.kid, row.use, row.privateValue);
    return undefined;
  } catch {
    return `Warning: the key-encryption key configured here does not open the backup's identity keys: before starting the server, give it the one they were sealed with (${where}).`;
  }
}
