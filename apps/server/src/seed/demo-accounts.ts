import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as admin from '@staff-portal/identity/admin';
import type { IdentityService } from '@staff-portal/identity/service';
import type { Db } from '../db/client';
import { staff } from '../db/schema/organisation';
import { departmentCatalogue, demoStaff } from './demo-organisation';

export interface DemoAccount {
  email: string;
  name: string;
  groups: string[];
  /** FORCE_CHANGE_PASSWORD: signs in with the demo password as a temporary one. */
  forceChange?: boolean;
  /** Must set up an authenticator app (TOTP) at the first sign-in. */
  mfaRequired?: boolean;
}

/**
 * One account per department of seed §1, a super-admin, one invited account (first sign-in sets
 * a password) and one that must set up an authenticator app, so every sign-in step can be shown.
 */
export function demoAccounts(orgDepartment: string): DemoAccount[] {
  const withStaff = demoStaff(orgDepartment).map((s) => ({
    email: s.email,
    name: s.displayName,
    groups: [s.departmentCode],
  }));
  return [
    ...withStaff,
    { email: 'superadmin@staffportal.example', name: 'Portal Super Admin', groups: ['ITAdmin', 'HRAdmin', 'IRAdmin'] },
    { email: 'club@staffportal.example', name: 'Kelab Staff Member', groups: ['CLUB'] },
    { email: 'creditcoop@staffportal.example', name: 'Credit Co-op Officer', groups: ['CREDIT_COOP'] },
    { email: 'gscoop@staffportal.example', name: 'General Services Co-op Officer', groups: ['GS_COOP'] },
    { email: 'newstaff@staffportal.example', name: 'New Staff Member', groups: ['HR'], forceChange: true },
    { email: 'mfa@staffportal.example', name: 'Authenticator User', groups: ['HR'], mfaRequired: true },
  ];
}

/** A password that meets the policy, for when DEMO_PASSWORD is not set. */
export function generateDemoPassword(): string {
  const words = ['Kenari', 'Merbau', 'Cempaka', 'Melati', 'Seroja', 'Teratai'];
  return `${words[randomInt(words.length)]!}-${randomInt(1000, 10_000)}-${words[randomInt(words.length)]!.toLowerCase()}!`;
}

/**
 * Creates the demo accounts through the identity service's admin operations (the same ones the
 * access-control page uses), puts them in their department groups, and links the demo staff
 * records to them.
 */
export async function seedDemoAccounts(
  db: Db,
  identity: IdentityService,
  options: { orgDepartment: string; password: string },
) {
  const ctx = identity.context;
  const pool = { UserPoolId: ctx.config.userPoolId };
  for (const department of departmentCatalogue(options.orgDepartment)) {
    await admin
      .createGroup(ctx, { ...pool, GroupName: department.code, Description: department.name })
      .catch((error: unknown) => {
        if ((error as { type?: string }).type !== 'GroupExistsException') throw error;
      });
  }
  for (const account of demoAccounts(options.orgDepartment)) {
    const { User } = await admin.adminCreateUser(ctx, {
      ...pool,
      Username: account.email,
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: account.name },
      ],
      TemporaryPassword: options.password,
      MessageAction: 'SUPPRESS',
    });
    if (!account.forceChange) {
      await admin.adminSetUserPassword(ctx, {
        ...pool,
        Username: User.Username,
        Password: options.password,
        Permanent: true,
      });
    }
    if (account.mfaRequired) await admin.setMfaRequired(ctx, User.Username, true);
    for (const group of account.groups) {
      await admin.adminAddUserToGroup(ctx, { ...pool, Username: User.Username, GroupName: group });
    }
    await db.update(staff).set({ identitySub: User.Username }).where(eq(staff.email, account.email));
  }
}
