// `npm run backup -- <file>`: writes a consistent backup of the database the server would use
// (the same DATA_DIR or DATABASE_URL), also while the server runs (docs/product/backups.md).
// Runs the server's TypeScript through tsx, as `npm run start:identity` does: nothing to build.
import './lib/node-version.mjs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const usage = 'Usage: npm run backup -- <file>';
let file;
try {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new Error(usage);
  file = positionals[0];
} catch {
  console.error(usage);
  process.exit(2);
}

register();
const { loadConfigOrExit } = await import('../apps/server/src/config.ts');
const { runBackup } = await import('../apps/server/src/db/backup.ts');
const config = loadConfigOrExit();
try {
  // npm runs scripts in the project's folder: a relative file is where the command was typed.
  await runBackup(config, path.resolve(process.env.INIT_CWD ?? process.cwd(), file), (line) => console.log(line));
} catch (error) {
  const expected = ['BackupError', 'DataDirInUse'].includes(error?.name);
  console.error(expected ? `Backup failed: ${error.message}` : error);
  process.exit(1);
}
