import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueDetail } from './error-reasons';
import { FIXED_DEPARTMENTS, hasAnyGroup } from './groups';
import * as postsSchemas from './posts';
import { postInputSchema } from './posts';
import {
  EVERYONE,
  POST_STATUSES,
  audienceKeys,
  inAudience,
  isPublished,
  postDepartments,
  postExcerpt,
  postStatus,
} from './posts-rules';

const DEPARTMENTS = postDepartments('UNION');
/** Instants over a few years, to the millisecond. */
const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2029, 0, 1) });
/** A post's times: maybe a publish time, maybe an expiry after it (or, for a draft, anywhere). */
const times = fc
  .record({ publish: fc.option(instant), expire: fc.option(instant) })
  .filter(({ publish, expire }) => publish === null || expire === null || expire > publish)
  .map(({ publish, expire }) => ({
    publishAt: publish === null ? null : new Date(publish).toISOString(),
    expireAt: expire === null ? null : new Date(expire).toISOString(),
  }));

const rank = (status: string) => POST_STATUSES.indexOf(status as (typeof POST_STATUSES)[number]);

describe('a post status follows the clock (decision record 0048)', () => {
  it('is draft without a publish time, whatever the time', () => {
    fc.assert(
      fc.property(times, instant, (post, now) => {
        if (post.publishAt === null) expect(postStatus(post, new Date(now))).toBe('draft');
        else expect(postStatus(post, new Date(now))).not.toBe('draft');
      }),
    );
  });

  it('is published exactly from the publish time until the expiry time', () => {
    fc.assert(
      fc.property(times, instant, (post, now) => {
        const published =
          post.publishAt !== null &&
          Date.parse(post.publishAt) <= now &&
          (post.expireAt === null || now < Date.parse(post.expireAt));
        expect(isPublished(post, new Date(now))).toBe(published);
      }),
    );
  });

  it('only moves forward: draft, or scheduled, then published, then expired', () => {
    fc.assert(
      fc.property(times, instant, instant, (post, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(rank(postStatus(post, new Date(early)))).toBeLessThanOrEqual(rank(postStatus(post, new Date(late))));
      }),
    );
  });

  it('is scheduled before the publish time, published at it, and expired at the expiry time', () => {
    const post = { publishAt: '2026-12-01T09:00:00+08:00', expireAt: '2026-12-31T00:00:00+08:00' };
    expect(postStatus(post, new Date('2026-12-01T00:59:59.999Z'))).toBe('scheduled');
    expect(postStatus(post, new Date('2026-12-01T01:00:00.000Z'))).toBe('published');
    expect(postStatus(post, new Date('2026-12-30T15:59:59.999Z'))).toBe('published');
    expect(postStatus(post, new Date('2026-12-30T16:00:00.000Z'))).toBe('expired');
    expect(postStatus({ publishAt: new Date(0), expireAt: null }, new Date())).toBe('published');
  });
});

