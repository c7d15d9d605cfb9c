import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { z } from 'zod';
import { isSealed, keySealer } from '@staff-portal/identity/keys';
import { identityKeys } from '@staff-portal/identity/schema';
import type { Config } from '../config';
import {
  claimAdminSocket,
  connectAdminSocket,
  requestBackup,
  type BackupProgress,
  type BackupSummary,
} from '../plugins/admin-socket';
import { openDatabase, type Database } from './client';
import { migrate, migrationsFolder } from './migrate';

/*
 * Backups of the database (docs/product/backups.md, decision record 0051): a logical dump that
 * either engine writes and either engine restores. A backup is one gzip file of JSON lines:
 * - a header: the format and its version, the engine it came from, the migration level, and
 *   every table of the `public` schema (columns, row count) in foreign-key order, with the
 *   sequences' values;
 * - each table's rows in that order, one `to_jsonb(row)` per line, all taken in one snapshot;
 * - an end line.
 * Rows pass through as PostgreSQL wrote them (never parsed in JavaScript), so numbers, dates,
 * bytea and arrays come back exactly.
 */

export const BACKUP_FORMAT = 'staff-portal-backup';
export const BACKUP_VERSION = 1;

/** Rows read per fetch and inserted per statement, unless their text reaches BATCH_BYTES first. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;
/** Rows read per fetch from a table with files in it (bytea, up to 5 MB each: 10 MB of text). */
const BATCH_ROWS_WITH_FILES = 16;

/** Tables whose rows the migrations insert themselves (0011's version counters): a database with only these is empty. */
const MIGRATION_MADE_ROWS = new Set(['data_versions']);

