// The leave screens as a browser loads them (decision record 0028): time from navigation to the
// screen's data on screen, cold (a fresh page load with a signed-in session and an empty HTTP
// cache: a bookmark, a link from an e-mail) and in-app (a click from another screen of the
// signed-in app: the first visit of the screen, and again after going back), and what a cold load
// transfers as the browser receives it (CDP's encodedDataLength: compressed bodies and headers).
// Cold loads are measured on this machine and once more on an emulated office network.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** The goal for the leave screens on this 2-core machine (decision record 0028): the data on screen within this after a cold load... */
export const COLD_BUDGET_MS = 600;
/** ...and within this after a click in the app. */
export const IN_APP_BUDGET_MS = 100;

/** An office network as Chromium's DevTools emulate it: per-request latency and throughput. */
const OFFICE_NETWORK = { latency: 20, downloadThroughput: (50e6 / 8) | 0, uploadThroughput: (20e6 / 8) | 0 };
const OFFICE_LABEL = 'office network (20 ms, 50 Mbit/s)';

export const SCREEN_NAMES = ['my-leaves', 'approval', 'staff-record'] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

export interface ScreenSpec {
  name: ScreenName;
  label: string;
  path: string;
  /** The screen in-app navigation starts from, and the link on it that is clicked. */
  from: string;
  /** Who opens it. */
  email: string;
}

export interface LoadSample {
  ms: number;
  requests: number;
  /** Everything the load transferred (bodies as sent, and headers), until the network was idle. */
  transferredBytes: number;
  /** JavaScript as transferred, and as it is once decompressed. */
  scriptBytes: number;
  scriptDecodedBytes: number;
}

export interface ScreenReport {
  screen: ScreenSpec;
  cold: LoadSample[];
  coldOffice: LoadSample[];
  inApp: number[];
  /** The same click again after going back: the screen's code has run once, its data is cached. */
  inAppAgain: number[];
}

/**
 * In the page, before any of its scripts: watches the DOM and records when the screen's data is
 * shown (its parts present, no spinner left in the main area), as of the animation frame that
 * paints it; and the moment of the last click, for in-app navigation. A plain string, so that
 * nothing the bench's TypeScript compiler adds to functions reaches the page.
 */
