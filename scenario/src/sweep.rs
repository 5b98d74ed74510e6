//! A what-if sweep: one scenario run at every point of a grid of its settings (how many
//! receivers, their prefetch, the lock's duration…), each point summed up in one row.
//!
//! A point is a variant of the document: the settings are written into its JSON (`variant`),
//! which is then read like any document, so a variant is refused exactly as the same document
//! typed by hand would be, and can be opened or saved as it is. Each point runs `seeds` times
//! (the document's seed, then the next ones) within a work budget each; a point that runs out
//! of it says so in its row, and the rest still run. The rows are deterministic: the same sweep
//! gives the same bytes.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;
use serde_json::{Map, Value, json};

use crate::{Budget, FormatError, Scenario, from_value};

/// The most points one sweep may have (the product of its ranges' lengths).
pub const MAX_POINTS: u64 = 2_000;

/// The most seeds one point may run with.
pub const MAX_SEEDS: u32 = 100;

/// A setting a sweep varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Param {
    /// The number of competing receivers: the receiver actors are replaced by this many copies
    /// of the first one.
    Receivers,
    /// Every receiver actor's `concurrency`.
    Concurrency,
    /// Every receiver actor's `prefetch`.
    Prefetch,
    /// Every receiver actor's `processing_ms`, one fixed time.
    ProcessingMs,
    /// The queue's `lock_duration_ms`.
    LockMs,
    /// Every receiver actor's `auto_renew_max_ms`.
    AutoRenewMs,
    /// The queue's `max_delivery_count`.
    MaxDeliveryCount,
    /// Every sender actor's `interval_ms`.
    SendIntervalMs,
}

impl Param {
    /// Every parameter, in the order they are applied (the receivers are copied first, so
    /// that the copies take the other receiver settings).
    pub const ALL: [Self; 8] = [
        Self::Receivers,
        Self::Concurrency,
        Self::Prefetch,
        Self::ProcessingMs,
        Self::LockMs,
        Self::AutoRenewMs,
        Self::MaxDeliveryCount,
        Self::SendIntervalMs,
    ];

    /// Its name on the command line and in the rows.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Receivers => "receivers",
            Self::Concurrency => "concurrency",
            Self::Prefetch => "prefetch",
            Self::ProcessingMs => "processing_ms",
            Self::LockMs => "lock_ms",
            Self::AutoRenewMs => "auto_renew_ms",
            Self::MaxDeliveryCount => "max_delivery_count",
            Self::SendIntervalMs => "send_interval_ms",
        }
    }

    /// The parameter of this name.
    #[must_use]
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Writes `value` into the document `doc` (its top-level object).
    fn write(self, doc: &mut Map<String, Value>, value: u64) -> Result<(), SweepError> {
        let key = match self {
            Self::Receivers => return copy_receivers(doc, value),
            Self::LockMs | Self::MaxDeliveryCount => {
                let key = if self == Self::LockMs {
                    "lock_duration_ms"
                } else {
                    "max_delivery_count"
                };
                let queue = doc
                    .entry("queue")
                    .or_insert_with(|| Value::Object(Map::new()));
                let Value::Object(queue) = queue else {
                    return Err(SweepError::Variant("$.queue: not an object".to_string()));
                };
                queue.insert(key.to_string(), Value::from(value));
                return Ok(());
            }
            Self::Concurrency => "concurrency",
            Self::Prefetch => "prefetch",
            Self::ProcessingMs => "processing_ms",
            Self::AutoRenewMs => "auto_renew_max_ms",
            Self::SendIntervalMs => "interval_ms",
        };
        let kind = if self == Self::SendIntervalMs {
            "sender"
        } else {
            "receiver"
        };
        let mut found = false;
        for actor in actors_of(doc, kind) {
            actor.insert(key.to_string(), Value::from(value));
            found = true;
        }
        if found {
            Ok(())
        } else {
            Err(SweepError::NoActor { param: self, kind })
        }
    }
}

