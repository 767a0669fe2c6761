#!/usr/bin/env bash
# Sourced by scripts/test.sh and scripts/test-pg.sh: sets CASH_TEST_DATABASE_URL to a PostgreSQL server the
# `postgres` test project can use (it creates and drops databases of its own there), in this order:
#   1. CASH_TEST_DATABASE_URL as given;
#   2. the machine's server on 127.0.0.1:5432 (user postgres, trust auth);
#   3. a throwaway cluster started here on a free port (installing Debian's postgresql as root when no initdb
#      exists), stopped and deleted when the calling script exits (cash_pg_cleanup in its EXIT trap).
# When none can be had it fails, saying why: the PostgreSQL suite never passes by being skipped.
cash_pg_cleanup() { :; }

cash_pg_reachable() {
  node -e "const c = new (require('pg').Client)({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 })
    c.connect().then(() => c.query('select 1')).then(() => process.exit(0), () => process.exit(1))" "$1" >/dev/null 2>&1
}

cash_ensure_postgres() {
  if [ -n "${CASH_TEST_DATABASE_URL:-}" ]; then
    if ! cash_pg_reachable "$CASH_TEST_DATABASE_URL"; then
      echo "[cash] ERROR: CASH_TEST_DATABASE_URL=$CASH_TEST_DATABASE_URL does not answer." >&2; return 1
    fi
    echo "[cash] PostgreSQL: $CASH_TEST_DATABASE_URL (CASH_TEST_DATABASE_URL)"; return 0
  fi
  local local_url="postgres://postgres@127.0.0.1:5432/postgres"
  if cash_pg_reachable "$local_url"; then
    export CASH_TEST_DATABASE_URL="$local_url"
    echo "[cash] PostgreSQL: the machine's server on 127.0.0.1:5432"; return 0
  fi
  local initdb_bin
  initdb_bin=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$initdb_bin" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "[cash] No PostgreSQL server and no initdb: installing Debian's postgresql for a throwaway cluster…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || true
    initdb_bin=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)
  fi
  if [ -z "$initdb_bin" ]; then
    echo "[cash] ERROR: the PostgreSQL suite needs a server: none answers on 127.0.0.1:5432, no initdb is installed" >&2
    echo "[cash]        and this user cannot install one. Start PostgreSQL or set CASH_TEST_DATABASE_URL." >&2
    return 1
  fi
  local bin dir port as_pg=()
  bin=$(dirname "$initdb_bin")
  dir=$(mktemp -d /tmp/cash-pg.XXXXXX)
  port=$(node -e "const s = require('net').createServer()
    s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })")
  if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; as_pg=(runuser -u postgres --); fi
  "${as_pg[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null \
    || { echo "[cash] ERROR: initdb failed" >&2; return 1; }
  local options="-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" -o "$options" start >/dev/null \
    || { echo "[cash] ERROR: the throwaway PostgreSQL did not start:" >&2; cat "$dir/log" >&2; return 1; }
  CASH_PG_DIR=$dir; CASH_PG_BIN=$bin; CASH_PG_AS=("${as_pg[@]}")
  cash_pg_cleanup() {
    "${CASH_PG_AS[@]}" "$CASH_PG_BIN/pg_ctl" -D "$CASH_PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$CASH_PG_DIR"
  }
  export CASH_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "[cash] PostgreSQL: a throwaway cluster on port $port (nothing answered on 127.0.0.1:5432)"
}
