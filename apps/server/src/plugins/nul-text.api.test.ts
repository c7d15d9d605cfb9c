import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { authHeader, call, multipartBody, rowCounts, seedLeaveFixture, staffIds } from '../test/leave-fixture';
import { createTestApp } from '../test/app';
import { apiRoutes, urlOf, type ApiRoute, type JsonSchema } from './api-route-kit';

// One rule for every route (packages/shared/src/text.ts): text that is not well-formed — a NUL
// character, or half of a UTF-16 surrogate pair — in any text of the body, the query or the path
// is a 400 naming the field, before the route's own validation, and nothing is written.
// PostgreSQL refuses NUL in text, which was a 500; a lone surrogate was a 500 where it reached a
// JSON column, and was stored silently as U+FFFD elsewhere.
const everyone = {
  sub: '00000000-0000-4000-8000-000000000001',
  email: 'itadmin@staffportal.example',
  groups: ['ITAdmin', 'HRAdmin', 'HR', 'IRAdmin', 'IR'],
};
const NUL = 'a\u0000b';
/** Lone halves of a surrogate pair: JSON's `\ud800` escapes decode to them. */
const HIGH_SURROGATE = 'cat \ud800';
const LOW_SURROGATE = '\udc00 dog';

/** Each kind of ill-formed text, and a word its refusal's message holds. */
const BAD_TEXTS = [
  ['NUL text', NUL, 'NUL'],
  ['A lone high surrogate', HIGH_SURROGATE, 'surrogate'],
  ['A lone low surrogate', LOW_SURROGATE, 'surrogate'],
] as const;

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

/** A body with the bad text at `path` and nothing else. */
function bodyWith(path: (string | number)[], bad: string): unknown {
  return path.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), bad);
}

interface Probe {
  route: ApiRoute;
  field: string;
  url: string;
  payload?: unknown;
}

/**
 * For every route: the bad text in each path parameter, each query parameter, each body field and
 * an undeclared one. A URL cannot carry a lone surrogate (it is UTF-8, and what cannot be decoded
 * becomes U+FFFD), so those probes are of bodies only.
 */
function probesOf(route: ApiRoute, bad: string): Probe[] {
  const url = (values?: Record<string, string>, query?: Record<string, string>) =>
    urlOf(route, { staffId: staffIds.hr, ...values }, query);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const probes: Probe[] =
    bad === NUL
      ? [
          ...route.pathParams.map((name) => ({ route, field: name, url: url({ [name]: bad }) })),
          ...route.queryParams.map((name) => ({ route, field: name, url: url({}, { [name]: bad }) })),
        ]
      : [];
  if (hasBody) {
    const paths = [...textFields(route.body), ['remark']];
    probes.push(...paths.map((path) => ({ route, field: path.join('.'), url: url(), payload: bodyWith(path, bad) })));
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

describe.each(BAD_TEXTS)('%s', (_kind, bad, word) => {
  it('is refused with 400 naming the field in the body, query and path of every /api route, writing nothing', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const authorization = `Bearer ${await ctx.tokens.idToken(everyone)}`;
    const probes = (await apiRoutes(ctx.app)).flatMap((route) => probesOf(route, bad));
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
      if (response.statusCode !== 400 || body.field !== probe.field || !body.message?.includes(word))
        wrong.push(`${probe.route.method} ${probe.route.path} ${probe.field}: ${response.statusCode} ${response.body}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(ctx.database)).toEqual(before);
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
        AuthParameters: { USERNAME: `staff${bad}@staffportal.example`, SRP_A: 'ab' },
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      __type: 'InvalidParameterException',
      message: expect.stringContaining('AuthParameters.USERNAME') as unknown,
    });
  });
});

describe('NUL text', () => {
  it("is refused in a staff movement's purpose and in a staff search", async () => {
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

  // A multipart body is UTF-8, which cannot carry half a surrogate pair: only NUL needs this test.
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
});

describe('A lone surrogate', () => {
  it('is refused with its own reason in an IR category, a grievance and a new account, writing nothing', async () => {
    const ctx = await createTestApp();
    await seedLeaveFixture(ctx.database.db);
    const before = await fingerprint(ctx.database);
    const answers = [
      await call(ctx, 'itadmin', 'POST', '/api/ir/admin/categories', { name: HIGH_SURROGATE }),
      await call(ctx, 'itadmin', 'POST', '/api/ir/grievances', {
        memberNo: 'M0000001',
        subject: 'Unpaid overtime',
        categoryId: crypto.randomUUID(),
        description: `Since March ${LOW_SURROGATE}`,
        contactMethod: 'email',
      }),
      await call(ctx, 'itadmin', 'POST', '/api/access-control/accounts', {
        email: 'new.colleague@staffportal.example',
        name: HIGH_SURROGATE,
        departments: [],
      }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json<{ field?: string }>().field])).toEqual([
      [400, 'name'],
      [400, 'description'],
      [400, 'name'],
    ]);
    for (const answer of answers)
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_ERROR', reason: 'illFormedText' });
    expect(await fingerprint(ctx.database)).toEqual(before);
  });
});
