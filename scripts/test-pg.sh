#!/usr/bin/env bash
# `npm run test:pg`: the `postgres` test project alone (vitest.config.ts says which suites and why) on the server
# scripts/ensure-postgres.sh finds or starts. CASH_PG_ALL=1 runs every server suite there.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-postgres.sh
trap 'cash_pg_cleanup' EXIT
cash_ensure_postgres
npx vitest run --project postgres "$@"
