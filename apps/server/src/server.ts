import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { demoAccounts, generateDemoPassword, seedDemoAccounts } from './seed/demo-accounts';
import { seedOnFirstStart } from './seed/demo-organisation';

async function main() {
  const config = loadConfigOrExit();

  const app = await buildApp(config);
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

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const engine = app.database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    `Staff Portal is ready at ${url} (${engine}, identity: ${config.identity.provider}${seeded ? ', demo organisation seeded' : ''})${demoAccountsNote}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
