import { generateKeyPair } from 'jose';
import { afterEach } from 'vitest';
import { setFirstKeyPairsForTests } from '@staff-portal/identity/keys';
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

// A test app's identity pool makes its first signing keys from one RSA pair per use, made once
// per worker rather than two new ones per app (decision record 0101).
const firstPairs = new Map<string, ReturnType<typeof generateKeyPair>>();
setFirstKeyPairsForTests((use) => {
  let pair = firstPairs.get(use);
  if (!pair) firstPairs.set(use, (pair = generateKeyPair('RS256', { extractable: true, modulusLength: 2048 })));
  return pair;
});
