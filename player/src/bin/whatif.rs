//! The What-if page's wasm (`player/src/whatif/`): the page in `whatif.html`, and each of its
//! sweep workers in a Web Worker (the same wasm, started by Trunk's loader shim).

fn main() {
    settle_player::whatif::start();
}
