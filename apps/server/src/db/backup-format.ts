import fsSync from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { z } from 'zod';
import { readJournal } from './backup-database';

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
 *
 * This file is the format: writing those lines into a file, and reading and checking one.
 * Taking them from a database is backup.ts's; putting them back, backup-restore.ts's.
 */

export const BACKUP_FORMAT = 'staff-portal-backup';
export const BACKUP_VERSION = 1;

/** Rows read per fetch and inserted per statement, unless their text reaches BATCH_BYTES first. */
export const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;
/** Rows read per fetch from a table with files in it (bytea, up to 5 MB each: 10 MB of text). */
export const BATCH_ROWS_WITH_FILES = 16;

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
export type TableEntry = BackupHeader['tables'][number];

const endSchema = z.object({ end: z.literal(BACKUP_FORMAT), rows: z.number().int() });

/** A backup that cannot be restored: damaged, cut short, from elsewhere, or not for this database. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Writes a backup into `file`, a new file (mode 0600: it holds personal data and the sealed
 * identity keys): the header, each table's rows as `rowsOf` gives them (lines of JSON, each
 * ending in a line feed), in the header's order, then the end line, gzipped.
 */
export async function writeBackupFile(
  file: string,
  header: BackupHeader,
  rowsOf: (table: TableEntry) => AsyncIterable<string>,
  signal: AbortSignal | undefined,
): Promise<void> {
  async function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for (const table of header.tables) yield* rowsOf(table);
    yield `${JSON.stringify({ end: BACKUP_FORMAT, rows: header.tables.reduce((sum, t) => sum + t.rows, 0) })}\n`;
  }
  await pipeline(lines, zlib.createGzip(), fsSync.createWriteStream(file, { mode: 0o600, flags: 'wx' }), { signal });
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

export interface ReadHandlers {
  onHeader?: (header: BackupHeader) => Promise<void> | void;
  /** Each table's rows, in batches (none for an empty table). */
  onRows?: (table: TableEntry, rows: string[]) => Promise<void>;
  onTableDone?: (table: TableEntry) => Promise<void> | void;
}

/**
 * Reads a backup through, checking its shape as it goes: a valid header, as many rows per table
 * as it says, the end line, nothing after it, and gzip's own checksum over the whole file.
 */
export async function readBackup(file: string, handlers: ReadHandlers = {}): Promise<BackupHeader> {
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
export function migrationsOf(header: BackupHeader): number {
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
