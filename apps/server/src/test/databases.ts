import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { fromPglite, pgliteExtensions, type Database } from '../db/client';

/**
 * Fresh databases for tests, on the engine the test project asks for (`TEST_ENGINE`):
 * - pglite: one migrated template per run (made by the global setup, as a dumped data
 *   directory), loaded per test. This is what PGlite's clone() does (dump, then load), without
 *   dumping the same template again for every test; no initdb per test;
 * - postgres: one migrated template database per run (made by the global setup), copied per
 *   test with CREATE DATABASE ... TEMPLATE and dropped afterwards.
 */
declare module 'vitest' {
  interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}

export const testEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

let pgliteOptions: Promise<PGliteOptions> | undefined;

/** The template and PGlite's WebAssembly, read and compiled once per test file rather than per test. */
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
  const name = `sp_test_${randomBytes(6).toString('hex')}`;
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
