import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { schema, type Database, type Db } from './database';
import { unreachableDatabase } from './unreachable-database';

// The schema and the database's types live in database.ts, which the PostgreSQL driver's module
// (pg-client.ts, loaded only for PostgreSQL) shares without importing this one back.
export { schema, type Database, type Db, type Engine, type Queryable, type Transaction } from './database';

/** Extensions every PGlite instance loads, matching what migrations create on PostgreSQL. */
export const pgliteExtensions = { pg_trgm };

const yielding = new WeakSet<PGliteInterface>();

/**
 * A queue that lets one waiter through per turn of the event loop, in the order they came: each
 * turn, the network and the timers are served before the next waiter goes on.
 */
function turnTaking(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const letOneThrough = () => {
    waiting.shift()?.();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(letOneThrough);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(letOneThrough);
      }
    });
}

/**
 * PGlite runs each statement on the event loop's own thread and answers through promises alone,
 * so the statements of every request under way would run as one long chain of microtasks, and
 * nothing else would be read from the network until it ended, not even a request that needs no
 * database. Each statement and each transaction here first waits for its turn: one per turn of
 * the event loop, so that a request needing no database (`/healthz`) waits for one statement at
 * most, not for one of every request under way. Statements inside a transaction do not wait, so
 * it holds the database no longer than before (decision records 0066 and 0067).
 */
function yieldBeforeEachStatement(client: PGliteInterface): void {
  if (yielding.has(client)) return;
  yielding.add(client);
  const nextTurn = turnTaking();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
}

/** Wraps an open PGlite instance (a data directory, memory, or a clone). */
export function fromPglite(client: PGliteInterface): Database {
  yieldBeforeEachStatement(client);
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
 * Makes everything under `dir` the owner's alone: directories 0700, files 0600, whatever the
 * umask they were made under (PGlite writes its files 0666 whatever the umask). Answers how many
 * it had to tighten; a missing directory is left missing.
 */
export async function secureDataDir(dir: string): Promise<number> {
  let tightened = 0;
  const tighten = async (file: string, isDirectory: boolean) => {
    const { mode } = await fs.lstat(file);
    if ((mode & 0o077) === 0) return;
    try {
      await fs.chmod(file, isDirectory ? 0o700 : 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      throw new Error(
        `${file} is open to other users and belongs to another user: give DATA_DIR to the server's user`,
        {
          cause: error,
        },
      );
    }
    tightened++;
  };
  try {
    await tighten(dir, true);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    // A file the database removed meanwhile needs no tightening.
    await tighten(path.join(entry.parentPath, entry.name), entry.isDirectory()).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
  }
  return tightened;
}

/** How often the embedded database's directory is tightened again while it is open (new files). */
const SECURE_AGAIN_MS = 60_000;

/**
 * Opens the configured database: PostgreSQL when a URL is given, otherwise PGlite with its data
 * in `<dataDir>/pglite`, kept readable by the owner only (the database holds the identity store).
 */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only here, so the embedded default never pays for the pg driver.
    const { createPgPool, fromPgPool } = await import('./pg-client');
    const database = fromPgPool(createPgPool(options.databaseUrl));
    try {
      await database.ping();
    } catch (error) {
      await database.close().catch(() => undefined);
      throw unreachableDatabase(options.databaseUrl, error) ?? error;
    }
    return database;
  }
  const dir = path.join(options.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await secureDataDir(options.dataDir);
  const client = await PGlite.create(dir, { extensions: pgliteExtensions });
  // PGlite makes its files 0666 and new ones as it goes (WAL segments, tables): inside a 0700
  // directory no one else can reach them, and they are tightened now, every minute and at close.
  await secureDataDir(dir);
  const again = setInterval(() => void secureDataDir(dir).catch(() => undefined), SECURE_AGAIN_MS);
  again.unref();
  const database = fromPglite(client);
  return {
    ...database,
    close: async () => {
      clearInterval(again);
      await database.close();
      await secureDataDir(dir);
    },
  };
}
