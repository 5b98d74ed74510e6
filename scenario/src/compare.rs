//! Comparisons: two to four variants of one story, side by side, with the difference stated
//! (docs/lessons.md, "Comparisons").
//!
//! ```json
//! { "settle": 1,
//!   "compare": {
//!     "title": "…", "description": "…",
//!     "base": "idempotent-receiver",
//!     "variants": [
//!       { "label": "remembers MessageIds" },
//!       { "label": "does not", "patch": { "actors": [ … ] } } ],
//!     "facts": [ { "label": "deliveries", "value": "{delivery_count payment-1}" } ],
//!     "difference": "… {a.delivery_count payment-1} … {b.count:completed} …",
//!     "expect": [ "{a.count:completed} > {b.count:completed}" ] } }
//! ```
//!
//! A variant's scenario is `scenario` (a document), `preset` (a built-in preset's name) or the
//! comparison's `base` (a document or a preset name), with an optional `patch` applied as a
//! JSON merge patch (RFC 7386: objects merge key by key, `null` removes, anything else, arrays
//! included, replaces). Variants are keyed `a`, `b`, `c`, `d` in order. `facts` are read from
//! every variant's run (placeholders without a variant); `difference` and `expect` name the
//! variant of each placeholder (`{b.t:lock_expired m1}`). Every `expect` relation must hold in
//! the runs, so a stated difference is checked, not just printed.

use super::lesson::{Facts, Figure, Num, Template, Words, figures, own_words, req_text, strings};
use super::read::{Obj, R, err_said, err_within, json_problem, type_key, type_name, wrong_type};
use super::{Scenario, from_value, presets};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{Map, Value};

/// Variant keys, in order.
pub const KEYS: [&str; 4] = ["a", "b", "c", "d"];

/// One side of a comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// `a`, `b`, …
    pub key: &'static str,
    /// Its name on the stage.
    pub label: String,
    /// The scenario it runs (base or preset, patched).
    pub scenario: Scenario,
}

/// A relation between two resolved numbers that must hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    /// As written.
    pub text: String,
    left: Template,
    op: &'static str,
    right: Template,
}

/// A parsed comparison document.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Shown above the stages.
    pub title: String,
    /// Shown above the stages.
    pub description: String,
    /// Two to four variants.
    pub variants: Vec<Variant>,
    /// Facts read from each variant's run.
    pub facts: Vec<Figure>,
    /// The stated difference.
    pub difference: Template,
    /// Relations the runs must satisfy.
    pub expect: Vec<Expect>,
}

/// RFC 7386 JSON merge patch.
#[must_use]
pub fn merge_patch(target: &Value, patch: &Value) -> Value {
    let Value::Object(p) = patch else {
        return patch.clone();
    };
    let mut out = match target {
        Value::Object(t) => t.clone(),
        _ => Map::new(),
    };
    for (k, v) in p {
        if v.is_null() {
            out.remove(k);
        } else {
            let merged = merge_patch(out.get(k).unwrap_or(&Value::Null), v);
            out.insert(k.clone(), merged);
        }
    }
    Value::Object(out)
}

/// Where a comparison finds the text of a preset it names (`None`: no such preset).
pub type Presets<'a> = &'a dyn Fn(&str) -> Option<String>;

fn preset_doc(path: &str, name: &str, presets: Presets<'_>) -> R<Value> {
    let Some(text) = presets(name) else {
        return err_said(
            path,
            format!("\"{name}\" is not a preset (see `settle presets`)"),
            "not-a-preset",
            &[("name", &name)],
        );
    };
    serde_json::from_str(&text).map_or_else(
        |e| {
            err_within(
                path,
                format!("{e}"),
                "preset-not-json",
                &[],
                json_problem(&e),
            )
        },
        Ok,
    )
}

fn source(path: &str, v: &Value, presets: Presets<'_>) -> R<Value> {
    match v {
        Value::String(name) => preset_doc(path, name, presets),
        Value::Object(_) => Ok(v.clone()),
        other => err_said(
            path,
            format!(
                "expected a preset name or a scenario, found {}",
                type_name(other)
            ),
            "preset-or-scenario",
            &[("found", &type_key(other))],
        ),
    }
}

const OPS: [&str; 6] = [" <= ", " >= ", " != ", " < ", " > ", " = "];

