import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { claimAdminSocketForServer } from '../plugins/admin-socket';
import { writeBackup } from './backup';
import { openDatabase, secureDataDir, type Database } from './client';
import { migrate } from './migrate';

/**
 * Makes the data directory the owner's alone (decision record 0024), as every server process
 * does first at start, whatever its database: it holds generated keys and credentials too. A
 * directory left readable by others (made by an older version, or copied) is tightened, and the
 * log says so.
 */
export async function secureOwnDataDir(app: FastifyInstance, config: Config): Promise<void> {
  const tightened = await secureDataDir(config.dataDir);
  if (tightened > 0) {
    app.log.warn(
      { dataDir: config.dataDir, tightened },
      'DATA_DIR was readable by other users: made its directories 0700 and files 0600',
    );
  }
}

/**
 * Opens the database `config` names as `app`'s own, as every server process does at start (the
 * portal and the standalone identity service alike): the embedded database's directory claimed
 * through its admin socket, which then answers `npm run backup` (decision record 0051), the
 * migrations applied, and the database closed with the app, before the directory is let go.
 */
export async function openOwnDatabase(app: FastifyInstance, config: Config): Promise<Database> {
  const adminSocket = config.databaseUrl ? undefined : await claimAdminSocketForServer(config.dataDir, app.log);
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    await adminSocket?.close();
    throw error;
  }
  app.addHook('onClose', async () => {
    await adminSocket?.stopServing();
    await database.close();
    await adminSocket?.close();
  });
  await migrate(database);
  adminSocket?.serve({ backup: (file, options) => writeBackup(database, file, options) }, app.log);
  return database;
}
