#!/usr/bin/env bash
# The whole test suite: system tools, lint, format, types, dependency rules, unit/API tests, E2E.
# Run as `npm ci && npm test` on a fresh machine (README, command 2).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh

echo "== lint, format, dependency rules, dead code"
npm run lint
echo "== type-check"
npm run typecheck
echo "== unit and API tests"
npx vitest run
echo "== build the web app"
npm run build
echo "== end-to-end tests (system Chromium)"
npm run test:e2e