/// The actors of `kind` (`"sender"`, `"receiver"`) in `doc`, as objects.
fn actors_of<'a>(
    doc: &'a mut Map<String, Value>,
    kind: &'a str,
) -> impl Iterator<Item = &'a mut Map<String, Value>> {
    doc.get_mut("actors")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object_mut)
        .filter(move |a| a.get("kind").and_then(Value::as_str) == Some(kind))
}

/// Replaces the receiver actors by `n` copies of the first. The copies are named after it: a
/// name ending in a number counts on from its prefix (`Worker-1` → `Worker-1`, `Worker-2`…),
/// any other gets `-2`, `-3`… after the first copy.
fn copy_receivers(doc: &mut Map<String, Value>, n: u64) -> Result<(), SweepError> {
    let no = || SweepError::NoActor {
        param: Param::Receivers,
        kind: "receiver",
    };
    let actors = doc
        .get_mut("actors")
        .and_then(Value::as_array_mut)
        .ok_or_else(no)?;
    let is_receiver = |a: &Value| a.get("kind").and_then(Value::as_str) == Some("receiver");
    let at = actors.iter().position(is_receiver).ok_or_else(no)?;
    let first = actors[at].clone();
    let name = first.get("name").and_then(Value::as_str).unwrap_or("R");
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let stem = &name[..name.len() - digits];
    let named = |k: u64| match digits {
        0 if k == 1 => name.to_string(),
        0 => format!("{name}-{k}"),
        _ => format!("{stem}{k}"),
    };
    let copies: Vec<Value> = (1..=n)
        .map(|k| {
            let mut c = first.clone();
            if let Value::Object(o) = &mut c {
                o.insert("name".to_string(), Value::from(named(k)));
            }
            c
        })
        .collect();
    actors.retain(|a| !is_receiver(a));
    actors.splice(at..at, copies);
    Ok(())
}

/// One varied parameter: `from..=to` by `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vary {
    /// What varies.
    pub param: Param,
    /// The first value.
    pub from: u64,
    /// The last value at most.
    pub to: u64,
    /// The gap between values (at least 1).
    pub step: u64,
}

impl Vary {
    /// Reads `NAME=A..B[:STEP]`, or `NAME=A` for one value.
    ///
    /// # Errors
    /// The text, quoted, and what is wrong with it.
    pub fn parse(text: &str) -> Result<Self, String> {
        let bad = |why: String| format!("--vary {text}: {why}");
        let Some((name, range)) = text.split_once('=') else {
            return Err(bad(
                "expected NAME=A..B[:STEP], for example receivers=1..8".to_string()
            ));
        };
        let param = Param::named(name.trim()).ok_or_else(|| {
            let names: Vec<&str> = Param::ALL.iter().map(|p| p.name()).collect();
            bad(format!(
                "unknown parameter {:?}; one of {}",
                name.trim(),
                names.join(", ")
            ))
        })?;
        let (range, step) = match range.split_once(':') {
            Some((r, s)) => (r, Some(s)),
            None => (range, None),
        };
        let number = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| bad(format!("{:?} is not a whole number", s.trim())))
        };
        let (from, to) = match range.split_once("..") {
            Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
            None => {
                let v = number(range)?;
                (v, v)
            }
        };
        let step = step.map(number).transpose()?.unwrap_or(1);
        Self::new(param, from, to, step).map_err(|e| bad(e.to_string()))
    }

    /// `param` from `from` to `to` at most, `step` apart.
    ///
    /// # Errors
    /// An empty range, or a step of 0.
    pub fn new(param: Param, from: u64, to: u64, step: u64) -> Result<Self, RangeError> {
        if from > to {
            return Err(RangeError::Empty { param, from, to });
        }
        if step == 0 {
            return Err(RangeError::ZeroStep { param });
        }
        Ok(Self {
            param,
            from,
            to,
            step,
        })
    }

    /// The last value the step reaches (`to` at most).
    #[must_use]
    pub fn last(&self) -> u64 {
        self.from + (self.len() - 1) * self.step
    }

    /// How many values it takes.
    #[must_use]
    pub fn len(&self) -> u64 {
        (self.to - self.from) / self.step + 1
    }

    /// Never empty (a range is at least one value); for clippy's `len` rule.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Its values, in order.
    pub fn values(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len()).map(|i| self.from + i * self.step)
    }
}

