//! How a page opens and keeps time, for the playground and the embeds' viewer alike: what the
//! address asks for (a share link, `?preset=`, `?compare=`, `?embed`, `?readonly`, `?speed=`,
//! `?start=`, `?theme=`), the speeds and keyboard shortcuts of the clock, and the slices of
//! simulation work a frame may do.

use crate::sim::{self, Sim};
use crate::words::instant;
use crate::{builtin, crash, embed, film, lesson};
use settle_core::Instant;
use settle_i18n::{Arg, tf};

/// Real milliseconds since page load (`performance.now()`), or 0 off the browser.
pub fn real_now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The speeds the clock offers.
pub const SPEEDS: [f64; 10] = [0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 25.0, 50.0, 100.0];

/// What a key does: the page's keyboard shortcuts (as in the design): Space, →, ← (step
/// back), E, R, + / −, F, Escape; an interactive embed's too, but full screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    Play,
    Step,
    Back,
    Expiry,
    Restart,
    Faster,
    Slower,
    Presenter,
    Escape,
}

/// The shortcut a key press asks for: none with a modifier, or when typed into a field or a
/// control that uses the key itself.
pub fn shortcut(ev: &web_sys::KeyboardEvent) -> Option<Shortcut> {
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || ev.default_prevented() {
        return None;
    }
    let typing = ev
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .is_some_and(|e| {
            matches!(
                e.tag_name().as_str(),
                "INPUT" | "TEXTAREA" | "SELECT" | "BUTTON" | "SUMMARY" | "A"
            ) || e.has_attribute("contenteditable")
        });
    if typing {
        return None;
    }
    Some(match ev.key().as_str() {
        " " => Shortcut::Play,
        "ArrowRight" => Shortcut::Step,
        "ArrowLeft" => Shortcut::Back,
        "e" | "E" => Shortcut::Expiry,
        "r" | "R" => Shortcut::Restart,
        "+" | "=" => Shortcut::Faster,
        "-" | "_" => Shortcut::Slower,
        "f" | "F" => Shortcut::Presenter,
        "Escape" => Shortcut::Escape,
        _ => return None,
    })
}

/// The next speed of [`SPEEDS`] above (`up`) or below `now`; the same at either end. A
/// lesson's own speed between two of them (3×) goes to its neighbour (5× or 2×).
pub fn next_speed(now: f64, up: bool) -> f64 {
    let next = if up {
        SPEEDS.iter().find(|&&s| s > now + 1e-9)
    } else {
        SPEEDS.iter().rev().find(|&&s| s < now - 1e-9)
    };
    next.copied().unwrap_or(now)
}

/// Real ms of simulation work a frame may do while the clock runs, and while a link opens.
pub const SLICE_MS: f64 = 8.0;

pub const LOAD_SLICE_MS: f64 = 30.0;

/// Records per call between looks at the real clock (a slice overshoots by about one call).
const SLICE_RECORDS: u64 = 200;

/// Advances `sim` toward `t` in calls of [`SLICE_RECORDS`] until `deadline` (real ms): true
/// when `t` was reached. A run that stops (over its work budget) is an error in words, the
/// state up to then kept.
pub fn advance_within(sim: &mut Sim, t: Instant, deadline: f64) -> Result<bool, String> {
    loop {
        let r = sim.advance_slice(t, SLICE_RECORDS);
        crash::at(sim.now().as_millis());
        match r {
            Ok(true) => return Ok(true),
            Ok(false) if real_now_ms() < deadline => {}
            Ok(false) => return Ok(false),
            Err(e) => {
                return Err(tf(
                    "notice-stopped",
                    &[("t", Arg::from(instant(sim.now()))), ("why", Arg::from(e))],
                ));
            }
        }
    }
}

pub fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('=').or(Some((kv, ""))))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// What [`initial`] opens: the simulation, a link's position, where it came from, and what to
/// tell (text, is an error).
type Initial = (
    Sim,
    Option<u64>,
    Option<lesson::Source>,
    Option<(String, bool)>,
);

