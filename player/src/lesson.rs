//! The loaded scenario's lesson in the playground: its captions at their virtual times, the
//! pauses they ask for, and the closing "what you saw", all resolved from the scenario's own
//! run by `settle_scenario::lesson` (the numbers are never typed in).

use settle_i18n::{Arg, lesson_words, tf};
use settle_scenario::Scenario;
use settle_scenario::compare::{Compared, Comparison};
use settle_scenario::lesson::{Facts, Number, Shown, ShownNote};

/// The built-in lesson or comparison whose English title is `title`, by its name: a copy of
/// one (a share link, an export) is told in the same words.
fn builtin_name(title: &str) -> &'static str {
    use crate::builtin::{COMPARISONS, ENTITY_PRESETS, PRESETS};
    PRESETS
        .iter()
        .chain(ENTITY_PRESETS)
        .chain(COMPARISONS)
        .find(|(_, t)| *t == title)
        .map_or("", |(name, _)| name)
}

/// The installed language's words for the document titled `title`, if it is a built-in one
/// (`settle_scenario::lesson::Words`).
pub fn words(title: &str) -> impl Fn(&str, Option<usize>, &[Number]) -> Option<String> {
    lesson_words(builtin_name(title))
}

/// A document's title and description in the installed language (a built-in one's
/// translation, else as written).
#[must_use]
pub fn title_and_description(title: &str, description: &str) -> (String, String) {
    let words = words(title);
    (
        words("title", None, &[]).unwrap_or_else(|| title.to_owned()),
        words("description", None, &[]).unwrap_or_else(|| description.to_owned()),
    )
}

/// `sc`'s lesson, resolved from `facts`, in the installed language.
fn show(sc: &Scenario) -> Result<Option<Shown>, settle_scenario::FormatError> {
    let words = words(&sc.title);
    sc.lesson
        .as_ref()
        .map(|l| l.show_in(&Facts::of(sc), &words))
        .transpose()
}

/// What the page knows about the loaded scenario as a lesson.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct State {
    /// The lesson resolved from the run; `None` for a scenario without one.
    pub shown: Option<Shown>,
    /// Why the lesson could not be shown (the scenario still runs).
    pub error: Option<String>,
    /// When the story is over (virtual ms): the summary shows from here.
    pub end_ms: u64,
    /// The built-in preset or comparison this came from, as the address names it.
    pub source: Option<Source>,
    /// Whether captions that pause stop the clock (not in an embed that plays by itself).
    pub pauses: bool,
}

/// Where the loaded scenario came from, when the address can name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// `?preset=NAME`.
    Preset(String),
    /// `?compare=NAME`, showing the variant with this key.
    Compare(String, &'static str),
}

impl State {
    /// Resolves the lesson of `sc` (running it once, to its end).
    #[must_use]
    pub fn of(sc: &Scenario) -> Self {
        let (shown, error, end_ms) = match show(sc) {
            Ok(s) => (s, None, sc.run_until.as_millis()),
            // An export stops where it was exported (its run_until_ms), before the moments its
            // lesson names: resolve the lesson from a longer run of the same scenario, and end
            // the story at its last caption.
            Err(e) => match show(&longer(sc)) {
                Ok(s) => (s, None, 0),
                Err(_) => (
                    None,
                    Some(tf(
                        "lesson-captions-failed",
                        &[(
                            "error",
                            Arg::from(settle_i18n::format_error(&settle_i18n::current(), &e)),
                        )],
                    )),
                    0,
                ),
            },
        };
        let last_note = shown
            .as_ref()
            .and_then(|s| s.notes.last())
            .map_or(0, |n| n.at_ms);
        Self {
            shown,
            error,
            end_ms: end_ms.max(last_note),
            source: None,
            pauses: true,
        }
    }

    /// The caption showing at `now`: the last one whose time has come, with its index.
    #[must_use]
    pub fn caption_at(&self, now_ms: u64) -> Option<(usize, &ShownNote)> {
        let notes = &self.shown.as_ref()?.notes;
        let n = notes.partition_point(|n| n.at_ms <= now_ms);
        n.checked_sub(1).map(|i| (i, &notes[i]))
    }

