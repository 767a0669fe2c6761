#!/usr/bin/env bash
# `npm run bench`: PostgreSQL found (or started) as `npm test` finds it (scripts/ensure-postgres.sh), then the
# bench itself (scripts/bench.ts), which creates and drops a scratch database of its own there. No PostgreSQL
# at all fails the bench: its PostgreSQL figures are never skipped. Arguments go to the bench (`-- --json`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-postgres.sh
trap 'cash_pg_cleanup' EXIT
cash_ensure_postgres >&2
# The page figures load pages in Debian's full Chromium (Lighthouse drives it): installed here the first time.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "[cash] /usr/bin/chromium not found: installing Debian's chromium package (one time)…" >&2
  { apt-get install -y -qq chromium || { apt-get update -qq && apt-get install -y -qq chromium; }; } >/dev/null
fi
node --import tsx scripts/bench.ts "$@"
