#!/usr/bin/env bash
# Runs every check and test of Settle, installing what is missing first (scripts/setup.sh).
# This is the one test command: .ci/run calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
export PATH="$PWD/tests/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# A fresh CI checkout builds once: incremental caches would only take disk (about 1 GB).
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi

step() { printf '\n\033[1m==> %s\033[0m\n' "$1"; shift; "$@"; }

step "Format" cargo fmt --all --check
step "No import cycle between the files of any crate" node scripts/import-cycles.mjs
step "Clippy" cargo clippy --workspace --all-targets -- -D warnings
# The embeds' viewer is built without the page's default `entities` feature (index.html).
step "Clippy, the player and web crates without entities (the embeds' viewer)" \
  cargo clippy -p settle-player -p settle-web --no-default-features --all-targets -- -D warnings
# The model-based property test runs 10,000 random cases here (PROPTEST_CASES).
step "Rust tests" env PROPTEST_CASES="${PROPTEST_CASES:-10000}" cargo test --workspace
# The debug run above takes the fuzz target's first 1,000 seeds; here the first 3,000, in a
# release build (a case that drives 100,000 sends costs seconds unoptimised).
step "Scenario fuzz target, 3,000 cases (release)" env FUZZ_CASES="${FUZZ_CASES:-3000}" \
  cargo test --release -p settle-scenario --test fuzz_scenarios whole_scenarios -- --nocapture
# settle's man pages (settle.1 and settle-COMMAND.1 for each command) and shell completions, as packagers would
# install them (docs/cli.md).
step "settle's man pages and shell completions, into target/settle-docs" bash -c '
  set -euo pipefail
  settle() { cargo run -q -p settle-cli -- "$@"; }
  d=target/settle-docs; mkdir -p "$d"
  settle man -o "$d/settle.1"
  commands=$(settle --help | awk "/^Commands:/ { on = 1; next } /^$/ { on = 0 } on { print \$1 }")
  for c in $commands; do settle man "$c" -o "$d/settle-$c.1"; done
  for s in bash zsh fish elvish powershell; do settle completions "$s" -o "$d/settle.$s"; done'
# What the README and docs/ tell a reader holds: every relative link resolves, every `settle`
# command they show runs (in a scratch copy of docs/ and examples/), other commands name only
# paths that exist (scripts/doc-check.mjs).
step "Documents: links resolve, commands run" bash -c 'cargo build -q -p settle-cli && node scripts/doc-check.mjs'
# docs/settle.schema.json (for editors) and the format's reader agree: every preset, example
# and tests/schema/valid document passes both; each tests/schema/invalid document, one mistake
# each, is refused by both at the same place (scripts/schema-check.mjs).
step "Scenario documents: docs/settle.schema.json and settle agree" bash -c 'cargo build -q -p settle-cli && node scripts/schema-check.mjs'
# Every preset and example exported as a Python and a TypeScript program type-checks against the
# real SDKs (mypy --strict with azure-servicebus, tsc --noEmit --strict with @azure/service-bus).
step "SDK export type-checks (settle export, mypy --strict, tsc --strict)" bash scripts/sdk-check.sh
step "settle-core without std, for wasm32" \
  cargo build -p settle-core --no-default-features --target wasm32-unknown-unknown
step "settle-core on a bare-metal target (no std exists there at all)" \
  cargo build -p settle-core --no-default-features --target thumbv7em-none-eabihf
step "settle-scenario (one queue) and settle-export, still without std" \
  cargo build -p settle-scenario -p settle-export --no-default-features --target thumbv7em-none-eabihf
step "settle-scenario with entities (topics, subscriptions, filters), still without std" \
  cargo build -p settle-scenario --no-default-features --features entities --target thumbv7em-none-eabihf
step "Release build of the playground" trunk build --release --offline
# What a first visit fetches, against size-budget.json (deterministic: a test, not a timing).
step "Release dist size and budget" node tests/e2e/size-report.mjs dist --budget size-budget.json
# The stage's geometry is plain arithmetic: one call of f64::sin or cos brings libm's versions
# with the reduction of huge arguments (7.6 KiB raw; it crept back once). Trunk's build above
# left the wasm with its names in target/.
for bin in settle-web settle-full settle-view settle-film; do
  step "No libm in $bin's wasm" \
    node tests/e2e/size-attrib.mjs "target/wasm32-unknown-unknown/release/$bin.wasm" --forbid libm_math
done
# The playground's first build runs one queue: documents with entities open its second build,
# settle-full (full.html; player/src/page.rs, `load`).
step "No entities in the playground's first wasm" \
  node tests/e2e/size-attrib.mjs target/wasm32-unknown-unknown/release/settle-web.wasm \
  --forbid 'settle_core::namespace::many|settle_scenario::rules'

# The film player plays recordings: no broker, no scenario parser, no JSON (player/src/film.rs).
# The lesson's captions it shows are the scenario crate's plain data (lesson::Shown): their drop
# glue is the one thing of that crate it may hold.
step "No simulation in the film player's wasm" \
  node tests/e2e/size-attrib.mjs target/wasm32-unknown-unknown/release/settle-film.wasm \
  --forbid '^(?!_ZN4core3ptr[0-9]+drop_in_place|core::ptr::drop_in_place).*(settle_core::(world|queue|actors)|settle_scenario|serde_json)'
# The films in player/films are held equal to a fresh recording by a Rust test (film::tests).
# The docs book that embeds two lessons (checked by tests/e2e/tests/book.spec.ts, served beside
# the dist on one origin by tests/e2e/serve.mjs).
step "mdBook test book" mdbook build docs/book -d "$PWD/target/book"
# Docusaurus v3 compiles .md as MDX: the embedding guide's Docusaurus line builds in a real
# Docusaurus site (tests/docusaurus) and renders the plain HTML line's iframe; the plain line
# there fails, as the guide says (scripts/docusaurus-check.sh).
step "Docusaurus v3 builds the embedding guide's MDX line" bash scripts/docusaurus-check.sh
# A free loopback port, so that nothing already listening can get in the way.
PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export PORT
step "Playwright end-to-end tests (headless Chromium, release build under a sub-path, port $PORT)" \
  bash -c 'cd tests/e2e && npx playwright test'
