import { buildApp, defaultWebRoot } from './app';
import { loadConfigOrExit } from './config';
import { demoAccounts, generateDemoPassword, seedDemoAccounts } from './seed/demo-accounts';
import { webAppPlugin } from './plugins/web-app';
import { seedOnFirstStart } from './seed/demo-organisation';

export interface StartOptions {
  /**
   * The web app's build while it is still being made: `npm start` on a fresh clone builds it
   * while the server migrates and seeds, and the server listens once both are done (decision
   * record 0081).
   */
  webBuild?: Promise<unknown>;
}

/**
 * Starts the server as configured by the environment: migrates, seeds the demo organisation on the
 * first start, listens, and prints where. Stops the process on a signal.
 */
export async function startServer(options: StartOptions = {}) {
  const config = loadConfigOrExit();

  const app = await buildApp(config, options.webBuild === undefined ? {} : { webAppLater: true });
  const seeded = await seedOnFirstStart(app.database.db, {
    seed: config.seed,
    orgDepartment: config.organisation.department,
  });
  let demoAccountsNote = '';
  if (seeded && app.identity) {
    const password = config.demoPassword ?? generateDemoPassword();
    await seedDemoAccounts(app.database.db, app.identity, { orgDepartment: config.organisation.department, password });
    const emails = demoAccounts(config.organisation.department).map((account) => account.email);
    demoAccountsNote = `\nDemo accounts: ${emails.join(', ')}\nDemo password: ${config.demoPassword ? 'as set in DEMO_PASSWORD' : password}`;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A second signal, or a close that hangs, must still end the process.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  if (options.webBuild !== undefined) {
    await options.webBuild;
    await app.register(webAppPlugin, { root: defaultWebRoot });
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const engine = app.database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `Staff Portal is ready at ${url} (${engine}, identity: ${config.identity.provider}${seeded ? ', demo organisation seeded' : ''})${demoAccountsNote}`,
  );
}
