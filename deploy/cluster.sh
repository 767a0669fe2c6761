#!/usr/bin/env bash
# `deploy/cluster.sh [instances]` (default 3): PostgreSQL (DATABASE_URL as given; else the machine's server on
# 127.0.0.1:5432, else a throwaway cluster, the way `npm test` finds one), migrations once, N Cash servers on
# ports of their own and HAProxy in front. Runs in the foreground; Ctrl-C stops the balancer, every server, and
# a throwaway PostgreSQL. Build the pages first (`npm run build`) to serve them. With DATABASE_OWNER_URL the
# migrations run as that owner role and the servers as DATABASE_URL's role (docs/operations.md, "Database roles").
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
if [ -z "${DATABASE_URL:-}" ]; then
  source scripts/ensure-postgres.sh
  trap 'cash_pg_cleanup' EXIT
  cash_ensure_postgres
  node -e "const c = new (require('pg').Client)(process.argv[1])
    c.connect().then(() => c.query('CREATE DATABASE cash_cluster')).catch(() => {}).finally(() => c.end())" \
    "$CASH_TEST_DATABASE_URL"
  DATABASE_URL="$(node -e "const u = new URL(process.argv[1]); u.pathname = '/cash_cluster'; console.log(String(u))" \
    "$CASH_TEST_DATABASE_URL")"
  export DATABASE_URL
fi
node --import tsx deploy/cluster.ts "${1:-3}"
