// Shared steps of the identification E2E tests: the sandbox provider's page (where the tester
// completes, fails or abandons), and screenshots at desktop and phone width with the axe check.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';

const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

/** The sandbox provider's three ways out of its page (identification-pages.ts of the trust services). */
const providerButtons = {
  self: {
    success: 'Submit for the automatic check',
    failure: 'Make the check fail',
    abandoned: 'Cancel and go back',
  },
  video: {
    success: 'The agent confirms my identity',
    failure: 'The agent rejects the identification',
    abandoned: 'Leave the call',
  },
} as const;

/**
 * On the provider's page (reached from Signet's Start button): ends the identification as the
 * tester chooses; the provider sends the person back to Signet's page of that way to identify.
 */
export async function finishAtProvider(
  page: Page,
  kind: 'self' | 'video',
  outcome: 'success' | 'failure' | 'abandoned',
): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/ident/sessions/'));
  await page.getByText('SIMULATED', { exact: false }).first().waitFor();
  await page.getByRole('button', { name: providerButtons[kind][outcome] }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sandbox/'));
}

/** The visible page at 1280 px and at 390 px (phone), checked for sideways overflow and by axe. */
export async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(shots, `identification-${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${name} at ${width}px overflows by ${overflow}px`);
  }
  await page.setViewportSize(size);
  assert.deepEqual(await seriousViolations(page), [], `axe on ${name}`);
}
