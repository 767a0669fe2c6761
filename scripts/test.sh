#!/usr/bin/env bash
# `npm test`: every test, on every core.
#   setup     Chromium and HAProxy (installed if missing, as root) and a PostgreSQL server (the machine's on
#             127.0.0.1:5432, or a throwaway cluster: scripts/ensure-postgres.sh; no server at all fails the run).
#   lint      Biome: the formatter's check and the linter (biome.json; docs/code-style.md).
#   vitest    the unit, server (PGlite), postgres and dom projects side by side (vitest.config.ts), with the
#             typecheck and the page build running beside them.
#   browser   the built pages in Chromium against real servers (playwright.config.ts).
# At the end it prints each stage's time and the test counts. A skipped test fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund

work=$(mktemp -d /tmp/cash-test.XXXXXX)
source scripts/ensure-postgres.sh
trap 'cash_pg_cleanup; rm -rf "$work"' EXIT

run_started=$(date +%s)
stage_started=$run_started
stages=()
stage_done() {
  local now; now=$(date +%s)
  stages+=("$(printf '%-9s %4ss' "$1" $((now - stage_started)))")
  stage_started=$now
}
# Waits for a background step; on failure shows its output and stops the run.
wait_for() {
  if ! wait "$2"; then echo "[cash] $1 failed:"; cat "$3"; exit 1; fi
  echo "[cash] $1 passed"
}

bash scripts/ensure-chromium.sh
bash scripts/ensure-haproxy.sh
cash_ensure_postgres
stage_done setup

# Lint and format first (Biome, under a second): a misformatted file fails the run before anything slow starts.
echo "[cash] lint and format (Biome)"
npx biome ci --error-on-warnings --reporter=summary . \
  || { echo "[cash] lint or format failed: npm run format fixes the layout; the lint findings are above"; exit 1; }

# tsc and vite build are one thread each: they run beside the vitest workers instead of before them.
echo "[cash] typecheck and build (alongside the vitest projects)"
npx tsc --noEmit -p tsconfig.json >"$work/tsc.log" 2>&1 & tsc_pid=$!
{ npx vite build --logLevel warn && npx vite build --logLevel warn --ssr; } >"$work/build.log" 2>&1 & build_pid=$!
echo "[cash] vitest: unit, server (PGlite), postgres ($CASH_TEST_DATABASE_URL), dom"
CASH_TEST_COUNTS="$work/vitest-counts.json" \
  npx vitest run --reporter=default --reporter=./scripts/test-counts-reporter.ts \
  || { wait "$tsc_pid" || cat "$work/tsc.log"; exit 1; }
wait_for typecheck "$tsc_pid" "$work/tsc.log"
wait_for build "$build_pid" "$work/build.log"
stage_done vitest

echo "[cash] browser tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$work/playwright.json" npx playwright test --reporter=list,json
stage_done browser

node scripts/test-summary.mjs "$work/vitest-counts.json" "$work/playwright.json" "${stages[@]}" \
  "total     $(($(date +%s) - run_started))s"
