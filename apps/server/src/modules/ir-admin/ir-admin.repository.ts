import { asc, gt, inArray, or, sql } from 'drizzle-orm';
import type { MemberInputOutput } from '@staff-portal/shared/ir-admin';
import type { Queryable } from '../../db/client';
import { irCases, irMembers } from '../../db/schema/ir';
import { foldName } from '../ir/ir.public';

/**
 * Open cases per officer (a null officer: the unassigned ones) and how many of them are of each
 * age on `asOf`, in one grouped query over the open cases.
 */
export async function openCaseAges(db: Queryable, asOf: string) {
  const age = sql`(${asOf}::date - ${irCases.openedOn})`;
  return db
    .select({
      officerId: irCases.officerId,
      officerName: sql<string | null>`max(${irCases.officerName})`,
      open: sql<number>`count(*)::int`,
      a30: sql<number>`(count(*) filter (where ${age} <= 30))::int`,
      a60: sql<number>`(count(*) filter (where ${age} between 31 and 60))::int`,
      a90: sql<number>`(count(*) filter (where ${age} between 61 and 90))::int`,
      older: sql<number>`(count(*) filter (where ${age} > 90))::int`,
    })
    .from(irCases)
    .where(sql`${irCases.status} = 0`)
    .groupBy(irCases.officerId);
}

/** The members that hold any of these member nos or any of these NRICs. */
export async function membersHolding(db: Queryable, memberNos: string[], nrics: string[]) {
  return db
    .select({ memberNo: irMembers.memberNo, nric: irMembers.nric })
    .from(irMembers)
    .where(or(inArray(irMembers.memberNo, memberNos), inArray(irMembers.nric, nrics)));
}

/**
 * Writes members by one multi-row `INSERT … ON CONFLICT (member_no) DO UPDATE` (decision record
 * 0045), each name folded for the search (decision record 0042); says of each row whether it
 * was inserted rather than updated.
 */
export async function upsertMembers(tx: Queryable, members: readonly MemberInputOutput[]) {
  return tx
    .insert(irMembers)
    .values(
      members.map((member) => ({
        memberNo: member.memberNo,
        name: member.name,
        nameFolded: foldName(member.name),
        nric: member.nric,
        gender: member.gender,
        dateOfBirth: member.dateOfBirth,
        employer: member.employer,
        branch: member.branch,
        position: member.position,
        status: member.status,
        joinDate: member.joinDate,
        phone: member.phone || null,
        email: member.email || null,
        address: member.address || null,
      })),
    )
    .onConflictDoUpdate({
      target: irMembers.memberNo,
      set: {
        name: sql`excluded.name`,
        nameFolded: sql`excluded.name_folded`,
        nric: sql`excluded.nric`,
        gender: sql`excluded.gender`,
        dateOfBirth: sql`excluded.date_of_birth`,
        employer: sql`excluded.employer`,
        branch: sql`excluded.branch`,
        position: sql`excluded.position`,
        status: sql`excluded.status`,
        joinDate: sql`excluded.join_date`,
        phone: sql`excluded.phone`,
        email: sql`excluded.email`,
        address: sql`excluded.address`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
}

/** Up to `limit` members in member no order, after the member no `after` (from the first without it). */
export async function membersAfter(db: Queryable, after: string | undefined, limit: number) {
  return db
    .select()
    .from(irMembers)
    .where(after === undefined ? undefined : gt(irMembers.memberNo, after))
    .orderBy(asc(irMembers.memberNo))
    .limit(limit);
}