/// The start state: a share link in the fragment if there is one (a bad link shows its error
/// and the welcome scenario instead), else `?preset=` or `?compare=`, else the welcome
/// scenario. Also the shared position (the frame loop goes there in slices), and the
/// address's name for what was loaded, and a notice to show.
/// Whether this build runs documents with `entities` (topics, subscriptions, several queues).
/// The playground's first build does not, to keep a first visit small: such a document opens
/// its second build, `full.html`, which does ([`load`]).
pub const RUNS_ENTITIES: bool = cfg!(feature = "entities");

/// The page of the playground's second build, which runs documents with `entities`.
pub const FULL_PAGE: &str = "full.html";

/// Whether `error` is this build's refusal of a document with `entities` (then the document
/// is opened in [`FULL_PAGE`]).
#[must_use]
pub fn refused_for_entities(error: &str) -> bool {
    const SAID: &str = "format-entities-only-run";
    // The format's reader says so in English, or in the installed language's words.
    !RUNS_ENTITIES
        && (error.contains(settle_scenario::ONLY_RUN_HAS_ENTITIES)
            || (settle_i18n::current().has(SAID) && error.contains(&settle_i18n::t(SAID))))
}

thread_local! {
    static LEAVING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether this page is being replaced by [`FULL_PAGE`] (nothing more to mount).
#[must_use]
pub fn leaving() -> bool {
    LEAVING.get()
}

/// Opens [`FULL_PAGE`] in this tab with `query` and `fragment` (this address's own where
/// `None`): the same page, with documents of entities.
pub fn open_full(query: Option<String>, fragment: Option<String>) {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    LEAVING.set(true);
    let search = query.unwrap_or_else(|| loc.search().unwrap_or_default());
    let hash = fragment.unwrap_or_else(|| loc.hash().unwrap_or_default());
    let _ = loc.replace(&format!("./{FULL_PAGE}{search}{hash}"));
}

/// The address's query naming `source`: the lesson (`?preset=`, `?compare=`) first, then the
/// address's other options but the opening's own (`start`, `paused`).
#[must_use]
pub fn query_for(source: Option<&lesson::Source>) -> String {
    let first = match source {
        Some(lesson::Source::Preset(n)) => Some(format!("preset={n}")),
        Some(lesson::Source::Compare(n, _)) => Some(format!("compare={n}")),
        None => None,
    };
    query_with(&["preset", "compare", "start", "paused"], first, None)
}

/// The page's query (`?a=1&b=2`, or nothing) without the parameters named in `drop`, with
/// `first` put before the rest and `last` after them.
#[must_use]
pub fn query_with(drop: &[&str], first: Option<String>, last: Option<String>) -> String {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let kept = search.trim_start_matches('?').split('&').filter(|kv| {
        let k = kv.split('=').next().unwrap_or_default();
        !kv.is_empty() && !drop.contains(&k)
    });
    let params: Vec<String> = first
        .into_iter()
        .chain(kept.map(str::to_string))
        .chain(last)
        .collect();
    if params.is_empty() {
        String::new()
    } else {
        format!("?{}", params.join("&"))
    }
}

/// Loads `text` for a person who opened it (a file, a link, a lesson). A document with
/// `entities`, which this build does not run, is opened at `t_ms` in [`FULL_PAGE`] instead,
/// and the error says so.
///
/// # Errors
/// The document's error, in words; or that the full playground is opening.
pub fn load(text: &str, t_ms: u64) -> Result<Sim, String> {
    Sim::load(text).map_err(|e| {
        if refused_for_entities(&e) {
            open_full(None, Some(crate::share::fragment(text, t_ms)));
            settle_i18n::t("notice-opening-entities")
        } else {
            e
        }
    })
}

fn initial() -> Initial {
    if let Some(n) = query_param("budget").and_then(|v| v.parse::<u64>().ok()) {
        sim::limit_budget(n);
    }
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    match film::scenario_link(&hash) {
        Some(Ok((text, t))) => match Sim::load(&text) {
            Ok(sim) => {
                let at = instant(Instant::from_millis(t));
                let said = tf("notice-opened-shared", &[("t", Arg::from(at))]);
                (sim, Some(t), None, Some((said, false)))
            }
            Err(e) if refused_for_entities(&e) => opening_full(),
            Err(e) => {
                let said = tf("notice-link-scenario-failed", &[("error", Arg::from(e))]);
                (Sim::welcome(), None, None, Some((said, true)))
            }
        },
        Some(Err(e)) => {
            let said = tf("notice-link-failed", &[("error", Arg::from(e))]);
            (Sim::welcome(), None, None, Some((said, true)))
        }
        None => {
            let named = match (query_param("preset"), query_param("compare")) {
                (Some(name), _) => builtin::preset(&name)
                    .and_then(|text| Sim::load(&text))
                    .map(|sim| (sim, lesson::Source::Preset(name))),
                #[cfg(feature = "compare")]
                (None, Some(name)) => lesson::compare_side(&name, "a")
                    .map(|sc| (Sim::new(sc), lesson::Source::Compare(name, "a"))),
                // Nothing named (the embeds' viewer, without `compare`, hands comparisons to
                // the playground before this).
                _ => return (Sim::welcome(), None, None, None),
            };
            match named {
                Ok((sim, source)) => (sim, None, Some(source), None),
                Err(e) if refused_for_entities(&e) => opening_full(),
                Err(e) => {
                    let said = tf("notice-link-failed", &[("error", Arg::from(e))]);
                    (Sim::welcome(), None, None, Some((said, true)))
                }
            }
        }
    }
}

/// This address opens in [`FULL_PAGE`]: meanwhile the welcome, and a notice that says so.
fn opening_full() -> Initial {
    open_full(None, None);
    let said = settle_i18n::t("notice-opening-entities");
    (Sim::welcome(), None, None, Some((said, false)))
}

/// Fetches the built-in lesson the address names (`?preset=`, `?compare=`), so that the page
/// starts with it: the first visit without one carries none of them (see [`builtin`]).
/// Failures are left to [`initial`] to tell.
pub async fn fetch_for_address() {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    if film::scenario_link(&hash).is_some() {
        return;
    }
    if let Some(name) = query_param("preset") {
        let _ = builtin::fetch_preset(&name).await;
    } else {
        // The embeds' viewer (without this feature) hands comparisons to the playground.
        #[cfg(feature = "compare")]
        if let Some(name) = query_param("compare") {
            let _ = builtin::fetch_comparison(&name).await;
        }
    }
}

/// Whether the address names a built-in lesson that [`fetch_for_address`] would fetch.
#[must_use]
pub fn address_names_a_lesson() -> bool {
    query_param("preset").is_some() || query_param("compare").is_some()
}

/// The other sides of the comparison `name` than `key`, ready to run.
pub fn twins_of(name: &str, key: &str) -> Vec<(&'static str, String, Sim)> {
    lesson::compare_sides(name)
        .unwrap_or_default()
        .into_iter()
        .filter(|(k, _, _)| *k != key)
        .map(|(k, label, sc)| (k, label, Sim::new(sc)))
        .collect()
}

pub fn flag(name: &str) -> bool {
    query_param(name).is_some_and(|v| v != "0" && v != "false")
}

/// How the page is shown: the full playground, or embedded in a docs page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// `?embed`: minimal chrome for an iframe in a docs page.
    pub embed: bool,
    /// `?readonly=1`: watch only; no controls but the clock.
    pub readonly: bool,
    /// `?compact=1`: tighter layout.
    pub compact: bool,
}

