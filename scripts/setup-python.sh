#!/usr/bin/env bash
# Installs the Debian packages the Python bridge client and its tests need
# (PyPI is not reachable in CI; only the system /usr/bin/python3 sees these).
# Idempotent: does nothing when every package is already installed, and runs
# `apt-get update` only when a package cannot be found in the current lists.
# Usage: scripts/setup-python.sh [--torch]   (--torch adds PyTorch for examples/ppo_torch.py)
set -euo pipefail

pkgs=(python3-numpy python3-protobuf python3-websockets protobuf-compiler)
if [[ "${1:-}" == "--torch" ]]; then pkgs+=(python3-torch libopenblas0-pthread); fi

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then missing+=("$p"); fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup-python: all present (${pkgs[*]})"
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then SUDO=(); elif command -v sudo >/dev/null; then SUDO=(sudo); else
  echo "setup-python: need root or sudo to install: ${missing[*]}" >&2
  exit 1
fi

need_update=0
for p in "${missing[@]}"; do
  # A package with no candidate means the package lists are missing or stale.
  cand=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
  if [[ -z "$cand" || "$cand" == "(none)" ]]; then need_update=1; break; fi
done
if [[ $need_update -eq 1 ]]; then "${SUDO[@]}" apt-get update -qq; fi

echo "setup-python: installing ${missing[*]}"
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
/usr/bin/python3 -c 'import numpy, google.protobuf, websockets; print("setup-python: numpy", numpy.__version__, "protobuf", google.protobuf.__version__, "websockets", websockets.__version__)'
