// Stops early, with one clear line, on a Node.js older than package.json's `engines` asks for
// (the dependencies need 22.13 or later; 24 is the recommended LTS line, see .nvmrc).
import fs from 'node:fs';

const { engines } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const [, major = '0', minor = '0'] = /^>=(\d+)(?:\.(\d+))?/.exec(engines.node) ?? [];
const [haveMajor, haveMinor] = process.versions.node.split('.').map(Number);
if (haveMajor < Number(major) || (haveMajor === Number(major) && haveMinor < Number(minor))) {
  console.error(
    `Staff Portal needs Node.js ${engines.node.slice(2)} or later (24 LTS recommended); this is ${process.version}.`,
  );
  process.exit(1);
}
