import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifactsDir } from './harness';

/**
 * The serious and critical accessibility violations on the screen shown. Running CSS
 * transitions finish first: a button half-way between two colours (say, re-enabled after a
 * refused sign-in) is no colour a user reads, and axe would judge its contrast mid-way.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs for ever; a transition that another replaces is cancelled (rejects).
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
          .join(', ')})`,
    );
}

/**
 * No serious or critical accessibility violation on the screen shown, and a screenshot of it in
 * e2e/artifacts/screens for whoever reviews the screens.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const dir = path.join(artifactsDir, 'screens');
  fs.mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize();
  await page.screenshot({ path: path.join(dir, `${name}-${String(viewport?.width ?? 0)}.png`), fullPage: true });
  expect(await seriousViolations(page), name).toEqual([]);
}
