import { sql } from 'drizzle-orm';
import type { Language } from '@staff-portal/shared/languages';
import type { Queryable } from '../../db/client';
import { userSettings } from '../../db/schema/app';

/** Records the language a user chose, replacing the one before. */
export async function saveLanguage(db: Queryable, identitySub: string, language: Language): Promise<void> {
  await db
    .insert(userSettings)
    .values({ identitySub, language })
    .onConflictDoUpdate({ target: userSettings.identitySub, set: { language, updatedAt: sql`now()` } });
}
