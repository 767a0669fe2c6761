#!/usr/bin/env bash
# `npm run bench`: PostgreSQL found (or started) as `npm test` finds it (scripts/ensure-postgres.sh), then the
# bench itself (scripts/bench.ts), which creates and drops a scratch database of its own there. No PostgreSQL
# at all fails the bench: its PostgreSQL figures are never skipped. Arguments go to the bench (`-- --json`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-postgres.sh
trap 'cash_pg_cleanup' EXIT
cash_ensure_postgres >&2
node --import tsx scripts/bench.ts "$@"