    /// Where a clock going from `from` to `to` must stop: the first caption in (`from`, `to`]
    /// that pauses playback.
    #[must_use]
    pub fn pause_between(&self, from_ms: u64, to_ms: u64) -> Option<u64> {
        if !self.pauses {
            return None;
        }
        self.shown
            .as_ref()?
            .notes
            .iter()
            .find(|n| n.pause && n.at_ms > from_ms && n.at_ms <= to_ms)
            .map(|n| n.at_ms)
    }

    /// Whether the story is over at `now` (the summary shows).
    #[must_use]
    pub fn ended(&self, now_ms: u64) -> bool {
        self.shown.is_some() && now_ms >= self.end_ms
    }

    /// The lesson's default speed.
    #[must_use]
    pub fn speed(&self) -> Option<f64> {
        self.shown.as_ref().map(|s| s.speed)
    }
}

/// How much further than its `run_until_ms` an export's lesson is resolved.
const LONGER_MS: u64 = 3_600_000;

fn longer(sc: &Scenario) -> Scenario {
    let mut sc = sc.clone();
    sc.run_until = settle_core::Instant::from_millis(sc.run_until.as_millis() + LONGER_MS);
    sc
}

/// The built-in lessons: (preset name, title), in the presets' order.
#[must_use]
pub fn presets() -> Vec<(&'static str, String)> {
    crate::builtin::PRESETS
        .iter()
        .chain(crate::builtin::ENTITY_PRESETS)
        .map(|(n, t)| (*n, title_of(n, t)))
        .collect()
}

/// A built-in document's title in the installed language.
fn title_of(name: &str, english: &str) -> String {
    lesson_words(name)("title", None, &[]).unwrap_or_else(|| english.to_owned())
}

/// The built-in comparisons: (name, title).
#[must_use]
pub fn comparisons() -> Vec<(&'static str, String)> {
    crate::builtin::COMPARISONS
        .iter()
        .map(|(n, t)| (*n, title_of(n, t)))
        .collect()
}

/// A built-in comparison as the page shows it until two stages run side by side: its facts
/// table and stated difference from both runs, and its sides to open one at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparisonView {
    /// Its name (`?compare=NAME`).
    pub name: String,
    pub title: String,
    pub description: String,
    /// (key, label) of each side.
    pub sides: Vec<(&'static str, String)>,
    /// The facts, difference and checks, resolved from the runs.
    pub table: Compared,
}

/// A comparison already fetched ([`crate::builtin::fetch_comparison`]).
fn comparison(name: &str) -> Result<Comparison, String> {
    crate::builtin::parse_comparison(name)
}

/// The comparison `name` resolved from its runs.
///
/// # Errors
/// No such comparison, or a run that cannot answer its placeholders.
pub fn compared(name: &str) -> Result<ComparisonView, String> {
    let c = comparison(name)?;
    let words = lesson_words(builtin_name(&c.title));
    let table = c.show_in(&words).map_err(|e| crate::words::doc_error(&e))?;
    let (title, description) = title_and_description(&c.title, &c.description);
    Ok(ComparisonView {
        name: name.to_string(),
        title,
        description,
        sides: c
            .variants
            .iter()
            .map(|v| v.key)
            .zip(table.labels.clone())
            .collect(),
        table,
    })
}

/// The scenario of side `key` of the comparison `name`.
///
/// # Errors
/// No such comparison or side.
pub fn compare_side(name: &str, key: &str) -> Result<Scenario, String> {
    comparison(name)?
        .variants
        .into_iter()
        .find(|v| v.key == key)
        .map(|v| v.scenario)
        .ok_or_else(|| {
            tf(
                "lesson-no-side",
                &[("name", Arg::from(name)), ("side", Arg::from(key))],
            )
        })
}

