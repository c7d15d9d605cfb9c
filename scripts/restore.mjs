// `npm run restore -- <file> [--force]`: restores a backup made by `npm run backup` into the
// database the server would use (the same DATA_DIR or DATABASE_URL), which must be empty unless
// --force; the embedded database only while no server runs (docs/product/backups.md).
// Runs the server's TypeScript through tsx, as `npm run start:identity` does: nothing to build.
import './lib/node-version.mjs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const usage = 'Usage: npm run restore -- <file> [--force]';
let file;
let force;
try {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1) throw new Error(usage);
  file = positionals[0];
  force = values.force ?? false;
} catch {
  console.error(usage);
  process.exit(2);
}

register();
const { loadConfigOrExit } = await import('../apps/server/src/config.ts');
const { runRestore } = await import('../apps/server/src/db/backup.ts');
const config = loadConfigOrExit();
try {
  // npm runs scripts in the project's folder: a relative file is where the command was typed.
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  await runRestore(config, source, { force }, (line) => console.log(line));
} catch (error) {
  const expected = ['BackupError', 'DataDirInUse'].includes(error?.name);
  console.error(expected ? `Restore failed: ${error.message}` : error);
  process.exit(1);
}