/// A sweep: the parameters it varies and how many seeds each point runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// The varied parameters, the first varying slowest in the rows.
    pub vary: Vec<Vary>,
    /// Runs per point: the document's seed and the next `seeds - 1`.
    pub seeds: u32,
}

impl Sweep {
    /// A sweep of at least one and at most [`MAX_POINTS`] points.
    ///
    /// # Errors
    /// No parameter, one given twice, too many points, or seeds out of 1..=[`MAX_SEEDS`].
    pub fn new(vary: Vec<Vary>, seeds: u32) -> Result<Self, RangeError> {
        if vary.is_empty() {
            return Err(RangeError::Nothing);
        }
        for (i, v) in vary.iter().enumerate() {
            if vary[..i].iter().any(|w| w.param == v.param) {
                return Err(RangeError::Twice { param: v.param });
            }
        }
        if !(1..=MAX_SEEDS).contains(&seeds) {
            return Err(RangeError::Seeds { seeds });
        }
        let points = vary.iter().fold(1u64, |n, v| n.saturating_mul(v.len()));
        if points > MAX_POINTS {
            return Err(RangeError::TooMany { points });
        }
        Ok(Self { vary, seeds })
    }

    /// Every point's values, in the parameters' order; the last parameter varies fastest.
    #[must_use]
    pub fn points(&self) -> Vec<Vec<u64>> {
        let mut points = alloc::vec![Vec::new()];
        for v in &self.vary {
            points = points
                .into_iter()
                .flat_map(|p| {
                    v.values().map(move |x| {
                        let mut q = p.clone();
                        q.push(x);
                        q
                    })
                })
                .collect();
        }
        points
    }

    /// The document of the point `values` (in the parameters' order): `doc` with them written in.
    ///
    /// # Errors
    /// The document is not an object, or has no actor a parameter sets.
    pub fn variant(&self, doc: &Value, values: &[u64]) -> Result<Value, SweepError> {
        let mut doc = doc.clone();
        let Value::Object(o) = &mut doc else {
            return Err(SweepError::Variant(
                "$: a scenario is a JSON object".to_string(),
            ));
        };
        let mut set: Vec<(Param, u64)> = self
            .vary
            .iter()
            .map(|v| v.param)
            .zip(values.iter().copied())
            .collect();
        set.sort_unstable();
        for (p, v) in set {
            p.write(o, v)?;
        }
        Ok(doc)
    }

    /// The point `values` as the rows' reader names it: `receivers=3, lock_ms=10000`.
    #[must_use]
    pub fn point_name(&self, values: &[u64]) -> String {
        let parts: Vec<String> = self
            .vary
            .iter()
            .zip(values)
            .map(|(v, x)| format!("{}={x}", v.param.name()))
            .collect();
        parts.join(", ")
    }

    /// The scenario of the point `values`: its variant of `doc`, read.
    ///
    /// # Errors
    /// The variant cannot be made, is not a valid scenario, or has entities (a sweep varies
    /// one queue's settings).
    pub fn scenario(&self, doc: &Value, values: &[u64]) -> Result<Scenario, SweepError> {
        let point = || self.point_name(values);
        let variant = self.variant(doc, values)?;
        let sc = from_value(&variant).map_err(|error| SweepError::Refused {
            point: point(),
            error,
        })?;
        if sc.entities.is_some() {
            return Err(SweepError::Entities);
        }
        Ok(sc)
    }

