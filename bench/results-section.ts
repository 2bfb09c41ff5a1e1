import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

/**
 * The line that ends what a benchmark writes in its section: the notes written by hand below it
 * (runs of other days, what changed, what the figures mean) stay when the benchmark runs again.
 */
const keptNotesMarker = '<!-- notes below are kept when the benchmark rewrites this section -->';

/**
 * Formats `markdown` (a section starting with `heading`) and puts it into bench/RESULTS.md in place
 * of the section with exactly that heading line, or at the end. Headings that merely start the same
 * (e.g. a kept "before" section) are left alone, and so are the section's notes below its
 * `keptNotesMarker`. Returns the formatted section.
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
  const marker = lines.findIndex((line, i) => i > start && i < end && line === keptNotesMarker);
  if (marker >= 0) end = marker;
  const after = lines.slice(end).join('\n');
  writeFileSync(
    resultsFile,
    `${lines.slice(0, start).join('\n')}\n${formatted}${after === '' ? '' : `\n${after}`}`,
  );
  return formatted;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Milliseconds `fn` took, awaited. */
export async function time(fn: () => unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** The machine and its load at the end of a run: the two lines every section opens with. */
export function machineLines(): string[] {
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown').trim();
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (nproc), ${cpu}; Node ${process.version};`,
    `load average at the end of the run ${loadavg()[0]?.toFixed(1)} (other work on the machine inflates both columns).`,
  ];
}
