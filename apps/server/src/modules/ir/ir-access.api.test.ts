import { describe, expect, it } from 'vitest';
import { formatNric } from '@staff-portal/shared/ir-rules';
import { createTestApp } from '../../test/app';
import { fixtureMembers, irCounts, irHeaders, openCase, seedIrFixture } from '../../test/ir-fixture';

// docs/product/access.md §3: member lookup, grievances and ir-admin need the IR guard (ITAdmin,
// IRAdmin, IR); the IR admin functions need IRAdmin (or ITAdmin, which passes every check).
const NOT_IR = ['HR', 'HRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP'] as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
/** Every IR endpoint, with a body it would accept; `admin` marks those that need IRAdmin. */
const endpoints = (ids: { caseNo: string; category: string; officer: string; attachment: string }) =>
  [
    ['GET', '/api/ir/members?q=ahmad'],
    ['GET', '/api/ir/members/options'],
    ['GET', '/api/ir/members/count?q=ahmad'],
    ['GET', '/api/ir/members/M0000001'],
    ['POST', '/api/ir/members/M0000001/nric'],
    ['GET', '/api/ir/grievances'],
    ['GET', '/api/ir/grievances/export.csv'],
    ['GET', '/api/ir/grievances/count?status=0'],
    ['GET', `/api/ir/grievances/${ids.caseNo}`],
    [
      'POST',
      '/api/ir/grievances',
      {
        memberNo: 'M0000002',
        subject: 'Unpaid overtime',
        categoryId: ids.category,
        description: 'Overtime of March unpaid.',
        contactMethod: 0,
        officerId: ids.officer,
      },
    ],
    ['POST', `/api/ir/grievances/${ids.caseNo}/actions`, { type: 1, date: '2026-11-20', text: 'Called the branch.' }],
    ['GET', `/api/ir/grievances/${ids.caseNo}/attachments/${ids.attachment}`],
    ['POST', `/api/ir/grievances/${ids.caseNo}/close`, { outcome: 'Settled.' }],
    ['POST', `/api/ir/grievances/${ids.caseNo}/reopen`, { reason: 'New facts.' }, 'admin'],
    ['PUT', `/api/ir/grievances/${ids.caseNo}/officer`, { officerId: ids.officer }, 'admin'],
    ['GET', '/api/ir/categories'],
    ['POST', '/api/ir/admin/categories', { name: 'Transfer' }, 'admin'],
    ['PATCH', `/api/ir/admin/categories/${ids.category}`, { active: false }, 'admin'],
    ['GET', '/api/ir/officers'],
  ] as [Method, string, object?, 'admin'?][];