/// Every side of the comparison `name`: (key, label, scenario), in order.
///
/// # Errors
/// No such comparison.
pub fn compare_sides(name: &str) -> Result<Vec<(&'static str, String, Scenario)>, String> {
    Ok(comparison(name)?
        .variants
        .into_iter()
        .map(|v| (v.key, v.label, v.scenario))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use settle_i18n::Lang;
    use settle_scenario::{parse, presets::preset};

    #[test]
    fn a_built_in_lesson_and_its_copies_speak_the_installed_language() {
        let sc = parse(preset("poison-message").unwrap()).unwrap();
        let english = State::of(&sc);
        let _ru = settle_i18n::speak(Lang::Ru);
        let ru = State::of(&sc);
        let (e, r) = (english.shown.unwrap(), ru.shown.unwrap());
        assert_eq!(e.notes.len(), r.notes.len());
        assert!(e.notes[0].text.starts_with("S1 sends 4 orders."));
        // The run's 4 in Russian's plural form for it (заказа, few).
        assert!(
            r.notes[0].text.starts_with("S1 отправляет 4 заказа"),
            "{}",
            r.notes[0].text
        );
        assert_eq!(
            e.notes
                .iter()
                .map(|n| (n.at_ms, n.pause))
                .collect::<Vec<_>>(),
            r.notes
                .iter()
                .map(|n| (n.at_ms, n.pause))
                .collect::<Vec<_>>()
        );
        let (title, _) = title_and_description(&sc.title, &sc.description);
        assert_eq!(
            title,
            "Подозрительное сообщение попадает в очередь недоставленных сообщений"
        );
        assert!(
            presets()
                .iter()
                .any(|(n, t)| *n == "poison-message" && *t == title)
        );
        // A document of one's own keeps its words.
        let (own, desc) = title_and_description("My queue", "Mine.");
        assert_eq!((own.as_str(), desc.as_str()), ("My queue", "Mine."));
    }

    #[test]
    fn captions_pauses_and_end_of_poison_message() {
        let sc = parse(preset("poison-message").unwrap()).unwrap();
        let st = State::of(&sc);
        assert!(st.error.is_none(), "{:?}", st.error);
        let shown = st.shown.as_ref().unwrap();
        let first = &shown.notes[0];
        assert_eq!(st.caption_at(0).map(|(i, _)| i), Some(0));
        assert_eq!(st.caption_at(0).unwrap().1, first);
        // Delivery 1 at 2.5 s pauses; nothing pauses at 0 or before.
        assert_eq!(st.pause_between(0, 2_499), None);
        assert_eq!(st.pause_between(0, 3_000), Some(2_500));
        assert_eq!(st.pause_between(2_500, 3_000), None);
        assert_eq!(st.caption_at(2_499).map(|(i, _)| i), Some(0));
        assert_eq!(st.caption_at(2_500).map(|(i, _)| i), Some(1));
        assert!(!st.ended(st.end_ms - 1));
        assert!(st.ended(st.end_ms));
        assert_eq!(st.speed(), Some(1.0));
    }

    #[test]
    fn an_export_before_the_end_still_shows_its_lesson() {
        let mut sc = parse(preset("poison-message").unwrap()).unwrap();
        let full = State::of(&sc);
        sc.run_until = settle_core::Instant::from_millis(2_500);
        let cut = State::of(&sc);
        assert!(cut.error.is_none(), "{:?}", cut.error);
        assert_eq!(cut.caption_at(2_500), full.caption_at(2_500));
        let last = full.shown.as_ref().unwrap().notes.last().unwrap().at_ms;
        assert_eq!(cut.end_ms, last);
        assert_eq!(
            cut.shown.as_ref().unwrap().summary,
            full.shown.as_ref().unwrap().summary
        );
    }

    #[test]
    fn no_lesson_no_captions() {
        let sc = parse(crate::sim::WELCOME).unwrap();
        let st = State::of(&sc);
        assert!(st.shown.is_none() && st.error.is_none());
        assert_eq!(st.caption_at(1_000), None);
        assert_eq!(st.pause_between(0, u64::MAX), None);
        assert!(!st.ended(u64::MAX));
    }

    #[test]
    fn every_preset_and_comparison_is_listed_with_a_title() {
        assert!(presets().iter().all(|(_, t)| !t.is_empty()));
        assert!(comparisons().iter().all(|(_, t)| !t.is_empty()));
        assert_eq!(comparisons().len(), 4);
        for (name, _) in comparisons() {
            let c = compared(name).unwrap();
            assert!(c.table.checks.iter().all(|c| c.3), "{name}");
            for (key, _) in &c.sides {
                assert!(compare_side(name, key).is_ok());
            }
        }
        assert!(compared("nope").is_err());
        assert!(compare_side("idempotent-vs-not", "z").is_err());
    }
}
