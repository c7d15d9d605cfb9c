import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { identityOutbox } from '@staff-portal/identity/schema';
import { caseDetailSchema, caseSearchPageSchema, searchCountSchema, type CaseDetail } from '@staff-portal/shared/ir';
import { auditEntries } from '../../db/schema/audit';
import { irCaseCounters } from '../../db/schema/ir';
import { createTestApp, type TestContext } from '../../test/app';
import {
  fixtureMembers,
  irCall,
  irCounts,
  irHeaders,
  openCase,
  seedIrFixture,
  type IrCaller,
  type IrFixture,
} from '../../test/ir-fixture';
import { insertMembers } from './ir-members.repository';
import { EXE, PDF, PNG, multipartBody } from '../../test/leave-fixture';

async function setup() {
  const ctx = await createTestApp();
  const fixture = await seedIrFixture(ctx);
  return { ctx, fixture };
}

const opening = (fixture: IrFixture, extra: object = {}) => ({
  memberNo: 'M0000001',
  subject: 'Dismissed without notice',
  categoryId: fixture.categories.dismissal,
  description: 'The member was dismissed on the spot after 15 years of service, without a domestic inquiry.',
  contactMethod: 1,
  openedOn: '2026-11-02',
  ...extra,
});

async function postAction(
  ctx: TestContext,
  fixture: IrFixture,
  caseNo: string,
  body: ReturnType<typeof multipartBody>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/ir/grievances/${caseNo}/actions`,
    headers: { ...(await irHeaders(ctx, fixture.officer)), 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('a grievance case from opening to reassignment (docs/product/ir.md §2)', () => {
  it('opens, takes an action with a PDF, closes, reopens and changes officer, auditing each step', async () => {
    const { ctx, fixture } = await setup();
    const opened = caseDetailSchema.parse(await openCase(ctx, fixture.officer, opening(fixture)));
    expect(opened.case).toMatchObject({
      caseNo: 'GRV202600001',
      memberNo: 'M0000001',
      memberName: 'Nurul Aisyah binti Ahmad',
      categoryName: 'Dismissal',
      status: 0,
      contactMethod: 1,
      officerId: fixture.officer.sub,
      officerName: 'farah.officer',
      openedById: fixture.officer.sub,
      openedOn: '2026-11-02',
      closedOn: null,
    });
    expect(opened.actions).toEqual([
      expect.objectContaining({ type: 0, date: '2026-11-02', text: opening(fixture).description, attachments: [] }),
    ]);
    expect(opened.canAdminister).toBe(false);
    // Opening for oneself sends no e-mail.
    expect(await ctx.database.db.select().from(identityOutbox)).toHaveLength(0);

    const form = multipartBody(
      { type: '2', date: '2026-11-05', text: 'The branch says the letter was issued by HQ.' },
      { field: 'attachments', filename: 'letter.pdf', contentType: 'application/pdf', data: PDF },
    );
    const acted = await postAction(ctx, fixture, opened.case.caseNo, form);
    expect(acted.statusCode, acted.body).toBe(201);
    const withAction = caseDetailSchema.parse(acted.json());
    const action = withAction.actions[1]!;
    expect(action).toMatchObject({ type: 2, date: '2026-11-05', authorId: fixture.officer.sub });
    expect(action.attachments.map(({ id: _id, ...file }) => file)).toEqual([
      { fileName: 'letter.pdf', contentType: 'application/pdf', size: PDF.length },
    ]);
    const download = await irCall(
      ctx,
      fixture.itAdmin,
      'GET',
      `/api/ir/grievances/${opened.case.caseNo}/attachments/${action.attachments[0]!.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // The action's text is searchable at once.
    const found = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances?q=letter%20HQ');
    expect(caseSearchPageSchema.parse(found.json()).items.map((c) => c.caseNo)).toEqual([opened.case.caseNo]);

    const closed = await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/${opened.case.caseNo}/close`, {
      outcome: 'Reinstated with back pay.',
      closedOn: '2026-11-20',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<CaseDetail>().case).toMatchObject({
      status: 1,
      closedOn: '2026-11-20',
      outcome: 'Reinstated with back pay.',
    });

    // A closed case takes no action, is not closed twice, and cannot change officer.
    const before = await irCounts(ctx);
    const late = await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/${opened.case.caseNo}/actions`, {
      type: 1,
      date: '2026-11-21',
      text: 'Too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CONFLICT', reason: 'caseClosed' });
    const twice = await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/${opened.case.caseNo}/close`, {
      outcome: 'Again',
    });
    expect(twice.json()).toMatchObject({ reason: 'caseClosed' });
    expect(await irCounts(ctx)).toEqual(before);

    const reopened = await irCall(ctx, fixture.irAdmin, 'POST', `/api/ir/grievances/${opened.case.caseNo}/reopen`, {
      reason: 'The employer did not pay.',
    });
    expect(reopened.statusCode).toBe(200);
    const afterReopen = reopened.json<CaseDetail>();
    expect(afterReopen.case).toMatchObject({ status: 0, closedOn: null, outcome: null });
    expect(afterReopen.events.at(-1)).toMatchObject({ kind: 'reopened', reason: 'The employer did not pay.' });
    expect(afterReopen.canAdminister).toBe(true);
    const again = await irCall(ctx, fixture.irAdmin, 'POST', `/api/ir/grievances/${opened.case.caseNo}/reopen`, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'caseNotClosed' });

    const assigned = await irCall(ctx, fixture.irAdmin, 'PUT', `/api/ir/grievances/${opened.case.caseNo}/officer`, {
      officerId: fixture.officer2.sub,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<CaseDetail>().case).toMatchObject({
      officerId: fixture.officer2.sub,
      officerName: 'kumar.officer',
    });
    const mails = await ctx.database.db.select().from(identityOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: 'EMAIL',
      recipient: 'kumar.officer@example.org',
      subject: `Grievance case ${opened.case.caseNo} is now yours`,
    });
    expect(mails[0]!.body).toContain('Nurul Aisyah binti Ahmad');

    const trail = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.area, 'ir'))
      .orderBy(asc(auditEntries.id));
    expect(trail.map((entry) => [entry.action, entry.target])).toEqual([
      ['case.open', opened.case.caseNo],
      ['case.action', opened.case.caseNo],
      ['case.close', opened.case.caseNo],
      ['case.reopen', opened.case.caseNo],
      ['case.assign', opened.case.caseNo],
    ]);
    expect(trail[2]).toMatchObject({
      actorId: fixture.officer.sub,
      before: { status: 0, closedOn: null },
      after: { status: 1, closedOn: '2026-11-20', outcome: 'Reinstated with back pay.' },
    });
    expect(trail[4]).toMatchObject({
      actorId: fixture.irAdmin.sub,
      before: { officerId: fixture.officer.sub },
      after: { officerId: fixture.officer2.sub },
    });

    const member = await irCall(ctx, fixture.officer, 'GET', '/api/ir/members/M0000001');
    expect(member.json<{ cases: { caseNo: string }[] }>().cases.map((c) => c.caseNo)).toEqual([opened.case.caseNo]);
  });

  it('takes up to five files checked by their content, and refuses more or the wrong kind, writing nothing', async () => {
    const { ctx, fixture } = await setup();
    const { case: opened } = await openCase(ctx, fixture.officer, opening(fixture));
    const fields = { type: '1', date: '2026-11-03', text: 'Documents received.' };
    const before = await irCounts(ctx);
    const exe = await postAction(
      ctx,
      fixture,
      opened.caseNo,
      multipartBody(fields, {
        field: 'attachments',
        filename: 'letter.pdf',
        contentType: 'application/pdf',
        data: EXE,
      }),
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ field: 'attachments' });
    const wrongField = await postAction(
      ctx,
      fixture,
      opened.caseNo,
      multipartBody(fields, { field: 'attachment', filename: 'a.png', contentType: 'image/png', data: PNG }),
    );
    expect(wrongField.statusCode).toBe(400);
    const big = await postAction(
      ctx,
      fixture,
      opened.caseNo,
      multipartBody(fields, {
        field: 'attachments',
        filename: 'big.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
      }),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ field: 'attachments' });
    // Six files: built by hand, as multipartBody takes one.
    const boundary = '----ir-six';
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const file = (n: number) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="attachments"; filename="f${n}.png"\r\ncontent-type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from('\r\n'),
      ]);
    const sendFiles = async (count: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/ir/grievances/${opened.caseNo}/actions`,
        headers: {
          ...(await irHeaders(ctx, fixture.officer)),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(parts.join('')),
          ...Array.from({ length: count }, (_, n) => file(n)),
          Buffer.from(`--${boundary}--\r\n`),
        ]),
      });
    const tooMany = await sendFiles(6);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'attachments', reason: 'tooManyAttachments' });
    expect(await irCounts(ctx)).toEqual(before);
    const five = await sendFiles(5);
    expect(five.statusCode, five.body).toBe(201);
    expect(five.json<CaseDetail>().actions[1]!.attachments).toHaveLength(5);
  });
});

