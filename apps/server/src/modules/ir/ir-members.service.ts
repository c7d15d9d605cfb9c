import { notFound } from '@staff-portal/shared/errors';
import type {
  Member,
  MemberDetail,
  MemberSearchPage,
  MemberSummary,
  memberCountQuerySchema,
  memberSearchQuerySchema,
  SearchCount,
} from '@staff-portal/shared/ir';
import { SEARCH_COUNT_CAP } from '@staff-portal/shared/ir';
import { formatNric, memberIdentityFor, seesFullNric, shownNric } from '@staff-portal/shared/ir-rules';
import type { z } from 'zod';
import type { TokenUser } from '../../auth/token-verifier';
import type { Database } from '../../db/client';
import { recordAuditBy, type AuditActor } from '../audit/audit.public';
import { casesOfMember } from './ir-cases.repository';
import { countMembers, findMember, memberOptions, searchMembers, type MemberRow } from './ir-members.repository';
import { countAnswer, searchesByNric } from './ir-search';

const AREA = 'ir';

function memberOf(row: MemberRow, user: TokenUser): Member {
  return {
    memberNo: row.memberNo,
    name: row.name,
    ...memberIdentityFor(row, user.groups),
    employer: row.employer,
    branch: row.branch,
    status: row.status,
    gender: row.gender,
    position: row.position,
    joinDate: row.joinDate,
    phone: row.phone,
    email: row.email,
    address: row.address,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The member lookup (docs/product/ir.md §1, docs/product/screens.md §10): members searched,
 * counted and shown with their NRIC as the caller's departments see it, and the NRIC revealed.
 */
export function createIrMemberService({ database }: { database: Database }) {
  const { db } = database;

  return {
    async searchMembers(user: TokenUser, query: z.output<typeof memberSearchQuerySchema>): Promise<MemberSearchPage> {
      const byNric = await searchesByNric(db, user, query.q, 'q');
      const { rows, hasMore } = await searchMembers(db, { ...query, byNric });
      const items: MemberSummary[] = rows.map((row) => ({
        memberNo: row.memberNo,
        name: row.name,
        nric: shownNric(row.nric, user.groups),
        employer: row.employer,
        branch: row.branch,
        status: row.status,
      }));
      return { items, page: query.page, pageSize: query.pageSize, hasMore };
    },

    memberOptions: () => memberOptions(db),

    /** How many members the lookup finds (docs/product/screens.md §10), up to SEARCH_COUNT_CAP. */
    async countMembers(user: TokenUser, query: z.output<typeof memberCountQuerySchema>): Promise<SearchCount> {
      const byNric = await searchesByNric(db, user, query.q, 'q');
      return countAnswer(await countMembers(db, { ...query, byNric }, SEARCH_COUNT_CAP));
    },

    async member(user: TokenUser, memberNo: string): Promise<MemberDetail> {
      const row = await findMember(db, memberNo);
      if (!row) throw notFound(`There is no member ${memberNo}.`);
      return { member: memberOf(row, user), cases: await casesOfMember(db, memberNo) };
    },

    /**
     * The NRIC in full, and the date of birth it starts with (docs/product/ir.md §1). For those who
     * see them masked (ITAdmin) each reveal is audited; the IR departments see them on every
     * answer anyway, so theirs is not.
     */
    async revealNric(actor: AuditActor, memberNo: string) {
      const row = await findMember(db, memberNo);
      if (!row) throw notFound(`There is no member ${memberNo}.`);
      if (!seesFullNric(actor.user.groups)) {
        await recordAuditBy(db, actor, {
          area: AREA,
          action: 'member.reveal-nric',
          target: row.memberNo,
          targetLabel: `${row.memberNo} ${row.name}`,
        });
      }
      return { nric: formatNric(row.nric), dateOfBirth: row.dateOfBirth };
    },
  };
}

export type IrMemberService = ReturnType<typeof createIrMemberService>;
