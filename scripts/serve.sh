#!/usr/bin/env bash
# Serves the playground at http://127.0.0.1:8080/ , rebuilding on change.
# Installs what is missing first (see scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/tests/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --offline "$@"
