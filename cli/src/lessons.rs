//! `settle lesson` and `settle compare`: a scenario's guided story, and two or more variants of
//! one story side by side (docs/lessons.md).
//!
//! - `settle lesson FILE|-|preset:NAME`: every caption at its virtual time, then the summary
//!   and figures, each number resolved from the run.
//!
//! - `settle compare FILE|-|preset:NAME`: each variant's facts side by side, the stated
//!   difference with its numbers from the runs, and the checks that it holds (exit 1 when a
//!   check fails).
//!
//! Errors print `error: <json path>: <what is wrong>` on stderr and exit 2.

use settle_i18n::{Arg, lesson_words, t, tf};
use settle_scenario::{compare, lesson};
use std::fmt::Write as _;
use std::process::ExitCode;

pub(crate) const USAGE: &str = "       settle lesson FILE|-|preset:NAME  print a lesson's captions at their times and its summary
       settle compare FILE|-|preset:NAME variants of one story side by side, the difference checked";

fn fail(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

fn out(text: String) -> ExitCode {
    crate::artifacts::emit(Ok(text))
}

/// Virtual time as `m:ss.mmm`.
pub(crate) fn clock(ms: u64) -> String {
    format!("{}:{:02}.{:03}", ms / 60_000, ms / 1000 % 60, ms % 1000)
}

/// Handles `lesson` (and later `compare`); `None` for any other command.
pub(crate) fn dispatch(args: &[String]) -> Option<ExitCode> {
    let (cmd, rest) = args.split_first()?;
    match (cmd.as_str(), rest) {
        ("lesson", [file]) => Some(show_lesson(file)),
        ("lesson", _) => Some(fail(
            "lesson: which scenario? (settle lesson FILE|-|preset:NAME)",
        )),
        ("compare", [file]) => Some(show_compare(file)),
        ("compare", _) => Some(fail(
            "compare: which comparison? (settle compare FILE|-|preset:NAME; see `settle presets`)",
        )),
        _ => None,
    }
}

fn show_lesson(file: &str) -> ExitCode {
    let sc = match crate::read_input(file)
        .and_then(|t| settle_scenario::parse_bytes(&t).map_err(|e| e.to_string()))
    {
        Ok(sc) => sc,
        Err(e) => return fail(&e),
    };
    let Some(the_lesson) = &sc.lesson else {
        return fail(&format!("{file}: has no lesson (see docs/lessons.md)"));
    };
    let words = lesson_words(builtin(file, &sc.title));
    let shown = match the_lesson.show_in(&lesson::Facts::of(&sc), &words) {
        Ok(s) => s,
        Err(e) => return fail(&e.to_string()),
    };
    let mut s = String::new();
    let title = words("title", None, &[]).unwrap_or(sc.title);
    let _ = writeln!(s, "{title}");
    let _ = writeln!(
        s,
        "{}\n",
        tf("print-speed", &[("speed", Arg::from(shown.speed))])
    );
    let pause_word = t("print-pause");
    for n in &shown.notes {
        let pause = if n.pause {
            format!("  {pause_word}")
        } else {
            String::new()
        };
        let _ = writeln!(s, "{:>10}  {}{pause}", clock(n.at_ms), n.text);
    }
    if !shown.summary.is_empty() || !shown.figures.is_empty() {
        let _ = writeln!(s, "\n{}", t("print-what-you-saw"));
        for line in &shown.summary {
            let _ = writeln!(s, "  - {line}");
        }
        for (label, value) in &shown.figures {
            let _ = writeln!(s, "  {value:>12}  {label}");
        }
    }
    out(s)
}

fn show_compare(file: &str) -> ExitCode {
    let text = match file.strip_prefix("preset:") {
        Some(name) => match compare::comparison(name) {
            Some(t) => Ok(t.to_string()),
            None => Err(format!("{file}: no such comparison (see `settle presets`)")),
        },
        None => crate::read_input(file).and_then(|b| {
            String::from_utf8(b).map_err(|e| {
                format!(
                    "{file}: not UTF-8 text (invalid byte at offset {})",
                    e.utf8_error().valid_up_to()
                )
            })
        }),
    };
    let c = match text.and_then(|t| compare::parse(&t).map_err(|e| e.to_string())) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let words = lesson_words(builtin(file, &c.title));
    let shown = match c.show_in(&words) {
        Ok(s) => s,
        Err(e) => return fail(&e.to_string()),
    };
    let width = shown
        .rows
        .iter()
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(0);
    let col = shown
        .labels
        .iter()
        .chain(shown.rows.iter().flat_map(|r| r.1.iter()))
        .map(|x| x.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let mut s = String::new();
    let title = words("title", None, &[]).unwrap_or(c.title);
    let _ = writeln!(s, "{title}\n");
    let _ = write!(s, "{:width$}", "");
    for l in &shown.labels {
        let _ = write!(s, "  {l:>col$}");
    }
    s.push('\n');
    for (label, cells) in &shown.rows {
        let _ = write!(s, "{label:width$}");
        for v in cells {
            let _ = write!(s, "  {v:>col$}");
        }
        s.push('\n');
    }
    let difference = tf("print-difference", &[("text", shown.difference.into())]);
    let _ = writeln!(s, "\n{difference}");
    let mut all = true;
    let (holds, fails) = (t("print-holds"), t("print-fails"));
    for (text, l, r, ok) in &shown.checks {
        all &= ok;
        let mark = if *ok { &holds } else { &fails };
        let _ = writeln!(s, "  {mark}: {text}  ({l} vs {r})");
    }
    let code = out(s);
    if all {
        code
    } else {
        eprintln!("error: {}", t("print-contradict"));
        ExitCode::from(1)
    }
}

/// The built-in document `file` is: `preset:NAME`, or a document with a built-in one's title
/// (its words in another language are that one's); "" for any other.
fn builtin<'a>(file: &'a str, title: &str) -> &'a str {
    file.strip_prefix("preset:")
        .or_else(|| settle_i18n::lesson_named(title))
        .unwrap_or_default()
}
