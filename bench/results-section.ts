import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

/**
 * Replaces the section that starts with `heading` in bench/RESULTS.md (appends it when missing),
 * keeping everyone else's, formatted like the rest of the repository so `prettier --check` stays
 * clean after a run.
 */
export async function writeResultsSection(heading: string, section: string): Promise<void> {
  const existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\n';
  const start = existing.indexOf(heading);
  let next = start < 0 ? -1 : existing.indexOf('\n## ', start + 1);
  if (next >= 0) next += 1;
  const updated =
    start < 0
      ? `${existing.trimEnd()}\n\n${section}`
      : `${existing.slice(0, start)}${section}${next < 0 ? '' : `\n${existing.slice(next)}`}`;
  const options = (await resolveConfig(resultsFile)) ?? {};
  writeFileSync(resultsFile, await format(updated, { ...options, parser: 'markdown' }));
}
