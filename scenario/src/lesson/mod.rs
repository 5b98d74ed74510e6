//! Lessons: the optional `lesson` key of a scenario (docs/lessons.md), a compatible extension
//! of the scenario format v1.1.
//!
//! A lesson adds a default playback speed, captions shown at virtual times (`at_ms`) or when
//! something happens in the run (`on`), a closing summary and a few big figures. Numbers in
//! the text are never typed in: placeholders such as `{t:lock_expired m1}` or
//! `{elapsed one-at-a-time}` are resolved from the run's own trace ([`Facts`]), so a caption
//! cannot disagree with what the run shows.

use super::Scenario;
use super::read::{Obj, R, as_u64, err_said, err_within, wrong_type};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::Value;

mod facts;
mod template;

pub(crate) use facts::in_placeholder;
pub use facts::{Facts, MARKER_KINDS, Marker};
use template::known_kind;
pub use template::{EVENTS, Matcher, Num, Number, Template, Words, own_words};

/// A scenario's lesson, as parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// Default playback speed: virtual milliseconds per real millisecond (1 = real time).
    pub speed: f64,
    /// Captions, in document order.
    pub notes: Vec<Note>,
    /// The closing "what you saw" lines.
    pub summary: Vec<Template>,
    /// Big numbers for the summary.
    pub figures: Vec<Figure>,
    /// The `lesson` object as written (export writes it back unchanged).
    pub raw: Value,
}

/// One caption.
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    /// When it appears.
    pub when: When,
    /// What it says.
    pub text: Template,
    /// The playground pauses when it appears (a moment to talk about).
    pub pause: bool,
}

/// When a caption appears.
#[derive(Clone, Debug, PartialEq)]
pub enum When {
    /// At a virtual time.
    At(u64),
    /// When a trace record matching `on` happens, plus `after_ms`.
    On {
        /// Which record.
        on: Matcher,
        /// Delay after it.
        after_ms: u64,
    },
}

/// A labelled big number.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// What it measures.
    pub label: String,
    /// The value, usually one placeholder and a unit.
    pub value: Template,
}

/// An optional array of strings, each read by `read(text, path)`.
pub(super) fn strings<T>(
    o: &mut Obj<'_>,
    key: &'static str,
    read: impl Fn(&str, &str) -> R<T>,
) -> R<Vec<T>> {
    let path = o.at(key);
    match o.opt(key) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let p = format!("{path}[{i}]");
                match v {
                    Value::String(s) => read(s, &p),
                    other => wrong_type(&p, "string", other),
                }
            })
            .collect(),
        Some(v) => wrong_type(&path, "array", v),
    }
}

pub(super) fn req_text(o: &mut Obj<'_>, key: &'static str, variants: &[&str]) -> R<Template> {
    let path = o.at(key);
    match o.req(key)? {
        Value::String(s) if !s.trim().is_empty() => Template::parse(s, &path, variants),
        Value::String(_) => err_said(&path, "is empty", "is-empty", &[]),
        other => wrong_type(&path, "string", other),
    }
}

/// `figures` (or another `key`): `[{"label": …, "value": …}]`.
pub(super) fn figures(o: &mut Obj<'_>, key: &'static str, variants: &[&str]) -> R<Vec<Figure>> {
    let path = o.at(key);
    let Some(v) = o.opt(key) else {
        return Ok(Vec::new());
    };
    let Value::Array(items) = v else {
        return wrong_type(&path, "array", v);
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut f = Obj::new(&format!("{path}[{i}]"), v)?;
            let label = f.str_max("label", 80)?.unwrap_or("").to_string();
            let value = req_text(&mut f, "value", variants)?;
            f.finish()?;
            Ok(Figure { label, value })
        })
        .collect()
}

fn on(path: &str, v: &Value) -> R<Matcher> {
    let mut o = Obj::new(path, v)?;
    let Some(kind) = o.str("event")? else {
        return err_said(
            path,
            "missing required key \"event\"",
            "missing-key",
            &[("key", &"event")],
        );
    };
    if !known_kind(kind) {
        return err_said(
            &o.at("event"),
            format!("\"{kind}\" is neither a trace event nor an operation"),
            "not-event",
            &[("kind", &kind)],
        );
    }
    let id = o.str("id")?.map(String::from);
    let mut filters = Vec::new();
    for key in ["by", "error", "entity"] {
        if let Some(v) = o.str(key)? {
            filters.push((key.into(), v.into()));
        }
    }
    if let Some(ok) = o.bool("ok")? {
        filters.push(("ok".into(), format!("{ok}")));
    }
    let nth = match o.opt("nth") {
        None => Some(1),
        Some(Value::String(s)) if s == "last" => None,
        Some(v) => match as_u64(&o.at("nth"), v)? {
            0 => {
                return err_said(
                    &o.at("nth"),
                    "counts from 1 (or \"last\")",
                    "nth-from-one",
                    &[],
                );
            }
            n => Some(usize::try_from(n).unwrap_or(usize::MAX)),
        },
    };
    o.finish()?;
    Ok(Matcher {
        kind: kind.into(),
        id,
        filters,
        nth,
    })
}

