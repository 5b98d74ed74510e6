//! `settle`: the headless runner for the scenario format (docs/format.md).
//!
//! - `settle run FILE|-|preset:NAME`: prints the trace as JSON Lines; exit 0 when the scenario
//!   ran.
//! - `settle check FILE|-|preset:NAME`: validates only; exit 0 when valid.
//! - `render`, `export` (artifacts.rs), `lesson`, `compare` (lessons.rs), `sweep` (sweep.rs),
//!   `presets`, `preset`.
//!
//! The arguments are parsed by clap; every failure is a [`Fail`] with its exit status
//! (fail.rs, docs/cli.md): a rejected scenario prints `error: <json path>: <what is wrong>` on
//! stderr and exits 4; a scenario that would exceed the work budget stops with
//! `error: work budget exceeded: ...` and exits 3 (`settle run` has written the trace up to
//! there, unless it writes a file with `-o`).

mod artifacts;
mod embed;
mod fail;
mod lessons;
mod out;
mod sweep;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand};
use fail::{Fail, Format};
use out::Out;
use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const ABOUT: &str =
    "Runs Service Bus message-settlement scenarios: traces, lessons, stories, SDK programs

A scenario is FILE, - (standard input) or preset:NAME (a built-in preset, see `settle presets`).";

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "settle",
    version,
    about = ABOUT,
    after_help = fail::EXIT_STATUS,
    subcommand_required = true,
    arg_required_else_help = true
)]
struct Cli {
    /// How results and errors are printed
    #[arg(long, value_enum, global = true, default_value_t = Format::Text)]
    format: Format,
    #[command(subcommand)]
    command: Command,
}

/// The scenario a command reads.
#[derive(clap::Args, Debug)]
struct Input {
    /// The scenario: a file, - for standard input, or preset:NAME (see `settle presets`)
    #[arg(value_name = "FILE")]
    file: String,
}

/// Where a command writes.
#[derive(clap::Args, Debug)]
struct Output {
    /// Write to FILE instead of standard output, whole or not at all
    ///
    /// FILE is written to a temporary file beside it, then renamed: when the command fails,
    /// nothing is left behind and an existing FILE is unchanged. - is standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

impl Output {
    fn path(&self) -> Option<&Path> {
        self.output.as_deref()
    }
}

/// The language of the words a command prints (`--lang`).
#[derive(clap::Args, Debug)]
struct Words {
    /// The language of the words (names and numbers in the data stay the same)
    #[arg(long, value_name = "LANG", value_parser = words_lang())]
    lang: Option<settle_i18n::Lang>,
}

impl Words {
    /// Installs the language for what the command prints.
    fn install(&self) {
        if let Some(lang) = self.lang {
            settle_i18n::install(settle_i18n::whole(lang));
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run a scenario and print its trace (JSON Lines)
    Run {
        #[command(flatten)]
        input: Input,
        #[command(flatten)]
        output: Output,
        /// Why a refused scenario was refused is said in --lang; the trace is the same
        #[command(flatten)]
        words: Words,
    },
    /// Validate a scenario: exit 0 when it is valid and runs within the work budget
    Check {
        #[command(flatten)]
        input: Input,
        /// Why a refused scenario was refused is said in --lang
        #[command(flatten)]
        words: Words,
    },
    /// Draw the scenario's story as an SVG
    Render(artifacts::Render),
    /// Write the scenario as an Azure Service Bus SDK program (Python or TypeScript)
    Export(artifacts::Export),
    /// Print a lesson's captions at their times, then its summary and figures
    Lesson(lessons::Lesson),
    /// Print the variants of one story side by side, the difference checked (exit 1 when the
    /// runs contradict it)
    Compare(lessons::Compare),
    /// Run the scenario at every point of a grid of its settings and print one row a point
    /// (CSV; --format json or svg)
    ///
    /// Columns: the varied values, then throughput_per_s (completions per virtual second),
    /// latency_p50_ms and latency_p95_ms (enqueue to completion), lock_expiries and
    /// dead_lettered (per run), max_queue_length, seeds, status (ok or over_budget). The same
    /// sweep prints the same bytes.
    Sweep(sweep::Sweep),
    /// List the built-in presets and comparisons
    Presets,
    /// Print a preset's scenario (to save and edit)
    Preset {
        /// The preset's name (see `settle presets`)
        name: String,
        #[command(flatten)]
        output: Output,
    },
    /// Print the HTML that embeds a scenario in a web page, as the playground's Embed button
    /// does
    ///
    /// An iframe of the playground's view.html (under --base) that plays the scenario: its film
    /// when the run is short enough for a link, else the scenario itself, simulated; a preset
    /// plays its recorded film. Then the optional script that keeps the frame's height right.
    Embed(embed::Embed),
    /// Print the completion script of a shell
    ///
    /// For example: settle completions bash > ~/.local/share/bash-completion/completions/settle
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
        #[command(flatten)]
        output: Output,
    },
    /// Print the man page of settle, or of one of its commands (roff)
    ///
    /// For example: settle man | man -l -
    Man {
        /// The command whose page to print (settle-COMMAND(1)); settle(1) without it
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
        #[command(flatten)]
        output: Output,
    },
}

/// The command line's definition (for errors, completions and the man page).
pub(crate) fn command() -> clap::Command {
    Cli::command()
}

/// `--lang` of the words: a language Settle speaks, refused in the words `settle` always used.
fn words_lang() -> impl TypedValueParser<Value = settle_i18n::Lang> {
    Named {
        parse: settle_i18n::Lang::parse,
        refuse: |tag| format!("--lang {tag}: not a language Settle speaks (en, zh-Hans, cs, ru)"),
        values: &["en", "zh-Hans", "cs", "ru"],
    }
}

/// A value parsed by `parse`; a value it refuses is a usage error saying `refuse(value)`.
#[derive(Clone)]
pub(crate) struct Named<T> {
    pub(crate) parse: fn(&str) -> Option<T>,
    pub(crate) refuse: fn(&str) -> String,
    /// The values to list in help and completions.
    pub(crate) values: &'static [&'static str],
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Named<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        (self.parse)(&text).ok_or_else(|| {
            cmd.clone()
                .error(clap::error::ErrorKind::InvalidValue, (self.refuse)(&text))
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values.iter().map(PossibleValue::new)))
    }
}

