#!/usr/bin/env bash
# Runs the server suite on a real PostgreSQL: the one in CASH_TEST_DATABASE_URL, else the machine's server
# on 127.0.0.1:5432, else a throwaway cluster started here (installing PostgreSQL if root and missing).
# When none can be had it says so loudly and exits 0: the PGlite run still covers the same suite.
set -euo pipefail
cd "$(dirname "$0")/.."

run_suite() {
  echo "[cash] PostgreSQL suite on $1"
  CASH_TEST_DATABASE_URL="$1" npx vitest run --project node server/
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
