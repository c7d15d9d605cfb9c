import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { fromPgPool, createPgPool } from '../db/pg-client';
import { migrate } from '../db/migrate';
import { databaseUrl, onAdminConnection } from './databases';
import { resetScript } from './reset';

/**
 * Global setup of the PostgreSQL test project: one migrated template database per run, which
 * every test file copies, and the script that empties a used copy (reset.ts); dropped when the
 * run ends.
 */
export default async function setup(project: TestProject) {
  const template = `sp_template_${randomBytes(6).toString('hex')}`;
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
  return async () => {
    await onAdminConnection(`alter database "${template}" with is_template false`);
    await onAdminConnection(`drop database if exists "${template}" with (force)`);
  };
}
