# Tool versions, pinned in one place. Sourced by scripts/setup.sh.
#
# - Rust toolchain and targets: rust-toolchain.toml (rustup installs them on first use).
# - wasm-bindgen-cli: the exact version Cargo.lock records for the wasm-bindgen crate
#   (Cargo.toml pins it with "="); setup.sh reads it from there, so the two cannot drift.
# - npm packages (Playwright, binaryen's wasm-opt): exact versions in tests/e2e/package.json,
#   locked by tests/e2e/package-lock.json.
# - mdBook: MDBOOK_VERSION below (cargo install, like Trunk).
# - Python packages of the SDK export check (azure-servicebus, mypy): PY_SDK_PINS below, every
#   package of the venv (.venv-sdk) with its exact version, installed without resolving.
# - Chromium: Debian's package (Playwright's own browser download is never used).

# Trunk 0.22 needs rustc >= 1.96.1; 0.21.14 builds with the pinned 1.95.
TRUNK_VERSION=0.21.14
# mdBook builds the test book (docs/book) that embeds lessons as docs writers would.
# Not packaged by Debian; installed from crates.io without its server and watcher.
MDBOOK_VERSION=0.5.4
# The exported Python programs (settle export --lang python) are type-checked with mypy --strict
# against the real azure-servicebus; these are every package that needs, each exactly (pip
# installs them with --no-deps, so nothing else can slip in). The export's "pip install" line
# names the same azure-servicebus version (a Rust test checks that).
PY_SDK_PINS="azure-servicebus==7.15.0 azure-core==1.41.0 isodate==0.7.2 typing_extensions==4.16.0
requests==2.34.2 certifi==2026.10.18 charset-normalizer==3.5.2 idna==3.20 urllib3==2.8.0
mypy==1.20.2 mypy_extensions==1.2.0 pathspec==1.1.1 librt==0.16.0"
