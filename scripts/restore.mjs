// `npm run restore -- <file> [--force]`: restores a backup made by `npm run backup` into the
// database the server would use (the same DATA_DIR or DATABASE_URL), which must be empty unless
// --force; the embedded database only while no server runs (docs/product/backups.md).
import { commandLine, runWithConfig, typedPath } from './lib/command.mjs';

const {
  values: { force = false },
  positionals: [file],
} = commandLine(
  'Usage: npm run restore -- <file> [--force]',
  { force: { type: 'boolean' } },
  ({ positionals }) => positionals.length === 1,
);

await runWithConfig('Restore failed', ['BackupError', 'DataDirInUse'], async (config) => {
  const { runRestore } = await import('../apps/server/src/db/backup-restore.ts');
  await runRestore(config, typedPath(file), { force }, (line) => console.log(line));
});
