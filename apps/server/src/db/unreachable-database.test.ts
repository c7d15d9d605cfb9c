import { describe, expect, it } from 'vitest';
import { DatabaseUnreachable, unreachableDatabase } from './unreachable-database';

const URL_WITH_SECRET = 'postgres://portal:s3cret-Pa55@db.internal:6543/staff_portal';
const failure = (code: string) => Object.assign(new Error(`driver says ${code}`), { code });

describe('unreachableDatabase', () => {
  it('says in one line what an operator can mend, naming the server but never the password', () => {
    const cases = [
      [
        'ECONNREFUSED',
        'no PostgreSQL server answers at db.internal:6543 (ECONNREFUSED): check the host and port, and that it runs',
      ],
      [
        'ENOTFOUND',
        'no PostgreSQL server answers at db.internal:6543 (ENOTFOUND): check the host and port, and that it runs',
      ],
      [
        '3D000',
        'the database "staff_portal" does not exist on db.internal:6543: create it first (createdb staff_portal)',
      ],
      ['28P01', 'PostgreSQL at db.internal:6543 refused the user "portal": check the user and password'],
    ] as const;
    for (const [code, message] of cases) {
      const error = unreachableDatabase(URL_WITH_SECRET, failure(code));
      expect(error, code).toBeInstanceOf(DatabaseUnreachable);
      expect(error?.message, code).toBe(message);
      expect(error?.name).toBe('DatabaseUnreachable');
      expect(JSON.stringify([error?.message, error?.stack]), code).not.toContain('s3cret');
      expect((error?.cause as Error).message).toBe(`driver says ${code}`);
    }
    expect(unreachableDatabase('postgres://db.internal/portal', failure('ECONNREFUSED'))?.message).toContain(
      'db.internal:5432',
    );
    // As Drizzle reports it: its own error, the driver's as the cause.
    const wrapped = new Error('Failed query: select 1', { cause: failure('3D000') });
    expect(unreachableDatabase(URL_WITH_SECRET, wrapped)?.message).toMatch(
      /^the database "staff_portal" does not exist/,
    );
  });

  it('leaves any other failure to be reported whole', () => {
    expect(unreachableDatabase(URL_WITH_SECRET, failure('42P01'))).toBeUndefined();
    expect(unreachableDatabase(URL_WITH_SECRET, new Error('no code'))).toBeUndefined();
    expect(unreachableDatabase(URL_WITH_SECRET, undefined)).toBeUndefined();
  });
});
