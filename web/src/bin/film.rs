//! The film player of preset embeds (`web/src/film.rs`, `web/src/view.rs`): a fourth wasm,
//! built by Trunk beside the playground and loaded by `view.html` for `?embed&preset=NAME`
//! when the preset has a film. It links no simulation and no scenario parser.

fn main() {
    settle_web::view::start_film();
}
