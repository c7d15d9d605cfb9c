import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { databaseUrl, onAdminConnection, testEngine } from '../test/databases';
import { fromPglite, pgliteExtensions } from './client';
import { migrate, migrationsApplied, migrationsFolder } from './migrate';
import { leaveRequests } from './schema/leave';
import { leaveTypes } from './schema/organisation';

/** A copy of the migrations folder with only those before `tag`, to build a database as it was. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

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

  it('give every GIN index a short pending list, which every search through it reads (decision record 0063)', async () => {
    const { database } = await createTestApp();
    const result = await database.db.execute<{ name: string; options: string[] | null }>(sql`
      select c.relname as name, c.reloptions as options
      from pg_class c join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
      where am.amname = 'gin' and n.nspname = current_schema()
      order by c.relname`);
    const indexes = (result as { rows: { name: string; options: string[] | null }[] }).rows;
    expect(indexes.map((index) => index.name)).toEqual([
      'audit_entries_text_trgm_idx',
      'ir_cases_search_idx',
      'ir_members_name_trgm_idx',
      'log_entries_text_trgm_idx',
      'posts_search_idx',
    ]);
    for (const index of indexes) expect(index.options, index.name).toContain('gin_pending_list_limit=256');
  });

  it("0015 gives the requests already made the dates of their days, and the catalogue's types the Act's rules", async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const database = fromPglite(client);
    const before = migrationsBefore('0015_leave-rules');
    try {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
      await client.exec(`
        insert into departments (code, name) values ('HR', 'Human Resources');
        insert into leave_types (id, name) values ('LVE0001', 'Annual Leave'), ('LVE0002', 'Medical Leave'),
          ('LVE0003', 'Hospitalisation Leave'), ('LVE0004', 'Maternity Leave'), ('LVE0005', 'Cuti Khas');
        insert into staff (staff_id, display_name, email, department_code, join_date, gender, working_days_mask)
          values ('LVUSR0000000001', 'A', 'a@example.org', 'HR', '2020-01-01', 'F', 31);
        insert into public_holidays (date, region, name) values ('2027-03-10', 'MY-14', 'Test Holiday');
        insert into leave_requests (reference_id, staff_id, leave_type_id, start_date, end_date, day_type, days) values
          -- Mon 8 – Fri 12 March 2027 with the holiday on the Wednesday: 4 days.
          ('LV202703010900000001', 'LVUSR0000000001', 'LVE0001', '2027-03-08', '2027-03-12', 0, 4),
          -- Over New Year, Thu 30 December 2027 – Tue 4 January 2028: 4 days.
          ('LV202703010900000002', 'LVUSR0000000001', 'LVE0001', '2027-12-30', '2028-01-04', 0, 4),
          -- Counted before the holiday was added: 3 days then, so the holiday is among them now.
          ('LV202703010900000003', 'LVUSR0000000001', 'LVE0001', '2027-03-09', '2027-03-11', 0, 3),
          ('LV202703010900000004', 'LVUSR0000000001', 'LVE0001', '2027-03-15', '2027-03-15', 1, 0.5);
      `);
      await migrate(database);
      const rows = await database.db
        .select({ referenceId: leaveRequests.referenceId, leaveDates: leaveRequests.leaveDates })
        .from(leaveRequests)
        .orderBy(leaveRequests.referenceId);
      expect(rows.map((row) => row.leaveDates)).toEqual([
        ['2027-03-08', '2027-03-09', '2027-03-11', '2027-03-12'],
        ['2027-12-30', '2027-12-31', '2028-01-03', '2028-01-04'],
        ['2027-03-09', '2027-03-10', '2027-03-11'],
        ['2027-03-15'],
      ]);
      const types = await database.db
        .select({
          id: leaveTypes.id,
          eligibleGender: leaveTypes.eligibleGender,
          minServiceMonths: leaveTypes.minServiceMonths,
          proRata: leaveTypes.proRata,
          includesDaysOf: leaveTypes.includesDaysOf,
        })
        .from(leaveTypes)
        .orderBy(leaveTypes.id);
      expect(types).toEqual([
        { id: 'LVE0001', eligibleGender: null, minServiceMonths: 0, proRata: 'nearest-day', includesDaysOf: null },
        { id: 'LVE0002', eligibleGender: null, minServiceMonths: 0, proRata: 'off', includesDaysOf: null },
        { id: 'LVE0003', eligibleGender: null, minServiceMonths: 0, proRata: 'off', includesDaysOf: 'LVE0002' },
        { id: 'LVE0004', eligibleGender: 'F', minServiceMonths: 0, proRata: 'off', includesDaysOf: null },
        // Renamed by the organisation: not the catalogue's paternity leave any more, so left alone.
        { id: 'LVE0005', eligibleGender: null, minServiceMonths: 0, proRata: 'off', includesDaysOf: null },
      ]);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });

  it('0030 gives the sign-in and audit entries made before it their people, as the embedded accounts have them', async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const database = fromPglite(client);
    const before = migrationsBefore('0030_activity-who');
    const sub = '6f1c2d3e-0000-4000-8000-000000000001';
    try {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
      await client.exec(`
        insert into identity_users (id, email, status, srp_salt, srp_verifier, attributes)
          values ('${sub}', 'siti@example.org', 'CONFIRMED', '00', '00', '{"name": "Siti Aminah"}');
        insert into log_entries (user_id, action, request, url, stream, log_date)
          values ('${sub}', 'Login', '', '/', 'login/logout', '2026-11-01T09:00:00.000Z'),
                 ('someone-gone', 'Login', '', '/', 'login/logout', '2026-11-01T09:00:00.000Z');
        insert into audit_entries (actor_id, actor_email, area, action)
          values ('${sub}', 'siti@example.org', 'access-control', 'account.disable');
      `);
      await migrate(database);
      const who = await database.db.execute(sql`select user_id, user_email, user_name from log_entries order by id`);
      expect((who as { rows: unknown[] }).rows).toEqual([
        { user_id: sub, user_email: 'siti@example.org', user_name: 'Siti Aminah' },
        { user_id: 'someone-gone', user_email: null, user_name: null },
      ]);
      const actors = await database.db.execute(sql`select actor_name from audit_entries`);
      expect((actors as { rows: unknown[] }).rows).toEqual([{ actor_name: 'Siti Aminah' }]);
      // The free text of sign-in entries finds them by their people.
      const found = await database.db.execute(
        sql`select count(*)::int as n from log_entries where (action || ' ' || request || ' ' || url || ' ' || coalesce(user_email, '') || ' ' || coalesce(user_name, '')) ilike '%aminah%'`,
      );
      expect((found as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });

  // Replicas started together each migrate at start: they take turns under an advisory lock
  // (docs/product/deployment-guide.md, decision record 0054).
  it.skipIf(testEngine !== 'postgres')(
    'racing on one fresh PostgreSQL database, both succeed and apply each migration once',
    async () => {
      const name = `sp_test_race_${randomBytes(6).toString('hex')}`;
      await onAdminConnection(`create database "${name}"`);
      const { createPgPool, fromPgPool } = await import('./pg-client');
      const pools = [0, 1].map(() => createPgPool(databaseUrl(name), 4));
      const replicas = pools.map(fromPgPool);
      try {
        await Promise.all(replicas.map((database) => migrate(database)));
        for (const database of replicas) expect(await migrationsApplied(database)).toBe(true);
        const { rows } = await pools[0]!.query<{ hash: string }>(
          'select hash from drizzle.__drizzle_migrations order by id',
        );
        expect(rows.map((row) => row.hash)).toEqual(readMigrationFiles({ migrationsFolder }).map((m) => m.hash));
      } finally {
        await Promise.all(replicas.map((database) => database.close()));
        await onAdminConnection(`drop database if exists "${name}" with (force)`);
      }
    },
  );
});