fn single(text: &str, path: &str) -> R<Template> {
    let t = Template::parse(text.trim(), path, &KEYS)?;
    if !t.literal_text().trim().is_empty() || t.values(&[]).len() != 1 {
        return err_said(
            path,
            format!("\"{}\" is not one placeholder", text.trim()),
            "not-one-placeholder",
            &[("text", &text.trim())],
        );
    }
    Ok(t)
}

fn expect(text: &str, path: &str) -> R<Expect> {
    let Some((i, op)) = OPS.iter().find_map(|op| text.find(op).map(|i| (i, *op))) else {
        return err_said(
            path,
            "expected \"{x.…} OP {y.…}\" with OP one of <, <=, >, >=, =, !=",
            "condition-shape",
            &[],
        );
    };
    Ok(Expect {
        text: text.into(),
        left: single(&text[..i], path)?,
        op: op.trim(),
        right: single(&text[i + op.len()..], path)?,
    })
}

/// Parses a comparison document.
///
/// # Errors
/// Bad JSON, a missing or unknown key, a variant whose scenario is invalid, an unknown
/// placeholder: `$.compare…` path and what is wrong.
pub fn parse(text: &str) -> R<Comparison> {
    parse_with(text, &|name| presets::preset(name).map(String::from))
}

/// Parses a comparison document whose preset names `presets` resolves (the playground fetches
/// its presets instead of carrying them).
///
/// # Errors
/// As [`parse`]; a preset `presets` does not know is "not a preset".
pub fn parse_with(text: &str, presets: Presets<'_>) -> R<Comparison> {
    let doc: Value = serde_json::from_str(text).or_else(|e| {
        err_within(
            "$",
            format!("not JSON: {e}"),
            "comparison-not-json",
            &[],
            json_problem(&e),
        )
    })?;
    let mut top = Obj::new("$", &doc)?;
    match top.req("settle")? {
        Value::Number(n) if n.as_u64() == Some(1) => {}
        other => {
            return err_said(
                "$.settle",
                format!("unsupported format version {other}"),
                "comparison-version",
                &[("version", &other)],
            );
        }
    }
    // Where an editor finds the document's JSON Schema; nothing else reads it.
    top.str("$schema")?;
    let Some(c) = top.opt("compare") else {
        return err_said(
            "$",
            "missing required key \"compare\" (this is not a comparison)",
            "not-a-comparison",
            &[],
        );
    };
    top.finish()?;
    let mut o = Obj::new("$.compare", c)?;
    let title = o.str_max("title", 200)?.unwrap_or("").to_string();
    let description = o.str_max("description", 2000)?.unwrap_or("").to_string();
    let base = match o.opt("base") {
        None => None,
        Some(v) => Some(source(&o.at("base"), v, presets)?),
    };
    let vpath = o.at("variants");
    let items = match o.req("variants")? {
        Value::Array(items) if (2..=KEYS.len()).contains(&items.len()) => items,
        Value::Array(_) => return err_said(&vpath, "two to four variants", "variant-count", &[]),
        other => {
            return wrong_type(&vpath, "array", other);
        }
    };
    let mut variants = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let path = format!("{vpath}[{i}]");
        let mut v = Obj::new(&path, item)?;
        let label = match v.str_max("label", 80)? {
            Some(l) if !l.trim().is_empty() => l.to_string(),
            _ => {
                return err_said(
                    &path,
                    "missing required key \"label\"",
                    "missing-key",
                    &[("key", &"label")],
                );
            }
        };
        let from = match (v.opt("scenario"), v.str("preset")?) {
            (Some(_), Some(_)) => {
                return err_said(
                    &path,
                    "give \"scenario\" or \"preset\", not both",
                    "scenario-or-preset",
                    &[],
                );
            }
            (Some(s), None) => s.clone(),
            (None, Some(p)) => preset_doc(&v.at("preset"), p, presets)?,
            (None, None) => match &base {
                Some(b) => b.clone(),
                None => {
                    return err_said(
                        &path,
                        "no \"scenario\", \"preset\" or \"base\" to run",
                        "nothing-to-run",
                        &[],
                    );
                }
            },
        };
        let doc = match v.opt("patch") {
            Some(p) => merge_patch(&from, p),
            None => from,
        };
        v.finish()?;
        let scenario = from_value(&doc).or_else(|e| {
            err_within(
                &path,
                format!("its scenario is invalid: {e}"),
                "variant-invalid",
                &[],
                e,
            )
        })?;
        variants.push(Variant {
            key: KEYS[i],
            label,
            scenario,
        });
    }
    let keys = &KEYS[..variants.len()];
    let facts = figures(&mut o, "facts", &[])?;
    let difference = req_text(&mut o, "difference", keys)?;
    let expect = strings(&mut o, "expect", |s, p| {
        // Only the variants that exist.
        Template::parse(s, p, keys)?;
        expect(s, p)
    })?;
    o.finish()?;
    Ok(Comparison {
        title,
        description,
        variants,
        facts,
        difference,
        expect,
    })
}

