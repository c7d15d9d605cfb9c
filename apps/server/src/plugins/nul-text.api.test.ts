import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { authHeader, call, multipartBody, rowCounts, seedLeaveFixture, staffIds } from '../test/leave-fixture';
import { createTestApp } from '../test/app';
import { apiRoutes, urlOf, type ApiRoute, type JsonSchema } from './api-route-kit';

// One rule for every route (packages/shared/src/text.ts): a NUL character in any text of the
// body, the query or the path is a 400 naming the field, before the route's own validation, and
// nothing is written. PostgreSQL refuses NUL in text, which was a 500.
const everyone = {
  sub: '00000000-0000-4000-8000-000000000001',
  email: 'itadmin@staffportal.example',
  groups: ['ITAdmin', 'HRAdmin', 'HR', 'IRAdmin', 'IR'],
};
const NUL = 'a\u0000b';

const isString = (schema: JsonSchema): boolean =>
  schema.type === 'string' ||
  (Array.isArray(schema.type) && schema.type.includes('string')) ||
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(isString);

/** The paths of every text field a body schema declares, arrays by their first item. */
function textFields(schema: JsonSchema | undefined, path: (string | number)[] = []): (string | number)[][] {
  if (!schema) return [];
  if (isString(schema)) return [path];
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) => textFields(property, [...path, name])),
    ...(schema.items ? textFields(schema.items, [...path, 0]) : []),
    ...variants.flatMap((variant) => textFields(variant, path)),
  ];
}

/** A body with NUL text at `path` and nothing else. */
function bodyWith(path: (string | number)[]): unknown {
  return path.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), NUL);
}

interface Probe {
  route: ApiRoute;
  field: string;
  url: string;
  payload?: unknown;
}

/** For every route: NUL in each path parameter, each query parameter, each body field and an undeclared one. */
function probesOf(route: ApiRoute): Probe[] {
  const url = (values?: Record<string, string>, query?: Record<string, string>) =>
    urlOf(route, { staffId: staffIds.hr, ...values }, query);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const probes: Probe[] = [
    ...route.pathParams.map((name) => ({ route, field: name, url: url({ [name]: NUL }) })),
    ...route.queryParams.map((name) => ({ route, field: name, url: url({}, { [name]: NUL }) })),
  ];
  if (hasBody) {
    const paths = [...textFields(route.body), ['remark']];
    probes.push(...paths.map((path) => ({ route, field: path.join('.'), url: url(), payload: bodyWith(path) })));
  }
  return probes;
}

/** Every table's rows and the leave data version (raised by any leave write): what "nothing written" compares. */
async function fingerprint(database: Database) {
  // Both drivers answer raw statements with `rows`.
  const rowsOf = async <T>(query: SQL): Promise<T[]> => {
    const result: unknown = await database.db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = row!.n;
  }
  return { counts, versions: await rowsOf(sql`select domain, version::text from data_versions order by domain`) };
}

describe('NUL text', () => {
  it('is refused with 400 naming the field in the body, query and path of every /api route, writing nothing', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const authorization = `Bearer ${await ctx.tokens.idToken(everyone)}`;
    const probes = (await apiRoutes(ctx.app)).flatMap(probesOf);
    expect(probes.length).toBeGreaterThan(60);
    const before = await fingerprint(ctx.database);
    const wrong: string[] = [];
    for (const probe of probes) {
      const response = await ctx.app.inject({
        method: probe.route.method,
        url: probe.url,
        headers: { authorization },
        ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
      });
      const body = response.json<{ code?: string; field?: string; message?: string }>();
      if (response.statusCode !== 400 || body.field !== probe.field || !body.message?.includes('NUL'))
        wrong.push(`${probe.route.method} ${probe.route.path} ${probe.field}: ${response.statusCode} ${response.body}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(ctx.database)).toEqual(before);
  });

  it('is refused in the cases the issue names', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const movement = await call(ctx, 'hr', 'POST', '/api/leave/movements', {
      kind: 'meeting',
      startsAt: '2027-03-01T09:00:00+08:00',
      endsAt: '2027-03-01T10:00:00+08:00',
      purpose: NUL,
    });
    expect(movement.statusCode).toBe(400);
    expect(movement.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'purpose' });
    const search = await call(ctx, 'hradmin', 'GET', '/api/leave/admin/staff?search=%00');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'search' });
  });

  it('is refused in a multipart field, which its route reads itself, naming the field and writing nothing', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const { payload, contentType } = multipartBody({
      leaveTypeId: 'LVE0001',
      startDate: '2027-03-01',
      endDate: '2027-03-01',
      reason: NUL,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/leave/requests',
      headers: { ...(await authHeader(ctx, 'hr')), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'reason',
      message: expect.stringContaining('NUL') as unknown,
    });
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
  });

  it('is refused by the identity endpoint as Cognito refuses a bad parameter', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({
        ClientId: ctx.config.identity.clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: `staff${NUL}@staffportal.example`, SRP_A: 'ab' },
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      __type: 'InvalidParameterException',
      message: expect.stringContaining('AuthParameters.USERNAME') as unknown,
    });
  });
});
