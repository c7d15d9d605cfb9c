import { checkMemberRows, MEMBER_CSV_COLUMNS } from '@staff-portal/shared/ir-admin';
import { describe, expect, it } from 'vitest';
import { ir as en } from '../../locales/en/ir';
import { ir as ms } from '../../locales/ms/ir';

/** A members file row with this gender and status, the rest valid. */
const row = (gender: string, status: string) => ({
  line: 2,
  cells: MEMBER_CSV_COLUMNS.map(
    (column) =>
      ({
        memberNo: 'M1',
        name: 'A Member',
        nric: '850101145678',
        gender,
        dateOfBirth: '1985-01-01',
        employer: 'Maybank',
        branch: 'Ipoh',
        status,
        joinDate: '2010-01-01',
      })[column as string] ?? '',
  ),
});

describe('the member import takes the words the screens show (docs/product/screens.md §12)', () => {
  it.each([
    ['English', en],
    ['Bahasa Malaysia', ms],
  ])('in %s, in any case', (_language, texts) => {
    for (const [gender, label] of Object.entries(texts.gender)) {
      expect(checkMemberRows([row(label.toUpperCase(), 'active')]).valid[0]?.member.gender).toBe(gender);
    }
    for (const [status, label] of Object.entries(texts.memberStatus)) {
      expect(checkMemberRows([row('F', label.toLowerCase())]).valid[0]?.member.status).toBe(status);
    }
  });
});
