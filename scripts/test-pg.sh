#!/usr/bin/env bash
# Runs the server suites where PostgreSQL can behave differently from PGlite on a real PostgreSQL: the one in
# CASH_TEST_DATABASE_URL, else the machine's server on 127.0.0.1:5432, else a throwaway cluster started here
# (installing PostgreSQL if root and missing). When none can be had it says so loudly and exits 0: the PGlite
# run still covers the same suites.
#
# Which suites: PGlite is PostgreSQL itself (same parser, planner, types, triggers, migrations), run on one
# connection. What only a real server shows is concurrency: row locks and their order (deadlocks), FOR UPDATE
# / SKIP LOCKED, idempotency keys raced by duplicates, a pool of connections, transactions interleaving. So the
# rerun is the suites that exercise those (money movement and the ledger, holds and card authorizations, the
# job queue, alerts marked by every movement, borrow and grow jobs, limits and history's SQL, the append-only
# audit trigger); every one migrates its database from scratch first, so migrations are covered too.
# `CASH_PG_ALL=1` reruns all of server/ as before. server/resilience.test.ts runs PostgreSQL on its own.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_SUITES=(
  server/ledger/
  server/cards/authorization.test.ts
  server/money-out/withdrawals.test.ts
  server/money-out/pix-send.test.ts
  server/alerts/alerts.test.ts
  server/borrow/borrow.test.ts
  server/grow/grow.test.ts
  server/accounts/limits.test.ts
  server/history/history.test.ts
  server/admin/audit.test.ts
)

run_suite() {
  echo "[cash] PostgreSQL suite on $1"
  if [ -n "${CASH_PG_ALL:-}" ]; then
    CASH_TEST_DATABASE_URL="$1" npx vitest run --project node server/ --exclude server/resilience.test.ts
  else
    CASH_TEST_DATABASE_URL="$1" npx vitest run --project node "${PG_SUITES[@]}"
  fi
}

if [ -n "${CASH_TEST_DATABASE_URL:-}" ]; then run_suite "$CASH_TEST_DATABASE_URL"; exit; fi

if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432 -U postgres 2>/dev/null \
  && psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
  run_suite "postgres://postgres@127.0.0.1:5432/postgres"; exit
fi

find_bin() { ls /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -1 || true; }
initdb_bin=$(find_bin initdb)
if [ -z "$initdb_bin" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[cash] No PostgreSQL found: installing Debian's postgresql package for a throwaway cluster…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || true
  initdb_bin=$(find_bin initdb)
fi
if [ -z "$initdb_bin" ]; then
  echo "[cash] !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo "[cash] !!! PostgreSQL suite SKIPPED: no server reachable and no initdb to start one.     !!!"
  echo "[cash] !!! Set CASH_TEST_DATABASE_URL or install PostgreSQL to run it.                    !!!"
  echo "[cash] !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  exit 0
fi

bin=$(dirname "$initdb_bin")
dir=$(mktemp -d /tmp/cash-pg.XXXXXX)
port=54329
as_pg=()
if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; as_pg=(runuser -u postgres --); fi
cleanup() { "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null
run_suite "postgres://postgres@127.0.0.1:$port/postgres"
