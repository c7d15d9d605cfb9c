import { describe, expect, it } from 'vitest';
import { departmentLabels } from './profile-details';

describe('departmentLabels', () => {
  it.each<[string, string[], string[]]>([
    [
      'a super admin: every admin group, merged and suffixed',
      ['ITAdmin', 'HRAdmin', 'IRAdmin'],
      ['IT (admin)', 'HR (admin)', 'IR (admin)'],
    ],
    ['one department', ['HR'], ['HR']],
    ['a department and its admin form merge into one admin entry', ['HR', 'HRAdmin'], ['HR (admin)']],
    [
      'admin entries first, the rest in their order',
      ['UNION', 'HR', 'ITAdmin', 'CLUB'],
      ['IT (admin)', 'UNION', 'HR', 'CLUB'],
    ],
    ['names with underscores stay whole', ['CREDIT_COOP', 'GS_COOP'], ['CREDIT_COOP', 'GS_COOP']],
    ['no groups', [], []],
  ])('%s', (_name, groups, expected) => {
    expect(departmentLabels(groups, '(admin)')).toEqual(expected);
  });

  it('uses the translated suffix', () => {
    expect(departmentLabels(['HRAdmin'], '(pentadbir)')).toEqual(['HR (pentadbir)']);
  });
});
