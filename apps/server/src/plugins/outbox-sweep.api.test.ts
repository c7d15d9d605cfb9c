import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MAX_DELIVERY_ATTEMPTS, firstAttempt, sendDueEmail } from '@staff-portal/identity/outbox';
import { identityOutbox } from '@staff-portal/identity/schema';
import { outboxPageSchema } from '@staff-portal/shared/it-admin';
import { createSmtpSender } from '../identity/smtp';
import { applyAs, seedLeaveFixture } from '../test/leave-fixture';
import { createTestApp, type TestContext } from '../test/app';
import { CLOSED_SMTP_URL, startSmtpServer } from '../test/smtp';
import { eventually } from '../test/eventually';

const week = { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-12', reason: 'Family trip' };
const silent = { info: () => {}, error: () => {} };
const from = 'Portal <portal@example.org>';

async function outbox(ctx: TestContext) {
  return ctx.database.db.select().from(identityOutbox).orderBy(asc(identityOutbox.id));
}

/** Time passes: every e-mail waiting for its next attempt is due now. */
async function timePasses(ctx: TestContext) {
  await ctx.database.db
    .update(identityOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(sql`${identityOutbox.nextAttemptAt} is not null`);
}

/** Minutes from now to a row's next attempt, by the database's clock. */
async function minutesToNextAttempt(ctx: TestContext, id: number) {
  const [row] = await ctx.database.db
    .select({ minutes: sql<number>`extract(epoch from ${identityOutbox.nextAttemptAt} - now()) / 60` })
    .from(identityOutbox)
    .where(eq(identityOutbox.id, id));
  return Number(row!.minutes);
}

/** A message as a sender writes it just before it sends (leased), or as embedded mode keeps it. */
async function queueDirect(ctx: TestContext, recipient: string, willSend: boolean) {
  const [row] = await ctx.database.db
    .insert(identityOutbox)
    .values({ channel: 'EMAIL', recipient, subject: 'Hello', body: 'Body', ...firstAttempt(willSend) })
    .returning();
  return row!;
}

describe('outbox sweep', () => {
  it('sends a leave e-mail again once its retry is due, after the mail server came back', async () => {
    const ctx = await createTestApp({ env: { SMTP_URL: CLOSED_SMTP_URL } });
    await seedLeaveFixture(ctx.database.db);
    const request = await applyAs(ctx, 'hr', week);
    const [failed] = await vi.waitFor(async () => {
      const rows = await outbox(ctx);
      expect(rows[0]?.deliveryError).toMatch(/ECONNREFUSED|connect/i);
      return rows;
    }, eventually);
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(await minutesToNextAttempt(ctx, failed!.id)).toBeCloseTo(1, 1);

    const smtp = await startSmtpServer();
    const send = await createSmtpSender(smtp.url, from);
    expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(0);
    expect(smtp.received).toHaveLength(0);

    await timePasses(ctx);
    expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['hradmin@staffportal.example']);
    expect(smtp.received[0]!.data).toContain(request.referenceId);
    const [sent] = await outbox(ctx);
    expect(sent).toMatchObject({ attempts: 2, deliveryError: null, nextAttemptAt: null });
    expect(sent!.deliveredAt).toBeInstanceOf(Date);

    await timePasses(ctx);
    expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('waits longer after each failure and gives up after the last attempt, keeping the error', async () => {
    const ctx = await createTestApp();
    const send = await createSmtpSender(CLOSED_SMTP_URL, from);
    const row = await queueDirect(ctx, 'someone@example.org', true);
    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      await timePasses(ctx);
      expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(1);
      const [now] = await outbox(ctx);
      expect(now!.attempts).toBe(attempt);
      if (now!.nextAttemptAt) waits.push(Math.round(await minutesToNextAttempt(ctx, row.id)));
    }
    // The first attempt's failure (recorded by its sender) would wait 1 minute; here the lease ran out instead.
    expect(waits).toEqual([5, 30, 120]);
    const [last] = await outbox(ctx);
    expect(last).toMatchObject({ attempts: MAX_DELIVERY_ATTEMPTS, nextAttemptAt: null, deliveredAt: null });
    expect(last!.deliveryError).toMatch(/ECONNREFUSED|connect/i);
    await timePasses(ctx);
    expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(0);
  });

  it('keeps a refusing server’s answer, tries again later, and shows the error on the IT admin’s outbox page', async () => {
    const smtp = await startSmtpServer({ refuse: 'No such mailbox here' });
    const ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
    await seedLeaveFixture(ctx.database.db);
    await applyAs(ctx, 'hr', week);
    const [refused] = await vi.waitFor(async () => {
      const rows = await outbox(ctx);
      expect(rows[0]?.deliveryError).toMatch(/550.*No such mailbox here/);
      return rows;
    }, eventually);
    expect(refused).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(refused!.nextAttemptAt).toBeInstanceOf(Date);

    await timePasses(ctx);
    const send = await createSmtpSender(smtp.url, from);
    expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(1);
    expect(smtp.received).toHaveLength(0);
    const page = await ctx.app.inject({
      url: '/api/it-admin/outbox?state=failed',
      headers: {
        authorization: `Bearer ${await ctx.tokens.idToken({ sub: '11111111-1111-4111-8111-111111111111', email: 'it@example.org', groups: ['ITAdmin'] })}`,
      },
    });
    expect(page.statusCode).toBe(200);
    const [shown, ...others] = outboxPageSchema.parse(page.json()).items;
    expect(others).toEqual([]);
    expect(shown).toMatchObject({
      id: refused!.id,
      recipient: 'hradmin@staffportal.example',
      state: 'failed',
      attempts: 2,
    });
    expect(shown!.deliveryError).toMatch(/550.*No such mailbox here/);
  });

  it('sends what a stopped sender left only after its lease, and never what embedded mode kept', async () => {
    const ctx = await createTestApp();
    const smtp = await startSmtpServer();
    const send = await createSmtpSender(smtp.url, from);
    const leased = await queueDirect(ctx, 'leased@example.org', true);
    await queueDirect(ctx, 'kept@example.org', false);
    expect(await minutesToNextAttempt(ctx, leased.id)).toBeCloseTo(15, 1);
    expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(0);

    await timePasses(ctx);
    expect(await sendDueEmail(ctx.database.db, send, silent)).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([['leased@example.org']]);
    const kept = (await outbox(ctx)).find((row) => row.recipient === 'kept@example.org');
    expect(kept).toMatchObject({ attempts: 0, nextAttemptAt: null, deliveredAt: null });
  });

  it('sends each due message once when two servers sweep at the same time', async () => {
    const ctx = await createTestApp();
    const smtp = await startSmtpServer();
    const send = await createSmtpSender(smtp.url, from);
    for (let i = 0; i < 6; i++) await queueDirect(ctx, `person${i}@example.org`, true);
    await timePasses(ctx);
    const taken = await Promise.all([
      sendDueEmail(ctx.database.db, send, silent, 4),
      sendDueEmail(ctx.database.db, send, silent, 4),
    ]);
    expect(taken[0] + taken[1]).toBe(6);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `person${i}@example.org`).sort(),
    );
  });

  it('runs in the server with SMTP: a message left due is sent without anyone asking', async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestApp({ env: { SMTP_URL: smtp.url }, deps: { outboxSweepIntervalMs: 50 } });
    await ctx.app.ready();
    await queueDirect(ctx, 'due@example.org', true);
    await timePasses(ctx);
    await vi.waitFor(() => expect(smtp.received.map((m) => m.to)).toEqual([['due@example.org']]), eventually);
    await vi.waitFor(async () => expect((await outbox(ctx))[0]!.deliveredAt).toBeInstanceOf(Date), eventually);
  });
});
