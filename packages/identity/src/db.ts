import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The query builder the identity service is handed by its host (the API server, or the
 * standalone entry). Any schema: the service only uses its own tables.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host's full schema type is not ours to know
export type IdentityDb = PgDatabase<PgQueryResultHKT, any>;
