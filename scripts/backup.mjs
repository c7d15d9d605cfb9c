// `npm run backup -- <file>`: writes a consistent backup of the database the server would use
// (the same DATA_DIR or DATABASE_URL), also while the server runs (docs/product/backups.md).
import { commandLine, runWithConfig, typedPath } from './lib/command.mjs';

const {
  positionals: [file],
} = commandLine('Usage: npm run backup -- <file>', {}, ({ positionals }) => positionals.length === 1);

await runWithConfig('Backup failed', ['BackupError', 'DataDirInUse'], async (config) => {
  const { runBackup } = await import('../apps/server/src/db/backup.ts');
  await runBackup(config, typedPath(file), (line) => console.log(line));
});
