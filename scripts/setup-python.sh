#!/usr/bin/env bash
# Creates the Python virtual environment of the bridge client and its tests:
# .venv/ at the repository root, from the machine's python3, with the wheel of
# clients/python (built into a temporary folder, the bundled server inside,
# installed as a user has it: not editable) and its extras, pytest and mypy:
# numpy, protobuf, websockets, gymnasium, pettingzoo; torch, onnx, onnxruntime
# for the examples; ray for scale-out. The Python tests (test/bridge/python.test.ts)
# install a fresh wheel of the current sources beside it for each run.
#
# Offline machines: when pip's configuration names only local wheel folders and
# file:// indexes (a wheelhouse), the install uses exactly those folders with
# --no-index, so pip never tries an unreachable index. Elsewhere pip installs
# as configured.
#
# Idempotent and quick: when .venv was made by this same script from the same
# pyproject.toml and the same base interpreter, and every module is still
# importable, it does nothing (well under a second).
#
# Usage: scripts/setup-python.sh [--protoc]
#   --protoc   also install Debian's protoc 3.21 (protobuf-compiler), which `npm run proto` needs
# Environment: TERCIO_PYTHON_BASE (default: python3 on PATH), TERCIO_VENV (default: <repo>/.venv)
set -euo pipefail
SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
cd "$(dirname "$SELF")/.."
ROOT=$(pwd)
BASE=${TERCIO_PYTHON_BASE:-python3}
VENV=${TERCIO_VENV:-$ROOT/.venv}
PKG=clients/python
EXTRAS=all
MODULES=(numpy google.protobuf websockets gymnasium pettingzoo torch onnx onnxruntime ray pytest mypy tercio_client)

if [[ "${1:-}" == "--protoc" ]] && ! command -v protoc >/dev/null; then
  SUDO=(); [[ $(id -u) -ne 0 ]] && SUDO=(sudo)
  "${SUDO[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends protobuf-compiler
fi

if ! command -v "$BASE" >/dev/null; then
  echo "setup-python: no $BASE on PATH (set TERCIO_PYTHON_BASE to a Python >= 3.10)" >&2
  exit 1
fi
BASE_EXE=$("$BASE" -c 'import sys; print(sys.executable)')
"$BASE_EXE" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' || {
  echo "setup-python: $BASE_EXE is Python $("$BASE_EXE" -V 2>&1); tercio-client needs >= 3.10 (gymnasium, pettingzoo)" >&2
  exit 1
}

# What the environment is made from: any change (pyproject, this script, the interpreter) redoes the install.
STAMP_WANT=$(cat "$PKG/pyproject.toml" "$SELF" <(echo "$BASE_EXE $("$BASE_EXE" -V 2>&1) $EXTRAS") | sha256sum | cut -c1-16)
STAMP="$VENV/.tercio-setup"
PY="$VENV/bin/python"
importable() {
  "$PY" - "${MODULES[@]}" <<'EOF'
import importlib.util, sys
missing = [m for m in sys.argv[1:] if importlib.util.find_spec(m) is None]
if missing:
    print("setup-python: missing in the venv: " + " ".join(missing), file=sys.stderr)
sys.exit(1 if missing else 0)
EOF
}
if [[ -x "$PY" && -f "$STAMP" && "$(cat "$STAMP")" == "$STAMP_WANT" ]] && importable 2>/dev/null; then
  echo "setup-python: $VENV is up to date ($("$PY" -V 2>&1); run tests with $PY)"
  exit 0
fi

t0=$SECONDS
# An editable install (an older setup) left its metadata in the source tree; the wheel needs none there.
rm -rf "$PKG/tercio_client.egg-info"
if [[ ! -x "$PY" ]] || [[ "$(cat "$VENV/.tercio-base" 2>/dev/null)" != "$BASE_EXE" ]]; then
  # New, or made from another interpreter: (re)made from this one.
  echo "setup-python: creating $VENV from $BASE_EXE ($("$BASE_EXE" -V 2>&1))"
  "$BASE_EXE" -m venv --clear "$VENV"
  echo "$BASE_EXE" >"$VENV/.tercio-base"
fi

# pip's own configuration (files and PIP_* variables) says where packages come from.
pip_args=()
mapfile -t cfg < <("$PY" -m pip config list 2>/dev/null || true)
local_only=1
sources=()
for line in "${cfg[@]}"; do
  key=${line%%=*}
  val=${line#*=}; val=${val#\'}; val=${val%\'}
  case "$key" in
    *find-links|*index-url|*extra-index-url) ;;
    *) continue ;;
  esac
  for v in $val; do
    case "$v" in
      file://*) p=${v#file://} ;;
      /*) p=$v ;;
      *) local_only=0; continue ;;
    esac
    # A file:// "simple" index links its wheels from a sibling files/ folder: give pip that folder.
    if [[ "$key" == *index-url && -d "$p/../files" ]]; then p=$(cd "$p/../files" && pwd); fi
    [[ -d "$p" ]] && sources+=("$p")
  done
done
if [[ $local_only -eq 1 && ${#sources[@]} -gt 0 ]]; then
  pip_args+=(--no-index)
  for s in $(printf '%s\n' "${sources[@]}" | awk '!seen[$0]++'); do pip_args+=(--find-links "$s"); done
fi

WHEELS=$(mktemp -d)
trap 'rm -rf "$WHEELS"' EXIT
"$PY" -m pip install --quiet --disable-pip-version-check "${pip_args[@]}" 'setuptools>=70.1'
echo "setup-python: pip wheel $PKG (into $WHEELS)"
"$PY" -m pip wheel --quiet --disable-pip-version-check --no-deps --no-build-isolation "${pip_args[@]}" -w "$WHEELS" "$PKG"
WHEEL=$(ls "$WHEELS"/tercio_client-*.whl)
echo "setup-python: pip install '$WHEEL[$EXTRAS]' pytest mypy ${pip_args[*]}"
"$PY" -m pip uninstall --quiet -y tercio-client >/dev/null 2>&1 || true
"$PY" -m pip install --quiet --disable-pip-version-check "${pip_args[@]}" "$WHEEL[$EXTRAS]" pytest mypy
importable
echo "$STAMP_WANT" >"$STAMP"
"$PY" - <<'EOF'
from importlib.metadata import version
names = ["numpy", "protobuf", "websockets", "gymnasium", "pettingzoo", "torch", "onnx", "onnxruntime", "ray", "pytest", "mypy"]
print("setup-python: " + ", ".join(f"{n} {version(n)}" for n in names))
EOF
echo "setup-python: done in $((SECONDS - t0)) s; run tests with $PY"
