#!/usr/bin/env bash
# Finds HAProxy for the scale test and deploy/cluster.sh, installing Debian's haproxy package when this machine
# has none and we are root. Without it the scale test fails: it never skips.
set -euo pipefail
for path in /usr/sbin/haproxy /usr/bin/haproxy /usr/local/sbin/haproxy; do [ -x "$path" ] && exit 0; done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[cash] HAProxy not found: installing Debian's haproxy package (one time)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq haproxy >/dev/null
  [ -x /usr/sbin/haproxy ] && exit 0
fi
echo "[cash] ERROR: no HAProxy. Install Debian's 'haproxy' package (the scale test and deploy/cluster.sh need it)." >&2
exit 1