    /// Reads every point's variant of `doc` without running any: what [`run`](Self::run)
    /// checks first.
    ///
    /// # Errors
    /// As [`scenario`](Self::scenario), for the first point that fails.
    pub fn check(&self, doc: &Value) -> Result<(), SweepError> {
        self.points()
            .iter()
            .try_for_each(|p| self.scenario(doc, p).map(drop))
    }

    /// Reads the variants at the ends of the ranges only (each value its range's first or
    /// last: at most four points for two parameters): the format's limits on these settings
    /// are ranges, so a value between two it accepts is accepted too. A page checks these
    /// before it hands the points to its workers, instead of reading all of them at once.
    ///
    /// # Errors
    /// As [`check`](Self::check).
    pub fn check_ends(&self, doc: &Value) -> Result<(), SweepError> {
        let ends = Self {
            vary: self
                .vary
                .iter()
                .map(|v| Vary {
                    to: v.last(),
                    step: (v.last() - v.from).max(1),
                    ..*v
                })
                .collect(),
            seeds: self.seeds,
        };
        ends.check(doc)
    }

    /// The row of the point `values`, whose scenario is `sc`: it runs `seeds` times, each
    /// within `budget`.
    #[must_use]
    pub fn row(&self, mut sc: Scenario, values: Vec<u64>, budget: Budget) -> Row {
        let base = sc.seed;
        let mut m = Measure::default();
        for k in 0..self.seeds {
            sc.seed = base.wrapping_add(u64::from(k));
            m.run(&sc, budget);
        }
        m.row(values, self.seeds)
    }

    /// Runs every point of `doc` (each within `budget` per seed), in the order of
    /// [`points`](Self::points); `progress(done, of)` after each.
    ///
    /// # Errors
    /// As [`check`](Self::check): nothing runs then.
    pub fn run(
        &self,
        doc: &Value,
        budget: Budget,
        progress: &mut impl FnMut(usize, usize),
    ) -> Result<Vec<Row>, SweepError> {
        let points = self.points();
        let scenarios = points
            .iter()
            .map(|p| self.scenario(doc, p))
            .collect::<Result<Vec<_>, _>>()?;
        let total = points.len();
        let mut rows = Vec::with_capacity(total);
        for (i, (values, sc)) in points.into_iter().zip(scenarios).enumerate() {
            rows.push(self.row(sc, values, budget));
            progress(i + 1, total);
        }
        Ok(rows)
    }

    /// The rows as CSV: a header, then one line a point.
    #[must_use]
    pub fn csv(&self, rows: &[Row]) -> String {
        let mut s = String::new();
        for v in &self.vary {
            s.push_str(v.param.name());
            s.push(',');
        }
        s.push_str(COLUMNS);
        s.push('\n');
        for r in rows {
            for v in &r.values {
                let _ = write!(s, "{v},");
            }
            let opt = |x: Option<u64>| x.map(|x| x.to_string()).unwrap_or_default();
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{}",
                r.throughput_text(),
                opt(r.latency_p50_ms),
                opt(r.latency_p95_ms),
                mean(r.lock_expiries, r.seeds),
                mean(r.dead_lettered, r.seeds),
                r.max_queue_length,
                r.seeds,
                r.status()
            );
        }
        s
    }

    /// The sweep and its rows as one JSON value.
    #[must_use]
    pub fn json(&self, title: &str, rows: &[Row]) -> Value {
        let vary: Vec<Value> = self
            .vary
            .iter()
            .map(|v| json!({"name": v.param.name(), "from": v.from, "to": v.to, "step": v.step}))
            .collect();
        let rows: Vec<Value> = rows
            .iter()
            .map(|r| {
                let mut o = Map::new();
                for (v, x) in self.vary.iter().zip(&r.values) {
                    o.insert(v.param.name().to_string(), Value::from(*x));
                }
                let number = |t: String| t.parse::<f64>().map_or(Value::Null, Value::from);
                o.insert("throughput_per_s".into(), number(r.throughput_text()));
                o.insert("latency_p50_ms".into(), r.latency_p50_ms.into());
                o.insert("latency_p95_ms".into(), r.latency_p95_ms.into());
                o.insert(
                    "lock_expiries".into(),
                    number(mean(r.lock_expiries, r.seeds)),
                );
                o.insert(
                    "dead_lettered".into(),
                    number(mean(r.dead_lettered, r.seeds)),
                );
                o.insert("max_queue_length".into(), r.max_queue_length.into());
                o.insert("seeds".into(), r.seeds.into());
                o.insert("status".into(), r.status().into());
                if let Some(e) = &r.over_budget {
                    o.insert("budget".into(), e.to_string().into());
                }
                Value::Object(o)
            })
            .collect();
        json!({"scenario": title, "seeds": self.seeds, "vary": vary, "rows": rows})
    }
}

