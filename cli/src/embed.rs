//! `settle embed FILE|-|preset:NAME [--width W] [--lang L] [--base URL]`: the embed of a
//! scenario for a web page, as the playground's Embed button makes it (web/src/ui/tools.rs):
//! an iframe of `view.html?embed&autoplay=1` carrying
//!
//! - `&preset=NAME` for a built-in preset (view.html plays the preset's recorded film);
//! - else the scenario's film in the fragment (`#f=…&t=0`, `settle_player::film::link`) when
//!   its run is short enough for a link, the film player then plays it without simulating;
//! - else the scenario itself (`#s=…&t=0`, `settle_player::share::fragment`), simulated by the
//!   viewer,
//!
//! then the optional script that keeps the frame's height right on narrow pages. The frame is
//! `--width` px wide (default 800) and exactly as tall as the embed is at that width.
//! `--base` is where the playground is served (view.html and embed.js); the default `./`
//! suits a page beside them.

use crate::fail::Fail;
use crate::{Input, Output, Words, out};

/// `settle embed`.
#[derive(clap::Args, Debug)]
pub(crate) struct Embed {
    #[command(flatten)]
    input: Input,
    /// The frame's width in CSS px; its height follows (the stage keeps its shape)
    #[arg(
        long,
        value_name = "PX",
        default_value_t = 800,
        value_parser = clap::value_parser!(u32).range(320..=2000)
    )]
    width: u32,
    #[command(flatten)]
    words: Words,
    /// Where the playground is served: the directory of view.html and embed.js, such as
    /// https://example.org/settle/ (the default, ./, is a page beside them)
    #[arg(long, value_name = "URL", default_value = "./")]
    base: String,
    #[command(flatten)]
    output: Output,
}

impl Embed {
    pub(crate) fn run(self) -> Result<(), Fail> {
        self.words.install();
        let sc = crate::load("embed", &self.input.file)?;
        let target = match self.input.file.strip_prefix("preset:") {
            Some(name) => format!("&preset={name}"),
            None => {
                // The whole scenario (its own run_until_ms), from the start.
                let text = sc.to_text();
                settle_player::film::link(&text).map_or_else(
                    |_| settle_player::share::fragment(&text, 0),
                    |film| format!("{film}&t=0"),
                )
            }
        };
        let snippet = snippet(&self.base, &sc.title, &target, self.width);
        out::emit(self.output.path(), &snippet)
    }
}

/// The iframe and the auto-height script (`settle_player::embed::snippet`), for `view.html` in
/// the directory `base`, and a line's end.
fn snippet(base: &str, title: &str, target: &str, width: u32) -> String {
    let dir = if base.is_empty() || base.ends_with('/') {
        base.to_string()
    } else {
        format!("{base}/")
    };
    let mut lines = settle_player::embed::snippet(&dir, title, target, width);
    lines.push('\n');
    lines
}
