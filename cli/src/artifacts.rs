//! `settle render` and `settle export`: the scenario as a picture or as an SDK program.
//!
//! - `settle render FILE|-|preset:NAME --svg [--animate] [--lang L]`: the story as a static SVG.
//! - `settle export --lang python|typescript FILE|-|preset:NAME`: a program that performs the
//!   scenario's script against a real Service Bus queue and compares with Settle's prediction.
//!   Here `--lang` names the program's language, not the words'.
//!
//! A scenario over the work budget exits 3 with the message `settle run` prints; one that
//! cannot become the artifact exits 4, as an invalid scenario does.

use crate::fail::Fail;
use crate::{Input, Named, Output, Words, load, out};
use settle_export::sdk::Lang;

/// `settle render`.
#[derive(clap::Args, Debug)]
pub(crate) struct Render {
    #[command(flatten)]
    input: Input,
    /// Draw an SVG (the only format so far; required)
    #[arg(long, required = true)]
    svg: bool,
    /// A cursor sweeps the story in time (an animated SVG)
    #[arg(long)]
    animate: bool,
    #[command(flatten)]
    words: Words,
    #[command(flatten)]
    output: Output,
}

impl Render {
    pub(crate) fn run(self) -> Result<(), Fail> {
        debug_assert!(self.svg, "clap requires --svg");
        self.words.install();
        let sc = load("render", &self.input.file)?;
        let svg = if self.animate {
            settle_export::svg::svg_animated(&sc)
        } else {
            settle_export::svg::svg(&sc)
        }?;
        out::emit(self.output.path(), &svg)
    }
}

/// `settle export`.
#[derive(clap::Args, Debug)]
pub(crate) struct Export {
    /// The program's language: python (py) or typescript (ts)
    #[arg(long, value_name = "LANG", required = true, value_parser = sdk_lang())]
    lang: Lang,
    #[command(flatten)]
    input: Input,
    #[command(flatten)]
    output: Output,
}

fn sdk_lang() -> Named<Lang> {
    Named {
        parse: Lang::parse,
        refuse: |l| format!("export: unknown language '{l}' (python or typescript)"),
        values: &["python", "typescript"],
    }
}

impl Export {
    pub(crate) fn run(self) -> Result<(), Fail> {
        let sc = load("export", &self.input.file)?;
        let program = settle_export::sdk::export(&sc, self.lang)?;
        out::emit(self.output.path(), &program)
    }
}
