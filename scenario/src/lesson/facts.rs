//! What a lesson's placeholders are resolved from: the facts of a run (its trace records, its
//! final state, its configuration), read by term.

use super::template::{
    Hole, Matcher, Num, Number, Piece, TOPIC_CONFIG_KEYS, Template, Term, Words, format_num,
};
use crate::FormatError;
use crate::read::{R, err_within, problem};
use crate::{J, Run, Scenario};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::Value;
use settle_core::actors::ActorSpec;

fn text_of(v: &J) -> Option<String> {
    Some(match v {
        J::S(s) => s.clone(),
        J::T(s) => s.to_string(),
        J::U(n) => format!("{n}"),
        J::I(n) => format!("{n}"),
        J::Bool(b) => format!("{b}"),
        J::Null => "null".into(),
        J::F(_) | J::A(_) | J::O(_) => return None,
    })
}

fn field<'a>(j: &'a J, key: &str) -> Option<&'a J> {
    match j {
        J::O(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

fn u64_field(j: &J, key: &str) -> Option<u64> {
    match field(j, key)? {
        J::U(n) => Some(*n),
        _ => None,
    }
}

/// The trace events a timeline marks: sends stored, lock expiries and losses, abandons,
/// dead-letter moves and settlements.
pub const MARKER_KINDS: [&str; 8] = [
    "enqueued",
    "lock_expired",
    "lock_lost",
    "abandoned",
    "dead_lettered",
    "completed",
    "received_and_deleted",
    "deferred",
];

/// A moment on the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// Virtual time.
    pub t: u64,
    /// One of [`MARKER_KINDS`].
    pub kind: &'static str,
    /// The message.
    pub id: Option<String>,
}

/// What a whole run produced, to resolve placeholders from: its trace records, its final
/// record, the configuration of its queue (or of each entity) and the actors.
#[derive(Clone, Debug)]
pub struct Facts {
    records: Vec<J>,
    last: J,
    /// Each entity's settings by path, as the format writes them, and whether it is a topic;
    /// one entry, `"queue"`, without `entities`.
    configs: Vec<(String, Value, bool)>,
    /// The document declares `entities`.
    entities: bool,
    actors: Vec<(String, bool, u64)>,
}

/// Each entity's settings (`"queue"` without `entities`), and whether it is a topic.
fn configs(sc: &Scenario) -> Vec<(String, Value, bool)> {
    use settle_core::namespace::{EntitySpec, subscription_path};
    let Some(ents) = &sc.entities else {
        return alloc::vec![("queue".into(), crate::config_value(&sc.queue), false)];
    };
    let mut out = Vec::new();
    for (name, e) in ents.iter() {
        match e {
            EntitySpec::Queue(c) => out.push((name.clone(), crate::config_value(c), false)),
            EntitySpec::Topic(t) => {
                out.push((name.clone(), crate::config_value(&t.config), true));
                for (sub, s) in &t.subscriptions {
                    out.push((
                        subscription_path(name, sub),
                        crate::config_value(&s.config),
                        false,
                    ));
                }
            }
        }
    }
    out
}

/// The scenario's trace records and its final record (`J::Null` when the work budget ran out).
fn run_records(sc: &Scenario) -> (Vec<J>, J) {
    let mut records = Vec::new();
    let mut run = Run::new(sc);
    run.finish(&mut |r: J| records.push(r));
    let last = if run.exceeded().is_none() {
        records.pop().unwrap_or(J::Null)
    } else {
        J::Null
    };
    (records, last)
}

impl Facts {
    /// Runs the scenario (with or without `entities`) to its end and keeps what it produced.
    #[must_use]
    pub fn of(sc: &Scenario) -> Self {
        let (records, last) = run_records(sc);
        Self {
            records,
            last,
            configs: configs(sc),
            entities: sc.entities.is_some(),
            actors: sc
                .actors
                .iter()
                .map(|a| match a {
                    ActorSpec::Sender(s) => (s.name.to_string(), true, s.start.as_millis()),
                    ActorSpec::Receiver(r) => (r.name.to_string(), false, r.start.as_millis()),
                })
                .collect(),
        }
    }

    /// The trace records, in order (without the final record).
    #[must_use]
    pub fn records(&self) -> &[J] {
        &self.records
    }

    /// The moments a timeline marks, in time order.
    #[must_use]
    pub fn markers(&self) -> Vec<Marker> {
        self.records
            .iter()
            .filter_map(|r| {
                let J::S(kind) = field(r, "event")? else {
                    return None;
                };
                let kind = MARKER_KINDS.iter().find(|k| **k == kind.as_str())?;
                Some(Marker {
                    t: u64_field(r, "t")?,
                    kind,
                    id: match field(r, "id") {
                        Some(J::S(id)) => Some(id.clone()),
                        _ => None,
                    },
                })
            })
            .collect()
    }

    /// The queue, topic or subscription a placeholder names (`None`: the one queue).
    fn entity(&self, name: Option<&str>) -> Result<&(String, Value, bool), FormatError> {
        match name {
            None if self.entities => Err(problem(
                "say which entity: the document declares several (config:KEY ENTITY)",
                "fact-which-entity",
                &[("form", &"config:KEY ENTITY")],
            )),
            None => self
                .configs
                .first()
                .ok_or_else(|| problem("the run has no queue", "fact-no-queue", &[])),
            Some(n) => self.configs.iter().find(|(p, _, _)| p == n).ok_or_else(|| {
                problem(
                    format!("no queue, topic or subscription named \"{n}\""),
                    "fact-no-entity",
                    &[("name", &n)],
                )
            }),
        }
    }

    fn matching<'a>(&'a self, m: &'a Matcher) -> impl Iterator<Item = &'a J> + 'a {
        self.records.iter().filter(move |r| {
            let kind = field(r, "event").or_else(|| field(r, "do"));
            kind == Some(&J::S(m.kind.clone()))
                && m.id
                    .as_ref()
                    .is_none_or(|id| field(r, "id") == Some(&J::S(id.clone())))
                && m.filters.iter().all(|(k, v)| {
                    let have = field(r, k).and_then(text_of);
                    match v.strip_prefix('~') {
                        Some(part) => have.is_some_and(|h| h.contains(part)),
                        None => have.as_ref() == Some(v),
                    }
                })
        })
    }

    /// The record a matcher picks.
    ///
    /// # Errors
    /// When the run has no such record.
    pub fn pick<'a>(&'a self, m: &'a Matcher) -> Result<&'a J, FormatError> {
        let all: Vec<&J> = self.matching(m).collect();
        let pick = match m.nth {
            None => all.last(),
            Some(n) => all.get(n - 1),
        };
        pick.copied().ok_or_else(|| {
            let n = all.len();
            problem(
                format!(
                    "the run has {n} matching record{}",
                    if n == 1 { "" } else { "s" }
                ),
                "fact-matching",
                &[("n", &n)],
            )
        })
    }

    /// The time of the record a matcher picks.
    ///
    /// # Errors
    /// When the run has no such record.
    pub fn time_of(&self, m: &Matcher) -> Result<u64, FormatError> {
        self.pick(m).and_then(|r| {
            u64_field(r, "t").ok_or_else(|| problem("the record has no time", "fact-no-time", &[]))
        })
    }

    fn term(&self, t: &Term) -> Result<Num, FormatError> {
        let int = |n: u64| Num::I(i64::try_from(n).unwrap_or(i64::MAX));
        Ok(match t {
            Term::T(m) => int(self.time_of(m)?),
            Term::Count(m) => int(self.matching(m).count() as u64),
            Term::Rate(m) => {
                let ts: Vec<u64> = self.matching(m).filter_map(|r| u64_field(r, "t")).collect();
                match (ts.first(), ts.last()) {
                    (Some(a), Some(b)) if b > a => {
                        Num::F((ts.len() - 1) as f64 * 1000.0 / (b - a) as f64)
                    }
                    _ => {
                        return Err(problem(
                            "a rate needs matching records at two different times",
                            "fact-rate",
                            &[],
                        ));
                    }
                }
            }
            Term::DeliveryCount(id) => int(self
                .records
                .iter()
                .filter(|r| field(r, "id") == Some(&J::S(id.clone())))
                .filter_map(|r| u64_field(r, "delivery_count"))
                .max()
                .ok_or_else(|| {
                    problem(
                        format!("no record of \"{id}\" carries a delivery count"),
                        "fact-no-delivery-count",
                        &[("id", id)],
                    )
                })?),
            Term::Field(key, m) => int(u64_field(self.pick(m)?, key).ok_or_else(|| {
                problem(
                    format!("that {} record has no {key}", m.kind),
                    "fact-record-lacks",
                    &[("kind", &m.kind), ("key", key)],
                )
            })?),
            Term::Elapsed(name) => {
                let start = self
                    .actors
                    .iter()
                    .find(|(n, _, _)| n == name)
                    .map_or(0, |a| a.2);
                let end = self
                    .records
                    .iter()
                    .rev()
                    .find(|r| field(r, "by") == Some(&J::S(name.clone())))
                    .and_then(|r| u64_field(r, "t"))
                    .ok_or_else(|| {
                        problem(
                            format!("\"{name}\" does nothing in the run"),
                            "fact-idle",
                            &[("name", name)],
                        )
                    })?;
                int(end.saturating_sub(start))
            }
            Term::Config(k, entity) => {
                let (name, cfg, topic) = self.entity(entity.as_deref())?;
                if *topic && !TOPIC_CONFIG_KEYS.contains(k) {
                    return Err(problem(
                        format!("\"{name}\" is a topic; its subscriptions have the {k}"),
                        "fact-topic-key",
                        &[("name", name), ("key", k)],
                    ));
                }
                match cfg.get(*k).and_then(Value::as_u64) {
                    Some(n) => int(n),
                    None if self.entities => {
                        return Err(problem(
                            format!("{name}'s {k} is not set"),
                            "fact-entity-key-unset",
                            &[("name", name), ("key", k)],
                        ));
                    }
                    None => {
                        return Err(problem(
                            format!("the queue's {k} is not set"),
                            "fact-queue-key-unset",
                            &[("key", k)],
                        ));
                    }
                }
            }
            Term::Final(list, entity) => {
                let len = |e: &J| match field(e, list) {
                    Some(J::A(a)) => Some(a.len() as u64),
                    _ => None,
                };
                let fin = field(&self.last, "final");
                if !self.entities {
                    self.entity(entity.as_deref())?;
                    return Ok(int(fin.and_then(len).unwrap_or(0)));
                }
                let ents = fin.and_then(|f| field(f, "entities"));
                match entity {
                    // Every entity's list of that name, together.
                    None => int(match ents {
                        Some(J::O(all)) => all.iter().filter_map(|(_, e)| len(e)).sum(),
                        _ => 0,
                    }),
                    Some(name) => {
                        self.entity(Some(name))?;
                        match ents.and_then(|e| field(e, name)) {
                            None => int(0),
                            Some(e) => int(len(e).ok_or_else(|| {
                                problem(
                                    format!("\"{name}\" has no {list} list in the final record"),
                                    "fact-no-final-list",
                                    &[("name", name), ("list", list)],
                                )
                            })?),
                        }
                    }
                }
            }
            Term::Receivers => int(self.actors.iter().filter(|a| !a.1).count() as u64),
            Term::Senders => int(self.actors.iter().filter(|a| a.1).count() as u64),
        })
    }
}