describe("a case's history on its timeline (docs/product/ir.md §3)", () => {
  it('keeps every closing with its outcome, every reopening with its reason and every change of officer', async () => {
    const { ctx, fixture } = await setup();
    const { case: opened } = await openCase(ctx, fixture.officer, opening(fixture));
    const path = `/api/ir/grievances/${opened.caseNo}`;
    const step = async (who: IrCaller, method: 'POST' | 'PUT', url: string, body: object) => {
      const response = await irCall(ctx, who, method, url, body);
      expect(response.statusCode, response.body).toBe(200);
      return caseDetailSchema.parse(response.json());
    };
    await step(fixture.officer, 'POST', `${path}/close`, {
      outcome: 'Settled at the meeting.',
      closedOn: '2026-11-10',
    });
    await step(fixture.irAdmin, 'POST', `${path}/reopen`, { reason: 'The employer did not pay.' });
    // Given to the officer who has it already: nothing changes, nothing is written.
    const before = await irCounts(ctx);
    await step(fixture.irAdmin, 'PUT', `${path}/officer`, { officerId: fixture.officer.sub });
    expect(await irCounts(ctx)).toEqual(before);
    await step(fixture.irAdmin, 'PUT', `${path}/officer`, { officerId: fixture.officer2.sub });
    const last = await step(fixture.officer2, 'POST', `${path}/close`, {
      outcome: 'Paid in full.',
      closedOn: '2026-11-20',
    });

    // The case shows its state now; its timeline keeps the first closing too.
    expect(last.case).toMatchObject({ status: 1, closedOn: '2026-11-20', outcome: 'Paid in full.' });
    expect(last.events.map(({ id: _id, createdAt: _at, date: _date, ...event }) => event)).toEqual([
      {
        kind: 'closed',
        outcome: 'Settled at the meeting.',
        actorId: fixture.officer.sub,
        actorName: fixture.officer.email,
      },
      {
        kind: 'reopened',
        reason: 'The employer did not pay.',
        actorId: fixture.irAdmin.sub,
        actorName: fixture.irAdmin.email,
      },
      {
        kind: 'reassigned',
        fromOfficerId: fixture.officer.sub,
        fromOfficerName: 'farah.officer',
        toOfficerId: fixture.officer2.sub,
        toOfficerName: 'kumar.officer',
        actorId: fixture.irAdmin.sub,
        actorName: fixture.irAdmin.email,
      },
      { kind: 'closed', outcome: 'Paid in full.', actorId: fixture.officer2.sub, actorName: fixture.officer2.email },
    ]);
    expect(last.events[0]!.date).toBe('2026-11-10');
    expect(last.events[3]!.date).toBe('2026-11-20');
    // Oldest first, and the reopening is an event, not an action by an officer.
    const times = last.events.map((event) => event.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(last.actions.map((action) => action.type)).toEqual([0]);
    // The reason is found by the free-text search, as an action's text is.
    const found = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances?q=employer%20pay');
    expect(caseSearchPageSchema.parse(found.json()).items.map((c) => c.caseNo)).toEqual([opened.caseNo]);
  });
});

describe('case numbers (decision record 0043)', () => {
  it('gives 50 cases opened at once 50 consecutive numbers, and starts again at 1 each year', async () => {
    const { ctx, fixture } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        irCall(ctx, fixture.officer, 'POST', '/api/ir/grievances', opening(fixture, { subject: `Case ${n}` })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    const numbers = answers.map((answer) => answer.json<CaseDetail>().case.caseNo).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, n) => `GRV2026${String(n + 1).padStart(5, '0')}`));
    const lastYear = await openCase(ctx, fixture.officer, opening(fixture, { openedOn: '2025-12-31' }));
    expect(lastYear.case.caseNo).toBe('GRV202500001');
    expect(await ctx.database.db.select().from(irCaseCounters).orderBy(irCaseCounters.year)).toEqual([
      { year: 2025, last: 1 },
      { year: 2026, last: 50 },
    ]);
  });

  it('leaves no gap when an opening is refused', async () => {
    const { ctx, fixture } = await setup();
    await openCase(ctx, fixture.officer, opening(fixture));
    const refused = await irCall(
      ctx,
      fixture.officer,
      'POST',
      '/api/ir/grievances',
      opening(fixture, { memberNo: 'M0009999' }),
    );
    expect(refused.statusCode).toBe(400);
    const next = await openCase(ctx, fixture.officer, opening(fixture));
    expect(next.case.caseNo).toBe('GRV202600002');
  });
});

