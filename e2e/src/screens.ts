import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifactsDir } from './harness';

/** Waits for the CSS transitions under way; answers whether there were any. */
async function transitionsSettled(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const running = document
      .getAnimations()
      // A spinner runs for ever; a transition that another replaces is cancelled (rejects).
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    return running.length > 0;
  });
}

/**
 * The serious and critical accessibility violations on the screen shown. Running CSS
 * transitions finish first: a button half-way between two colours (say, re-enabled after a
 * refused sign-in) is no colour a user reads, and axe would judge its contrast mid-way. One that
 * started while axe looked (a notification opening or closing, which a busy machine makes
 * likelier) makes it look again once the screen is still; so does a violation, which must hold
 * on a second look: a transition may have begun and ended while axe looked (a success message
 * fading in was judged at 3.84:1 on a loaded run), leaving no trace but its colours.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  const serious = () =>
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  for (let look = 0; look < 3; look++) {
    await transitionsSettled(page);
    ({ violations } = await new AxeBuilder({ page }).analyze());
    if (!(await transitionsSettled(page)) && serious().length === 0) break;
  }
  return serious().map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
        .join(', ')})`,
  );
}

/**
 * Whether checkScreen keeps pictures (E2E_SCREENSHOTS=1): a full-page screenshot costs about 0.9 s
 * of CPU, some 2 CPU-minutes over a run that nobody looks at in CI (decision record 0085).
 */
const keepPictures = process.env['E2E_SCREENSHOTS'] === '1';

/**
 * No serious or critical accessibility violation on the screen shown; with E2E_SCREENSHOTS=1, a
 * screenshot of it in e2e/artifacts/screens for whoever reviews the screens.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  if (keepPictures) {
    const dir = path.join(artifactsDir, 'screens');
    fs.mkdirSync(dir, { recursive: true });
    const viewport = page.viewportSize();
    await page.screenshot({ path: path.join(dir, `${name}-${String(viewport?.width ?? 0)}.png`), fullPage: true });
  }
  expect(await seriousViolations(page), name).toEqual([]);
}

/** A phone's viewport (an iPhone 12–15), below the seed's lg and MUI's md breakpoints. */
export const PHONE = { width: 390, height: 844 };
/** The desktop viewport the harness opens pages with. */
export const DESKTOP = { width: 1280, height: 800 };

/**
 * `checkScreen` on a desktop and on a phone: the page is resized to each (the layout follows
 * the width through media queries), checked, and left at the size it had.
 */
export async function checkScreens(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    // Media-query listeners re-render on resize; two frames later the new layout is painted.
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    await checkScreen(page, name);
  }
  await page.setViewportSize(before);
}