/// Why ranges make no sweep. Displayed in the command line's words; a page says it in its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeError {
    /// `from` is above `to`.
    Empty {
        /// The parameter.
        param: Param,
        /// Its first value.
        from: u64,
        /// Its last.
        to: u64,
    },
    /// A step of 0.
    ZeroStep {
        /// The parameter.
        param: Param,
    },
    /// No parameter varies.
    Nothing,
    /// A parameter is given twice.
    Twice {
        /// The parameter.
        param: Param,
    },
    /// Seeds out of 1..=[`MAX_SEEDS`].
    Seeds {
        /// The seeds asked for.
        seeds: u32,
    },
    /// More than [`MAX_POINTS`] points.
    TooMany {
        /// How many (saturating).
        points: u64,
    },
}

impl core::fmt::Display for RangeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Empty { from, to, .. } => {
                write!(f, "the range is empty ({from} is above {to})")
            }
            Self::ZeroStep { .. } => f.write_str("the step must be at least 1"),
            Self::Nothing => f.write_str("no --vary: name at least one parameter to vary"),
            Self::Twice { param } => write!(f, "--vary {} is given twice", param.name()),
            Self::Seeds { seeds } => write!(f, "--seeds {seeds}: from 1 to {MAX_SEEDS}"),
            Self::TooMany { points } => write!(
                f,
                "{points} points: a sweep has at most {MAX_POINTS} (a shorter range or a larger step)"
            ),
        }
    }
}

/// Why a sweep did not run.
#[derive(Clone, Debug, PartialEq)]
pub enum SweepError {
    /// The scenario has no actor of `kind` (`"sender"`, `"receiver"`) for `param` to set.
    NoActor {
        /// The parameter.
        param: Param,
        /// The kind of actor it sets.
        kind: &'static str,
    },
    /// The scenario declares entities: a sweep varies one queue's settings.
    Entities,
    /// The document is not one a sweep can vary (not an object, a `queue` that is not one).
    Variant(String),
    /// A point's variant is not a valid scenario (a value out of the format's range).
    Refused {
        /// The point: `lock_ms=1000`.
        point: String,
        /// What the format says.
        error: FormatError,
    },
}

impl core::fmt::Display for SweepError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::NoActor { param, kind } if *param == Param::Receivers => {
                write!(f, "receivers: the scenario has no {kind} actor to copy")
            }
            Self::NoActor { param, kind } => write!(
                f,
                "{}: the scenario has no {kind} actor to set it on",
                param.name()
            ),
            Self::Entities => {
                f.write_str("a sweep varies one queue's settings; this scenario declares entities")
            }
            Self::Variant(why) => f.write_str(why),
            Self::Refused { point, error } => write!(f, "{point}: {error}"),
        }
    }
}

/// The columns after the varied values.
pub const COLUMNS: &str = "throughput_per_s,latency_p50_ms,latency_p95_ms,lock_expiries,dead_lettered,max_queue_length,seeds,status";

mod row;

pub use row::Row;
use row::{Measure, mean};

#[cfg(test)]
mod tests;
