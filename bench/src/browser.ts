// Headless Chromium for the browser rows, and the built web app they load: the same Chromium and
// build scripts as `npm test` and `npm start` (plain ES modules under scripts/).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const script = (name: string) => pathToFileURL(path.join(import.meta.dirname, '../../scripts', name)).href;

/** Builds the web app (and the server bundle) when their sources changed since the last build. */
export async function ensureWebBuilt(): Promise<void> {
  const { ensureBuilt } = (await import(script('lib/builds.mjs'))) as { ensureBuilt: (name: string) => void };
  ensureBuilt('web');
}

export async function launchBrowser(): Promise<Browser> {
  const { ensureChromium } = (await import(script('ensure-chromium.mjs'))) as { ensureChromium: () => string };
  return chromium.launch({ executablePath: ensureChromium(), headless: true, args: chromiumArgs });
}
