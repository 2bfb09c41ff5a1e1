// `npm run bench`: every benchmark in turn, each against its baseline measured in the same run.
// Each script appends or replaces its own section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process';

// web-bundle, lighthouse and page-latency read the build: run `npm run build` first.
const benchmarks = [
  'bench/render.ts',
  'bench/sign.ts',
  'bench/revision-size.ts',
  'bench/refusal-latency.ts',
  'bench/validate.ts',
  'bench/images.ts',
  'bench/api.ts',
  'bench/sign-api.ts',
  'bench/web-bundle.ts',
  'bench/lighthouse.ts',
  'bench/page-latency.ts',
];
let failed = 0;
for (const script of benchmarks) {
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
