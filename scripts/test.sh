#!/usr/bin/env bash
# `npm test`: every test. Types (in the background, alongside) the unit and API tests on PGlite, the suites
# where PostgreSQL can differ again on PostgreSQL (scripts/test-pg.sh says which), then the built pages in
# Chromium against the real server. The unit run includes the first-load budget of the webview pages
# (scripts/bundle-size.test.ts) and the kill-and-restart load test (server/resilience.test.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-chromium.sh
tsc_log=$(mktemp /tmp/cash-tsc.XXXXXX)
trap 'rm -f "$tsc_log"' EXIT
# tsc is one thread: it runs beside the vitest workers instead of before them.
echo "[cash] typecheck (alongside the unit tests)"; npx tsc --noEmit -p tsconfig.json >"$tsc_log" 2>&1 & tsc_pid=$!
echo "[cash] unit and API tests (PGlite)"; npx vitest run || { wait "$tsc_pid" || cat "$tsc_log"; exit 1; }
if ! wait "$tsc_pid"; then echo "[cash] typecheck failed:"; cat "$tsc_log"; exit 1; fi
echo "[cash] typecheck passed"
bash scripts/test-pg.sh
echo "[cash] build"; npx vite build --logLevel warn
echo "[cash] browser tests (Chromium)"; npx playwright test