/// A comparison with every fact resolved from the runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Compared {
    /// The variants' labels, in order.
    pub labels: Vec<String>,
    /// (fact label, its value in each variant).
    pub rows: Vec<(String, Vec<String>)>,
    /// The stated difference, numbers filled in.
    pub difference: String,
    /// Each `expect` relation, its two values, and whether it holds.
    pub checks: Vec<(String, String, String, bool)>,
}

fn holds(l: Num, op: &str, r: Num) -> bool {
    let (l, r) = (as_f64(l), as_f64(r));
    match op {
        "<" => l < r,
        "<=" => l <= r,
        ">" => l > r,
        ">=" => l >= r,
        "=" => (l - r).abs() < 1e-9,
        _ => (l - r).abs() >= 1e-9,
    }
}

fn as_f64(n: Num) -> f64 {
    match n {
        Num::I(i) => i as f64,
        Num::F(f) => f,
    }
}

impl Comparison {
    /// Runs every variant and resolves the facts, the difference and the checks.
    ///
    /// # Errors
    /// A placeholder a run cannot answer, with its path.
    pub fn show(&self) -> R<Compared> {
        self.show_in(&own_words)
    }

    /// As [`Self::show`], each text in the words `words` gives for it, if any (the checks
    /// stay as written: they are the document's own formulas).
    ///
    /// # Errors
    /// As [`Self::show`].
    pub fn show_in(&self, words: Words<'_>) -> R<Compared> {
        let facts: Vec<Facts> = self
            .variants
            .iter()
            .map(|v| Facts::of(&v.scenario))
            .collect();
        let keyed: Vec<(&str, &Facts)> = self.variants.iter().map(|v| v.key).zip(&facts).collect();
        let rows = self
            .facts
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let path = format!("$.compare.facts[{i}].value");
                let place = Some(i + 1);
                let cells = facts
                    .iter()
                    .map(|x| {
                        f.value
                            .render_in(&[("", x)], &path, words, ("fact-value", place))
                    })
                    .collect::<R<Vec<_>>>()?;
                let label = words("fact", place, &[]).unwrap_or_else(|| f.label.clone());
                Ok((label, cells))
            })
            .collect::<R<_>>()?;
        let difference = self.difference.render_in(
            &keyed,
            "$.compare.difference",
            words,
            ("difference", None),
        )?;
        let mut checks = Vec::new();
        for (i, e) in self.expect.iter().enumerate() {
            let path = format!("$.compare.expect[{i}]");
            let value = |t: &Template| -> R<Num> {
                match t.values(&keyed).pop() {
                    Some((_, Ok(n))) => Ok(n),
                    Some((src, Err(m))) => crate::lesson::in_placeholder(&path, &src, m),
                    None => err_said(&path, "no placeholder", "no-placeholder", &[]),
                }
            };
            let (l, r) = (value(&e.left)?, value(&e.right)?);
            checks.push((
                e.text.clone(),
                e.left.render(&keyed, &path)?,
                e.right.render(&keyed, &path)?,
                holds(l, e.op, r),
            ));
        }
        Ok(Compared {
            labels: self
                .variants
                .iter()
                .enumerate()
                .map(|(i, v)| words("variant", Some(i + 1), &[]).unwrap_or_else(|| v.label.clone()))
                .collect(),
            rows,
            difference,
            checks,
        })
    }
}

/// The built-in comparisons: (name, document), in teaching order.
pub const COMPARISONS: &[(&str, &str)] = &[
    (
        "crash-peek-lock-vs-receive-and-delete",
        include_str!("../presets/compare/crash-peek-lock-vs-receive-and-delete.json"),
    ),
    (
        "crash-short-vs-long-lock",
        include_str!("../presets/compare/crash-short-vs-long-lock.json"),
    ),
    (
        "send-modes-side-by-side",
        include_str!("../presets/compare/send-modes-side-by-side.json"),
    ),
    (
        "idempotent-vs-not",
        include_str!("../presets/compare/idempotent-vs-not.json"),
    ),
];

/// A built-in comparison's document.
#[must_use]
pub fn comparison(name: &str) -> Option<&'static str> {
    COMPARISONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}