const PROBE = String.raw`
(() => {
  const has = (selector) => document.querySelector(selector) !== null;
  const textIn = (selector, text) => [...document.querySelectorAll(selector)].some((e) => e.textContent.includes(text));
  const settled = () => has('main') && !has('main [role="progressbar"]');
  const screens = {
    'my-leaves': () =>
      has('main ul > li[aria-label] dl') &&
      has('main table[aria-label^="My requests"] tbody tr, main ul[aria-label^="My requests"] > li') &&
      has('main form[aria-labelledby]'),
    approval: () =>
      has('main ul[aria-label="Leave Approval"] > li') &&
      (has('main section ul[aria-label="Your acting approvers"]') || textIn('main section', 'You have named nobody.')),
    'staff-record': () =>
      has('main table[aria-label="Entitlements and adjustments"] tbody tr') &&
      has('main table[aria-label="Their requests"] tbody tr, main ul[aria-label="Their requests"] > li'),
  };
  const probe = { screen: null, readyAt: null, clickAt: null };
  window.__bench = probe;
  addEventListener('click', (event) => { probe.clickAt = event.timeStamp; }, true);
  const check = () => {
    if (probe.screen === null || probe.readyAt !== null || !settled() || !screens[probe.screen]()) return;
    probe.readyAt = -1;
    requestAnimationFrame(() => { probe.readyAt = performance.now(); });
  };
  probe.arm = (screen) => { probe.screen = screen; probe.readyAt = null; check(); };
  probe.shows = (screen) => settled() && screens[screen]();
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

/** Counts what the page transfers, by CDP's network events, and says when the network is idle. */
async function networkMeter(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const decoded = new Map<string, number>();
  const pending = new Set<string>();
  let lastActivity = performance.now();
  const sample = { requests: 0, transferredBytes: 0, scriptBytes: 0, scriptDecodedBytes: 0 };
  cdp.on('Network.requestWillBeSent', ({ requestId, type }) => {
    pending.add(requestId);
    types.set(requestId, type ?? 'Other');
    sample.requests++;
    lastActivity = performance.now();
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    decoded.set(requestId, (decoded.get(requestId) ?? 0) + dataLength);
  });
  const finished = (requestId: string, encodedDataLength: number) => {
    if (!pending.delete(requestId)) return;
    lastActivity = performance.now();
    sample.transferredBytes += encodedDataLength;
    if (types.get(requestId) === 'Script') {
      sample.scriptBytes += encodedDataLength;
      sample.scriptDecodedBytes += decoded.get(requestId) ?? 0;
    }
  };
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => finished(requestId, encodedDataLength));
  cdp.on('Network.loadingFailed', ({ requestId }) => finished(requestId, 0));
  return {
    cdp,
    sample,
    /** Resolves once nothing has been in flight for half a second (10 s at most). */
    async idle() {
      const deadline = performance.now() + 10_000;
      while (performance.now() < deadline && (pending.size > 0 || performance.now() - lastActivity < 500)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Trace categories for DevTools' Performance panel: tasks, network, rendering and JS samples. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
];

let traceCount = 0;

/** Runs `load` inside a Chromium trace written to `dir` (when given), named after `label`. */
async function traced<T>(browser: Browser, page: Page, dir: string | undefined, label: string, load: () => Promise<T>) {
  if (dir === undefined) return load();
  fs.mkdirSync(dir, { recursive: true });
  traceCount++;
  await browser.startTracing(page, {
    path: path.join(dir, `${label}-${traceCount}.json`),
    categories: TRACE_CATEGORIES,
  });
  try {
    return await load();
  } finally {
    await browser.stopTracing();
  }
}

async function readyAt(page: Page, screen: ScreenName): Promise<number> {
  // Polled by evaluating an expression (the page's CSP refuses waitForFunction's eval); the
  // moment itself is the page's own record, so the polling interval does not count.
  const deadline = performance.now() + 30_000;
  for (;;) {
    const at = await page.evaluate<number | null>('window.__bench ? window.__bench.readyAt : null');
    if (at !== null && at > 0) return at;
    if (performance.now() > deadline) {
      const shown = await page.evaluate<string>('(document.querySelector("main") || document.body).innerText');
      throw new Error(`${screen}: the data did not show within 30 s at ${page.url()}; it shows:\n${shown}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface PageLoadOptions {
  browser: Browser;
  /** The server's origin, as its PUBLIC_URL names it (the identity endpoint is on it). */
  url: string;
  password: string;
  screens: ScreenSpec[];
  runs: number;
  /** Where to write a Chromium trace of each measured load (none: no tracing). */
  traceDir?: string | undefined;
  log?: (line: string) => void;
}

/** Signs in through the gate, as a person would, and keeps the session (Amplify's local storage). */
async function signedInState(browser: Browser, url: string, email: string, password: string) {
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const form = page.locator('[data-amplify-authenticator] form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('[data-amplify-authenticator]').waitFor({ state: 'detached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return await context.storageState();
  } finally {
    await context.close();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const browserSessions = new WeakMap<Browser, Promise<CDPSession>>();

/**
 * Waits until the browser's processes have stopped working (their CPU time grows by less than
 * 5 ms in 200 ms; 5 s at most). A new Chromium window spends about half a second of CPU on its
 * own start-up (the omnibox popup's WebUI, in another renderer) while its first page loads: on
 * 2 cores beside the server, that doubled a cold load's time. A person following a bookmark or a
 * link already has the browser open, so the window is opened first and measured once at rest.
 */
async function browserAtRest(browser: Browser): Promise<void> {
  let session = browserSessions.get(browser);
  if (session === undefined) {
    session = browser.newBrowserCDPSession();
    browserSessions.set(browser, session);
  }
  const cdp = await session;
  const cpuSeconds = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.reduce((sum, process) => sum + process.cpuTime, 0);
  };
  const deadline = performance.now() + 5_000;
  let last = await cpuSeconds();
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await cpuSeconds();
    if (now - last < 0.005) return;
    last = now;
  }
}

