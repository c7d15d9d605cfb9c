import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant naming the advisory lock that serialises migrations across replicas. */
const MIGRATION_LOCK_ID = 704_172_026;

/**
 * Applies the committed SQL migrations. On PostgreSQL, replicas starting together take turns
 * under an advisory lock, so each migration runs once.
 */
export async function migrate(database: Database): Promise<void> {
  if (database.driver.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  // A session-level lock held on one dedicated connection while the migrator uses the pool.
  const lock = await database.driver.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lock.release();
  }
}

/** The migrator's own bookkeeping table (kept out of schema/, so drizzle-kit leaves it alone). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

const expectedMigrations = readMigrationFiles({ migrationsFolder }).length;

/** True when every committed migration has been applied to this database. */
export async function migrationsApplied(database: Database): Promise<boolean> {
  try {
    const [row] = await database.db.select({ n: count() }).from(appliedMigrations);
    return (row?.n ?? 0) >= expectedMigrations;
  } catch {
    return false;
  }
}

/** How many migrations this database has applied, and the name of the newest committed one. */
export async function migrationLevel(database: Database): Promise<{ applied: number; latest: string | null }> {
  const [row] = await database.db.select({ n: count() }).from(appliedMigrations);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return { applied: row?.n ?? 0, latest: journal.entries.at(-1)?.tag ?? null };
}
