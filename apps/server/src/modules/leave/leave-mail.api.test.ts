import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identityOutbox } from '@staff-portal/identity/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { CLOSED_SMTP_URL, startSmtpServer } from '../../test/smtp';
import { applyAs, call, seedLeaveFixture } from '../../test/leave-fixture';

const week = { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-12', reason: 'Family trip' };

async function outbox(ctx: TestContext) {
  return ctx.database.db.select().from(identityOutbox).orderBy(asc(identityOutbox.id));
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

async function setup(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.org', ...env } });
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

describe('leave e-mail', () => {
  it('queues a message to the approver on submit and to the applicant on each decision', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    let mails = await outbox(ctx);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: 'EMAIL',
      recipient: 'hradmin@staffportal.example',
      subject: `Leave request ${a.referenceId} from Muhammad Hafiz waits for your approval`,
    });
    expect(mails[0]!.body).toContain('Dates: 2027-03-08 to 2027-03-12, 4 days');
    expect(mails[0]!.body).toContain('https://portal.example.org/shared/hr-services/leave/approval');

    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${a.referenceId}/decision`, {
      decision: 'approve',
      remarks: 'Enjoy',
    });
    await call(ctx, 'hr', 'POST', `/api/leave/requests/${a.referenceId}/cancel`, { remarks: 'Plans changed' });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${a.referenceId}/decision`, {
      decision: 'reject',
      remarks: 'Already booked',
    });
    mails = await outbox(ctx);
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      ['hradmin@staffportal.example', `Leave request ${a.referenceId} from Muhammad Hafiz waits for your approval`],
      ['hr@staffportal.example', `Your leave request ${a.referenceId} was approved`],
      ['hradmin@staffportal.example', `Muhammad Hafiz asks to cancel approved leave ${a.referenceId}`],
      ['hr@staffportal.example', `Your leave request ${a.referenceId} stays approved: the cancellation was refused`],
    ]);
    expect(mails[1]!.body).toContain('Decided by: Tan Mei Ling');
    expect(mails[1]!.body).toContain('Remarks: Enjoy');
    expect(mails[2]!.body).toContain('Remarks: Plans changed');
  });

  it('writes to each person in the language they chose on their profile, English otherwise', async () => {
    const ctx = await setup();
    const chooses = (who: 'hr' | 'hradmin', language: string) =>
      call(ctx, who, 'PUT', '/api/me/language', { language }).then((r) => expect(r.statusCode).toBe(204));
    // Tan Mei Ling, the approver, reads Malay; Hafiz has chosen nothing yet.
    await chooses('hradmin', 'ms');
    const a = await applyAs(ctx, 'hr', week);
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${a.referenceId}/decision`, {
      decision: 'approve',
      remarks: 'Selamat bercuti',
    });
    // Hafiz switches to Malay; the next decision reaches him in it.
    await chooses('hr', 'ms');
    await call(ctx, 'hr', 'POST', `/api/leave/requests/${a.referenceId}/cancel`, { remarks: 'Rancangan berubah' });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${a.referenceId}/decision`, {
      decision: 'reject',
      remarks: 'Sudah ditempah',
    });
    await chooses('hradmin', 'en');
    const b = await applyAs(ctx, 'hr', { ...week, startDate: '2027-04-05', endDate: '2027-04-05' });

    const mails = await outbox(ctx);
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      [
        'hradmin@staffportal.example',
        `Permohonan cuti ${a.referenceId} daripada Muhammad Hafiz menunggu kelulusan anda`,
      ],
      ['hr@staffportal.example', `Your leave request ${a.referenceId} was approved`],
      ['hradmin@staffportal.example', `Muhammad Hafiz memohon pembatalan cuti yang telah diluluskan ${a.referenceId}`],
      [
        'hr@staffportal.example',
        `Permohonan cuti anda ${a.referenceId} kekal diluluskan: permohonan pembatalan ditolak`,
      ],
      ['hradmin@staffportal.example', `Leave request ${b.referenceId} from Muhammad Hafiz waits for your approval`],
    ]);
    expect(mails[0]!.body).toContain('Muhammad Hafiz telah memohon cuti.');
    expect(mails[0]!.body).toContain('Tarikh: 2027-03-08 hingga 2027-03-12, 4 hari');
    expect(mails[0]!.body).toContain('Sebab: Family trip');
    expect(mails[0]!.body).toContain(
      'Buat keputusan di halaman kelulusan: https://portal.example.org/shared/hr-services/leave/approval',
    );
    expect(mails[2]!.body).toContain('Catatan: Rancangan berubah');
    expect(mails[3]!.body).toContain('Diputuskan oleh: Tan Mei Ling');
    expect(mails[3]!.body).toContain('Catatan: Sudah ditempah');
    expect(mails[3]!.body).toContain('Cuti anda: https://portal.example.org/shared/hr-services/leave/my-leaves');
    expect(mails[4]!.body).not.toMatch(/Tarikh|hari/);
  });

  it('queues nothing for a refused request, a lost race or a withdrawn pending request', async () => {
    const ctx = await setup();
    expect((await call(ctx, 'hr', 'POST', '/api/leave/requests', { ...week, leaveTypeId: 'LVE0002' })).statusCode).toBe(
      400,
    );
    expect(await outbox(ctx)).toHaveLength(0);
    const a = await applyAs(ctx, 'hr', week);
    await call(ctx, 'hr', 'POST', `/api/leave/requests/${a.referenceId}/cancel`, {});
    expect(await outbox(ctx)).toHaveLength(1);
    const b = await applyAs(ctx, 'hr', week);
    const decisions = await Promise.all([
      call(ctx, 'hradmin', 'POST', `/api/leave/requests/${b.referenceId}/decision`, { decision: 'approve' }),
      call(ctx, 'itadmin', 'POST', `/api/leave/requests/${b.referenceId}/decision`, {
        decision: 'reject',
        remarks: 'No',
      }),
    ]);
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    // One submission each, and one decision for the winner only.
    expect((await outbox(ctx)).filter((m) => m.recipient === 'hr@staffportal.example')).toHaveLength(1);
  });

  it('sends through SMTP after the commit and records the delivery', async () => {
    const smtp = await startSmtpServer();
    const ctx = await setup({ SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.org>' });
    const a = await applyAs(ctx, 'hr', week);
    const [row] = await eventually(
      () => outbox(ctx),
      (rows) => rows[0]?.deliveredAt instanceof Date,
    );
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    expect(row!.deliveryError).toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['hradmin@staffportal.example']);
    expect(smtp.received[0]!.data).toContain(a.referenceId);
  });

  it('answers the request at once when the mail server is down, keeping the message with the error', async () => {
    const ctx = await setup({ SMTP_URL: CLOSED_SMTP_URL });
    const response = await call(ctx, 'hr', 'POST', '/api/leave/requests', week);
    expect(response.statusCode).toBe(201);
    const [row] = await eventually(
      () => outbox(ctx),
      (rows) => rows[0]?.deliveryError != null,
    );
    expect(row!.deliveredAt).toBeNull();
    expect(row!.deliveryError).toMatch(/ECONNREFUSED|connect/i);
    // Kept to be sent again by the outbox sweep (outbox-sweep.api.test.ts).
    expect(row!.attempts).toBe(1);
    expect(row!.nextAttemptAt).toBeInstanceOf(Date);
  });
});
