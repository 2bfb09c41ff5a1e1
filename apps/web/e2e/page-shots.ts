// Screenshots of a page at desktop and phone width into e2e/screenshots/, each checked for
// horizontal overflow, then the axe check of the page as it is.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';

const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

/** The visible page at 1280 px and at 390 px (phone), checked for sideways overflow and by axe. */
export async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${name} at ${width}px overflows by ${overflow}px`);
  }
  await page.setViewportSize(size);
  assert.deepEqual(await seriousViolations(page), [], `axe on ${name}`);
}
