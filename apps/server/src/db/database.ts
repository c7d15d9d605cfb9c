import type { PGliteInterface } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as app from './schema/app';
import * as audit from './schema/audit';
import * as ir from './schema/ir';
import * as leave from './schema/leave';
import * as log from './schema/log';
import * as organisation from './schema/organisation';
import * as posts from './schema/posts';
import * as staffMovement from './schema/staff-movement';
import * as identity from '@staff-portal/identity/schema';

/** Every table of the portal and of the embedded identity service, for Drizzle's query builder. */
export const schema = {
  ...app,
  ...audit,
  ...log,
  ...organisation,
  ...leave,
  ...staffMovement,
  ...ir,
  ...posts,
  ...identity,
};

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
