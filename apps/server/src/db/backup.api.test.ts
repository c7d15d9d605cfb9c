import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { claimAdminSocketForServer, DataDirInUse } from '../plugins/admin-socket';
import { seedDemoAccounts } from '../seed/demo-accounts';
import { seedOnFirstStart } from '../seed/demo-organisation';
import { listen } from '../test/app';
import { freshDatabase, onAdminConnection, databaseUrl, testEngine } from '../test/databases';
import { callIdentity } from '../identity/identity-test-kit';
import { passwordVerifierResponses, srpEphemeral } from '../identity/srp-client';
import { runBackup, writeBackup } from './backup';
import { BackupError, checkBackup, type BackupHeader } from './backup-format';
import { runMigrateToPostgres } from './backup-migrate-to-postgres';
import { migrateTo, restoreBackup, runRestore } from './backup-restore';
import { fromPglite, pgliteExtensions, type Database, type Db } from './client';
import { migrate, migrationsApplied, migrationsFolder } from './migrate';
import { appMeta, userSettings } from './schema/app';
import { departments } from './schema/organisation';

// docs/product/backups.md: a backup restores every table's rows exactly, into an empty database
// of either engine; bad files and non-empty targets are refused and change nothing; a backup
// taken while the server runs and writes go on is one consistent snapshot.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-backup-'));
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/** The rows of a raw query, on either engine (both drivers answer `{ rows }`). */
async function rows<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

/**
 * What a database holds: each table's row count and an md5 of its rows as PostgreSQL prints
 * them (sorted, in UTC), the sequences' values and the migrations applied.
 */
async function contents(database: Database): Promise<Record<string, string>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const result: Record<string, string> = {};
    const tables = await rows<{ name: string }>(
      tx.execute(sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                     where n.nspname = 'public' and c.relkind = 'r' order by 1`),
    );
    for (const { name } of tables) {
      const [row] = await rows<{ n: number; sum: string }>(
        tx.execute(
          sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum
                   from "public"."${name}" t`),
        ),
      );
      result[name] = `${row!.n} rows, md5 ${row!.sum}`;
    }
    const sequences = await rows<{ name: string; value: string | null }>(
      tx.execute(sql`select sequencename::text as name, last_value::text as value from pg_sequences
                     where schemaname = 'public'`),
    );
    for (const sequence of sequences) result[`sequence ${sequence.name}`] = String(sequence.value);
    const [level] = await rows<{ n: number }>(
      tx.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    result.migrations = String(level!.n);
    return result;
  });
}

