import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { fromPglite, openDatabase, secureDataDir } from './client';
import { migrate } from './migrate';

// The data directory holds the embedded database (the identity store, its keys) and generated
// keys: no other local user may read or write any of it, whatever the umask the server runs under.
const umask = process.umask();
afterEach(() => {
  process.umask(umask);
});

/** Every directory and file under `dir` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const loose: string[] = [];
  const check = (file: string) => {
    const mode = fs.lstatSync(file).mode;
    const expected = fs.lstatSync(file).isDirectory() ? 0o700 : 0o600;
    if ((mode & 0o777 & ~expected) !== 0)
      loose.push(`${path.relative(dir, file) || '.'} ${(mode & 0o777).toString(8)}`);
  };
  check(dir);
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) check(path.join(entry.parentPath, entry.name));
  }
  return loose;
}

describe('the embedded database directory', () => {
  // Each makes a new embedded database and applies every migration: 9 s on a quiet machine, over
  // 17 s on a busy one.
  it.each([
    ['000', 0o000],
    ['022', 0o022],
  ])('is the owner’s alone under umask %s: directories 0700, files 0600', async (_label, mask) => {
    process.umask(mask);
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sp-modes-')), 'data');
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    await migrate(database);
    expect(openToOthers(dataDir)).toEqual([]);
    await database.close();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('is tightened at start when an older version left it open, and the log says so', async () => {
    process.umask(0o000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-loose-'));
    fs.chmodSync(dataDir, 0o777);
    fs.mkdirSync(path.join(dataDir, 'pglite'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17', { mode: 0o666 });
    fs.writeFileSync(path.join(dataDir, 'identity-admin-credentials.json'), '{}', { mode: 0o644 });
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    await createTestApp({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, deps: { logger: { level: 'warn', stream } } });
    expect(openToOthers(dataDir)).toEqual([]);
    expect(log).toContain('DATA_DIR was readable by other users');
    expect(log).toContain('"tightened":4');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is left alone, and nothing said, when it is already the owner’s alone or missing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-tight-'));
    fs.writeFileSync(path.join(dataDir, 'a'), '', { mode: 0o600 });
    expect(await secureDataDir(dataDir)).toBe(0);
    expect(await secureDataDir(path.join(dataDir, 'missing'))).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('the embedded database on the event loop', () => {
  it('lets the event loop turn between statements, so other work is not held behind a chain of them', async () => {
    const database = fromPglite(await PGlite.create());
    try {
      let statementsRun = 0;
      const chain = (async () => {
        for (let i = 0; i < 20; i++) {
          await database.db.execute(sql`select 1`);
          statementsRun++;
        }
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        });
      })();
      // Queued when the chain has started: without a turn of the event loop between statements
      // (PGlite answers through promises alone), it would run only after all twenty.
      const runBeforeIt = await new Promise<number>((resolve) => setImmediate(() => resolve(statementsRun)));
      await chain;
      expect(runBeforeIt).toBeLessThan(20);
      expect(statementsRun).toBe(20);
    } finally {
      await database.close();
    }
  });

  it('lets one statement through per turn, however many requests are waiting', async () => {
    const database = fromPglite(await PGlite.create());
    try {
      // Counts the event loop's turns: a callback that queues itself again each turn.
      let turn = 0;
      let counting = true;
      const count = () => {
        turn++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      // Ten requests under way at once, three statements each, plus one transaction.
      const turnsOfStatements: number[] = [];
      const request = async () => {
        for (let i = 0; i < 3; i++) {
          await database.db.execute(sql`select 1`);
          turnsOfStatements.push(turn);
        }
      };
      await Promise.all([
        ...Array.from({ length: 10 }, request),
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select 2`);
        }),
      ]);
      counting = false;
      expect(turnsOfStatements).toHaveLength(30);
      // Were they let through together, several would end in the same turn.
      expect(new Set(turnsOfStatements).size).toBe(30);
    } finally {
      await database.close();
    }
  });
});
