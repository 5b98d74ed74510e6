//! `settle render` and `settle export`: the scenario as a picture or as an SDK program.
//!
//! - `settle render FILE|-|preset:NAME --svg [--animate]`: the story as a static SVG.
//! - `settle export --lang python|typescript FILE|-|preset:NAME`: a program that performs the
//!   scenario's script against a real Service Bus queue and compares with Settle's prediction.
//!
//! Errors print `error: ...` on stderr and exit 2, as the other subcommands do; a scenario
//! over the work budget exits 3 with the message `settle run` prints.

use settle_export::{artifact::ArtifactError, sdk::Lang};
use settle_scenario::Scenario;
use std::io::Write;
use std::process::ExitCode;

pub(crate) const USAGE: &str = "       settle render FILE|-|preset:NAME --svg [--animate]
                                       draw the scenario's story as an SVG
       settle export --lang python|typescript FILE|-|preset:NAME
                                       the scenario as an Azure Service Bus SDK program";

fn fail(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

fn load(arg: &str) -> Result<Scenario, String> {
    let text = crate::read_input(arg)?;
    settle_scenario::parse_bytes(&text).map_err(|e| e.to_string())
}

pub(crate) fn emit(made: Result<String, ArtifactError>) -> ExitCode {
    match made {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: writing the output: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(ArtifactError {
            budget: Some(e), ..
        }) => crate::over_budget(&e),
        Err(e) => fail(&e.to_string()),
    }
}

/// Handles `render` and `export`; `None` for any other command.
pub(crate) fn dispatch(args: &[String]) -> Option<ExitCode> {
    let (cmd, rest) = args.split_first()?;
    match cmd.as_str() {
        "render" => Some(render(rest)),
        "export" => Some(export(rest)),
        _ => None,
    }
}

fn render(args: &[String]) -> ExitCode {
    let mut file = None;
    let (mut svg, mut animate) = (false, false);
    for a in args {
        match a.as_str() {
            "--svg" => svg = true,
            "--animate" => animate = true,
            f if file.is_none() && (f == "-" || !f.starts_with('-')) => file = Some(f),
            other => return fail(&format!("render: unexpected argument '{other}'")),
        }
    }
    let Some(file) = file else {
        return fail("render: which scenario? (settle render FILE|-|preset:NAME --svg)");
    };
    if !svg {
        return fail("render: say which format: --svg (the only one so far)");
    }
    let sc = match load(file) {
        Ok(sc) => sc,
        Err(e) => return fail(&e),
    };
    emit(if animate {
        settle_export::svg::svg_animated(&sc)
    } else {
        settle_export::svg::svg(&sc)
    })
}

fn export(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut lang = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--lang" => match it.next() {
                Some(l) => lang = Some(l.as_str()),
                None => return fail("export: --lang needs a value: python or typescript"),
            },
            l if l.starts_with("--lang=") => lang = Some(&l[7..]),
            f if file.is_none() && (f == "-" || !f.starts_with('-')) => file = Some(f),
            other => return fail(&format!("export: unexpected argument '{other}'")),
        }
    }
    let Some(file) = file else {
        return fail(
            "export: which scenario? (settle export --lang python|typescript FILE|-|preset:NAME)",
        );
    };
    let lang = match lang.map(|l| (l, Lang::parse(l))) {
        Some((_, Some(lang))) => lang,
        Some((other, None)) => {
            return fail(&format!(
                "export: unknown language '{other}' (python or typescript)"
            ));
        }
        None => return fail("export: say which language: --lang python|typescript"),
    };
    match load(file) {
        Ok(sc) => emit(settle_export::sdk::export(&sc, lang)),
        Err(e) => fail(&e),
    }
}
