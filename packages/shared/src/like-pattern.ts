/**
 * SQL `LIKE` patterns made of what someone typed. Their `%`, `_` and `\` match themselves only
 * (the backslash is PostgreSQL's default `LIKE` escape), so a search for "50%" or "a_b" finds
 * that text, not everything that looks a little like it. Every search by `LIKE` or `ILIKE`, on the
 * server and in the embedded identity service, builds its pattern here.
 */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** Matches text that contains `text`. */
export const containing = (text: string): string => `%${likeEscaped(text)}%`;

/** Matches text that starts with `text`. */
export const startingWith = (text: string): string => `${likeEscaped(text)}%`;
