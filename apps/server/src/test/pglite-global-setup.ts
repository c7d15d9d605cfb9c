import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite, pgliteExtensions } from '../db/client';
import { migrate } from '../db/migrate';
import { resetScript } from './reset';

/**
 * Global setup of the PGlite test project: initdb and migrations run once per test run; the
 * migrated data directory is dumped to a file that every test file loads as its own database,
 * and the script that empties a used one is read from it (reset.ts).
 */
export default async function setup(project: TestProject) {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(fromPglite(client));
  project.provide('resetScript', await resetScript(async (text) => (await client.query(text)).rows as never[]));
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
