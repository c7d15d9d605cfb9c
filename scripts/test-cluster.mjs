// `npm run test:cluster`: the cluster test alone (e2e/src/cluster.e2e.test.ts): two replicas on
// one PostgreSQL database (TEST_DATABASE_URL, a maintenance database such as
// postgres://postgres@127.0.0.1:5432/test) behind nginx (Debian's, or NGINX_PATH). `npm test`
// runs it too, where both are there; this command fails, rather than skipping, where they are not.
import './lib/node-version.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, root } from './lib/builds.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();
ensureBuilt('web');
ensureBuilt('server');
const { status } = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--config', 'e2e/vitest.config.ts', 'src/cluster.e2e.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CLUSTER_TEST: 'required' } },
);
process.exit(status ?? 1);