async function withPage<T>(browser: Browser, state: StorageState, run: (page: Page) => Promise<T>): Promise<T> {
  // A new context each time: its HTTP cache is empty, as on a first visit.
  const context = await browser.newContext({
    storageState: state,
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    await browserAtRest(browser);
    await page.addInitScript(PROBE);
    return await run(page);
  } finally {
    await context.close();
  }
}

async function coldLoad(
  browser: Browser,
  state: StorageState,
  url: string,
  screen: ScreenSpec,
  office: boolean,
  traceDir?: string,
): Promise<LoadSample> {
  return withPage(browser, state, async (page) => {
    const meter = await networkMeter(page);
    if (office) await meter.cdp.send('Network.emulateNetworkConditions', { offline: false, ...OFFICE_NETWORK });
    await page.addInitScript(`window.__bench.arm(${JSON.stringify(screen.name)})`);
    const ms = await traced(browser, page, traceDir, `${screen.name}-cold`, async () => {
      await page.goto(`${url}${screen.path}`, { waitUntil: 'commit' });
      // performance.now() counts from the navigation's start: the document's request included.
      return readyAt(page, screen.name);
    });
    await meter.idle();
    return { ms, ...meter.sample };
  });
}

/**
 * A click on the screen's link, from the screen the bench user starts on; then back, and the same
 * click once more, as someone returning to the screen a moment later does: its code has run once
 * (compiled, its styles inserted) and its data is in the query cache, fresh for 30 s.
 */
async function inAppLoad(
  browser: Browser,
  state: StorageState,
  url: string,
  screen: ScreenSpec,
  traceDir?: string,
): Promise<{ first: number; again: number }> {
  return withPage(browser, state, async (page) => {
    await page.goto(`${url}${screen.from}`);
    const link = page.locator(`main a[href="${screen.path}"]`).first();
    const clickToData = async (label: string) => {
      // After going back the screen may still be shown for a moment; a click then would measure
      // nothing. Its link is looked for once it has gone.
      const deadline = performance.now() + 10_000;
      while (await page.evaluate<boolean>(`window.__bench.shows(${JSON.stringify(screen.name)})`)) {
        if (performance.now() > deadline) throw new Error(`${screen.name}: still shown at ${page.url()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await link.waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(`window.__bench.arm(${JSON.stringify(screen.name)})`);
      const ready = await traced(browser, page, traceDir, label, async () => {
        await link.click();
        return readyAt(page, screen.name);
      });
      const clickAt = await page.evaluate<number>('window.__bench.clickAt');
      return ready - clickAt;
    };
    const first = await clickToData(`${screen.name}-in-app`);
    await page.goBack();
    const again = await clickToData(`${screen.name}-in-app-again`);
    return { first, again };
  });
}

/** Each screen: one unmeasured load (the server's first answers), then `runs` of each kind. */
export async function measurePageLoads(options: PageLoadOptions): Promise<ScreenReport[]> {
  const { browser, url, password, screens, runs, traceDir, log = () => {} } = options;
  const states = new Map<string, StorageState>();
  const reports: ScreenReport[] = [];
  for (const screen of screens) {
    let state = states.get(screen.email);
    if (state === undefined) {
      state = await signedInState(browser, url, screen.email, password);
      states.set(screen.email, state);
    }
    await coldLoad(browser, state, url, screen, false);
    const report: ScreenReport = { screen, cold: [], coldOffice: [], inApp: [], inAppAgain: [] };
    for (let run = 0; run < runs; run++) {
      report.cold.push(await coldLoad(browser, state, url, screen, false, traceDir));
      report.coldOffice.push(await coldLoad(browser, state, url, screen, true));
      const { first, again } = await inAppLoad(browser, state, url, screen, traceDir);
      report.inApp.push(first);
      report.inAppAgain.push(again);
    }
    log(`[pages] ${screen.label}: ${runs} runs each measured`);
    reports.push(report);
  }
  return reports;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The closing table: medians per screen, and the bytes of the median cold load. */
export function pageLoadTable(reports: ScreenReport[], engine: string): string[] {
  const kb = (bytes: number) => (bytes / 1000).toFixed(0);
  const lines = [
    `| engine | screen | cold ms | in-app ms | in-app again ms | ${OFFICE_LABEL}, cold ms | cold requests | cold KB transferred | of it JS KB (decoded) |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { screen, cold, coldOffice, inApp, inAppAgain } of reports) {
    const typical = [...cold].sort((a, b) => a.ms - b.ms)[Math.floor(cold.length / 2)]!;
    lines.push(
      `| ${engine} | ${screen.label} | ${median(cold.map((s) => s.ms)).toFixed(0)} | ${median(inApp).toFixed(0)} | ` +
        `${median(inAppAgain).toFixed(0)} | ` +
        `${median(coldOffice.map((s) => s.ms)).toFixed(0)} | ${typical.requests} | ${kb(typical.transferredBytes)} | ` +
        `${kb(typical.scriptBytes)} (${kb(typical.scriptDecodedBytes)}) |`,
    );
  }
  return lines;
}

/** Whether every screen's medians are within the budgets. */
export function withinPageBudgets(reports: ScreenReport[]): boolean {
  return reports.every(
    ({ cold, inApp }) => median(cold.map((s) => s.ms)) <= COLD_BUDGET_MS && median(inApp) <= IN_APP_BUDGET_MS,
  );
}