describe('the post input', () => {
  const base = { kind: 'announcement', title: 'Office closed', body: 'On **Friday**.', audience: EVERYONE };

  it('takes an expiry only after the publish time, refusing it by name otherwise', () => {
    fc.assert(
      fc.property(instant, instant, (publish, expire) => {
        const result = postInputSchema.safeParse({
          ...base,
          publishAt: new Date(publish).toISOString(),
          expireAt: new Date(expire).toISOString(),
        });
        expect(result.success).toBe(expire > publish);
        if (!result.success) {
          expect(result.error.issues[0]!.path).toEqual(['expireAt']);
          expect(issueDetail(result.error.issues[0]!).reason).toBe('endNotAfterStart');
        }
      }),
    );
  });

  it('fills the defaults: a draft for everyone, not pinned, not mailed', () => {
    expect(postInputSchema.parse(base)).toEqual({
      ...base,
      publishAt: null,
      expireAt: null,
      pinned: false,
      emailAudience: false,
    });
  });

  it.each([
    ['an unknown kind', { kind: 'news' }, 'kind'],
    ['an empty title', { title: '  ' }, 'title'],
    ['a blank body', { body: ' \n ' }, 'body'],
    ['a body too long', { body: 'x'.repeat(20_001) }, 'body'],
    ['an empty audience', { audience: [] }, 'audience'],
    ['an audience of neither form', { audience: 'all' }, 'audience'],
    ['a blank department', { audience: ['HR', ' '] }, 'audience.1'],
    ['a publish time without an offset', { publishAt: '2026-12-01T09:00:00' }, 'publishAt'],
    ['a field it does not know', { colour: 'red' }, ''],
  ])('refuses %s, naming the field', (_case, change, field) => {
    const result = postInputSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join('.')).toBe(field);
  });

  it('keeps a department named twice once, and the body exactly as written', () => {
    const parsed = postInputSchema.parse({ ...base, body: '    code\n', audience: ['HR', 'IR', 'HR'] });
    expect(parsed.audience).toEqual(['HR', 'IR']);
    expect(parsed.body).toBe('    code\n');
  });

  it('answers any input with a result, never an exception', () => {
    const exports: Record<string, unknown> = postsSchemas;
    const schemas = Object.values(exports).filter((value): value is z.ZodType => value instanceof z.ZodType);
    expect(schemas.length).toBeGreaterThan(10);
    const awkward = fc.oneof(
      fc.constantFrom('', ' ', 'a\u0000b', 'everyone', '2026-02-30T00:00:00Z', 'x'.repeat(30_000)),
      fc.anything(),
    );
    for (const schema of schemas) {
      fc.assert(
        fc.property(
          fc.oneof(
            awkward,
            fc.record(
              Object.fromEntries(Object.keys({ ...base, publishAt: 0, expireAt: 0, id: 0 }).map((k) => [k, awkward])),
              { requiredKeys: [] },
            ),
          ),
          (input) => {
            expect(() => schema.safeParse(input)).not.toThrow();
          },
        ),
        { numRuns: 100 },
      );
    }
  });
});

describe('the audience', () => {
  const groups = fc.uniqueArray(fc.constantFrom(...DEPARTMENTS), { maxLength: 4 });
  const departments = fc.uniqueArray(fc.constantFrom(...DEPARTMENTS), { minLength: 1, maxLength: 4 });

  it('holds a user exactly when the one group check would, without the super-admin passing everything', () => {
    fc.assert(
      fc.property(groups, departments, (held, wanted) => {
        const withoutSuperAdmin = held.filter((group) => group !== 'ITAdmin');
        const wantedPlain = wanted.filter((department) => department !== 'ITAdmin');
        fc.pre(wantedPlain.length > 0);
        expect(inAudience(wantedPlain, withoutSuperAdmin)).toBe(
          hasAnyGroup({ id: 'reader', groups: withoutSuperAdmin }, wantedPlain),
        );
      }),
    );
  });

  it('holds HRAdmin in HR but not HR in HRAdmin; ITAdmin only in its own audience', () => {
    expect(inAudience(['HR'], ['HRAdmin'])).toBe(true);
    expect(inAudience(['HRAdmin'], ['HR'])).toBe(false);
    expect(inAudience(['IR'], ['HR'])).toBe(false);
    expect(inAudience(['IR'], ['ITAdmin'])).toBe(false);
    expect(inAudience(['ITAdmin'], ['ITAdmin'])).toBe(true);
    expect(inAudience(EVERYONE, [])).toBe(true);
    expect(audienceKeys(['IRAdmin', 'UNION'])).toEqual(['IRAdmin', 'IR', 'UNION']);
  });

  it('may name the fixed departments and the organisation’s own', () => {
    expect(postDepartments('UNION')).toEqual([...FIXED_DEPARTMENTS, 'UNION']);
    expect(postDepartments('HR')).toEqual([...FIXED_DEPARTMENTS]);
  });
});

describe('the excerpt', () => {
  it('is the start of the text without Markdown marks, at most the length asked', () => {
    expect(postExcerpt('# Title\n\nSee **the** [handbook](https://x.example/h.pdf) and `code`.')).toBe(
      'Title See the handbook and code.',
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.integer({ min: 10, max: 300 }), (body, max) => {
        expect(postExcerpt(body, max).length).toBeLessThanOrEqual(max);
      }),
    );
    expect(postExcerpt('word '.repeat(100), 20)).toBe('word word word word…');
  });
});
