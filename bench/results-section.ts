import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
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
