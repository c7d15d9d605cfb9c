import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROTECTED_DEPARTMENTS,
  accountChangeRefusal,
  departmentsChangeRefusal,
  grantableDepartments,
  type AccessActor,
  type AccountChange,
} from './access-control-rules';

const DEPARTMENTS = ['HR', 'HRAdmin', 'ITAdmin', 'IR', 'IRAdmin', 'UNION', 'CLUB'];
const CHANGES: AccountChange[] = ['disable', 'enable', 'reset-password', 'sign-out', 'resend-invitation', 'delete'];

interface Account {
  id: string;
  departments: string[];
  enabled: boolean;
  signedInOnce: boolean;
}

const departmentSet = fc.subarray(DEPARTMENTS);
const accountArb = (id: string) =>
  fc.record({ id: fc.constant(id), departments: departmentSet, enabled: fc.boolean(), signedInOnce: fc.boolean() });

/** A small organisation: accounts a0..a4, a0 an enabled ITAdmin (and the super-admin when one is configured). */
const organisation = fc
  .tuple(accountArb('a0'), ...[1, 2, 3, 4].map((n) => accountArb(`a${n}`)))
  .map(([first, ...others]) => [
    { ...first, departments: [...new Set([...first.departments, 'ITAdmin'])], enabled: true },
    ...others,
  ]);

type Step =
  | { kind: 'departments'; actor: number; target: number; next: string[] }
  | { kind: 'change'; actor: number; target: number; change: AccountChange };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('departments' as const),
    actor: fc.nat(4),
    target: fc.nat(4),
    next: departmentSet,
  }),
  fc.record({
    kind: fc.constant('change' as const),
    actor: fc.nat(4),
    target: fc.nat(4),
    change: fc.constantFrom(...CHANGES),
  }),
);

const enabledItAdmins = (accounts: Account[]) =>
  accounts.filter((a) => a.enabled && a.departments.includes('ITAdmin')).length;
const directoryOf = (accounts: Account[], superAdmin: boolean) => ({
  superAdminUserId: superAdmin ? 'a0' : undefined,
  enabledItAdmins: enabledItAdmins(accounts),
});
const actorOf = (account: Account): AccessActor => ({ id: account.id, groups: account.departments });

describe('access-control rules', () => {
  it('whatever allowed changes admins make, an enabled ITAdmin remains, and the super-admin stays one', () => {
    fc.assert(
      fc.property(organisation, fc.boolean(), fc.array(step, { maxLength: 30 }), (start, superAdmin, steps) => {
        const accounts = start.map((a) => ({ ...a, departments: [...a.departments] }));
        let deleted = new Set<string>();
        for (const s of steps) {
          const actor = accounts[s.actor]!;
          const target = accounts[s.target]!;
          // Only an enabled admin that still exists acts (the API's guard and token checks).
          if (!actor.enabled || deleted.has(actor.id) || deleted.has(target.id)) continue;
          if (
            !actor.departments.some((d) => d === 'HRAdmin' || d === 'ITAdmin') &&
            !(superAdmin && actor.id === 'a0')
          ) {
            continue;
          }
          if (s.kind === 'departments') {
            if (departmentsChangeRefusal(actorOf(actor), target, s.next, directoryOf(accounts, superAdmin)) === null) {
              target.departments = [...s.next];
            }
          } else if (
            accountChangeRefusal(actorOf(actor), target, s.change, directoryOf(accounts, superAdmin)) === null
          ) {
            if (s.change === 'disable') target.enabled = false;
            if (s.change === 'enable') target.enabled = true;
            if (s.change === 'delete') {
              deleted = new Set([...deleted, target.id]);
              target.enabled = false;
              target.departments = [];
            }
          }
          expect(enabledItAdmins(accounts)).toBeGreaterThanOrEqual(1);
          if (superAdmin) {
            expect(accounts[0]!.departments).toContain('ITAdmin');
            expect(accounts[0]!.enabled).toBe(true);
          }
        }
      }),
    );
  });

  it('an actor without ITAdmin never grants or revokes HRAdmin or ITAdmin, nor changes an admin account', () => {
    fc.assert(
      fc.property(
        accountArb('actor').filter((a) => !a.departments.includes('ITAdmin')),
        accountArb('target'),
        departmentSet,
        fc.constantFrom(...CHANGES),
        fc.integer({ min: 0, max: 3 }),
        (actor, target, next, change, itAdmins) => {
          const directory = { superAdminUserId: 'someone-else', enabledItAdmins: itAdmins };
          const touchesProtected = PROTECTED_DEPARTMENTS.some(
            (d) => target.departments.includes(d) !== next.includes(d),
          );
          if (touchesProtected) {
            expect(departmentsChangeRefusal(actorOf(actor), target, next, directory)?.reason).toBe(
              'protectedDepartment',
            );
          }
          if (target.departments.some((d) => PROTECTED_DEPARTMENTS.includes(d))) {
            expect(accountChangeRefusal(actorOf(actor), target, change, directory)?.reason).toBe('protectedAccount');
          }
          expect(grantableDepartments(actorOf(actor), directory, DEPARTMENTS)).not.toContain('HRAdmin');
        },
      ),
    );
  });

  it('names each reason', () => {
    const it1 = { id: 'it1', groups: ['ITAdmin'] };
    const target = { id: 't', departments: ['HR'], enabled: true, signedInOnce: true };
    const facts = { superAdminUserId: 'root', enabledItAdmins: 2 };
    expect(accountChangeRefusal(it1, { ...target, id: 'it1' }, 'disable', facts)?.reason).toBe('ownAccount');
    expect(accountChangeRefusal(it1, { ...target, id: 'root' }, 'delete', facts)?.reason).toBe('superAdminProtected');
    expect(accountChangeRefusal(it1, target, 'delete', facts)?.reason).toBe('signedInBefore');
    expect(accountChangeRefusal(it1, { ...target, signedInOnce: false }, 'delete', facts)).toBeNull();
    expect(accountChangeRefusal(it1, target, 'enable', facts)).toBeNull();
    const lastIt = { ...target, departments: ['ITAdmin'] };
    expect(departmentsChangeRefusal(it1, lastIt, [], { ...facts, enabledItAdmins: 1 })?.reason).toBe('lastItAdmin');
    expect(departmentsChangeRefusal(it1, lastIt, [], facts)).toBeNull();
    expect(departmentsChangeRefusal({ id: 'hr', groups: ['HRAdmin'] }, target, ['HR', 'ITAdmin'], facts)).toMatchObject(
      {
        reason: 'protectedDepartment',
        params: { department: 'ITAdmin' },
      },
    );
  });
});