/// The bytes of `arg`: a built-in preset (`preset:NAME`), standard input (`-`) or a file.
/// `sub` is the command reading it (for a usage error).
pub(crate) fn read_input(sub: &'static str, arg: &str) -> Result<Vec<u8>, Fail> {
    if let Some(name) = arg.strip_prefix("preset:") {
        return settle_scenario::presets::preset(name)
            .map(|t| t.as_bytes().to_vec())
            .ok_or_else(|| {
                Fail::usage(sub, format!("{arg}: no such preset (see `settle presets`)"))
            });
    }
    if arg.starts_with("comparison:") {
        return Err(Fail::usage(
            sub,
            format!("{arg}: a comparison is read by `settle compare {arg}`"),
        ));
    }
    let mut bytes = Vec::new();
    if arg == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Fail::Io(format!("-: cannot read standard input: {e}")))?;
        return Ok(bytes);
    }
    std::fs::read(arg).map_err(|e| Fail::Io(format!("{arg}: cannot read: {e}")))
}

/// The scenario `arg` names, parsed.
pub(crate) fn load(sub: &'static str, arg: &str) -> Result<settle_scenario::Scenario, Fail> {
    settle_scenario::parse_bytes(&read_input(sub, arg)?).map_err(|e| Fail::refused(&e))
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return parse_error(e, Format::asked(&args)),
    };
    match dispatch(cli.command, cli.format) {
        Ok(()) => ExitCode::SUCCESS,
        Err(fail) => fail.report(cli.format),
    }
}

/// A command line clap did not run: help and the version are printed (exit 0), anything else
/// is a usage error (exit 2).
fn parse_error(e: clap::Error, format: Format) -> ExitCode {
    if e.use_stderr() {
        return Fail::Parse(e).report(format);
    }
    match e.print() {
        Ok(()) => ExitCode::SUCCESS,
        Err(io) if io.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(io) => Fail::Io(format!("writing the output: {io}")).report(format),
    }
}