describe('IR API: who may call it', () => {
  it('refuses every endpoint without a token (401) and to every department outside IR (403), writing nothing', async () => {
    const ctx = await createTestApp();
    const fixture = await seedIrFixture(ctx);
    const opened = await openCase(ctx, fixture.officer, {
      memberNo: 'M0000001',
      subject: 'Dismissed without notice',
      categoryId: fixture.categories.dismissal,
      description: 'Dismissed on the spot.',
      contactMethod: 1,
      openedOn: '2026-11-02',
    });
    const ids = {
      caseNo: opened.case.caseNo,
      category: fixture.categories.salary,
      officer: fixture.officer2.sub,
      attachment: '00000000-0000-4000-8000-00000000abcd',
    };
    const before = await irCounts(ctx);
    const list = endpoints(ids);
    expect(list).toHaveLength(19);
    for (const [method, url, payload] of list) {
      const anonymous = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect({ method, url, status: anonymous.statusCode }).toEqual({ method, url, status: 401 });
      for (const [index, department] of NOT_IR.entries()) {
        const token = await ctx.tokens.idToken({
          sub: `00000000-0000-4000-9000-${String(index + 1).padStart(12, '0')}`,
          groups: [department],
        });
        const response = await ctx.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(payload ? { payload } : {}),
        });
        expect({ method, url, department, status: response.statusCode }).toEqual({
          method,
          url,
          department,
          status: 403,
        });
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    // IR without Admin: refused the admin functions only.
    for (const [method, url, payload, admin] of list) {
      if (!admin) continue;
      const response = await ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${await ctx.tokens.idToken(fixture.officer)}` },
        ...(payload ? { payload } : {}),
      });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      expect(response.json<{ message: string }>().message).toContain('IRAdmin');
    }
    expect(await irCounts(ctx)).toEqual(before);
  });

  it('admits IR, IRAdmin and ITAdmin to every endpoint they may call', async () => {
    const ctx = await createTestApp();
    const fixture = await seedIrFixture(ctx);
    const opened = await openCase(ctx, fixture.officer, {
      memberNo: 'M0000001',
      subject: 'Dismissed without notice',
      categoryId: fixture.categories.dismissal,
      description: 'Dismissed on the spot.',
      contactMethod: 1,
      openedOn: '2026-11-02',
    });
    const ids = {
      caseNo: opened.case.caseNo,
      category: fixture.categories.salary,
      officer: fixture.officer2.sub,
      attachment: '00000000-0000-4000-8000-00000000abcd',
    };
    for (const who of [fixture.officer, fixture.irAdmin, fixture.itAdmin]) {
      for (const [method, url, , admin] of endpoints(ids)) {
        if (admin && who === fixture.officer) continue;
        // Reads only: the writes' own tests show them succeed; here a read answers 200 (or 404 for
        // the attachment that does not exist), never 401 or 403.
        if (method !== 'GET') continue;
        const response = await ctx.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${await ctx.tokens.idToken(who)}` },
        });
        expect({ who: who.email, url, status: response.statusCode }).toEqual({
          who: who.email,
          url,
          status: url.includes('/attachments/') ? 404 : 200,
        });
      }
    }
  });

  it('never answers an NRIC, or the date of birth it starts with, to one who sees NRICs masked (docs/product/ir.md §1)', async () => {
    const ctx = await createTestApp();
    const fixture = await seedIrFixture(ctx);
    const opened = await openCase(ctx, fixture.officer, {
      memberNo: 'M0000001',
      subject: 'Dismissed without notice',
      categoryId: fixture.categories.dismissal,
      description: 'Dismissed on the spot.',
      contactMethod: 1,
      openedOn: '2026-11-02',
    });
    // What a masked NRIC hides, of every member: its digits, written any way, and the date of birth.
    const hidden = fixtureMembers.flatMap((member) => [
      member.nric,
      formatNric(member.nric),
      member.nric.slice(0, 6),
      member.dateOfBirth,
    ]);
    const reads = [
      ...endpoints({
        caseNo: opened.case.caseNo,
        category: fixture.categories.salary,
        officer: fixture.officer2.sub,
        attachment: '00000000-0000-4000-8000-00000000abcd',
      })
        .filter(([method, url]) => method === 'GET' && !url.includes('/attachments/'))
        .map(([, url]) => url),
      ...fixtureMembers.map((member) => `/api/ir/members/${member.memberNo}`),
      '/api/ir/members',
      '/api/ir/members?q=a&pageSize=100',
      '/api/ir/members?sort=memberNo',
      '/api/ir/admin/members/export.csv',
      '/api/ir/admin/workload',
    ];
    for (const url of reads) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: await irHeaders(ctx, fixture.itAdmin) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect({ url, found: hidden.filter((text) => response.body.includes(text)) }).toEqual({ url, found: [] });
    }
    // The IR departments see them: the same export does carry them.
    const forOfficer = await ctx.app.inject({
      method: 'GET',
      url: '/api/ir/admin/members/export.csv',
      headers: await irHeaders(ctx, fixture.officer),
    });
    for (const member of fixtureMembers) {
      expect(forOfficer.body).toContain(`${formatNric(member.nric)},${member.gender},${member.dateOfBirth}`);
    }
  });
});
