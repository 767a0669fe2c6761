#!/usr/bin/env bash
# Finds the Chromium the browser tests drive, installing it when this machine has none and we are root.
# The tests drive Debian's chromium-headless-shell (the same Chromium build as the `chromium` package, without the
# full browser's UI and GPU process): on the 2-core machines it takes half the CPU of `chromium --headless` and the
# browser stage runs in two thirds of the time. CHROMIUM_PATH points the tests at another Chromium.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$path" ]; then exit 0; fi
if [ -z "${CHROMIUM_PATH:-}" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[cash] Chromium's headless shell not found: installing Debian's chromium-headless-shell package (one time)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium-headless-shell >/dev/null
  [ -x "$path" ] && exit 0
fi
echo "[cash] ERROR: no Chromium at $path. Install Debian's 'chromium-headless-shell' package or set CHROMIUM_PATH." >&2
exit 1
