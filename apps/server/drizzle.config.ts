import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; the server applies it at start (see src/db/migrate.ts),
// because drizzle-kit's own CLI cannot load PGlite extensions such as pg_trgm.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/db/schema', './packages/identity/src/schema.ts'],
  out: './apps/server/src/db/migrations',
  casing: 'snake_case',
});
