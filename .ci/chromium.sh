#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when the machine lacks it.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
/usr/bin/chromium --version