/// Parses `$.lesson`.
pub(super) fn parse(path: &str, v: &Value) -> R<Lesson> {
    let mut o = Obj::new(path, v)?;
    let speed = match o.opt("speed") {
        None => 1.0,
        Some(Value::Number(n)) => match n.as_f64() {
            Some(x) if x > 0.0 && x <= 10_000.0 => x,
            _ => {
                return err_said(
                    &o.at("speed"),
                    format!("{n} is out of range (0, 10000]"),
                    "speed-range",
                    &[("n", &n)],
                );
            }
        },
        Some(v) => {
            return wrong_type(&o.at("speed"), "number", v);
        }
    };
    let notes_path = o.at("notes");
    let mut notes = Vec::new();
    match o.opt("notes") {
        None => {}
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let p = format!("{notes_path}[{i}]");
                let mut n = Obj::new(&p, item)?;
                let at = n.u64("at_ms")?;
                let on_path = n.at("on");
                let when = match (at, n.opt("on")) {
                    (Some(_), Some(_)) => {
                        return err_said(
                            &p,
                            "give \"at_ms\" or \"on\", not both",
                            "at-and-on",
                            &[],
                        );
                    }
                    (None, None) => {
                        return err_said(&p, "missing \"at_ms\" or \"on\"", "at-or-on", &[]);
                    }
                    (Some(t), None) => When::At(t),
                    (None, Some(v)) => When::On {
                        on: on(&on_path, v)?,
                        after_ms: 0,
                    },
                };
                let after = n.u64("after_ms")?;
                let when = match (when, after) {
                    (When::On { on, .. }, Some(a)) => When::On { on, after_ms: a },
                    (When::At(_), Some(_)) => {
                        return err_said(
                            &n.at("after_ms"),
                            "only with \"on\"",
                            "after-without-on",
                            &[],
                        );
                    }
                    (w, None) => w,
                };
                let text = req_text(&mut n, "text", &[])?;
                let pause = n.bool("pause")?.unwrap_or(false);
                n.finish()?;
                notes.push(Note { when, text, pause });
            }
        }
        Some(v) => {
            return wrong_type(&notes_path, "array", v);
        }
    }
    let summary = strings(&mut o, "summary", |s, p| Template::parse(s, p, &[]))?;
    let figures = figures(&mut o, "figures", &[])?;
    o.finish()?;
    Ok(Lesson {
        speed,
        notes,
        summary,
        figures,
        raw: v.clone(),
    })
}

/// A caption with its time and text resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownNote {
    /// Virtual time it appears at.
    pub at_ms: u64,
    /// Its text, numbers filled in.
    pub text: String,
    /// Pause playback here.
    pub pause: bool,
}

/// A lesson with every time and number resolved from its run: what the playground shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// Default playback speed.
    pub speed: f64,
    /// Captions in time order (document order at one instant).
    pub notes: Vec<ShownNote>,
    /// Summary lines.
    pub summary: Vec<String>,
    /// (label, value) big figures.
    pub figures: Vec<(String, String)>,
}

impl Lesson {
    /// Resolves every caption time and placeholder from `facts` (the run of this scenario).
    ///
    /// # Errors
    /// A caption anchored to a record that never happens, or a placeholder the run cannot
    /// answer, with the JSON path of the text.
    pub fn show(&self, facts: &Facts) -> R<Shown> {
        self.show_in(facts, &own_words)
    }

