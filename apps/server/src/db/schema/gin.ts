/**
 * The storage parameters of every GIN index a search reads (decision record 0063). A GIN index
 * gathers new entries in a pending list that every search reads whole, and only VACUUM (which
 * PGlite never runs on its own) or an overflow of gin_pending_list_limit (4 MB by default) empties
 * it. A limit of 256 kB bounds that read to 32 pages on both engines, at some cost to bulk loads.
 */
export const SEARCH_GIN_STORAGE = { gin_pending_list_limit: 256 } as const;
