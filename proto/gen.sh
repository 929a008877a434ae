#!/usr/bin/env bash
# `npm run proto`: regenerates every file derived from proto/tercio.proto.
# The outputs are committed, so a fresh clone needs none of this.
#   proto/tercio.js + proto/tercio.d.ts     protobufjs static module (ESM) + types
#   clients/python/tercio_client/tercio_pb2.py   protoc (must be Debian's 3.21, matching python3-protobuf)
set -euo pipefail
cd "$(dirname "$0")/.."
npx pbjs -t static-module -w es6 --dependency protobufjs/minimal.js --no-delimited --no-typeurl \
  -o proto/tercio.js proto/tercio.proto
# Node ESM gives a CommonJS module's named exports only when it can detect them; the default import always works.
sed -i 's|^import \* as \$protobuf from "protobufjs/minimal.js";|import $protobuf from "protobufjs/minimal.js";|' proto/tercio.js
npx pbts -o proto/tercio.d.ts proto/tercio.js
if command -v protoc >/dev/null; then
  v=$(protoc --version | awk '{print $2}')
  case "$v" in 3.21.*) ;; *) echo "proto/gen.sh: protoc $v; use 3.21.x (python3-protobuf's runtime) for tercio_pb2.py" >&2; exit 1 ;; esac
  protoc --proto_path=proto --python_out=clients/python/tercio_client proto/tercio.proto
else
  echo "proto/gen.sh: protoc not found (scripts/setup-python.sh --protoc installs it); tercio_pb2.py left as is" >&2
fi
