// Enforces the dependency rules of ARCHITECTURE.md §2 by reading every import in the workspace.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const sourceExt = /\.(ts|tsx|mts|js|mjs)$/;
const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Which of our own packages each workspace may import outside its tests. */
const allowedPackages = {
  'packages/contracts': [],
  'packages/pdf': [],
  'packages/trust-services': [],
  'apps/api': ['@signet/contracts', '@signet/pdf', '@signet/trust-services'],
  'apps/web': ['@signet/contracts'],
};

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (sourceExt.test(name)) yield path;
  }
}

const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) || file.includes(`${sep}test${sep}`) || file.includes(`${sep}e2e${sep}`);
const problems = [];

for (const [workspace, allowed] of Object.entries(allowedPackages)) {
  const dir = join(root, workspace);
  let files;
  try {
    files = [...walk(dir)];
  } catch {
    continue;
  }
  for (const file of files) {
    const rel = relative(root, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importRe)) {
      const spec = match[1] ?? match[2];
      if (!spec) continue;
      if (spec.startsWith('@signet/')) {
        const pkg = spec.split('/').slice(0, 2).join('/');
        const testOnly = isTestFile(file) && workspace.startsWith('packages/');
        if (!allowed.includes(pkg) && !testOnly) problems.push(`${rel}: ${workspace} must not import ${pkg}`);
        if (
          pkg === '@signet/trust-services' &&
          workspace === 'apps/api' &&
          !rel.endsWith(`src${sep}app.ts`) &&
          !isTestFile(file)
        )
          problems.push(
            `${rel}: only apps/api/src/app.ts mounts @signet/trust-services; modules reach providers over HTTP`,
          );
      }
      if (spec.startsWith('.')) {
        const target = relative(root, resolve(dirname(file), spec));
        if (target.startsWith('apps') && !target.startsWith(workspace))
          problems.push(`${rel}: imports another app (${target})`);
        if (workspace.startsWith('packages/') && !target.startsWith(workspace))
          problems.push(`${rel}: reaches outside its package (${target})`);
        const feature = rel.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
        const targetFeature = target.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
        if (feature && targetFeature && feature !== targetFeature)
          problems.push(
            `${rel}: web feature '${feature}' imports feature '${targetFeature}'; compose them in a route`,
          );
        const mod = rel.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
        const targetMod = target.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
        if (mod && targetMod && mod !== targetMod && !/\.service(\.ts)?$/.test(target))
          problems.push(
            `${rel}: module '${mod}' uses '${target}'; another module is reached only through its *.service.ts`,
          );
      }
    }
  }
}

if (problems.length) {
  console.error(`Dependency rules broken (ARCHITECTURE.md §2):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('dependency rules: ok');
