import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataVersions } from '../../db/schema/app';

/**
 * The accounts' data version (migration 0032, decision record 0077): raised at the commit of every
 * change to the embedded identity service's accounts, departments or memberships. Null when the
 * row is missing.
 */
export async function accountsVersion(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.domain, 'accounts'));
  return row === undefined ? null : Number(row.version);
}
