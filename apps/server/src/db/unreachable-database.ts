/**
 * A PostgreSQL database the server or an operations command cannot open (DATABASE_URL, or
 * migrate-to-postgres' and restore's target), said in one line an operator can act on, with the
 * server's address but never the URL's password (docs/product/backups.md).
 */
export class DatabaseUnreachable extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachable';
  }
}

/** `host:port/database` of a PostgreSQL URL, its user and password left out. */
function placeOf(url: string): { where: string; database: string; user: string } {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(the user’s own)';
    return {
      where: `${parsed.hostname}:${parsed.port || '5432'}`,
      database,
      user: decodeURIComponent(parsed.username),
    };
  } catch {
    return { where: 'the address given', database: '(unknown)', user: '' };
  }
}

/** The driver's error code, on the error or on what it wraps (Drizzle wraps a failed query's error as its cause). */
function codeOf(error: unknown): unknown {
  for (let at = error, depth = 0; at instanceof Object && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (code !== undefined) return code;
  }
  return undefined;
}

/**
 * Why the database at `url` could not be opened, for the failures an operator causes and can
 * mend (no server there, no such database, a refused user); undefined for anything else, which
 * is reported whole.
 */
export function unreachableDatabase(url: string, error: unknown): DatabaseUnreachable | undefined {
  const code = codeOf(error);
  const { where, database, user } = placeOf(url);
  const because = (message: string) => new DatabaseUnreachable(message, { cause: error });
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return because(`no PostgreSQL server answers at ${where} (${code}): check the host and port, and that it runs`);
    case '3D000':
      return because(`the database "${database}" does not exist on ${where}: create it first (createdb ${database})`);
    case '28P01':
    case '28000':
      return because(`PostgreSQL at ${where} refused the user "${user}": check the user and password`);
    default:
      return undefined;
  }
}
