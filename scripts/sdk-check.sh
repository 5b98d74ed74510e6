#!/usr/bin/env bash
# The SDK export check: every preset and every example scenario (examples/ and
# examples/entities/), exported as a Python and a
# TypeScript program (`settle export`), type-checks against the real SDKs:
# - Python: `mypy --strict` with azure-servicebus (the venv .venv-sdk, pinned in
#   scripts/versions.sh, made by scripts/setup.sh --browser);
# - TypeScript: `tsc --noEmit --strict` with @azure/service-bus (pinned in tests/e2e/package.json
#   and its lock, installed by npm ci).
# Usage: scripts/sdk-check.sh [SETTLE_BINARY]   (default: builds and uses target/debug/settle)
set -euo pipefail
cd "$(dirname "$0")/.."

SETTLE=${1:-}
if [ -z "$SETTLE" ]; then
  cargo build -q -p settle-cli
  SETTLE=target/debug/settle
fi
for tool in .venv-sdk/bin/mypy tests/e2e/node_modules/.bin/tsc; do
  if [ ! -x "$tool" ]; then
    echo "sdk-check: $tool is missing: run scripts/setup.sh --browser" >&2
    exit 1
  fi
done

OUT=target/sdk-check
rm -rf "$OUT"
mkdir -p "$OUT/py" "$OUT/ts"
# Module resolution looks for @azure/service-bus in node_modules beside (or above) each file.
ln -s "$PWD/tests/e2e/node_modules" "$OUT/ts/node_modules"

count=0
export_one() { # NAME SOURCE
  # File names are module names: letters, digits and underscores only.
  local name=${1//[^A-Za-z0-9]/_}
  "$SETTLE" export --lang python "$2" > "$OUT/py/$name.py"
  "$SETTLE" export --lang typescript "$2" > "$OUT/ts/$name.ts"
  count=$((count + 1))
}
# The presets only: the list ends at its first blank line (the comparisons follow it).
for preset in $("$SETTLE" presets | awk 'NF == 0 { exit } { print $1 }'); do
  export_one "preset_$preset" "preset:$preset"
done
for example in examples/*.json; do
  export_one "example_$(basename "$example" .json)" "$example"
done
# Several entities (topics, subscriptions, rules, reply queues) and session receivers.
for example in examples/entities/*.json; do
  export_one "entities_$(basename "$example" .json)" "$example"
done
if [ "$count" -lt 2 ]; then
  echo "sdk-check: only $count scenarios exported: the preset list is broken" >&2
  exit 1
fi
echo "exported $count scenarios (presets and examples) in Python and TypeScript"

echo "mypy --strict (azure-servicebus $(.venv-sdk/bin/pip show azure-servicebus | awk '/^Version:/ { print $2 }')):"
.venv-sdk/bin/mypy --strict --no-incremental --cache-dir=/dev/null "$OUT"/py/*.py

echo "tsc --noEmit --strict (@azure/service-bus $(node -p 'require("./tests/e2e/node_modules/@azure/service-bus/package.json").version')):"
(cd "$OUT/ts" && node_modules/.bin/tsc --noEmit --strict --target ES2022 --module NodeNext \
  --moduleResolution NodeNext --types node ./*.ts)
echo "tsc: no errors in $count files"
