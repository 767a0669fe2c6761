#!/usr/bin/env bash
# `npm test`: every test. Types, unit and API tests on PGlite, the server suite again on PostgreSQL,
# then the built pages in Chromium against the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-chromium.sh
echo "[cash] typecheck"; npx tsc --noEmit -p tsconfig.json
echo "[cash] unit and API tests (PGlite)"; npx vitest run
bash scripts/test-pg.sh
echo "[cash] build"; npx vite build --logLevel warn
echo "[cash] browser tests (Chromium)"; npx playwright test
