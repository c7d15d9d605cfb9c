import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { MyLeave } from '@staff-portal/shared/leave';
import type { Database, Transaction } from '../db/client';
import { dataVersions } from '../db/schema/app';
import * as leaveSchema from '../db/schema/leave';
import * as leaveAdminSchema from '../db/schema/leave-admin';
import * as organisationSchema from '../db/schema/organisation';
import * as staffMovementSchema from '../db/schema/staff-movement';
import { call, seedLeaveFixture, staffIds } from '../test/leave-fixture';
import { createTestApp } from '../test/app';

const { staff } = organisationSchema;

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

async function leaveVersion(database: Database) {
  const [row] = await database.db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.domain, 'leave'));
  return Number(row!.version);
}

/**
 * Writes behind the cache's back: with triggers off for the transaction, so the leave data
 * version stays as it was (only a test does this; the server never turns them off).
 */
async function writeUnseen(database: Database, write: (tx: Transaction) => Promise<unknown>) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

describe('read cache', () => {
  it('answers a repeated read from the cache until leave data changes, then reads afresh', async () => {
    const ctx = await setup();
    // The first call links the staff record to the account (a write), so the second is kept.
    expect((await call(ctx, 'hr', 'GET', '/api/leave/me')).statusCode).toBe(200);
    const first = await call(ctx, 'hr', 'GET', '/api/leave/me');
    expect(first.statusCode).toBe(200);
    expect(first.json<MyLeave>().staff.displayName).toBe('Muhammad Hafiz');

    await writeUnseen(ctx.database, (tx) =>
      tx.update(staff).set({ displayName: 'Renamed Unseen' }).where(eq(staff.staffId, staffIds.hr)),
    );
    const again = await call(ctx, 'hr', 'GET', '/api/leave/me');
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);

    // Any write through the database raises the version: the next read sees the data as it is.
    await ctx.database.db.update(staff).set({ displayName: 'Renamed Seen' }).where(eq(staff.staffId, staffIds.hr));
    const fresh = await call(ctx, 'hr', 'GET', '/api/leave/me');
    expect(fresh.json<MyLeave>().staff.displayName).toBe('Renamed Seen');
  });

  it('keeps answers per caller and per address', async () => {
    const ctx = await setup();
    const mine = await call(ctx, 'hr', 'GET', '/api/leave/me');
    const theirs = await call(ctx, 'hr2', 'GET', '/api/leave/me');
    expect(mine.json<MyLeave>().staff.staffId).toBe(staffIds.hr);
    expect(theirs.json<MyLeave>().staff.staffId).toBe(staffIds.hr2);
    const lastYear = await call(ctx, 'hr', 'GET', `/api/leave/me?year=${new Date().getFullYear() - 1}`);
    expect(lastYear.json<MyLeave>().year).toBe(new Date().getFullYear() - 1);
    expect((await call(ctx, 'hr', 'GET', '/api/leave/me')).body).toBe(mine.body);
  });

  it('keeps a part of an answer by its key (Home’s leave glance) until leave data changes', async () => {
    const ctx = await setup();
    let computed = 0;
    const part = () => ctx.app.leaveCached('glance\nhr', async () => ({ n: ++computed }));
    expect(await part()).toEqual({ n: 1 });
    expect(await part()).toEqual({ n: 1 });
    expect(await ctx.app.leaveCached('glance\nhr2', async () => ({ n: 99 }))).toEqual({ n: 99 });
    await ctx.database.db.update(staff).set({ displayName: 'Renamed Seen' }).where(eq(staff.staffId, staffIds.hr));
    expect(await part()).toEqual({ n: 2 });
    expect(computed).toBe(2);
  });

  it('leaves the routes it does not serve alone, those registered before the leave routes too', async () => {
    const ctx = await setup();
    const config = await ctx.app.inject({ url: '/config.json' });
    expect(config.statusCode).toBe(200);
    expect((await call(ctx, 'hr', 'GET', '/api/me')).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('does not keep refusals: the same call is judged again', async () => {
    const ctx = await setup();
    const refused = await call(ctx, 'hr', 'GET', '/api/leave/admin/staff');
    expect(refused.statusCode).toBe(403);
    const notYet = await call(ctx, 'stranger', 'GET', '/api/leave/me');
    expect(notYet.statusCode).toBe(403);
    // A staff record for the stranger's e-mail, written without raising the version.
    await writeUnseen(ctx.database, (tx) =>
      tx.insert(staff).values({
        staffId: 'LVUSR0000000098',
        displayName: 'New Starter',
        email: 'nobody@staffportal.example',
        departmentCode: 'HR',
        joinDate: '2026-01-05',
        gender: 'F',
      }),
    );
    const now = await call(ctx, 'stranger', 'GET', '/api/leave/me');
    expect(now.statusCode).toBe(200);
    expect(now.json<MyLeave>().staff.displayName).toBe('New Starter');
  });

  it('raises the version once per committed transaction, and not for one rolled back', async () => {
    const ctx = await setup();
    const before = await leaveVersion(ctx.database);
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(staff).set({ displayName: 'One' }).where(eq(staff.staffId, staffIds.hr));
      await tx.update(staff).set({ displayName: 'Two' }).where(eq(staff.staffId, staffIds.hr2));
    });
    expect(await leaveVersion(ctx.database)).toBe(before + 1);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.update(staff).set({ displayName: 'Three' }).where(eq(staff.staffId, staffIds.hr));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await leaveVersion(ctx.database)).toBe(before + 1);
  });

  it('has every table of the organisation, leave and staff movement schemas raise the leave version', async () => {
    const ctx = await setup();
    const tables = [organisationSchema, leaveSchema, leaveAdminSchema, staffMovementSchema]
      .flatMap((module) => Object.values(module as Record<string, unknown>))
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    // The tables whose trigger raises a domain's version, by domain (the trigger's argument).
    const triggered = async (domain: string) =>
      (
        await ctx.database.db
          .selectDistinct({ table: sql<string>`c.relname` })
          .from(sql`pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid`)
          .where(sql`p.proname = 'raise_data_version' and encode(t.tgargs, 'escape') = ${`${domain}\\000`}`)
          .orderBy(sql`c.relname`)
      ).map((row) => row.table);
    expect(await triggered('leave')).toEqual(tables);
    // The posts' version (decision record 0053) is raised by posts alone, never by a read receipt.
    expect(await triggered('posts')).toEqual(['posts']);
  });
});
