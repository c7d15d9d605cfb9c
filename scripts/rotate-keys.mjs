// `npm run rotate-keys`: rotates the embedded identity service's token signing keys in the
// database the server would use (the same DATA_DIR or DATABASE_URL): new tokens are signed with
// new keys shortly, tokens already issued verify until they expire, then the old keys retire
// (docs/product/deployment-guide.md, decision record 0056).
// Runs the server's TypeScript through tsx, as `npm run backup` does: nothing to build.
import './lib/node-version.mjs';
import { register } from 'tsx/esm/api';

if (process.argv.length > 2) {
  console.error('Usage: npm run rotate-keys');
  process.exit(2);
}

register();
const { loadConfigOrExit } = await import('../apps/server/src/config.ts');
const { runRotateKeys } = await import('../apps/server/src/identity/rotate-keys.ts');
const config = loadConfigOrExit();
try {
  await runRotateKeys(config, (line) => console.log(line));
} catch (error) {
  const expected = ['KeyRotationError', 'KeyEncryptionKeyMismatch'].includes(error?.name);
  console.error(expected ? `Key rotation failed: ${error.message}` : error);
  process.exit(1);
}