    /// As [`Self::show`], each text in the words `words` gives for it, if any.
    ///
    /// # Errors
    /// As [`Self::show`].
    pub fn show_in(&self, facts: &Facts, words: Words<'_>) -> R<Shown> {
        let f = [("", facts)];
        let mut notes = Vec::new();
        for (i, n) in self.notes.iter().enumerate() {
            let path = format!("$.lesson.notes[{i}]");
            let at_ms = match &n.when {
                When::At(t) => *t,
                When::On { on, after_ms } => match facts.time_of(on) {
                    Ok(t) => t.saturating_add(*after_ms),
                    Err(e) => {
                        return err_within(
                            &format!("{path}.on"),
                            e.to_string(),
                            "note-unplaced",
                            &[],
                            e,
                        );
                    }
                },
            };
            let text =
                n.text
                    .render_in(&f, &format!("{path}.text"), words, ("note", Some(i + 1)))?;
            notes.push(ShownNote {
                at_ms,
                text,
                pause: n.pause,
            });
        }
        settle_core::order::sort_by_key(&mut notes, |n| n.at_ms);
        let summary = self
            .summary
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let path = format!("$.lesson.summary[{i}]");
                s.render_in(&f, &path, words, ("summary", Some(i + 1)))
            })
            .collect::<R<_>>()?;
        let figures = self
            .figures
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let path = format!("$.lesson.figures[{i}].value");
                let place = Some(i + 1);
                Ok((
                    words("figure", place, &[]).unwrap_or_else(|| g.label.clone()),
                    g.value
                        .render_in(&f, &path, words, ("figure-value", place))?,
                ))
            })
            .collect::<R<_>>()?;
        Ok(Shown {
            speed: self.speed,
            notes,
            summary,
            figures,
        })
    }

    /// Every entity its placeholders name exists: `known` says which do.
    ///
    /// # Errors
    /// The first text naming an unknown entity, with its JSON path.
    pub(super) fn check_entities(&self, known: impl Fn(&str) -> bool) -> R<()> {
        for (path, t) in self.texts() {
            if let Some(e) = t.entities().find(|e| !known(e)) {
                return err_said(
                    &path,
                    format!("no queue, topic or subscription named \"{e}\""),
                    "no-queue-topic-or-subscription",
                    &[("name", &e)],
                );
            }
        }
        Ok(())
    }

    /// Every text of the lesson with its JSON path (captions, summary, figures).
    #[must_use]
    pub fn texts(&self) -> Vec<(String, &Template)> {
        let mut out = Vec::new();
        for (i, n) in self.notes.iter().enumerate() {
            out.push((format!("$.lesson.notes[{i}].text"), &n.text));
        }
        for (i, s) in self.summary.iter().enumerate() {
            out.push((format!("$.lesson.summary[{i}]"), s));
        }
        for (i, g) in self.figures.iter().enumerate() {
            out.push((format!("$.lesson.figures[{i}].value"), &g.value));
        }
        out
    }
}

/// Runs the scenario and resolves its lesson; `Ok(None)` when it has none.
///
/// # Errors
/// As [`Lesson::show`].
pub fn show(sc: &Scenario) -> R<Option<Shown>> {
    match &sc.lesson {
        None => Ok(None),
        Some(l) => l.show(&Facts::of(sc)).map(Some),
    }
}

/// `text` (a scenario document) with the lesson written back in.
pub(super) fn with_lesson(text: String, lesson: Option<&Lesson>) -> String {
    let Some(l) = lesson else {
        return text;
    };
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(mut m)) => {
            m.insert("lesson".into(), l.raw.clone());
            serde_json::to_string_pretty(&Value::Object(m))
                .expect("invariant: a JSON value always serializes")
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::template::{Fmt, Number, format_num};
    use super::*;

    #[test]
    fn numbers_are_grouped_and_rounded() {
        assert_eq!(format_num(Num::I(8000), Fmt::Plain), "8,000");
        assert_eq!(format_num(Num::I(80), Fmt::Plain), "80");
        assert_eq!(format_num(Num::I(1_234_567), Fmt::Plain), "1,234,567");
        assert_eq!(format_num(Num::I(8000), Fmt::Raw), "8000");
        assert_eq!(format_num(Num::I(30_500), Fmt::Secs), "30.5");
        assert_eq!(format_num(Num::I(300_000), Fmt::Mins), "5");
        assert_eq!(format_num(Num::F(7.46), Fmt::Plain), "7.5");
        assert_eq!(format_num(Num::I(-2000), Fmt::Secs), "-2");
        assert_eq!(format_num(Num::F(-0.26), Fmt::Plain), "-0.3");
        // What a translation is given: the same rounding, the unit, whether grouped.
        let secs = Number::of(Num::I(30_500), Fmt::Secs);
        assert_eq!(
            (secs.tenths, secs.value(), secs.decimal()),
            (305, 30.5, true)
        );
        let mins = Number::of(Num::I(300_000), Fmt::Mins);
        assert_eq!(
            (mins.value(), mins.decimal(), mins.grouped),
            (5.0, false, true)
        );
        assert!(!Number::of(Num::I(8000), Fmt::Raw).grouped);
    }

    #[test]
    fn braces_and_errors() {
        let t = Template::parse("a {{b}} c", "$.x", &[]).unwrap();
        assert_eq!(t.literal_text(), "a {b} c");
        for (bad, want) in [
            ("{nope}", "unknown placeholder {nope}"),
            ("{t:lock_expird m1}", "neither a trace event"),
            ("{t:locked m1 #0}", "#1, #2"),
            ("{config:tier}", "not a numeric queue key"),
            ("{elapsed}", "takes one client name"),
            ("{receivers x}", "takes no arguments"),
            ("{t:locked|hours}", "unknown format"),
            ("open {", "without its"),
            ("close }", "lone"),
        ] {
            let e = Template::parse(bad, "$.p", &[]).unwrap_err();
            assert_eq!(e.path, "$.p");
            assert!(e.problem.contains(want), "{bad}: {}", e.problem);
        }
        let e = Template::parse("{t:locked}", "$.d", &["a", "b"]).unwrap_err();
        assert!(e.problem.contains("say which variant"), "{}", e.problem);
        assert!(Template::parse("{b.t:locked}", "$.d", &["a", "b"]).is_ok());
    }
}
