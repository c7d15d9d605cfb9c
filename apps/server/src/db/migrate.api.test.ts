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

/** The journal's tag of the migration named `name` (its number may change when branches merge). */
function tagNamed(name: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entry = journal.entries.find((candidate) => candidate.tag.replace(/^\d+_/, '') === name);
  if (!entry) throw new Error(`no migration named ${name}`);
  return entry.tag;
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

  it("ir-case-events puts every case's closings, reopenings and changes of officer on its timeline (docs/product/ir.md §3)", async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const database = fromPglite(client);
    const before = migrationsBefore(tagNamed('ir-case-events'));
    try {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
      const farah = 'farah-sub';
      const lim = 'lim-sub';
      await client.exec(`
        insert into ir_categories (id, name) values ('00000000-0000-4000-8000-000000000001', 'Dismissal');
        insert into ir_members (member_no, name, name_folded, nric, gender, date_of_birth, employer, branch, status, join_date)
          values ('M0000001', 'Siti', 'siti', '850101145678', 'F', '1985-01-01', 'Maybank', 'Kuala Lumpur', 'active', '2010-01-01');
        insert into ir_cases (case_no, year, sequence, member_no, member_name, subject, category_id, description,
          contact_method, status, officer_id, officer_name, opened_by_id, opened_by_name, opened_on, closed_on, outcome, search)
        values
          -- Through the API: closed, reopened, given to Kumar, closed again.
          ('GRV202600001', 2026, 1, 'M0000001', 'Siti', 'Unpaid', '00000000-0000-4000-8000-000000000001', 'Facts', 0,
            1, 'kumar-sub', 'Kumar', '${farah}', 'Farah', '2026-11-02', '2026-11-20', 'Paid in full.', ''),
          -- Made closed by the demo generator: no audit entry.
          ('GRV202600002', 2026, 2, 'M0000001', 'Siti', 'Shift', '00000000-0000-4000-8000-000000000001', 'Facts', 0,
            1, '${farah}', 'Farah', '${farah}', 'Farah', '2026-10-01', '2026-10-20', 'Withdrawn.', ''),
          -- Never closed.
          ('GRV202600003', 2026, 3, 'M0000001', 'Siti', 'Rest day', '00000000-0000-4000-8000-000000000001', 'Facts', 0,
            0, '${farah}', 'Farah', '${farah}', 'Farah', '2026-11-01', null, null, ''),
          -- Made closed by the generator, reopened through the API since.
          ('GRV202600004', 2026, 4, 'M0000001', 'Siti', 'Transfer', '00000000-0000-4000-8000-000000000001', 'Facts', 0,
            0, '${farah}', 'Farah', '${farah}', 'Farah', '2026-09-01', null, null, '');
        insert into ir_case_actions (case_no, type, date, text, author_id, author_name, created_at) values
          ('GRV202600001', 0, '2026-11-02', 'Facts', '${farah}', 'Farah', '2026-11-02 09:00+08'),
          ('GRV202600001', 1, '2026-11-12', 'Case reopened: The employer did not pay.', '${lim}', 'Lim', '2026-11-12 10:00+08'),
          -- An officer's own words that happen to start alike: not a reopening, stays an action.
          ('GRV202600001', 1, '2026-11-14', 'Case reopened: said the member on the phone.', '${farah}', 'Farah', '2026-11-14 10:00+08'),
          ('GRV202600002', 0, '2026-10-01', 'Facts', '${farah}', 'Farah', '2026-10-01 00:00+08'),
          ('GRV202600002', 2, '2026-10-20', 'Branch met HR.', '${farah}', 'Farah', '2026-10-20 00:03+08'),
          ('GRV202600003', 0, '2026-11-01', 'Facts', '${farah}', 'Farah', '2026-11-01 00:00+08'),
          ('GRV202600004', 0, '2026-09-01', 'Facts', '${farah}', 'Farah', '2026-09-01 00:00+08'),
          ('GRV202600004', 1, '2026-11-15', 'Case reopened: New evidence.', '${lim}', 'Lim', '2026-11-15 11:00+08');
        insert into audit_entries (at, actor_id, actor_email, area, action, target, before, after) values
          ('2026-11-10 16:00+08', '${farah}', 'farah@example.org', 'ir', 'case.close', 'GRV202600001',
            '{"status":0,"closedOn":null,"outcome":null}', '{"status":1,"closedOn":"2026-11-10","outcome":"Settled."}'),
          ('2026-11-12 10:00+08', '${lim}', 'lim@example.org', 'ir', 'case.reopen', 'GRV202600001',
            '{"status":1,"closedOn":"2026-11-10","outcome":"Settled."}', '{"status":0,"reason":"The employer did not pay."}'),
          ('2026-11-13 07:30+08', '${lim}', 'lim@example.org', 'ir', 'case.assign', 'GRV202600001',
            '{"officerId":"${farah}","officerName":"Farah"}', '{"officerId":"kumar-sub","officerName":"Kumar"}'),
          ('2026-11-20 17:00+08', 'kumar-sub', 'kumar@example.org', 'ir', 'case.close', 'GRV202600001',
            '{"status":0,"closedOn":null}', '{"status":1,"closedOn":"2026-11-20","outcome":"Paid in full."}'),
          ('2026-11-15 11:00+08', '${lim}', 'lim@example.org', 'ir', 'case.reopen', 'GRV202600004',
            '{"status":1,"closedOn":"2026-10-05","outcome":"Referred to the court."}', '{"status":0,"reason":"New evidence."}');
      `);
      await migrate(database);
      const { eventsOf, actionsOf } = await import('../modules/ir/ir-cases.repository');
      const history = async (caseNo: string) =>
        (await eventsOf(database.db, caseNo)).map(({ id: _id, ...event }) => event);
      const at = (text: string) => new Date(text).toISOString();
      expect(await history('GRV202600001')).toEqual([
        {
          kind: 'closed',
          date: '2026-11-10',
          outcome: 'Settled.',
          actorId: farah,
          actorName: 'Farah',
          createdAt: at('2026-11-10T16:00:00+08:00'),
        },
        {
          kind: 'reopened',
          date: '2026-11-12',
          reason: 'The employer did not pay.',
          actorId: lim,
          actorName: 'Lim',
          createdAt: at('2026-11-12T10:00:00+08:00'),
        },
        {
          kind: 'reassigned',
          date: '2026-11-13',
          fromOfficerId: farah,
          fromOfficerName: 'Farah',
          toOfficerId: 'kumar-sub',
          toOfficerName: 'Kumar',
          actorId: lim,
          actorName: 'Lim',
          createdAt: at('2026-11-13T07:30:00+08:00'),
        },
        // Kumar wrote no action: his e-mail, as the audit trail kept it.
        {
          kind: 'closed',
          date: '2026-11-20',
          outcome: 'Paid in full.',
          actorId: 'kumar-sub',
          actorName: 'kumar@example.org',
          createdAt: at('2026-11-20T17:00:00+08:00'),
        },
      ]);
      // The reopening's action left the actions; the officer's look-alike stayed.
      expect((await actionsOf(database.db, 'GRV202600001')).map((action) => action.text)).toEqual([
        'Facts',
        'Case reopened: said the member on the phone.',
      ]);
      // The generator's closings: by the officer in charge, after the last action.
      const generated = await history('GRV202600002');
      expect(generated).toMatchObject([
        { kind: 'closed', date: '2026-10-20', outcome: 'Withdrawn.', actorId: farah, actorName: 'Farah' },
      ]);
      expect(generated[0]!.createdAt > at('2026-10-20T00:03:00+08:00')).toBe(true);
      expect(await history('GRV202600003')).toEqual([]);
      expect(await history('GRV202600004')).toMatchObject([
        { kind: 'closed', date: '2026-10-05', outcome: 'Referred to the court.', actorId: farah },
        { kind: 'reopened', date: '2026-11-15', reason: 'New evidence.', actorId: lim },
      ]);
      expect((await actionsOf(database.db, 'GRV202600004')).map((action) => action.type)).toEqual([0]);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });

  it('log-entries-nrics-masked masks the NRICs in the activity entries made before it (docs/product/ir.md §1)', async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const database = fromPglite(client);
    const before = migrationsBefore(tagNamed('log-entries-nrics-masked'));
    try {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
      await client.exec(`
        insert into log_entries (user_id, action, request, url, stream, log_date) values
          ('a', 'Login', '', '/member-lookup?q=850101145678', 'login/logout', '2026-11-01T09:00:00.000Z'),
          ('b', 'Search 850101-14-5678', 'q=850101%2014%205678', '/x?a=850101+14+5678', 's', '2026-11-01T09:00:00.000Z'),
          ('c', 'Login', 'phone +60123456789', '/member-lookup/M0012345', 'login/logout', '2026-11-01T09:00:00.000Z');
      `);
      await migrate(database);
      const rows = await database.db.execute(sql`select action, request, url from log_entries order by id`);
      expect((rows as { rows: unknown[] }).rows).toEqual([
        { action: 'Login', request: '', url: '/member-lookup?q=XXXXXX-XX-5678' },
        { action: 'Search XXXXXX-XX-5678', request: 'q=XXXXXX-XX-5678', url: '/x?a=XXXXXX-XX-5678' },
        { action: 'Login', request: 'phone +60123456789', url: '/member-lookup/M0012345' },
      ]);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });

  it('activity-who gives the sign-in and audit entries made before it their people, as the embedded accounts have them', async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const database = fromPglite(client);
    const before = migrationsBefore(tagNamed('activity-who'));
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
