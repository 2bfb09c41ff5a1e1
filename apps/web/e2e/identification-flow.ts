// Shared steps of the identification E2E tests: the sandbox provider's page (where the tester
// completes, fails or abandons).
import type { Page } from 'playwright-core';

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