impl Template {
    /// Each placeholder's source (between the braces) and its value in the run(s).
    #[must_use]
    pub fn values(&self, facts: &[(&str, &Facts)]) -> Vec<(String, Result<Num, FormatError>)> {
        self.holes()
            .map(|h| (h.src.clone(), h.value(facts)))
            .collect()
    }

    /// Each placeholder's number as the text shows it, in order: what a translation of the
    /// text is given (as `$n1`, `$n2`, …) to write in its own language.
    ///
    /// # Errors
    /// As [`Self::render`].
    pub fn numbers(&self, facts: &[(&str, &Facts)], path: &str) -> R<Vec<Number>> {
        self.holes()
            .map(|h| match h.value(facts) {
                Ok(n) => Ok(Number::of(n, h.fmt)),
                Err(e) => in_placeholder(path, &h.src, e),
            })
            .collect()
    }

    /// As [`Self::render`], in the words `words` gives for this text (`what`, `i`), if it
    /// gives any: a translation, written with this text's numbers.
    ///
    /// # Errors
    /// As [`Self::render`].
    pub fn render_in(
        &self,
        facts: &[(&str, &Facts)],
        path: &str,
        words: Words<'_>,
        (what, i): (&str, Option<usize>),
    ) -> R<String> {
        let numbers = self.numbers(facts, path)?;
        match words(what, i, &numbers) {
            Some(text) => Ok(text),
            None => self.render(facts, path),
        }
    }