/** A database with nothing in it, not even the migrations. */
async function blankDatabase(): Promise<Database> {
  if (testEngine === 'pglite') return fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
  const name = `sp_test_blank_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(`create database "${name}"`);
  const { createPgPool, fromPgPool } = await import('./pg-client');
  const database = fromPgPool(createPgPool(databaseUrl(name), 4));
  return {
    ...database,
    async close() {
      await database.close();
      await onAdminConnection(`drop database if exists "${name}" with (force)`);
    },
  };
}

function urlOf(database: Database): string {
  if (database.driver.engine !== 'postgres') throw new Error('not PostgreSQL');
  return database.driver.pool.options.connectionString!;
}

/** The rows of one table in a backup file, as written. */
function rowsInBackup(file: string, table: string): Record<string, unknown>[] {
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  const header = JSON.parse(lines[0]!) as BackupHeader;
  let at = 1;
  for (const entry of header.tables) {
    if (entry.name === table) return lines.slice(at, at + entry.rows).map((line) => JSON.parse(line) as never);
    at += entry.rows;
  }
  throw new Error(`no table ${table}`);
}

/** Writes, each one transaction putting the same key in two tables the backup reads far apart. */
function startWriter(db: Db) {
  let stopping = false;
  let written = 0;
  const done = (async () => {
    while (!stopping) {
      const key = `writer-${written + 1}`;
      await db.transaction(async (tx) => {
        await tx.insert(appMeta).values({ key, value: 'x' });
        await tx.insert(userSettings).values({ identitySub: key, language: 'en' });
      });
      written++;
      // As requests arrive, between other events: PGlite answers in-process, so a loop of writes
      // that never waits for the event loop would keep every socket and timer waiting.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    written: () => written,
    async stop() {
      stopping = true;
      await done;
      return written;
    },
  };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function configFor(env: Record<string, string>): Config {
  return loadConfig({ SEED: 'none', LOG_LEVEL: 'silent', ...env });
}

let source: Database;
let backupFile: string;
let sourceContents: Record<string, string>;

beforeAll(async () => {
  // The demo organisation and its accounts, as the first `npm start` seeds them.
  source = await freshDatabase();
  const config = configFor({ DATA_DIR: path.join(tmp, 'seed') });
  const app = await buildApp(config, { database: source, webRoot: null, logger: false });
  await seedOnFirstStart(source.db, { seed: 'demo', orgDepartment: 'UNION' });
  await seedDemoAccounts(source.db, app.identity!, { orgDepartment: 'UNION', password: 'Backup-Test-1234!' });
  await app.close();
  backupFile = path.join(tmp, 'demo.backup.gz');
  await writeBackup(source, backupFile);
  sourceContents = await contents(source);
});

afterAll(async () => {
  await source.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restore every table and sequence exactly into a fresh database', async () => {
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const header = await checkBackup(backupFile);
    const order = header.tables.map((table) => table.name);
    expect(order.indexOf('departments')).toBeLessThan(order.indexOf('staff'));
    expect(order.indexOf('staff')).toBeLessThan(order.indexOf('leave_requests'));
    expect(order.indexOf('identity_users')).toBeLessThan(order.indexOf('identity_user_groups'));
    expect(header.tables.find((table) => table.name === 'ir_members')!.rows).toBeGreaterThan(1000);
    expect(header.migration.tag).toBe(journal.entries.at(-1)!.tag);

    const target = await freshDatabase();
    try {
      const printed: string[] = [];
      await restoreBackup(target, backupFile, { print: (line) => printed.push(line) });
      expect(await contents(target)).toEqual(sourceContents);
      expect(printed).toContain('  departments: 9 rows');
      // The identity columns go on where they were: the next id is a new one.
      const [ids] = await rows<{ next: number; max: number }>(
        target.db.execute(sql`select nextval(pg_get_serial_sequence('leave_request_events', 'id'))::int as next,
                                (select max(id)::int from leave_request_events) as max`),
      );
      expect(ids!.next).toBeGreaterThan(ids!.max);
    } finally {
      await target.close();
    }
  });

  it('refuse a target that is not empty unless forced, which replaces everything in it', async () => {
    const target = await freshDatabase();
    try {
      // A fresh, migrated database is empty although a migration inserts a row (data_versions).
      await seedOnFirstStart(target.db, { seed: 'none', orgDepartment: 'UNION' });
      const before = await contents(target);
      await expect(restoreBackup(target, backupFile)).rejects.toThrow(
        /^The target database is not empty \(rows in app_meta\): restore into an empty one, or force it \(--force\)/,
      );
      expect(await contents(target)).toEqual(before);
      await restoreBackup(target, backupFile, { force: true });
      expect(await contents(target)).toEqual(sourceContents);
    } finally {
      await target.close();
    }
  });

  it('refuse a damaged, cut-short or foreign file with a clear error, changing nothing', async () => {
    const bytes = fs.readFileSync(backupFile);
    const lines = zlib.gunzipSync(bytes).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as BackupHeader;
    const write = (name: string, content: Buffer | string) => {
      const file = path.join(tmp, name);
      fs.writeFileSync(file, content);
      return file;
    };
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    const future = { ...header, migration: { tag: '9999_from-the-future', when: Date.now() * 2, applied: 9999 } };
    const cases: [string, RegExp][] = [
      [
        write('cut.gz', bytes.subarray(0, Math.floor(bytes.length / 2))),
        /^\S+cut.gz cannot be restored: the file is cut short$/,
      ],
      [write('damaged.gz', damaged), /^\S+damaged.gz cannot be restored: .*damaged/],
      [write('plain.txt', 'hello'), /cannot be restored: the file is damaged or not a gzip file$/],
      [write('missing-rows.gz', zlib.gzipSync(lines.slice(0, 100).join('\n'))), /it ends before the rows of /],
      [write('no-end.gz', zlib.gzipSync(lines.slice(0, -2).join('\n'))), /it ends before its end line/],
      [write('other.gz', zlib.gzipSync('{"hello":"world"}\n')), /cannot be restored: it is not a Staff Portal backup/],
      [
        write('future.gz', zlib.gzipSync([JSON.stringify(future), ...lines.slice(1)].join('\n'))),
        /^The backup is at migration 9999_from-the-future, which this version does not know/,
      ],
      [path.join(tmp, 'nothing-here.gz'), /nothing-here.gz does not exist/],
    ];
    const target = await freshDatabase();
    try {
      const before = await contents(target);
      for (const [file, message] of cases) {
        const error = (await restoreBackup(target, file).catch((e: unknown) => e)) as Error;
        expect(error, file).toBeInstanceOf(BackupError);
        expect(error.message, file).toMatch(message);
      }
      expect(await contents(target)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('restore a backup of an older migration level into a blank database, which the server then migrates', async () => {
    const older = journal.entries.length - 1;
    const file = path.join(tmp, 'older.backup.gz');
    const from = await blankDatabase();
    try {
      await migrateTo(from, older);
      await from.db.insert(departments).values({ code: 'HR', name: 'Human Resources' });
      const written = await writeBackup(from, file);
      expect(written.rows).toBeGreaterThanOrEqual(1);
    } finally {
      await from.close();
    }
    const target = await blankDatabase();
    try {
      const header = await restoreBackup(target, file);
      expect(header.migration.tag).toBe(journal.entries[older - 1]!.tag);
      expect((await contents(target)).migrations).toBe(String(older));
      await migrate(target);
      expect(await migrationsApplied(target)).toBe(true);
      expect(await target.db.select({ code: departments.code }).from(departments)).toEqual([{ code: 'HR' }]);
      // The newer level is refused back into the older backup's place.
      await expect(restoreBackup(target, file, { force: true })).rejects.toThrow(
        /^The target database is at a newer migration than the backup/,
      );
    } finally {
      await target.close();
    }
  });

  it.runIf(testEngine === 'pglite')(
    'embedded: the running server makes the backup over its admin socket, one snapshot while writes go on',
    async () => {
      const dataDir = path.join(tmp, 'running');
      const config = configFor({ DATA_DIR: dataDir });
      const file = path.join(tmp, 'running.backup.gz');
      const app = await buildApp(config, { webRoot: null, logger: false });
      let closed = false;
      try {
        expect(fs.statSync(path.join(dataDir, 'admin.sock')).mode & 0o777).toBe(0o600);
        // A second server, or a restore, keeps off the directory while this one holds it.
        await expect(buildApp(config, { webRoot: null, logger: false })).rejects.toBeInstanceOf(DataDirInUse);
        await expect(runRestore(config, backupFile, {}, () => undefined)).rejects.toBeInstanceOf(DataDirInUse);

        const writer = startWriter(app.database.db);
        await until(() => writer.written() >= 20);
        const printed: string[] = [];
        const before = writer.written();
        await runBackup(config, file, (line) => printed.push(line));
        const after = writer.written();
        await until(() => writer.written() >= after + 20);
        const total = await writer.stop();
        expect(printed[0]).toMatch(/through the running server/);
        expect(printed).toContain('  user_settings: ' + rowsInBackup(file, 'user_settings').length + ' rows');

        const keys = rowsInBackup(file, 'app_meta')
          .map((row) => row.key)
          .sort();
        const subs = rowsInBackup(file, 'user_settings')
          .map((row) => row.identity_sub)
          .sort();
        expect(keys).toEqual(subs);
        expect(keys.length).toBeGreaterThanOrEqual(before);
        expect(keys.length).toBeLessThanOrEqual(after);
        expect(total).toBeGreaterThan(keys.length);

        await app.close();
        closed = true;
        expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
        // With the server stopped the command opens the directory itself.
        printed.length = 0;
        await runBackup(config, file, (line) => printed.push(line));
        expect(printed[0]).toMatch(/no server running/);
        expect(rowsInBackup(file, 'app_meta')).toHaveLength(total);
      } finally {
        if (!closed) await app.close();
      }

      // Restored into a new data directory by the command, which says the key-encryption key is missing.
      const restoredConfig = configFor({ DATA_DIR: path.join(tmp, 'restored') });
      const printed: string[] = [];
      await runRestore(restoredConfig, file, {}, (line) => printed.push(line));
      expect(printed.at(-1)).toMatch(/^Before starting the server, give it the key-encryption key/);
      fs.copyFileSync(
        path.join(dataDir, 'identity-key-encryption-key'),
        path.join(tmp, 'restored', 'identity-key-encryption-key'),
      );
      const restored = await buildApp(restoredConfig, { webRoot: null, logger: false });
      try {
        const rows = await restored.database.db.select().from(userSettings);
        expect(rows).toHaveLength(rowsInBackup(file, 'user_settings').length);
      } finally {
        await restored.close();
      }
    },
  );

  it('embedded: a DATA_DIR that cannot hold the admin socket costs the server its backups, and the commands refuse it', async () => {
    const dataDir = path.join(tmp, 'x'.repeat(120));
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    expect(await claimAdminSocketForServer(dataDir, log)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    await expect(runRestore(configFor({ DATA_DIR: dataDir }), backupFile, {}, () => undefined)).rejects.toThrow(
      /^DATA_DIR is too long for its admin socket: .* must be at most 103 bytes; choose a shorter DATA_DIR$/,
    );
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it.runIf(testEngine === 'postgres')(
    'PostgreSQL: the command reads a snapshot while the servers run and write',
    async () => {
      const database = await freshDatabase();
      try {
        await restoreBackup(database, backupFile);
        const config = configFor({ DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: urlOf(database) });
        const file = path.join(tmp, 'pg.backup.gz');
        const writer = startWriter(database.db);
        await until(() => writer.written() >= 20);
        const before = writer.written();
        await runBackup(config, file, () => undefined);
        const after = writer.written();
        await writer.stop();

        const keys = rowsInBackup(file, 'app_meta')
          .flatMap((row) => (row.key === 'first_start' ? [] : [row.key]))
          .sort();
        const subs = rowsInBackup(file, 'user_settings')
          .map((row) => row.identity_sub)
          .sort();
        expect(keys).toEqual(subs);
        expect(keys.length).toBeGreaterThanOrEqual(before);
        expect(keys.length).toBeLessThanOrEqual(after);
        // Writes went on while the backup was read: the snapshot is not simply the end state.
        expect(after).toBeGreaterThan(before);
      } finally {
        await database.close();
      }
    },
  );

  it.runIf(testEngine === 'postgres')(
    'PostgreSQL: a backup moves between the engines, embedded to PostgreSQL and back',
    async () => {
      const embedded = fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
      const file = path.join(tmp, 'from-embedded.backup.gz');
      try {
        await restoreBackup(embedded, backupFile);
        expect(await contents(embedded)).toEqual(sourceContents);
        await writeBackup(embedded, file);
      } finally {
        await embedded.close();
      }
      const target = await freshDatabase();
      try {
        await restoreBackup(target, file);
        expect(await contents(target)).toEqual(sourceContents);
      } finally {
        await target.close();
      }
    },
  );
  it.runIf(testEngine === 'postgres')(
    'migrate-to-postgres: an embedded DATA_DIR copied whole into an empty PostgreSQL database, where users sign in',
    async () => {
      // The embedded source: the demo, restored into a DATA_DIR with the key its identity keys were sealed with.
      const dataDir = path.join(tmp, 'to-postgres');
      const embedded = configFor({ DATA_DIR: dataDir });
      await runRestore(embedded, backupFile, {}, () => undefined);
      fs.copyFileSync(
        path.join(tmp, 'seed', 'identity-key-encryption-key'),
        path.join(dataDir, 'identity-key-encryption-key'),
      );
      const name = `sp_test_migrate_${randomBytes(6).toString('hex')}`;
      // A target not created yet is said so in one line, copying nothing.
      await expect(runMigrateToPostgres(embedded, databaseUrl(name), () => undefined)).rejects.toThrow(
        `the database "${name}" does not exist on`,
      );
      await onAdminConnection(`create database "${name}"`);
      try {
        await expect(
          runMigrateToPostgres({ ...embedded, databaseUrl: databaseUrl(name) }, databaseUrl(name), () => undefined),
        ).rejects.toThrow('DATABASE_URL is set');
        const printed: string[] = [];
        await runMigrateToPostgres(embedded, databaseUrl(name), (line) => printed.push(line));
        expect(printed[0]).toMatch(/no server running/);
        expect(printed.at(-1)).toMatch(/^Every table is copied/);

        const server = configFor({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) });
        const app = await buildApp(server, { webRoot: null, logger: false });
        try {
          expect(await contents(app.database)).toEqual({ ...sourceContents });
          // A demo account signs in on PostgreSQL with the password it had.
          const endpoint = `${await listen(app)}/identity`;
          const ephemeral = srpEphemeral();
          const started = await callIdentity(endpoint, 'InitiateAuth', {
            ClientId: server.identity.clientId,
            AuthFlow: 'USER_SRP_AUTH',
            AuthParameters: { USERNAME: 'hr@staffportal.example', SRP_A: ephemeral.AHex },
          });
          const answered = await callIdentity(endpoint, 'RespondToAuthChallenge', {
            ClientId: server.identity.clientId,
            ChallengeName: 'PASSWORD_VERIFIER',
            ChallengeResponses: passwordVerifierResponses({
              poolName: server.identity.userPoolId.split('_')[1]!,
              ephemeral,
              challenge: started.body['ChallengeParameters'] as Record<string, string>,
              password: 'Backup-Test-1234!',
            }),
          });
          expect(answered.status).toBe(200);
          expect(answered.body['AuthenticationResult']).toHaveProperty('IdToken');
        } finally {
          await app.close();
        }
        // Once copied, the target is no longer empty: a second run is refused, changing nothing.
        await expect(runMigrateToPostgres(embedded, databaseUrl(name), () => undefined)).rejects.toThrow(/not empty/);
      } finally {
        await onAdminConnection(`drop database if exists "${name}" with (force)`);
      }
    },
  );
});
