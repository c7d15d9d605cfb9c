// `npm run dev`: the server with reload (tsx watch) on :3000 and the web app with hot reload
// on :5173, which forwards API, identity and config calls to the server. Open :5173.
import './lib/node-version.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/builds.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
// The browser talks to the web dev server only, so tokens and endpoints name that origin.
const env = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--port', '5173', '--strictPort'], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.once('exit', (code) => stop(code ?? 0));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