    /// The text with every placeholder resolved from the run(s): `facts` pairs a variant key
    /// with its run (`""` for a lesson's own run).
    ///
    /// # Errors
    /// A placeholder the run cannot answer (no such record), at `path`.
    pub fn render(&self, facts: &[(&str, &Facts)], path: &str) -> R<String> {
        let mut out = String::new();
        for p in &self.pieces {
            match p {
                Piece::Lit(s) => out.push_str(s),
                Piece::Hole(h) => match h.value(facts) {
                    Ok(n) => out.push_str(&format_num(n, h.fmt)),
                    Err(e) => return in_placeholder(path, &h.src, e),
                },
            }
        }
        Ok(out)
    }
}

impl Hole {
    fn value(&self, facts: &[(&str, &Facts)]) -> Result<Num, FormatError> {
        let f = match &self.variant {
            None => facts.first().map(|(_, f)| *f),
            Some(v) => facts.iter().find(|(k, _)| k == v).map(|(_, f)| *f),
        }
        .ok_or_else(|| problem("no run to read it from", "fact-no-run", &[]))?;
        let a = f.term(&self.a)?;
        Ok(match &self.minus {
            None => a,
            Some(b) => match (a, f.term(b)?) {
                (Num::I(x), Num::I(y)) => Num::I(x - y),
                (x, y) => Num::F(x.as_f64() - y.as_f64()),
            },
        })
    }
}

/// A placeholder `src` the run cannot answer (`e`), at `path`.
pub(crate) fn in_placeholder<T>(path: &str, src: &str, e: FormatError) -> R<T> {
    err_within(
        path,
        format!("{{{src}}}: {e}"),
        "in-placeholder",
        &[("src", &src)],
        e,
    )
}
