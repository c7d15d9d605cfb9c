// What the operations commands share (`npm run backup`, `restore`, `migrate-to-postgres`,
// `rotate-keys`): their command line, the server's configuration from the environment, and how
// they fail. They run the server's TypeScript through tsx: nothing to build.
import './node-version.mjs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

/**
 * The command line parsed with node:util's parseArgs `options` (positionals allowed); when it
 * does not parse or `accept` refuses it, prints `usage` and exits with status 2.
 */
export function commandLine(usage, options = {}, accept = () => true) {
  try {
    const parsed = parseArgs({ options, allowPositionals: true });
    if (accept(parsed)) return parsed;
  } catch {
    // Told below, the same way as a command line `accept` refuses.
  }
  console.error(usage);
  process.exit(2);
}

/**
 * Runs `task` with the server's configuration (a bad variable stops with one line naming it; the
 * task imports the server's modules itself, once tsx is registered). A failure the command
 * expects, an error whose name is in `expected` or a PostgreSQL database it cannot open
 * (apps/server/src/db/unreachable-database.ts), prints "<failed>: <message>" and exits with
 * status 1; any other is printed whole.
 */
export async function runWithConfig(failed, expected, task) {
  register();
  const { loadConfigOrExit } = await import('../../apps/server/src/config.ts');
  const config = loadConfigOrExit();
  try {
    await task(config);
  } catch (error) {
    const known = [...expected, 'DatabaseUnreachable'].includes(error?.name);
    console.error(known ? `${failed}: ${error.message}` : error);
    process.exit(1);
  }
}

/** A file named on the command line: npm runs scripts in the project's folder, so a relative one is where the command was typed. */
export function typedPath(file) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}
