import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPgPool, fromPgPool, runOnConnection } from '../db/pg-client';
import { migrate } from '../db/migrate';
import { adminUrl, databaseUrl, onAdminConnection } from './databases';
import { resetScript } from './reset';

/**
 * Global setup of the PostgreSQL test project: one migrated template database per run, which
 * the workers copy, and the script that empties a used copy (reset.ts). When the run ends, the
 * template and the copies the workers still kept (test/databases.ts) are dropped.
 */
export default async function setup(project: TestProject) {
  const run = randomBytes(6).toString('hex');
  const template = `sp_template_${run}`;
  const copies = `sp_test_${run}_`;
  await onAdminConnection(`create database "${template}"`);
  const pool = createPgPool(databaseUrl(template), 2);
  const database = fromPgPool(pool);
  try {
    await migrate(database);
    project.provide('resetScript', await resetScript(async (text) => (await pool.query(text)).rows as never[]));
  } finally {
    await database.close();
  }
  // Templates may only be copied while nobody is connected to them; mark it as one.
  await onAdminConnection(`alter database "${template}" with is_template true allow_connections false`);
  project.provide('pgTemplate', template);
  project.provide('pgTestPrefix', copies);
  return async () => {
    const left = await runOnConnection<{ name: string }>(
      adminUrl(),
      `select datname as name from pg_database where starts_with(datname, '${copies}')`,
    );
    for (const { name } of left) {
      await onAdminConnection(`drop database if exists "${name}" with (force)`);
    }
    await onAdminConnection(`alter database "${template}" with is_template false`);
    await onAdminConnection(`drop database if exists "${template}" with (force)`);
  };
}
