#!/usr/bin/env bash
# Installs Debian's Chromium for the viewer's end-to-end tests (test/web/),
# driven by playwright-core. Idempotent: does nothing when /usr/bin/chromium
# exists. (`npx playwright install` cannot work here: it downloads its own browser.)
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "setup-browser: $(/usr/bin/chromium --version 2>/dev/null || echo chromium) already installed"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
echo "setup-browser: installed $(/usr/bin/chromium --version)"
