// Finds the Chromium the browser tests drive (Debian's /usr/bin/chromium, or CHROMIUM_PATH);
// installs Debian's package when it is missing and apt is usable; otherwise says how.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  return (
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0
  );
}

export function ensureChromium() {
  if (fs.existsSync(chromiumPath)) return chromiumPath;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log('Chromium is missing: installing Debian’s chromium package for the browser tests...');
    if (
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', 'chromium']) &&
      fs.existsSync(chromiumPath)
    ) {
      return chromiumPath;
    }
  }
  console.error(
    `The browser tests need Chromium at ${chromiumPath}. Install it with \`sudo apt-get install chromium\` ` +
      '(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
