// `npm run rotate-keys`: rotates the embedded identity service's token signing keys in the
// database the server would use (the same DATA_DIR or DATABASE_URL): new tokens are signed with
// new keys shortly, tokens already issued verify until they expire, then the old keys retire
// (docs/product/deployment-guide.md, decision record 0056). `--now`, for a key that leaked: the
// new keys sign and the old ones stop verifying at once (decision record 0057).
import { commandLine, runWithConfig } from './lib/command.mjs';

const {
  values: { now = false },
} = commandLine(
  'Usage: npm run rotate-keys [-- --now]',
  { now: { type: 'boolean' } },
  ({ positionals }) => positionals.length === 0,
);

await runWithConfig('Key rotation failed', ['KeyRotationError', 'KeyEncryptionKeyMismatch'], async (config) => {
  const { runRotateKeys } = await import('../apps/server/src/identity/rotate-keys.ts');
  await runRotateKeys(config, (line) => console.log(line), { cutOff: now });
});
