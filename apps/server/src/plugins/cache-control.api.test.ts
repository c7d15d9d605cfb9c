import { describe, expect, it } from 'vitest';
import { seedLeaveFixture, staffIds } from '../test/leave-fixture';
import { createTestApp } from '../test/app';
import { apiRoutes, urlOf } from './api-route-kit';

// Answers that depend on the caller are never kept by a browser or a proxy, whatever their status.
const everyone = {
  sub: '00000000-0000-4000-8000-000000000001',
  email: 'itadmin@staffportal.example',
  groups: ['ITAdmin', 'HRAdmin', 'HR', 'IRAdmin', 'IR'],
};

describe('Cache-Control of /api answers', () => {
  it('is no-store on the answer of every /api route, signed in or not, whatever the status', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const authorization = `Bearer ${await ctx.tokens.idToken(everyone)}`;
    const routes = await apiRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      for (const headers of [{ authorization }, {}]) {
        const response = await ctx.app.inject({
          method: route.method,
          url: urlOf(route, { staffId: staffIds.hr }),
          headers,
          ...(route.body ? { payload: {} } : {}),
        });
        expect(response.headers['cache-control'], `${route.method} ${route.path} ${response.statusCode}`).toMatch(
          /no-store/,
        );
      }
    }
  });

  it('is no-store on an answer the read cache serves again', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const headers = { authorization: `Bearer ${await ctx.tokens.idToken(everyone)}` };
    for (let i = 0; i < 2; i++) {
      const response = await ctx.app.inject({ url: '/api/leave/types', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves the downloads their own: private and not kept, or a feed kept privately for five minutes', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const headers = { authorization: `Bearer ${await ctx.tokens.idToken(everyone)}` };
    const workbook = await ctx.app.inject({ url: '/api/leave/admin/reports/utilisation.xlsx?year=2027', headers });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['cache-control']).toBe('private, no-store');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/leave/ical-feeds',
      headers,
      payload: { kind: 'me' },
    });
    expect(created.statusCode).toBe(201);
    const feed = await ctx.app.inject({ url: new URL(created.json<{ url: string }>().url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
  });

  it('is no-store on the identity endpoint, refusals included', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.Nope',
      },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