describe('POST /api/ir/grievances: the officer and bad input', () => {
  it('takes the caller as officer; an IR admin may name another, who is told by e-mail; ITAdmin must name one', async () => {
    const { ctx, fixture } = await setup();
    const byAdmin = await openCase(ctx, fixture.irAdmin, opening(fixture, { officerId: fixture.officer2.sub }));
    expect(byAdmin.case).toMatchObject({ officerId: fixture.officer2.sub, openedById: fixture.irAdmin.sub });
    const mails = await ctx.database.db.select().from(identityOutbox);
    expect(mails.map((mail) => mail.recipient)).toEqual(['kumar.officer@example.org']);

    const before = await irCounts(ctx);
    const itWithout = await irCall(ctx, fixture.itAdmin, 'POST', '/api/ir/grievances', opening(fixture));
    expect(itWithout.statusCode).toBe(400);
    expect(itWithout.json()).toMatchObject({ field: 'officerId', reason: 'required' });
    const irNamingOther = await irCall(
      ctx,
      fixture.officer,
      'POST',
      '/api/ir/grievances',
      opening(fixture, { officerId: fixture.officer2.sub }),
    );
    expect(irNamingOther.statusCode).toBe(403);
    const notOfficer = await irCall(
      ctx,
      fixture.itAdmin,
      'POST',
      '/api/ir/grievances',
      opening(fixture, { officerId: fixture.itAdmin.sub }),
    );
    expect(notOfficer.statusCode).toBe(400);
    expect(notOfficer.json()).toMatchObject({ field: 'officerId', reason: 'notAnOfficer' });
    expect(await irCounts(ctx)).toEqual(before);
    const byIt = await openCase(ctx, fixture.itAdmin, opening(fixture, { officerId: fixture.officer.sub }));
    expect(byIt.case).toMatchObject({ officerId: fixture.officer.sub, officerName: 'farah.officer' });
  });

  it.each([
    ['memberNo', { memberNo: 'M0009999' }, 'noSuchMember'],
    ['memberNo', { memberNo: 'bad no!' }, undefined],
    ['subject', { subject: '' }, 'required'],
    ['subject', { subject: 'x'.repeat(201) }, 'tooLong'],
    ['categoryId', { categoryId: 'nope' }, undefined],
    ['categoryId', { categoryId: '00000000-0000-4000-8000-000000000000' }, 'noSuchCategory'],
    ['categoryId', { categoryId: 'retired' }, 'categoryInactive'],
    ['description', { description: '   ' }, 'required'],
    ['contactMethod', { contactMethod: 4 }, undefined],
    ['openedOn', { openedOn: '2026-02-30' }, 'invalidDate'],
    // A date typed right but too late is told so, not asked for its format (docs/product/qualities.md §5).
    ['openedOn', { openedOn: '2999-01-01' }, 'dateAfterToday'],
    ['extra', { extra: 1 }, undefined],
  ])('refuses a bad %s (%j) with 400 naming it, writing nothing', async (field, change, reason) => {
    const { ctx, fixture } = await setup();
    const before = await irCounts(ctx);
    const body = opening(fixture, change);
    if ((change as { categoryId?: string }).categoryId === 'retired') body.categoryId = fixture.categories.retired;
    const response = await irCall(ctx, fixture.officer, 'POST', '/api/ir/grievances', body);
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ field?: string; message: string }>().field ?? response.json<{ message: string }>().message,
    ).toContain(field);
    if (reason) expect(response.json()).toMatchObject({ reason });
    expect(await irCounts(ctx)).toEqual(before);
  });

  it.each([
    ['type', { type: 0 }, {}],
    ['type', { type: 4 }, {}],
    ['date', { date: 'yesterday' }, { reason: 'invalidDate' }],
    // Each date told what is wrong with it: before the case was opened, or after today.
    ['date', { date: '2026-11-01' }, { reason: 'beforeCaseOpened', params: { date: '2026-11-02' } }],
    ['date', { date: '2999-01-01' }, { reason: 'dateAfterToday' }],
    ['text', { text: '' }, {}],
    ['text', { text: 'x'.repeat(10_001) }, {}],
  ])('refuses an action with a bad %s (%j), writing nothing', async (field, change, detail) => {
    const { ctx, fixture } = await setup();
    const { case: opened } = await openCase(ctx, fixture.officer, opening(fixture));
    const before = await irCounts(ctx);
    const response = await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/${opened.caseNo}/actions`, {
      type: 1,
      date: '2026-11-03',
      text: 'Called the member.',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, ...detail });
    expect(await irCounts(ctx)).toEqual(before);
  });

  it('answers 404 for an unknown case and 400 for a malformed case no', async () => {
    const { ctx, fixture } = await setup();
    const before = await irCounts(ctx);
    expect((await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/GRV202699999')).statusCode).toBe(404);
    for (const path of ['actions', 'close']) {
      const response = await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/GRV202699999/${path}`, {
        ...(path === 'actions' ? { type: 1, date: '2026-11-03', text: 'x' } : { outcome: 'x' }),
      });
      expect(response.statusCode).toBe(404);
    }
    const malformed = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/CASE1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'caseNo' });
    const closeEarly = await irCall(ctx, fixture.officer, 'POST', '/api/ir/grievances/GRV202699999/close', {
      outcome: '',
    });
    expect(closeEarly.json()).toMatchObject({ field: 'outcome' });
    expect(await irCounts(ctx)).toEqual(before);
  });
});

