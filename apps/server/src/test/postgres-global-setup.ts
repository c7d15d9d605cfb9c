import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { fromPgPool, createPgPool } from '../db/pg-client';
import { migrate } from '../db/migrate';
import { databaseUrl, onAdminConnection } from './databases';

/**
 * Global setup of the PostgreSQL test project: one migrated template database per run, which
 * every test copies; dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const template = `sp_template_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(`create database "${template}"`);
  const database = fromPgPool(createPgPool(databaseUrl(template), 2));
  try {
    await migrate(database);
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
