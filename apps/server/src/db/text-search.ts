import { sql, type SQL } from 'drizzle-orm';

/**
 * PostgreSQL full-text search as the modules use it (PGlite has it too): grievance cases (decision
 * record 0042) and the admin post lists (decision record 0052).
 */

/** The full-text document of some text: the `simple` configuration, as Malay and English mix. */
export const documentOf = (text: string | SQL) => sql`to_tsvector('simple', ${text})`;

/**
 * Free text as a full-text query: every word, each as a prefix (`arbitr` finds arbitration).
 * Punctuation is dropped, so the text can never be a malformed query; text of punctuation only is
 * no query (undefined).
 */
export function textQuery(text: string): SQL | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 16);
  if (words.length === 0) return undefined;
  return sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
}