fn dispatch(asked: Command, format: Format) -> Result<(), Fail> {
    if matches!(format, Format::Csv | Format::Svg) && !matches!(asked, Command::Sweep(_)) {
        return Err(Fail::usage(
            "",
            "--format csv and --format svg are for settle sweep (text or json elsewhere)",
        ));
    }
    match asked {
        Command::Run {
            input,
            output,
            words,
        } => {
            words.install();
            run(&input.file, output.path())
        }
        Command::Check { input, words } => {
            words.install();
            let sc = load("check", &input.file)?;
            // A valid scenario is one that runs within the work budget.
            settle_scenario::finish_trace(&sc, &mut |_: &str| {})?;
            Ok(())
        }
        Command::Render(r) => r.run(),
        Command::Export(x) => x.run(),
        Command::Lesson(l) => l.run(format),
        Command::Compare(c) => c.run(format),
        Command::Sweep(s) => s.run(format),
        Command::Presets => presets(format),
        Command::Embed(e) => e.run(),
        Command::Completions { shell, output } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command(), "settle", &mut script);
            out::emit(output.path(), &String::from_utf8_lossy(&script))
        }
        Command::Man { command, output } => man(command.as_deref(), output.path()),
        Command::Preset { name, output } => match settle_scenario::presets::preset(&name) {
            Some(text) => out::emit(output.path(), text),
            None => Err(Fail::usage(
                "preset",
                format!("{name}: no such preset (see `settle presets`)"),
            )),
        },
    }
}

/// `settle man [COMMAND]`: settle(1), or settle-COMMAND(1).
fn man(sub: Option<&str>, output: Option<&Path>) -> Result<(), Fail> {
    let mut cmd = command();
    cmd.build();
    let page = match sub {
        None => cmd,
        Some(name) => {
            let Some(sub) = cmd.find_subcommand(name) else {
                return Err(Fail::usage(
                    "man",
                    format!("{name}: not a command of settle (see `settle --help`)"),
                ));
            };
            // Built, its display name is settle-NAME: the page's name.
            sub.clone()
        }
    };
    // settle(1)'s name line is the first line of the description.
    let page = match sub {
        None => page
            .about(ABOUT.lines().next().unwrap_or(ABOUT))
            .long_about(ABOUT),
        Some(_) => page,
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .source(format!("settle {}", env!("CARGO_PKG_VERSION")))
        .manual("Settle")
        .render(&mut roff)
        .map_err(|e| Fail::Io(format!("writing the man page: {e}")))?;
    out::emit(output, &String::from_utf8_lossy(&roff))
}

/// `settle run`: the trace, line by line, as it is made.
fn run(file: &str, output: Option<&Path>) -> Result<(), Fail> {
    let sc = load("run", file)?;
    let mut out = Out::to(output)?;
    let mut failed = None;
    let ran = settle_scenario::finish_trace(&sc, &mut |line: &str| {
        if failed.is_none()
            && let Err(e) = out.write(line)
        {
            failed = Some(e);
        }
    });
    // A write error first (a closed pipe ends quietly), then the budget: on standard output
    // the trace up to there stays written; a file is not written at all.
    if let Some(e) = failed {
        return Err(e);
    }
    match ran {
        Ok(()) => out.finish(),
        Err(e) => {
            if out.is_stdout() {
                out.finish()?;
            }
            Err(e.into())
        }
    }
}

/// `settle presets`: the built-in presets and comparisons, with their titles.
fn presets(format: Format) -> Result<(), Fail> {
    use std::fmt::Write as _;
    let presets: Vec<(&str, String)> = settle_scenario::presets::PRESETS
        .iter()
        .map(|(name, text)| {
            let title = settle_scenario::parse(text).map(|s| s.title);
            (*name, title.unwrap_or_default())
        })
        .collect();
    let comparisons: Vec<(&str, String)> = settle_scenario::compare::COMPARISONS
        .iter()
        .map(|(name, text)| {
            let title = settle_scenario::compare::parse(text).map(|c| c.title);
            (*name, title.unwrap_or_default())
        })
        .collect();
    let mut s = String::new();
    if format == Format::Json {
        let list = |all: &[(&str, String)]| -> Vec<serde_json::Value> {
            all.iter()
                .map(|(name, title)| serde_json::json!({"name": name, "title": title}))
                .collect()
        };
        let json = serde_json::json!({
            "presets": list(&presets),
            "comparisons": list(&comparisons),
        });
        let _ = writeln!(s, "{json}");
        return out::emit(None, &s);
    }
    for (name, title) in &presets {
        let _ = writeln!(s, "{name:<26} {title}");
    }
    let _ = writeln!(s, "\ncomparisons (settle compare comparison:NAME):");
    for (name, title) in &comparisons {
        let _ = writeln!(s, "{name:<38} {title}");
    }
    out::emit(None, &s)
}
