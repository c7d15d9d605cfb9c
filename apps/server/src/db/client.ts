import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import * as app from './schema/app';
import * as leave from './schema/leave';
import * as log from './schema/log';
import * as organisation from './schema/organisation';
import * as staffMovement from './schema/staff-movement';
import * as identity from '@staff-portal/identity/schema';

export const schema = { ...app, ...log, ...organisation, ...leave, ...staffMovement, ...identity };

/** The query builder, the same type on either engine. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback; queries on it run inside the transaction. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Queries run on the database or inside a transaction alike. */
export type Queryable = Db | Transaction;

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** The driver underneath, for the few things the query builder does not do (locks, clones). */
  driver: { engine: 'pglite'; client: PGliteInterface } | { engine: 'postgres'; pool: pg.Pool };
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Extensions every PGlite instance loads, matching what migrations create on PostgreSQL. */
export const pgliteExtensions = { pg_trgm };

/** Wraps an open PGlite instance (a data directory, memory, or a clone). */
export function fromPglite(client: PGliteInterface): Database {
  const db = drizzlePglite(client as PGlite, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    driver: { engine: 'pglite', client },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Opens the configured database: PostgreSQL when a URL is given, otherwise PGlite with its data
 * in `<dataDir>/pglite`.
 */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only here, so the embedded default never pays for the pg driver.
    const { createPgPool, fromPgPool } = await import('./pg-client');
    const database = fromPgPool(createPgPool(options.databaseUrl));
    await database.ping();
    return database;
  }
  const dir = path.join(options.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: pgliteExtensions });
  return fromPglite(client);
}
