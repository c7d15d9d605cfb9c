import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as admin from '@staff-portal/identity/admin';
import { identityUsers } from '@staff-portal/identity/schema';
import type { IdentityService } from '@staff-portal/identity/service';
import type { Db } from '../db/client';
import { staff } from '../db/schema/organisation';
import { linkDemoIrOfficer } from './demo-ir';
import { departmentCatalogue, demoStaff, demoStaffGroups } from './demo-organisation';

export interface DemoAccount {
  email: string;
  name: string;
  groups: string[];
  /** FORCE_CHANGE_PASSWORD: signs in with the demo password as a temporary one. */
  forceChange?: boolean;
  /** Must set up an authenticator app (TOTP) at the first sign-in. */
  mfaRequired?: boolean;
  /** Signs in with a code texted to this (verified) number: SMS MFA, preferred. */
  smsMfaPhone?: string;
  /** The e-mail address is not verified: after sign-in the widget asks to verify it. */
  emailUnverified?: boolean;
  /**
   * UNCONFIRMED, as a self-service sign-up leaves an account before its code is entered: signing
   * in sends a new code and asks for it. Sign-up is disabled in this product, so nothing else
   * creates such an account; this one shows the widget's confirm-sign-up step.
   */
  unconfirmed?: boolean;
}

/**
 * One account per department (docs/product/access.md; the organisation's own one also in HR, as
 * its staff use the HR services), a super-admin, and one account for each sign-in step of the
 * gate that needs an account in a particular state (docs/product/specification.md §2): invited (first sign-in sets a
 * password), must set up an authenticator app, signs in with an SMS code, has an unverified
 * e-mail address, and unconfirmed.
 */
export function demoAccounts(orgDepartment: string): DemoAccount[] {
  const groups = demoStaffGroups(orgDepartment);
  const withStaff = demoStaff(orgDepartment).map((s) => ({
    email: s.email,
    name: s.displayName,
    groups: groups.get(s.email) ?? [s.departmentCode],
  }));
  return [
    ...withStaff,
    { email: 'superadmin@staffportal.example', name: 'Portal Super Admin', groups: ['ITAdmin', 'HRAdmin', 'IRAdmin'] },
    { email: 'club@staffportal.example', name: 'Kelab Staff Member', groups: ['CLUB'] },
    { email: 'creditcoop@staffportal.example', name: 'Credit Co-op Officer', groups: ['CREDIT_COOP'] },
    { email: 'gscoop@staffportal.example', name: 'General Services Co-op Officer', groups: ['GS_COOP'] },
    { email: 'newstaff@staffportal.example', name: 'New Staff Member', groups: ['HR'], forceChange: true },
    { email: 'mfa@staffportal.example', name: 'Authenticator User', groups: ['HR'], mfaRequired: true },
    { email: 'sms@staffportal.example', name: 'Text Message User', groups: ['HR'], smsMfaPhone: '+60123456789' },
    { email: 'unverified@staffportal.example', name: 'Unverified Email User', groups: ['HR'], emailUnverified: true },
    { email: 'unconfirmed@staffportal.example', name: 'Unconfirmed User', groups: ['HR'], unconfirmed: true },
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
        { Name: 'email_verified', Value: account.emailUnverified ? 'false' : 'true' },
        { Name: 'name', Value: account.name },
        ...(account.smsMfaPhone === undefined
          ? []
          : [
              { Name: 'phone_number', Value: account.smsMfaPhone },
              { Name: 'phone_number_verified', Value: 'true' },
            ]),
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
    // Neither state has an admin operation (Cognito has none either: a user turns SMS MFA on
    // with their own token; only sign-up leaves an account unconfirmed), so the seed sets them.
    if (account.smsMfaPhone !== undefined) {
      await ctx.db
        .update(identityUsers)
        .set({ smsMfaEnabled: true, preferredMfa: 'SMS_MFA' })
        .where(eq(identityUsers.id, User.Username));
    }
    if (account.unconfirmed) {
      await ctx.db.update(identityUsers).set({ status: 'UNCONFIRMED' }).where(eq(identityUsers.id, User.Username));
    }
    for (const group of account.groups) {
      await admin.adminAddUserToGroup(ctx, { ...pool, Username: User.Username, GroupName: group });
    }
    await db.update(staff).set({ identitySub: User.Username }).where(eq(staff.email, account.email));
    await linkDemoIrOfficer(db, account.email, User.Username);
  }
}
