import { afterEach } from 'vitest';
import { closeTestApps } from './app';
import { forgetClock } from './clock';
import { closeSmtpServers } from './smtp';

// Set-up of every server test file (vitest.config.ts). The modules of a worker are loaded once
// and shared by the files it runs (isolate: false), so what each test and each file must clean
// up is registered here, where it runs for every file, not where a module is first imported. The
// databases given back stay open for the worker's next file (test/databases.ts).
afterEach(async () => {
  await closeTestApps();
  await closeSmtpServers();
  forgetClock();
});
