import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

/**
 * Formats `markdown` (a section starting with `heading`) and puts it into bench/RESULTS.md in place
 * of the section with exactly that heading line, or at the end. Headings that merely start the same
 * (e.g. a kept "before" section) are left alone. Returns the formatted section.
 */
export async function writeResultsSection(heading: string, markdown: string): Promise<string> {
  const formatted = await format(markdown, { ...(await resolveConfig(resultsFile)), parser: 'markdown' });
  const existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n';
  const lines = existing.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) {
    writeFileSync(resultsFile, `${existing.trimEnd()}\n\n${formatted}`);
    return formatted;
  }
  let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  if (end < 0) end = lines.length;
  const after = lines.slice(end).join('\n');
  writeFileSync(
    resultsFile,
    `${lines.slice(0, start).join('\n')}\n${formatted}${after === '' ? '' : `\n${after}`}`,
  );
  return formatted;
}
