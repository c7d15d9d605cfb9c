import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordPolicyMessage } from '@staff-portal/shared/password-policy';
import { identityUsers } from '@staff-portal/identity/schema';
import { groupsOf } from '@staff-portal/identity/users';
import { staff } from '../db/schema/organisation';
import { createTestApp } from '../test/app';
import { demoAccounts, generateDemoPassword, seedDemoAccounts } from './demo-accounts';
import { seedOnFirstStart } from './demo-organisation';

describe('demo accounts', () => {
  it('generates passwords that meet the policy', () => {
    for (let i = 0; i < 50; i++) expect(passwordPolicyMessage(generateDemoPassword())).toBeUndefined();
  });

  it('creates one account per department, a super-admin and one per gate step, linked to staff records', async () => {
    const { app } = await createTestApp({ realIdentity: true });
    const { db } = app.database;
    await seedOnFirstStart(db, { seed: 'demo', orgDepartment: 'UNION' });
    await seedDemoAccounts(db, app.identity!, { orgDepartment: 'UNION', password: 'Demo-pass-2026!' });

    const users = await db.select().from(identityUsers);
    expect(users.map((u) => u.email).sort()).toEqual(
      demoAccounts('UNION')
        .map((a) => a.email)
        .sort(),
    );
    const departments = new Set<string>();
    for (const user of users)
      for (const group of await groupsOf(app.identity!.context, user.id)) departments.add(group);
    expect([...departments].sort()).toEqual([
      'CLUB',
      'CREDIT_COOP',
      'GS_COOP',
      'HR',
      'HRAdmin',
      'IR',
      'IRAdmin',
      'ITAdmin',
      'UNION',
    ]);

    const byEmail = (email: string) => users.find((u) => u.email === email)!;
    expect(byEmail('hr@staffportal.example')).toMatchObject({ status: 'CONFIRMED', enabled: true, mfaRequired: false });
    expect(byEmail('hr@staffportal.example').attributes['email_verified']).toBe('true');
    expect(byEmail('newstaff@staffportal.example').status).toBe('FORCE_CHANGE_PASSWORD');
    expect(byEmail('mfa@staffportal.example').mfaRequired).toBe(true);
    expect(byEmail('sms@staffportal.example')).toMatchObject({ smsMfaEnabled: true, preferredMfa: 'SMS_MFA' });
    expect(byEmail('sms@staffportal.example').attributes).toMatchObject({
      phone_number: '+60123456789',
      phone_number_verified: 'true',
    });
    expect(byEmail('unverified@staffportal.example').attributes['email_verified']).toBe('false');
    expect(byEmail('unconfirmed@staffportal.example').status).toBe('UNCONFIRMED');
    // The organisation's own department opens no page of its own; its demo member uses the HR
    // services as ordinary staff do, so a newcomer trying the demo as them meets E-Leave.
    expect(await groupsOf(app.identity!.context, byEmail('staff@staffportal.example').id)).toEqual(['HR', 'UNION']);
    expect(await groupsOf(app.identity!.context, byEmail('club@staffportal.example').id)).toEqual(['CLUB']);

    const linked = await db.select().from(staff).where(isNotNull(staff.identitySub));
    expect(linked).toHaveLength(7);
    const [hr] = await db.select().from(staff).where(eq(staff.email, 'hr@staffportal.example'));
    expect(hr!.identitySub).toBe(byEmail('hr@staffportal.example').id);
  });
});
