import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/** The database's size on disk in bytes, as the database reports it (NaN if it reports none). */
export async function databaseSize(db: Queryable): Promise<number> {
  const result = await db.execute(sql`select pg_database_size(current_database())::text as size`);
  // Both drivers answer raw statements with `rows`.
  return Number((result as { rows: Record<string, unknown>[] }).rows[0]?.['size']);
}
