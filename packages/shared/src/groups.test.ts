import { describe, expect, it } from 'vitest';
import { departmentsOf, hasAnyGroup, mergeDepartments, passesGuards } from './groups';

const user = (...groups: string[]) => ({ id: 'u-1', groups });

describe('hasAnyGroup (docs/product/specification.md §6)', () => {
  it('passes when the user holds any requested group', () => {
    expect(hasAnyGroup(user('HR'), ['HR'])).toBe(true);
    expect(hasAnyGroup(user('CLUB', 'IR'), ['HR', 'IR'])).toBe(true);
    expect(hasAnyGroup(user('CLUB'), ['HR', 'IR'])).toBe(false);
    expect(hasAnyGroup(user(), ['HR'])).toBe(false);
  });

  it('needs an admin group of the same base name for an admin request', () => {
    expect(hasAnyGroup(user('HR'), ['HRAdmin'])).toBe(false);
    expect(hasAnyGroup(user('HRAdmin'), ['HRAdmin'])).toBe(true);
    expect(hasAnyGroup(user('IRAdmin'), ['HRAdmin'])).toBe(false);
  });

  it('lets the admin form meet a plain request', () => {
    expect(hasAnyGroup(user('HRAdmin'), ['HR'])).toBe(true);
    expect(hasAnyGroup(user('IRAdmin'), ['IR'])).toBe(true);
    expect(hasAnyGroup(user('IRAdmin'), ['HR'])).toBe(false);
  });

  it('lets ITAdmin and the super-admin user pass every check', () => {
    expect(hasAnyGroup(user('ITAdmin'), ['HRAdmin'])).toBe(true);
    expect(hasAnyGroup(user('ITAdmin'), ['GS_COOP'])).toBe(true);
    expect(hasAnyGroup(user('CLUB'), ['HRAdmin'], { superAdminUserId: 'u-1' })).toBe(true);
    expect(hasAnyGroup(user('CLUB'), ['HRAdmin'], { superAdminUserId: 'someone-else' })).toBe(false);
    expect(hasAnyGroup(user('CLUB'), ['HRAdmin'], { superAdminUserId: '' })).toBe(false);
  });

  it('passes an empty request: any signed-in user', () => {
    expect(hasAnyGroup(user(), [])).toBe(true);
  });
});

describe('guards (docs/product/specification.md §1)', () => {
  it('names the seed departments per guard', () => {
    expect(departmentsOf(['SHARED'])).toEqual(['HR']);
    expect(departmentsOf(['ADMIN'])).toEqual(['HRAdmin', 'ITAdmin']);
    expect(departmentsOf(['SHARED', 'IR'])).toEqual(['HR', 'ITAdmin', 'IRAdmin', 'IR']);
  });

  it('admits each department where the access matrix says', () => {
    const cases: [string, Parameters<typeof passesGuards>[1], boolean][] = [
      ['HR', ['SHARED'], true],
      ['HR', ['ADMIN'], false],
      ['HRAdmin', ['SHARED'], true],
      ['HRAdmin', ['ADMIN'], true],
      ['HRAdmin', ['IR'], false],
      ['IR', ['IR'], true],
      ['IR', ['SHARED'], false],
      ['IR', ['SHARED', 'IR'], true],
      ['IRAdmin', ['IR'], true],
      ['IRAdmin', ['ADMIN'], false],
      ['ITAdmin', ['ITAdmin'], true],
      ['HRAdmin', ['ITAdmin'], false],
      ['UNION', ['SHARED'], false],
      ['CLUB', [], true],
    ];
    for (const [group, guards, allowed] of cases) {
      expect(passesGuards(user(group), guards), `${group} × ${guards.join('+')}`).toBe(allowed);
    }
  });
});

describe('mergeDepartments (docs/product/specification.md §2 profile)', () => {
  it('merges per base name, marks admin, puts admin entries first', () => {
    expect(mergeDepartments(['IR', 'HR', 'HRAdmin', 'CLUB', 'ITAdmin'])).toEqual([
      { name: 'HR', admin: true },
      { name: 'IT', admin: true },
      { name: 'IR', admin: false },
      { name: 'CLUB', admin: false },
    ]);
    expect(mergeDepartments([])).toEqual([]);
  });
});