impl Mode {
    /// The mode the address asks for.
    pub fn of_address() -> Self {
        Self {
            embed: query_param("embed").is_some(),
            readonly: flag("readonly"),
            compact: flag("compact"),
        }
    }
}

/// Applies the embed options to the document: body classes and the colour theme.
pub fn apply_mode(mode: Mode) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(body) = doc.body() {
        if mode.embed {
            // The embed's sizes (its height follows from its width alone: see `embed`), through
            // the CSS object model (the content security policy refuses style attributes).
            let style = body.style();
            for (k, v) in embed::Shape::of(mode.compact).properties() {
                let _ = style.set_property(k, &v);
            }
        }
        let classes = body.class_list();
        for (on, class) in [
            (mode.embed, "embed"),
            (mode.readonly, "readonly"),
            (mode.compact, "compact"),
        ] {
            if on {
                let _ = classes.add_1(class);
            }
        }
    }
    if let (Some(root), Some(theme)) = (doc.document_element(), query_param("theme"))
        && matches!(theme.as_str(), "light" | "dark")
    {
        let _ = root.set_attribute("data-theme", &theme);
    }
}

/// How a page opens, from its address: the scenario and the position to go to, whether the
/// clock runs, its speed, the lesson and a notice (the playground and the lean viewer alike).
pub struct Opening {
    pub mode: Mode,
    pub sim: Sim,
    /// Where to go before showing the clock running: a link's position, `?start=`, or the
    /// present instant while its work is not done ([`Sim::behind`]).
    pub target: Option<u64>,
    pub paused: bool,
    pub speed: f64,
    pub lesson: lesson::State,
    pub notice: Option<(String, bool)>,
}

