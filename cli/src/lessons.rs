//! `settle lesson` and `settle compare`: a scenario's guided story, and two or more variants of
//! one story side by side (docs/lessons.md).
//!
//! - `settle lesson FILE|-|preset:NAME`: every caption at its virtual time, then the summary
//!   and figures, each number resolved from the run.
//!
//! - `settle compare FILE|-|comparison:NAME`: each variant's facts side by side, the stated
//!   difference with its numbers from the runs, and the checks that it holds (exit 1 when a
//!   check fails). `preset:NAME` names a built-in comparison here too, as it always has.
//!
//! An invalid document prints `error: <json path>: <what is wrong>` on stderr and exits 4.

use crate::fail::{Fail, Format};
use crate::{Output, Words, out};
use serde_json::json;
use settle_i18n::{Arg, lesson_words, t, tf};
use settle_scenario::{compare, lesson};
use std::fmt::Write as _;

/// `settle lesson`.
#[derive(clap::Args, Debug)]
pub(crate) struct Lesson {
    #[command(flatten)]
    input: crate::Input,
    #[command(flatten)]
    words: Words,
    #[command(flatten)]
    output: Output,
}

/// `settle compare`.
#[derive(clap::Args, Debug)]
pub(crate) struct Compare {
    /// The comparison: a file, - for standard input, or comparison:NAME (also preset:NAME) for
    /// a built-in one (see `settle presets`)
    #[arg(value_name = "FILE")]
    file: String,
    #[command(flatten)]
    words: Words,
    #[command(flatten)]
    output: Output,
}

impl Lesson {
    pub(crate) fn run(self, format: Format) -> Result<(), Fail> {
        self.words.install();
        let (title, shown) = lesson_of(&self.input.file)?;
        // csv and svg are refused before (sweep only).
        let text = if format == Format::Json {
            lesson_json(&title, &shown)
        } else {
            lesson_text(&title, &shown)
        };
        out::emit(self.output.path(), &text)
    }
}

impl Compare {
    pub(crate) fn run(self, format: Format) -> Result<(), Fail> {
        self.words.install();
        let (title, shown) = compare_of(&self.file)?;
        let text = if format == Format::Json {
            compare_json(&title, &shown)
        } else {
            compare_text(&title, &shown)
        };
        out::emit(self.output.path(), &text)?;
        if shown.checks.iter().all(|c| c.3) {
            Ok(())
        } else {
            Err(Fail::Check(t("print-contradict")))
        }
    }
}

/// Virtual time as `m:ss.mmm`.
pub(crate) fn clock(ms: u64) -> String {
    format!("{}:{:02}.{:03}", ms / 60_000, ms / 1000 % 60, ms % 1000)
}

/// The lesson of the scenario `file`: its title and what it shows, in the installed language.
fn lesson_of(file: &str) -> Result<(String, lesson::Shown), Fail> {
    let sc = crate::load("lesson", file)?;
    let Some(the_lesson) = &sc.lesson else {
        return Err(Fail::invalid(format!(
            "{file}: has no lesson (see docs/lessons.md)"
        )));
    };
    let name = builtin(file, &sc.title);
    let words = lesson_words(&name);
    let shown = the_lesson
        .show_in(&lesson::Facts::of(&sc), &words)
        .map_err(|e| Fail::refused(&e))?;
    let title = words("title", None, &[]).unwrap_or(sc.title);
    Ok((title, shown))
}

/// A lesson as `settle lesson` prints it: captions at their times, the summary and figures.
fn lesson_text(title: &str, shown: &lesson::Shown) -> String {
    let mut s = String::new();
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
    s
}

/// A lesson as one JSON object (`--format json`), on one line.
fn lesson_json(title: &str, shown: &lesson::Shown) -> String {
    let json = json!({
        "title": title,
        "speed": shown.speed,
        "notes": shown.notes.iter().map(|n| json!({
            "at_ms": n.at_ms,
            "text": n.text,
            "pause": n.pause,
        })).collect::<Vec<_>>(),
        "summary": shown.summary,
        "figures": shown.figures.iter().map(|(label, value)| json!({
            "label": label,
            "value": value,
        })).collect::<Vec<_>>(),
    });
    format!("{json}\n")
}

/// The comparison `file`: its title and what it shows, in the installed language.
fn compare_of(file: &str) -> Result<(String, compare::Compared), Fail> {
    let text = match builtin_name(file) {
        Some(name) => compare::comparison(name)
            .map(ToString::to_string)
            .ok_or_else(|| {
                Fail::usage(
                    "compare",
                    format!("{file}: no such comparison (see `settle presets`)"),
                )
            })?,
        None => String::from_utf8(crate::read_input("compare", file)?).map_err(|e| {
            Fail::invalid(format!(
                "{file}: not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ))
        })?,
    };
    let c = compare::parse(&text).map_err(|e| Fail::refused(&e))?;
    let name = builtin(file, &c.title);
    let words = lesson_words(&name);
    let shown = c.show_in(&words).map_err(|e| Fail::refused(&e))?;
    let title = words("title", None, &[]).unwrap_or(c.title);
    Ok((title, shown))
}

/// A comparison as `settle compare` prints it: the facts side by side, the difference, the
/// checks.
fn compare_text(title: &str, shown: &compare::Compared) -> String {
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
    let difference = tf(
        "print-difference",
        &[("text", shown.difference.clone().into())],
    );
    let _ = writeln!(s, "\n{difference}");
    let (holds, fails) = (t("print-holds"), t("print-fails"));
    for (text, l, r, ok) in &shown.checks {
        let mark = if *ok { &holds } else { &fails };
        let _ = writeln!(s, "  {mark}: {text}  ({l} vs {r})");
    }
    s
}

/// A comparison as one JSON object (`--format json`), on one line.
fn compare_json(title: &str, shown: &compare::Compared) -> String {
    let json = json!({
        "title": title,
        "labels": shown.labels,
        "rows": shown.rows.iter().map(|(label, values)| json!({
            "label": label,
            "values": values,
        })).collect::<Vec<_>>(),
        "difference": shown.difference,
        "checks": shown.checks.iter().map(|(text, left, right, holds)| json!({
            "text": text,
            "left": left,
            "right": right,
            "holds": holds,
        })).collect::<Vec<_>>(),
        "all_hold": shown.checks.iter().all(|c| c.3),
    });
    format!("{json}\n")
}

/// The name of the built-in document `file` names: `preset:NAME` or `comparison:NAME`.
fn builtin_name(file: &str) -> Option<&str> {
    file.strip_prefix("preset:")
        .or_else(|| file.strip_prefix("comparison:"))
}

/// The built-in document `file` is: `preset:NAME` (`comparison:NAME`), or a document with a
/// built-in one's title (its words in another language are that one's); "" for any other.
fn builtin(file: &str, title: &str) -> String {
    builtin_name(file)
        .map(str::to_owned)
        .or_else(|| settle_i18n::lesson_named(title))
        .unwrap_or_default()
}
