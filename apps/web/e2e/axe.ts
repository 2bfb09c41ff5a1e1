import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * The serious and critical axe-core findings on the page (WCAG 2.1 A/AA and best practice) that
 * stay: a finding is checked again after MUI's transitions (up to 225 ms) have ended, because axe
 * measures the colours of a button or dialog in mid-fade as they are at that instant.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const first = await findingsNow(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(500);
  const again = new Set(await findingsNow(page));
  return first.filter((finding) => again.has(finding));
}

async function findingsNow(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the page's Content-Security-Policy refuses
  // an inline <script> (addScriptTag), as it should.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