impl Opening {
    pub fn of_address(mode: Mode) -> Self {
        let (sim, link_at, source, notice) = initial();
        let mut lesson = lesson::State::of(sim.scenario());
        lesson.source = source;
        let (target, paused, speed) = clock_options(mode, link_at, &mut lesson);
        let target = target.or_else(|| sim.behind());
        // An embed shows no welcome notice: its page's prose is the introduction.
        let notice = notice.filter(|n| !mode.embed || n.1);
        Self {
            mode,
            sim,
            target,
            paused,
            speed,
            lesson,
            notice,
        }
    }
}

/// A speed as the address and the speed list write it: digits, perhaps a point and more digits
/// (`0.25`, `10`). Not the scenario format's number parser: the film player links none.
pub fn decimal(s: &str) -> Option<f64> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |d: &str| -> Option<u64> {
        if d.len() > 15 || !d.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(d.bytes().fold(0, |n, b| n * 10 + u64::from(b - b'0')))
    };
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let scale = 10u64.checked_pow(u32::try_from(frac.len()).ok()?)?;
    Some(digits(int)? as f64 + digits(frac)? as f64 / scale as f64)
}

/// How the clock starts, from the address: where it goes first (a link's position `link_at`,
/// or `?start=`), whether it stands, its speed (`?speed=`, else the lesson's); and whether the
/// lesson's captions may stop it (the playground, the viewer and the film player alike).
pub fn clock_options(
    mode: Mode,
    link_at: Option<u64>,
    lesson: &mut lesson::State,
) -> (Option<u64>, bool, f64) {
    let shared = link_at.is_some();
    let target = link_at
        .or_else(|| query_param("start").and_then(|v| v.parse::<u64>().ok()))
        .filter(|&t| t > 0);
    // Embeds are still until told to play (the docs' prose describes the start), unless
    // `autoplay=1`; a shared link opens paused at its position.
    let paused = if mode.embed {
        !flag("autoplay")
    } else {
        shared || flag("paused")
    };
    let speed = query_param("speed")
        .and_then(|v| decimal(&v))
        .filter(|s| SPEEDS.contains(s))
        .unwrap_or(1.0);
    // `autoplay=1` runs through the captions' pauses: an embed that plays by itself (a docs
    // page's reader did not ask to be stopped), and the playground of a trainer presenting
    // (its "Run through captions" writes it into the address). Otherwise they stop the clock.
    lesson.pauses = !flag("autoplay");
    let speed = match (query_param("speed").is_some(), lesson.speed()) {
        (false, Some(s)) => s,
        _ => speed,
    };
    (target, paused, speed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_read_as_the_list_writes_them() {
        for s in SPEEDS.into_iter().chain([3.0, 0.75, 0.3, 12.5]) {
            assert_eq!(decimal(&s.to_string()), Some(s), "{s}");
        }
        assert_eq!(decimal("1.0"), Some(1.0));
        assert_eq!(decimal("0.50"), Some(0.5));
        assert_eq!(decimal(".5"), Some(0.5));
        for bad in [
            "",
            ".",
            "1e2",
            "-1",
            "1.2.3",
            "x",
            "1 ",
            "99999999999999999999",
        ] {
            assert_eq!(decimal(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_speed_keys_step_through_the_list_and_stop_at_its_ends() {
        assert_eq!(next_speed(1.0, true), 2.0);
        assert_eq!(next_speed(1.0, false), 0.5);
        assert_eq!(next_speed(100.0, true), 100.0);
        assert_eq!(next_speed(0.1, false), 0.1);
        // A lesson's own speed goes to its neighbours in the list.
        assert_eq!(next_speed(3.0, true), 5.0);
        assert_eq!(next_speed(3.0, false), 2.0);
        assert_eq!(next_speed(0.05, true), 0.1);
    }
}
