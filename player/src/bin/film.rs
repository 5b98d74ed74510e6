//! The film player of preset embeds (`player/src/film.rs`, `player/src/view.rs`): a fourth wasm,
//! built by Trunk beside the playground and loaded by `view.html` for `?embed&preset=NAME`
//! when the preset has a film. It links no simulation and no scenario parser.

fn main() {
    settle_player::view::start_film();
}
