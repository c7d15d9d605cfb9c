// `npm run migrate-to-postgres -- --to <DATABASE_URL>`: copies the embedded database at DATA_DIR
// (every table, the identity service's included) into an empty PostgreSQL database, checking
// each table's rows on the way in (docs/product/backups.md). A running server makes the copy's
// backup itself. Runs the server's TypeScript through tsx, as `npm run backup` does.
import './lib/node-version.mjs';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const usage = 'Usage: npm run migrate-to-postgres -- --to <postgres://user:password@host:5432/database>';
let to;
try {
  const { values, positionals } = parseArgs({ options: { to: { type: 'string' } }, allowPositionals: true });
  if (positionals.length > 0 || !values.to) throw new Error(usage);
  to = values.to;
} catch {
  console.error(usage);
  process.exit(2);
}

register();
const { loadConfigOrExit } = await import('../apps/server/src/config.ts');
const { runMigrateToPostgres } = await import('../apps/server/src/db/backup.ts');
const config = loadConfigOrExit();
try {
  await runMigrateToPostgres(config, to, (line) => console.log(line));
} catch (error) {
  const expected = ['BackupError', 'DataDirInUse'].includes(error?.name);
  console.error(expected ? `Migration failed: ${error.message}` : error);
  process.exit(1);
}
