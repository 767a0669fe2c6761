#!/usr/bin/env bash
# Finds Debian's Chromium for the browser tests, installing it when this machine has none and we are root.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[cash] Chromium not found: installing Debian's chromium package (one time)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "[cash] ERROR: no Chromium at $path. Install Debian's 'chromium' package or set CHROMIUM_PATH." >&2
exit 1
