import fsSync from 'node:fs';
import path from 'node:path';
import type { Database } from './client';
import { migrationsFolder } from './migrate';

/*
 * What a backup (backup.ts) and a restore (backup-restore.ts) both ask of the database, the
 * same SQL on either engine (decision record 0051): one transaction on one connection, what the
 * catalog says of the `public` schema, and the migration level.
 */

// ---------------------------------------------------------------------------------------------
// One transaction on one connection, the same SQL on either engine

export type Query = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

/**
 * Runs `work` in one transaction: a read-only REPEATABLE READ snapshot, or a plain read-write
 * one. PGlite has one connection: while its transaction runs, every other query waits.
 */
export async function inTransaction<T>(
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

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (name: string) => `"public".${ident(name)}`;

// ---------------------------------------------------------------------------------------------
// What the catalog says

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The committed migrations, in order (drizzle-kit's journal). */
export function readJournal(): Journal {
  return JSON.parse(fsSync.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** How many migrations the database has applied and when the last one was made; undefined before the first. */
export async function appliedMigrations(query: Query): Promise<{ applied: number; when: number } | undefined> {
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

export async function foreignKeys(query: Query): Promise<ForeignKey[]> {
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
export async function tablesOf(query: Query): Promise<{ name: string; columns: string[] }[]> {
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

/** The sequences of the `public` schema and their values. */
export async function sequencesOf(query: Query): Promise<{ name: string; value: string | null }[]> {
  return query<{ name: string; value: string | null }>(
    `select sequencename::text as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
}
