import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, type Database, type Db } from './database';

/** Wraps a pg pool; `close` ends the pool. */
export function fromPgPool(pool: pg.Pool): Database {
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    driver: { engine: 'postgres', pool },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * A pool of `max` connections. A request waits for a free one as long as the connection may take
 * to open: 30 s, not 5 s, so that a burst (fifty cases opened at once, each holding the year's
 * counter) queues rather than failing with 500 on a busy machine (decision record 0105). A refused
 * connection still fails at once.
 */
export function createPgPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Runs one statement on its own connection, e.g. CREATE or DROP DATABASE on a maintenance
 * database, and answers its rows.
 */
export async function runOnConnection<Row = Record<string, unknown>>(
  connectionString: string,
  statement: string,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Row[];
  } finally {
    await client.end();
  }
}
