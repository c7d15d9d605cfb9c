import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { fromPglite, pgliteExtensions, type Database } from '../db/client';
import { clockWasSet } from './clock';
import type { ResetScript } from './reset';

/**
 * Fresh databases for tests, on the engine the test project asks for (`TEST_ENGINE`):
 * - pglite: one migrated template per run (made by the global setup, as a dumped data
 *   directory), loaded per database. This is what PGlite's clone() does (dump, then load),
 *   without dumping the same template again each time; no initdb;
 * - postgres: one migrated template database per run (made by the global setup), copied with
 *   CREATE DATABASE ... TEMPLATE and dropped afterwards.
 *
 * A test app's database (`leaseDatabase`) is one of these, reused by the worker's next test, of
 * the same file or the next, once it has been emptied back to what the migrations left
 * (`reset.ts`; decision records 0084 and 0086): loading a PGlite copy costs about 0.7 s of CPU
 * and copying a PostgreSQL database about 0.2 s, emptying one a few milliseconds.
 */
declare module 'vitest' {
  interface ProvidedContext {
    pgTemplate: string;
    /** The run's test databases are named with it, so that the run's end drops what is left. */
    pgTestPrefix: string;
    pgliteTemplate: string;
    resetScript: ResetScript;
  }
}

export const testEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

let pgliteOptions: Promise<PGliteOptions> | undefined;

/** The template and PGlite's WebAssembly, read and compiled once per worker rather than per database. */
async function loadPgliteOptions(): Promise<PGliteOptions> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  // The server's type library has no DOM, where TypeScript declares WebAssembly's functions.
  const { WebAssembly: wasm } = globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<NonNullable<PGliteOptions['pgliteWasmModule']>> };
  };
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm'].map((file) => wasm.compile(fs.readFileSync(path.join(dist, file)))),
  );
  return {
    extensions: pgliteExtensions,
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
  };
}

async function freshPglite(): Promise<Database> {
  pgliteOptions ??= loadPgliteOptions();
  return fromPglite(await PGlite.create(await pgliteOptions));
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function onAdminConnection(statement: string): Promise<void> {
  const { runOnConnection } = await import('../db/pg-client');
  await runOnConnection(adminUrl(), statement);
}

async function freshPostgres(): Promise<Database> {
  const template = inject('pgTemplate');
  if (!template) throw new Error('No template database: the postgres test project needs its global setup');
  const name = `${inject('pgTestPrefix')}${randomBytes(6).toString('hex')}`;
  // Two workers copying the same template at the same instant can collide; the copy is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      await onAdminConnection(`create database "${name}" template "${template}"`);
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  const { createPgPool, fromPgPool } = await import('../db/pg-client');
  const database = fromPgPool(createPgPool(databaseUrl(name), 4));
  return {
    ...database,
    async close() {
      await database.close();
      await onAdminConnection(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** A new, migrated, empty database on the test engine; close it when done. */
export function freshDatabase(): Promise<Database> {
  return testEngine === 'postgres' ? freshPostgres() : freshPglite();
}

interface Kept {
  database: Database;
  fingerprint: string;
}

/**
 * Databases given back, emptied, waiting for the worker's next test. Server test files share
 * their worker's modules (vitest.config.ts), so this outlives a file; a test rarely needs more
 * than two at once, and more are closed rather than kept.
 */
const idle: Kept[] = [];
const MAX_IDLE = 2;

async function run<Row>(database: Database, text: string): Promise<Row[]> {
  if (database.driver.engine === 'pglite') {
    const results = await database.driver.client.exec(text);
    return (results.at(-1)?.rows ?? []) as Row[];
  }
  // A text of several statements goes as one simple query, on one connection of the pool.
  const results = (await database.driver.pool.query(text)) as unknown as { rows: Row[] } | { rows: Row[] }[];
  return Array.isArray(results) ? (results.at(-1)?.rows ?? []) : results.rows;
}

async function fingerprintOf(database: Database): Promise<string> {
  const [row] = await run<{ fingerprint: string }>(database, inject('resetScript').fingerprint);
  return row!.fingerprint;
}

/**
 * A migrated, empty database on the test engine for one test: one given back earlier in this
 * file, emptied, or a fresh one. Its `close` gives it back: emptied again, it waits for the next
 * test; one whose schema a test changed, or that cannot be emptied, is closed for good.
 */
export async function leaseDatabase(): Promise<Database> {
  const kept = idle.pop() ?? { database: await freshDatabase(), fingerprint: '' };
  if (kept.fingerprint === '') kept.fingerprint = await fingerprintOf(kept.database);
  let given: Promise<void> | undefined;
  return {
    ...kept.database,
    close: () => (given ??= giveBack(kept)),
  };
}

async function giveBack(kept: Kept): Promise<void> {
  // PGlite keeps timers by the clock the test set: test/clock.ts.
  const reusable = idle.length < MAX_IDLE && !(kept.database.driver.engine === 'pglite' && clockWasSet());
  try {
    if (reusable && (await fingerprintOf(kept.database)) === kept.fingerprint) {
      await run(kept.database, inject('resetScript').reset);
      idle.push(kept);
      return;
    }
  } catch {
    // Closed or broken by the test: closed for good below.
  }
  await kept.database.close().catch(() => undefined);
}
