//! `settle`: the headless runner for the scenario format (shared/spec/scenario-format.md).
//!
//! - `settle run FILE|-`: prints the trace as JSON Lines; exit 0 when the scenario ran.
//! - `settle check FILE|-`: validates only; exit 0 when valid.
//!
//! A rejected scenario prints `error: <json path>: <what is wrong>` on stderr and exits 2.
//! A scenario that would exceed the work budget stops with `error: work budget exceeded: ...`
//! and exits 3 (`settle run` has written the trace up to there).

mod artifacts;
mod lessons;

use std::io::{Read, Write};
use std::process::ExitCode;

const USAGE: &str =
    "usage: settle run FILE|-|preset:NAME   run a scenario, print its trace (JSON Lines)
       settle check FILE|-|preset:NAME validate a scenario
       settle presets                  list the built-in presets
       settle preset NAME              print a preset's scenario (to save and edit)

exit status: 0 ok; 1 output could not be written; 2 invalid input (error: <json path>: ...);
             3 the run exceeded the work budget (4,000,000 trace records or 512 MiB of trace)";

fn read_input(arg: &str) -> Result<Vec<u8>, String> {
    if let Some(name) = arg.strip_prefix("preset:") {
        return settle_scenario::presets::preset(name)
            .map(|t| t.as_bytes().to_vec())
            .ok_or_else(|| format!("{arg}: no such preset (see `settle presets`)"));
    }
    let mut bytes = Vec::new();
    if arg == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("-: cannot read standard input: {e}"))?;
        return Ok(bytes);
    }
    std::fs::read(arg).map_err(|e| format!("{arg}: cannot read: {e}"))
}

/// Takes `--lang X` or `--lang=X` out of `args` and installs that language for what the
/// command prints (not for `export`, whose `--lang` names the program's language).
fn take_lang(args: &mut Vec<String>) -> Result<(), String> {
    if args.first().is_some_and(|c| c == "export") {
        return Ok(());
    }
    let Some(at) = args
        .iter()
        .position(|a| a == "--lang" || a.starts_with("--lang="))
    else {
        return Ok(());
    };
    let flag = args.remove(at);
    let tag = match flag.strip_prefix("--lang=") {
        Some(tag) => tag.to_owned(),
        None if at < args.len() => args.remove(at),
        None => return Err("--lang needs a value: en, zh-Hans, cs or ru".into()),
    };
    let lang = settle_i18n::Lang::parse(&tag).ok_or_else(|| {
        format!("--lang {tag}: not a language Settle speaks (en, zh-Hans, cs, ru)")
    })?;
    settle_i18n::install(settle_i18n::whole(lang));
    Ok(())
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = take_lang(&mut args) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    if let Some(code) = artifacts::dispatch(&args).or_else(|| lessons::dispatch(&args)) {
        return code;
    }
    match args.as_slice() {
        [cmd] if cmd == "presets" => {
            for (name, text) in settle_scenario::presets::PRESETS {
                let title = settle_scenario::parse(text)
                    .map(|s| s.title)
                    .unwrap_or_default();
                println!("{name:<26} {title}");
            }
            println!("\ncomparisons (settle compare preset:NAME):");
            for (name, text) in settle_scenario::compare::COMPARISONS {
                let title = settle_scenario::compare::parse(text)
                    .map(|c| c.title)
                    .unwrap_or_default();
                println!("{name:<38} {title}");
            }
            return ExitCode::SUCCESS;
        }
        [cmd, name] if cmd == "preset" => {
            return match settle_scenario::presets::preset(name) {
                Some(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                None => {
                    eprintln!("error: {name}: no such preset (see `settle presets`)");
                    ExitCode::from(2)
                }
            };
        }
        _ => {}
    }
    let (cmd, file) = match args.as_slice() {
        [cmd, file] if cmd == "run" || cmd == "check" => (cmd.as_str(), file.as_str()),
        [h] if h == "-h" || h == "--help" || h == "help" => {
            println!("{USAGE}\n{}\n{}", artifacts::USAGE, lessons::USAGE);
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}\n{}\n{}", artifacts::USAGE, lessons::USAGE);
            return ExitCode::from(2);
        }
    };
    let text = match read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let sc = match settle_scenario::parse_bytes(&text) {
        Ok(sc) => sc,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if cmd == "check" {
        // A valid scenario is one that runs within the work budget.
        return match settle_scenario::finish_trace(&sc, &mut |_: &str| {}) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => over_budget(&e),
        };
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = None;
    let ran = settle_scenario::finish_trace(&sc, &mut |line: &str| {
        if failed.is_none()
            && let Err(e) = out.write_all(line.as_bytes())
        {
            failed = Some(e);
        }
    });
    if let Some(e) = failed.or_else(|| out.flush().err()) {
        // A closed pipe (`settle run x | head`) is not an error worth a panic.
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: writing the trace: {e}");
            return ExitCode::from(1);
        }
    }
    match ran {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => over_budget(&e),
    }
}

/// Exit status 3: the scenario is valid but asks for more work than the budget allows.
pub(crate) fn over_budget(e: &settle_scenario::BudgetError) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::from(3)
}
