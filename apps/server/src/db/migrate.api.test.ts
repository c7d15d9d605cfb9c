import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { migrate, migrationsApplied } from './migrate';

describe('migrations', () => {
  it('are all applied, pg_trgm included, and applying them again changes nothing', async () => {
    const { database } = await createTestApp();
    expect(await migrationsApplied(database)).toBe(true);
    await migrate(database);
    expect(await migrationsApplied(database)).toBe(true);
    const [row] = await database.db
      .select({ close: sql<boolean>`similarity('Rahman', 'Rahmann') > 0.5` })
      .from(sql`(select 1) as one`);
    expect(row).toEqual({ close: true });
  });
});