/** The file the embedded identity service keeps its generated key-encryption key in (decision record 0024). */
const KEY_ENCRYPTION_KEY_FILE = 'identity-key-encryption-key';

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  migration: z.object({ tag: z.string(), when: z.number(), applied: z.number().int() }),
  tables: z.array(
    z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1), rows: z.number().int().min(0) }),
  ),
  sequences: z.array(
    z.object({
      name: z.string().min(1),
      value: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
});

export type BackupHeader = z.infer<typeof headerSchema>;
type TableEntry = BackupHeader['tables'][number];

const endSchema = z.object({ end: z.literal(BACKUP_FORMAT), rows: z.number().int() });

/** A backup that cannot be restored: damaged, cut short, from elsewhere, or not for this database. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

// ---------------------------------------------------------------------------------------------
// One transaction on one connection, the same SQL on either engine

type Query = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

/**
 * Runs `work` in one transaction: a read-only REPEATABLE READ snapshot, or a plain read-write
 * one. PGlite has one connection: while its transaction runs, every other query waits.
 */
async function inTransaction<T>(
  database: Database,
  mode: 'snapshot' | 'write',
  work: (query: Query) => Promise<T>,
): Promise<T> {
  const begin = mode === 'snapshot' ? 'isolation level repeatable read, read only' : 'read write';
  if (database.driver.engine === 'pglite') {
    return database.driver.client.transaction(async (tx) => {
      await tx.query(`set transaction ${begin}`);
      return work(async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows);
    });
  }
  const client = await database.driver.pool.connect();
  try {
    await client.query(`begin ${begin}`);
    const result = await work(async <Row>(text: string, params?: unknown[]) => {
      return (await client.query(text, params)).rows as Row[];
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: string) => `"public".${ident(name)}`;

// ---------------------------------------------------------------------------------------------
// What the catalog says

interface Journal {
  entries: { tag: string; when: number }[];
}

function readJournal(): Journal {
  return JSON.parse(fsSync.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** How many migrations the database has applied and when the last one was made; undefined before the first. */
async function appliedMigrations(query: Query): Promise<{ applied: number; when: number } | undefined> {
  const [table] = await query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table?.found) return undefined;
  const [row] = await query<{ applied: number; last: string | null }>(
    'select count(*)::float8 as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return row?.last ? { applied: row.applied, when: Number(row.last) } : undefined;
}

interface ForeignKey {
  child: string;
  parent: string;
  name: string;
  deferrable: boolean;
}

async function foreignKeys(query: Query): Promise<ForeignKey[]> {
  return query<ForeignKey>(`
    select child.relname::text as child, parent.relname::text as parent, con.conname::text as name,
      con.condeferrable as deferrable
    from pg_constraint con
    join pg_class child on child.oid = con.conrelid
    join pg_class parent on parent.oid = con.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where con.contype = 'f' and n.nspname = 'public'
    order by 1, 3`);
}

/** Every table of the `public` schema with its stored columns, parents before the tables that refer to them. */
async function tablesOf(query: Query): Promise<{ name: string; columns: string[] }[]> {
  const tables = await query<{ name: string; columns: string[] }>(`
    select c.relname::text as name,
      array(
        select a.attname::text from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum
      ) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
    order by 1`);
  const references = await foreignKeys(query);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: { name: string; columns: string[] }[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    const table = byName.get(name);
    if (!table || visiting.has(name) || ordered.includes(table)) return;
    visiting.add(name);
    for (const reference of references) if (reference.child === name) visit(reference.parent);
    visiting.delete(name);
    ordered.push(table);
  };
  for (const table of tables) visit(table.name);
  return ordered;
}

async function sequencesOf(query: Query): Promise<BackupHeader['sequences']> {
  return query<{ name: string; value: string | null }>(
    `select sequencename::text as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
}

// ---------------------------------------------------------------------------------------------
// Writing

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
      async function* lines() {
        yield `${JSON.stringify(header)}\n`;
        for (const table of tables) {
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
        yield `${JSON.stringify({ end: BACKUP_FORMAT, rows: tables.reduce((sum, t) => sum + t.rows, 0) })}\n`;
      }
      await pipeline(lines, zlib.createGzip(), fsSync.createWriteStream(partial, { mode: 0o600, flags: 'wx' }), {
        signal: options.signal,
      });
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

// ---------------------------------------------------------------------------------------------
// Reading

/** The lines of a stream of UTF-8 text, without their line feeds; long lines cost no more than short ones. */
async function* linesOf(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: string[] = [];
  for await (const chunk of source) {
    const text = decoder.decode(chunk, { stream: true });
    let start = 0;
    let end: number;
    while ((end = text.indexOf('\n', start)) >= 0) {
      pending.push(text.slice(start, end));
      yield pending.join('');
      pending = [];
      start = end + 1;
    }
    if (start < text.length) pending.push(text.slice(start));
  }
  const rest = pending.join('') + decoder.decode();
  if (rest) yield rest;
}

interface ReadHandlers {
  onHeader?: (header: BackupHeader) => Promise<void> | void;
  /** Each table's rows, in batches (none for an empty table). */
  onRows?: (table: TableEntry, rows: string[]) => Promise<void>;
  onTableDone?: (table: TableEntry) => Promise<void> | void;
}

/**
 * Reads a backup through, checking its shape as it goes: a valid header, as many rows per table
 * as it says, the end line, nothing after it, and gzip's own checksum over the whole file.
 */
async function readBackup(file: string, handlers: ReadHandlers = {}): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  const broken = (reason: string) => new BackupError(`${file} cannot be restored: ${reason}`);
  try {
    await pipeline(fsSync.createReadStream(file), zlib.createGunzip(), async (source: AsyncIterable<Buffer>) => {
      const lines = linesOf(source);
      const next = async (what: string) => {
        const line = await lines.next();
        if (line.done) throw broken(`it ends before ${what} (the file is cut short)`);
        return line.value;
      };
      const parsed = headerSchema.safeParse(parseJson(await next('its header')));
      if (!parsed.success)
        throw broken('it is not a Staff Portal backup, or of a format version this one does not read');
      header = parsed.data;
      await handlers.onHeader?.(header);
      for (const table of header.tables) {
        let batch: string[] = [];
        let bytes = 0;
        for (let n = 0; n < table.rows; n++) {
          const line = await next(`the rows of ${table.name}`);
          if (!line.startsWith('{') || !line.endsWith('}'))
            throw broken(`a row of ${table.name} is not a JSON object (the file is damaged)`);
          batch.push(line);
          bytes += line.length;
          if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
            await handlers.onRows?.(table, batch);
            batch = [];
            bytes = 0;
          }
        }
        if (batch.length > 0) await handlers.onRows?.(table, batch);
        await handlers.onTableDone?.(table);
      }
      const end = endSchema.safeParse(parseJson(await next('its end line')));
      const total = header.tables.reduce((sum, table) => sum + table.rows, 0);
      if (!end.success || end.data.rows !== total)
        throw broken('its end line is missing or does not match its header (the file is damaged)');
      if (!(await lines.next()).done) throw broken('there is more after its end line (the file is damaged)');
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist`);
    if (code === 'Z_BUF_ERROR') throw broken('the file is cut short');
    if (code === 'Z_DATA_ERROR') throw broken('the file is damaged or not a gzip file');
    if (code === 'ERR_ENCODING_INVALID_ENCODED_DATA') throw broken('it is not UTF-8 text (the file is damaged)');
    throw error;
  }
  if (!header) throw broken('it is empty (the file is cut short)');
  return header;
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** How many of this version's migrations the backup's level is; throws when this version does not know it. */
function migrationsOf(header: BackupHeader): number {
  const journal = readJournal();
  const index = journal.entries.findIndex(
    (entry) => entry.when === header.migration.when && entry.tag === header.migration.tag,
  );
  if (index < 0) {
    throw new BackupError(
      `The backup is at migration ${header.migration.tag}, which this version does not know (its newest is ${journal.entries.at(-1)?.tag}): restore it with the version that made it, or a newer one`,
    );
  }
  return index + 1;
}

/**
 * Reads the whole backup and answers its header, or throws a BackupError saying what is wrong,
 * including a migration level this version does not know.
 */
export async function checkBackup(file: string): Promise<BackupHeader> {
  const header = await readBackup(path.resolve(file));
  migrationsOf(header);
  return header;
}

// ---------------------------------------------------------------------------------------------
// Restoring

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
// The commands (scripts/backup.mjs, scripts/restore.mjs)

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
const tableLine = ({ table, rows }: BackupProgress) => `  ${table}: ${plural(rows, 'row')}`;

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