describe('closing, reopening, reassigning and categories: bad input', () => {
  type Case = [
    what: string,
    method: 'POST' | 'PUT' | 'PATCH',
    path: (caseNo: string, category: string) => string,
    body: object,
    field: string,
    detail?: object,
  ];
  const cases: Case[] = [
    ['close without an outcome', 'POST', (c) => `/api/ir/grievances/${c}/close`, {}, 'outcome'],
    [
      'close on a bad date',
      'POST',
      (c) => `/api/ir/grievances/${c}/close`,
      { outcome: 'x', closedOn: '2026-13-01' },
      'closedOn',
    ],
    [
      'close in the future',
      'POST',
      (c) => `/api/ir/grievances/${c}/close`,
      { outcome: 'x', closedOn: '2999-01-01' },
      'closedOn',
      { reason: 'dateAfterToday' },
    ],
    [
      'close before opening',
      'POST',
      (c) => `/api/ir/grievances/${c}/close`,
      { outcome: 'x', closedOn: '2026-11-01' },
      'closedOn',
      { reason: 'beforeCaseOpened', params: { date: '2026-11-02' } },
    ],
    [
      'close with an extra field',
      'POST',
      (c) => `/api/ir/grievances/${c}/close`,
      { outcome: 'x', status: 1 },
      'status',
    ],
    ['reopen without a reason', 'POST', (c) => `/api/ir/grievances/${c}/reopen`, { reason: ' ' }, 'reason'],
    ['assign a malformed id', 'PUT', (c) => `/api/ir/grievances/${c}/officer`, { officerId: 'kumar' }, 'officerId'],
    [
      'assign a non-officer',
      'PUT',
      (c) => `/api/ir/grievances/${c}/officer`,
      { officerId: '00000000-0000-4000-8000-0000000000aa' },
      'officerId',
    ],
    ['add a nameless category', 'POST', () => '/api/ir/admin/categories', { name: '' }, 'name'],
    ['add a long category name', 'POST', () => '/api/ir/admin/categories', { name: 'x'.repeat(81) }, 'name'],
    ['rename to nothing', 'PATCH', (_c, k) => `/api/ir/admin/categories/${k}`, { name: '' }, 'name'],
    ['change nothing', 'PATCH', (_c, k) => `/api/ir/admin/categories/${k}`, {}, ''],
    ['a malformed category id', 'PATCH', () => '/api/ir/admin/categories/seven', { active: false }, 'id'],
  ];
  it.each(cases)(
    'refuses to %s with 400 naming the field, writing nothing',
    async (_what, method, path, body, field, detail = {}) => {
      const { ctx, fixture } = await setup();
      const { case: opened } = await openCase(ctx, fixture.officer, opening(fixture));
      if (path('', '').endsWith('/reopen')) {
        await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/${opened.caseNo}/close`, { outcome: 'Done' });
      }
      const before = await irCounts(ctx);
      const response = await irCall(ctx, fixture.irAdmin, method, path(opened.caseNo, fixture.categories.salary), body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', ...detail });
      // An unknown field is named in the message (the schema is strict; the issue has no path).
      const answer = response.json<{ field?: string; message: string }>();
      if (field) expect(answer.field ?? answer.message).toContain(field);
      expect(await irCounts(ctx)).toEqual(before);
    },
  );
});

describe('GET /api/ir/grievances and the CSV export', () => {
  async function threeCases() {
    const { ctx, fixture } = await setup();
    const a = await openCase(ctx, fixture.officer, opening(fixture, { openedOn: '2026-01-10' }));
    const b = await openCase(
      ctx,
      fixture.officer,
      opening(fixture, {
        memberNo: 'M0000004',
        subject: 'Allowance "shift", unpaid',
        categoryId: fixture.categories.salary,
        description: 'Shift allowance unpaid since June; =SUM(A1) in the claim form.',
        contactMethod: 0,
        openedOn: '2026-03-01',
      }),
    );
    const c = await openCase(
      ctx,
      fixture.irAdmin,
      opening(fixture, { memberNo: 'M0000003', openedOn: '2026-02-15', description: 'Arbitration requested.' }),
    );
    await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/${c.case.caseNo}/close`, {
      outcome: 'Withdrawn',
      closedOn: '2026-03-10',
    });
    return { ctx, fixture, numbers: [a.case.caseNo, b.case.caseNo, c.case.caseNo] };
  }

  it('filters by status, officer, category, member, dates and free text, and sorts', async () => {
    const { ctx, fixture, numbers } = await threeCases();
    const [a, b, c] = numbers;
    const list = async (query: string) => {
      const response = await irCall(ctx, fixture.officer, 'GET', `/api/ir/grievances?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return caseSearchPageSchema.parse(response.json()).items.map((item) => item.caseNo);
    };
    expect(await list('')).toEqual([b, c, a]);
    expect(await list('sort=caseNo&order=asc')).toEqual([a, b, c]);
    expect(await list('status=1')).toEqual([c]);
    expect(await list(`officer=${fixture.irAdmin.sub}`)).toEqual([c]);
    expect(await list(`category=${fixture.categories.salary}`)).toEqual([b]);
    expect(await list('member=rajesh')).toEqual([b]);
    expect(await list('member=900505-07')).toEqual([c]);
    expect(await list('openedFrom=2026-02-01&openedTo=2026-02-28')).toEqual([c]);
    expect(await list('closedFrom=2026-03-01')).toEqual([c]);
    expect(await list('q=arbitr')).toEqual([c]);
    expect(await list('q=shift%20allowance')).toEqual([b]);
    expect(await list(`caseNo=${b!.slice(0, 9)}`)).toEqual([b, c, a]);
    expect(await list(`caseNo=${b}`)).toEqual([b]);
    expect(await list('sort=memberName&order=asc')).toEqual([a, b, c]);
    // Open cases come after every closing date, in case no order.
    expect(await list('sort=closedOn&order=asc')).toEqual([c, a, b]);
    const paged = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances?pageSize=2');
    expect(paged.json()).toMatchObject({ hasMore: true, page: 1, pageSize: 2 });
    const bad = await irCall(
      ctx,
      fixture.officer,
      'GET',
      '/api/ir/grievances?openedFrom=2026-03-01&openedTo=2026-02-01',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'openedTo', reason: 'endBeforeStart' });
  });

  it('exports the filtered cases as CSV, quoting what needs it and defusing formulas', async () => {
    const { ctx, fixture, numbers } = await threeCases();
    const response = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/export.csv?sort=caseNo&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('grievances.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Case no,Member no,Member name,Subject,Category,Contact method,Status,Officer,Opened on,Closed on',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(numbers);
    expect(lines[2]).toBe(
      `${numbers[1]},M0000004,Rajesh a/l Subramaniam,"Allowance ""shift"", unpaid",Salary and allowances,PHONE,PENDING,farah.officer,2026-03-01,`,
    );
    expect(lines[3]).toContain(',CASE CLOSED,lim.iradmin,2026-02-15,2026-03-10');
    const closed = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/export.csv?status=1');
    expect(closed.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('audits each export: who, the filters and how many rows (docs/product/files-mail-logs.md §2)', async () => {
    const { ctx, fixture } = await threeCases();
    const exports = () =>
      ctx.database.db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.action, 'case.export'))
        .orderBy(asc(auditEntries.id));
    expect(await exports()).toEqual([]);
    const all = await irCall(ctx, fixture.itAdmin, 'GET', '/api/ir/grievances/export.csv');
    expect(all.statusCode).toBe(200);
    const closed = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/export.csv?status=1&sort=caseNo');
    expect(closed.statusCode).toBe(200);
    expect(
      (await exports()).map(({ actorId, actorEmail, area, target, targetLabel, after }) => ({
        actorId,
        actorEmail,
        area,
        target,
        targetLabel,
        after,
      })),
    ).toEqual([
      {
        actorId: fixture.itAdmin.sub,
        actorEmail: fixture.itAdmin.email,
        area: 'ir',
        target: null,
        targetLabel: 'grievances.csv',
        after: { filters: { sort: 'openedOn', order: 'desc' }, rows: 3, complete: true },
      },
      {
        actorId: fixture.officer.sub,
        actorEmail: fixture.officer.email,
        area: 'ir',
        target: null,
        targetLabel: 'grievances.csv',
        after: { filters: { status: 1, sort: 'caseNo', order: 'desc' }, rows: 1, complete: true },
      },
    ]);
    // A refused export writes nothing.
    const refused = await irCall(ctx, fixture.itAdmin, 'GET', '/api/ir/grievances/export.csv?status=7');
    expect(refused.statusCode).toBe(400);
    expect(await exports()).toHaveLength(2);
    // An officer's filter by NRIC is kept masked: IT admins read the trail (docs/product/ir.md §1).
    for (const member of ['780910-08-5999', '780910']) {
      const url = `/api/ir/grievances/export.csv?member=${encodeURIComponent(member)}`;
      expect((await irCall(ctx, fixture.officer, 'GET', url)).statusCode).toBe(200);
    }
    const [whole, prefix] = (await exports()).slice(2);
    expect(whole!.after).toMatchObject({ filters: { member: 'XXXXXX-XX-5999' }, rows: 1 });
    expect(prefix!.after).toMatchObject({ filters: { member: 'XXXXXX' }, rows: 1 });
    expect(JSON.stringify(await exports())).not.toContain('780910');
  });

  it('guards every cell a spreadsheet would run as a formula (docs/product/files-mail-logs.md §4)', async () => {
    const { ctx, fixture } = await setup();
    // Member names come from the member import; IR admins name categories; officers write subjects.
    const names = ["=cmd|' /C calc'!A0", '\t=1+1', '\r=1+1'];
    await insertMembers(
      ctx.database.db,
      names.map((name, index) => ({
        ...fixtureMembers[0]!,
        memberNo: `H000000${index}`,
        nric: `70010114500${index}`,
        name,
      })),
    );
    const category = await irCall(ctx, fixture.irAdmin, 'POST', '/api/ir/admin/categories', { name: '+Transfer' });
    expect(category.statusCode).toBe(201);
    for (const [index, subject] of ['@SUM(1+1)', '-2+3', 'Unpaid wages'].entries()) {
      await openCase(
        ctx,
        fixture.officer,
        opening(fixture, { memberNo: `H000000${index}`, subject, categoryId: category.json<{ id: string }>().id }),
      );
    }
    const response = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/export.csv?sort=caseNo&order=asc');
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((row) => [row[2], row[3], row[4]])).toEqual([
      ["'=cmd|' /C calc'!A0", "'@SUM(1+1)", "'+Transfer"],
      ["'\t=1+1", "'-2+3", "'+Transfer"],
      ["'\r=1+1", 'Unpaid wages', "'+Transfer"],
    ]);
  });

  it('refuses one who sees NRICs masked a member filter by NRIC, in the list, its count and the export (docs/product/ir.md §1)', async () => {
    const { ctx, fixture } = await threeCases();
    const before = await irCounts(ctx);
    for (const path of ['/api/ir/grievances', '/api/ir/grievances/count', '/api/ir/grievances/export.csv']) {
      for (const member of ['850101145678', '850101-14', '780910']) {
        const url = `${path}?member=${encodeURIComponent(member)}`;
        const refused = await irCall(ctx, fixture.itAdmin, 'GET', url);
        expect({ url, status: refused.statusCode }).toEqual({ url, status: 400 });
        expect(refused.json()).toMatchObject({ field: 'member', reason: 'nricSearchMasked' });
      }
    }
    expect(await irCounts(ctx)).toEqual(before);
    // By name or member no as before; the IR departments by NRIC as before.
    const byNo = await irCall(ctx, fixture.itAdmin, 'GET', '/api/ir/grievances?member=M0000004');
    expect(caseSearchPageSchema.parse(byNo.json()).items.map((item) => item.memberNo)).toEqual(['M0000004']);
    const byNric = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances?member=780910');
    expect(caseSearchPageSchema.parse(byNric.json()).items.map((item) => item.memberNo)).toEqual(['M0000004']);
  });

  it('exports more cases than one batch, each once, in order', async () => {
    const { ctx, fixture } = await setup();
    // 2,500 cases straight into the table: the export reads them 1,000 at a time.
    const { generateIrCases } = await import('../../seed/demo-ir');
    await generateIrCases(ctx.database.db, { cases: 2500, officers: [{ id: fixture.officer.sub, name: 'farah' }] });
    const response = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/export.csv?sort=caseNo&order=asc');
    const rows = response.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]!);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows).size).toBe(2500);
    const byDate = await irCall(ctx, fixture.officer, 'GET', '/api/ir/grievances/export.csv');
    expect(
      new Set(
        byDate.body
          .trimEnd()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[0]),
      ).size,
    ).toBe(2500);
  });
});

describe('GET /api/ir/grievances/count: how many the search finds (docs/product/screens.md §11)', () => {
  it('counts what the search lists, with the same filters, and refuses what it refuses', async () => {
    const { ctx, fixture } = await setup();
    for (let n = 0; n < 7; n++) {
      const { case: opened } = await openCase(
        ctx,
        fixture.officer,
        opening(fixture, { subject: `Case ${n}`, memberNo: n % 2 === 0 ? 'M0000001' : 'M0000003' }),
      );
      if (n < 3)
        await irCall(ctx, fixture.officer, 'POST', `/api/ir/grievances/${opened.caseNo}/close`, { outcome: 'Done' });
    }
    for (const query of [
      '',
      'status=0',
      'status=1',
      'member=tan%20mei',
      'q=dismissed',
      'caseNo=GRV2026',
      'q=nothing',
    ]) {
      const listed = caseSearchPageSchema.parse(
        (await irCall(ctx, fixture.officer, 'GET', `/api/ir/grievances?${query}&pageSize=100`)).json(),
      ).items.length;
      const response = await irCall(ctx, fixture.officer, 'GET', `/api/ir/grievances/count?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect({ query, ...searchCountSchema.parse(response.json()) }).toEqual({ query, count: listed, more: false });
    }
    const bad = await irCall(
      ctx,
      fixture.officer,
      'GET',
      '/api/ir/grievances/count?openedFrom=2026-11-10&openedTo=2026-11-01',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'openedTo', reason: 'endBeforeStart' });
  });
});

describe('categories (docs/product/ir.md §2)', () => {
  it('lists active ones first with their case counts; an IR admin adds, renames and deactivates, audited', async () => {
    const { ctx, fixture } = await setup();
    await openCase(ctx, fixture.officer, opening(fixture));
    const listed = await irCall(ctx, fixture.officer, 'GET', '/api/ir/categories');
    expect(listed.json()).toEqual([
      { id: fixture.categories.dismissal, name: 'Dismissal', active: true, caseCount: 1 },
      { id: fixture.categories.salary, name: 'Salary and allowances', active: true, caseCount: 0 },
      { id: fixture.categories.retired, name: 'Old category', active: false, caseCount: 0 },
    ]);
    const created = await irCall(ctx, fixture.irAdmin, 'POST', '/api/ir/admin/categories', { name: '  Transfer ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Transfer', active: true, caseCount: 0 });
    const before = await irCounts(ctx);
    const duplicate = await irCall(ctx, fixture.irAdmin, 'POST', '/api/ir/admin/categories', { name: 'dismissal' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ field: 'name', reason: 'categoryExists' });
    const renameClash = await irCall(
      ctx,
      fixture.irAdmin,
      'PATCH',
      `/api/ir/admin/categories/${fixture.categories.salary}`,
      {
        name: 'TRANSFER',
      },
    );
    expect(renameClash.statusCode).toBe(409);
    const empty = await irCall(
      ctx,
      fixture.irAdmin,
      'PATCH',
      `/api/ir/admin/categories/${fixture.categories.salary}`,
      {},
    );
    expect(empty.statusCode).toBe(400);
    const unknown = await irCall(
      ctx,
      fixture.irAdmin,
      'PATCH',
      '/api/ir/admin/categories/00000000-0000-4000-8000-000000000000',
      { active: false },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await irCounts(ctx)).toEqual(before);

    const deactivated = await irCall(
      ctx,
      fixture.irAdmin,
      'PATCH',
      `/api/ir/admin/categories/${fixture.categories.dismissal}`,
      {
        active: false,
        name: 'Dismissal (old)',
      },
    );
    expect(deactivated.json()).toEqual({
      id: fixture.categories.dismissal,
      name: 'Dismissal (old)',
      active: false,
      caseCount: 1,
    });
    // Its case keeps it; a new case cannot take it.
    const refused = await irCall(ctx, fixture.officer, 'POST', '/api/ir/grievances', opening(fixture));
    expect(refused.json()).toMatchObject({ field: 'categoryId', reason: 'categoryInactive' });
    const trail = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.area, 'ir'));
    expect(trail.filter((entry) => entry.action.startsWith('category.')).map((entry) => entry.action)).toEqual([
      'category.create',
      'category.update',
    ]);
  });
});

describe('GET /api/ir/officers', () => {
  it('lists the accounts of IR and IRAdmin from the identity provider, by name, with their open cases', async () => {
    const { ctx, fixture } = await setup();
    await openCase(ctx, fixture.officer, opening(fixture));
    await openCase(ctx, fixture.officer, opening(fixture));
    const response = await irCall(ctx, fixture.officer, 'GET', '/api/ir/officers');
    expect(response.json()).toEqual([
      { id: fixture.officer.sub, name: 'farah.officer', email: 'farah.officer@example.org', openCases: 2 },
      { id: fixture.officer2.sub, name: 'kumar.officer', email: 'kumar.officer@example.org', openCases: 0 },
      { id: fixture.irAdmin.sub, name: 'lim.iradmin', email: 'lim.iradmin@example.org', openCases: 0 },
    ]);
  });
});
