//! The lean viewer of read-only embeds (`player/src/view.rs`): a third wasm, built by Trunk
//! beside the playground and loaded by `view.html` only.

fn main() {
    settle_player::view::start();
}
