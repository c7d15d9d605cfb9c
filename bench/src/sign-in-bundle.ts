// The sign-in route's JavaScript (docs/product/qualities.md: at most 300 KB gzip): the built web app is
// opened as a visitor would open it, signed out, in headless Chromium, until the sign-in widget
// shows and the network is idle; every script the page fetched is gzipped and summed.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuilt, launchBrowser } from './browser';

export const SIGN_IN_JS_BUDGET_KB = 300;

export interface BundleReport {
  scripts: { name: string; gzipKb: number }[];
  totalGzipKb: number;
}

export async function measureSignInBundle(port: number): Promise<BundleReport> {
  await ensureWebBuilt();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-bundle-'));
  const server = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, SEED: 'none', LOG_LEVEL: 'silent' },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const browser = await launchBrowser();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('message', () => resolve());
      server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const page = await browser.newPage();
    const scripts: { name: string; gzipKb: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.push({ name: new URL(response.url()).pathname, gzipKb: gzipSync(body).length / 1000 });
        }),
      );
    });
    await page.goto(`${url}/`);
    await page.locator('[data-amplify-authenticator]').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    scripts.sort((a, b) => b.gzipKb - a.gzipKb);
    return { scripts, totalGzipKb: scripts.reduce((sum, script) => sum + script.gzipKb, 0) };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
