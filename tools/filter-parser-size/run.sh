#!/usr/bin/env bash
# Measures what the SQL filter parser adds to a release wasm: the hand-written parser in
# settle-core against the same grammar written with winnow (see docs/filters.md).
# Needs wasm-opt on PATH (tests/e2e/node_modules/.bin after `scripts/setup.sh --browser`).
set -euo pipefail
cd "$(dirname "$0")"
report() {
  for c in base hand winnow_p; do
    f=target/wasm32-unknown-unknown/release/$c.wasm
    wasm-opt -Oz --strip-debug --strip-producers "$f" -o "target/$c.opt.wasm"
    printf '%-9s %-22s raw %7d  wasm-opt -Oz %7d  gzip -9 %6d\n' "$c" "$1" \
      "$(wc -c <"$f")" "$(wc -c <"target/$c.opt.wasm")" "$(gzip -9 -c "target/$c.opt.wasm" | wc -c)"
  done
}
cargo build --release --target wasm32-unknown-unknown -q
report "alone"
cargo build --release --target wasm32-unknown-unknown -q --features hand/json,winnow_p/json,base/json
report "with json and numbers"
