# Tool versions, pinned in one place. Sourced by scripts/setup.sh.
#
# - Rust toolchain and targets: rust-toolchain.toml (rustup installs them on first use).
# - wasm-bindgen-cli: the exact version Cargo.lock records for the wasm-bindgen crate
#   (Cargo.toml pins it with "="); setup.sh reads it from there, so the two cannot drift.
# - npm packages (Playwright, binaryen's wasm-opt): exact versions in tests/e2e/package.json,
#   locked by tests/e2e/package-lock.json.
# - mdBook: MDBOOK_VERSION below (cargo install, like Trunk).
# - Chromium: Debian's package (Playwright's own browser download is never used).

# Trunk 0.22 needs rustc >= 1.96.1; 0.21.14 builds with the pinned 1.95.
TRUNK_VERSION=0.21.14
# mdBook builds the test book (docs/book) that embeds lessons as docs writers would.
# Not packaged by Debian; installed from crates.io without its server and watcher.
MDBOOK_VERSION=0.5.4
