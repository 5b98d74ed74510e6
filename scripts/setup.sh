#!/usr/bin/env bash
# Installs whatever is missing to build (and, with --browser, to test) Settle on a Debian
# machine that has Rust (rustup), Node and apt. Skips what is already there. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/versions.sh
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

say "Rust toolchain and targets (rust-toolchain.toml)"
rustup show active-toolchain >/dev/null
rustup target add wasm32-unknown-unknown thumbv7em-none-eabihf >/dev/null

if trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION"; then
  say "trunk $TRUNK_VERSION: present"
else
  say "trunk $TRUNK_VERSION: installing (this compiles for 10-20 minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

WBG_VERSION=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$WBG_VERSION" ]; then echo "setup: cannot read the wasm-bindgen version from Cargo.lock" >&2; exit 1; fi
if wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $WBG_VERSION"; then
  say "wasm-bindgen-cli $WBG_VERSION: present"
else
  say "wasm-bindgen-cli $WBG_VERSION: installing"
  # Not --locked: one of its locked dependencies is missing from the registry.
  cargo install wasm-bindgen-cli --version "$WBG_VERSION"
fi

if [ -x tests/e2e/node_modules/.bin/wasm-opt ] && [ -x tests/e2e/node_modules/.bin/playwright ] \
   && [ -f tests/e2e/node_modules/@axe-core/playwright/package.json ] \
   && [ tests/e2e/node_modules/.package-lock.json -nt tests/e2e/package-lock.json ]; then
  say "npm packages (wasm-opt, Playwright, axe-core): present"
else
  say "npm packages (wasm-opt, Playwright, axe-core): installing"
  (cd tests/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi

# What only the tests need: a Python venv with azure-servicebus and mypy (the SDK export check),
# mdBook (the test book), the Docusaurus check's site and Chromium.
if [ "${1:-}" = "--browser" ]; then
  PINS=$(echo $PY_SDK_PINS)
  if [ -x .venv-sdk/bin/mypy ] && [ "$(cat .venv-sdk/.pins 2>/dev/null)" = "$PINS" ]; then
    say "Python venv for the SDK export check (.venv-sdk): present"
  else
    say "Python venv for the SDK export check (.venv-sdk): installing"
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
      sudo_if_needed apt-get update
      sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y python3 python3-venv
    fi
    rm -rf .venv-sdk
    python3 -m venv .venv-sdk
    # shellcheck disable=SC2086 # one word per package
    .venv-sdk/bin/pip install --quiet --disable-pip-version-check --no-deps $PINS
    .venv-sdk/bin/pip check
    echo "$PINS" > .venv-sdk/.pins
  fi
  if mdbook --version 2>/dev/null | grep -qx "mdbook v$MDBOOK_VERSION"; then
    say "mdbook $MDBOOK_VERSION: present"
  else
    say "mdbook $MDBOOK_VERSION: installing (a few minutes, once)"
    cargo install mdbook --version "$MDBOOK_VERSION" --locked --no-default-features --features search
  fi
  # A Docusaurus v3 site that builds the embedding guide's lines (scripts/docusaurus-check.sh).
  if [ tests/docusaurus/node_modules/.package-lock.json -nt tests/docusaurus/package-lock.json ]; then
    say "npm packages of the Docusaurus check (tests/docusaurus): present"
  else
    say "npm packages of the Docusaurus check (tests/docusaurus): installing"
    (cd tests/docusaurus && npm ci --no-audit --no-fund)
  fi
  if [ -x /usr/bin/chromium ]; then
    say "Chromium: present"
  else
    say "Chromium: installing Debian's package"
    sudo_if_needed apt-get update
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  fi
  # Chinese renders with a system font (the page downloads none); without one, the Chinese
  # pages show empty boxes in the screenshots.
  if [ -n "$(fc-list :lang=zh 2>/dev/null)" ]; then
    say "A Chinese font: present"
  else
    say "A Chinese font: installing Debian's fonts-noto-cjk"
    sudo_if_needed apt-get update
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-cjk
  fi
fi
