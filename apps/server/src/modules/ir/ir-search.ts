import { validationError } from '@staff-portal/shared/errors';
import { SEARCH_COUNT_CAP, type SearchCount } from '@staff-portal/shared/ir';
import { MEMBER_NO, normaliseMemberNo, nricSearchDigits, seesFullNric } from '@staff-portal/shared/ir-rules';
import type { TokenUser } from '../../auth/token-verifier';
import type { Queryable } from '../../db/client';
import { findMember } from './ir-members.repository';

/**
 * Whether a search text is looked for in the NRIC. One who sees NRICs masked does not search by
 * them (docs/product/ir.md §1): which NRICs are members' is what the mask hides. Their text that
 * can only be an NRIC, whole or its first digits, is refused; one that is also the member no of
 * a member finds that member by it, and by nothing else.
 */
export async function searchesByNric(
  db: Queryable,
  user: TokenUser,
  text: string | undefined,
  field: 'q' | 'member',
): Promise<boolean> {
  if (seesFullNric(user.groups)) return true;
  if (!text || nricSearchDigits(text) === null) return false;
  const memberNo = normaliseMemberNo(text);
  if (MEMBER_NO.test(memberNo) && (await findMember(db, memberNo))) return false;
  throw validationError(
    `${field}: searching by NRIC is for the IR departments, who see NRICs in full`,
    field,
    'nricSearchMasked',
  );
}

/** A count made up to the cap and one more: the cap, and whether there are more. */
export const countAnswer = (counted: number): SearchCount => ({
  count: Math.min(counted, SEARCH_COUNT_CAP),
  more: counted > SEARCH_COUNT_CAP,
});
