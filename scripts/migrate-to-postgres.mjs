// `npm run migrate-to-postgres -- --to <DATABASE_URL>`: copies the embedded database at DATA_DIR
// (every table, the identity service's included) into an empty PostgreSQL database, checking
// each table's rows on the way in (docs/product/backups.md). A running server makes the copy's
// backup itself.
import { commandLine, runWithConfig } from './lib/command.mjs';

const {
  values: { to },
} = commandLine(
  'Usage: npm run migrate-to-postgres -- --to <postgres://user:password@host:5432/database>',
  { to: { type: 'string' } },
  ({ values, positionals }) => positionals.length === 0 && values.to !== undefined,
);

await runWithConfig('Migration failed', ['BackupError', 'DataDirInUse'], async (config) => {
  const { runMigrateToPostgres } = await import('../apps/server/src/db/backup-migrate-to-postgres.ts');
  await runMigrateToPostgres(config, to, (line) => console.log(line));
});
