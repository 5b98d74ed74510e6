//! Films: a built-in lesson's run recorded once, frame by frame, for embeds to play without
//! the simulation.
//!
//! A docs page's embed of a preset (`view.html?embed&preset=NAME`) shows a run that is the
//! same for every reader: the simulation is deterministic and the reader cannot act in it (an
//! interactive embed's Controls hand over to the playground). So the run is recorded here, at
//! every instant at which something happens, with everything the viewer reads from the
//! simulation (the stage's model and its cues, the queue's lanes, the newest log line, when the
//! next event and the next lock expiry are), and `settle-film`, a wasm without the broker or
//! the scenario parser, plays it (`view::start_film`). Between two recorded instants nothing
//! changes but the clock, and what depends on the clock alone (a lock's ring, a message's
//! highlight, where Step back goes) the player works out from the clock as the simulation does.
//!
//! A frame's lists are written as changes of the previous frame's; the player reads the film
//! as a [`Reel`] (a few frames whole, the others read again from the bytes when shown). The
//! Embed button puts a film of any other scenario in the embed's link ([`link`]).
//!
//! A film's captions and narration are words, so each preset is recorded once in each language:
//! `player/films/<lang>/` (Trunk copies them into the dist, gzipped by `scripts/view-page.mjs`),
//! and an embed fetches the one in its language. They are written by `SETTLE_BLESS=1 cargo test
//! -p settle-player --lib films` and held equal to a fresh recording by that test, so a change of
//! the simulation, the stage's model or the words cannot leave one stale.

mod fetch;
mod format;
mod player;
mod read;
mod reel;
mod write;

pub use fetch::{fetch, path};
pub use format::{Film, Frame, MAGIC};
pub use player::Player;
pub use reel::{Reel, decode};
pub use write::encode;

use crate::lesson;
use read::R;
use settle_i18n::{Arg, tf};

/// The largest film kept (bytes): a preset whose film would be larger is played by the viewer
/// that simulates. (Every built-in preset's is smaller: the longest, `load-levelling`, 599
/// changes of a queue of up to 240 messages, is 144 KB.)
pub const MAX_BYTES: usize = 256 * 1024;

/// The most changes a recording follows before it gives up.
pub const MAX_FRAMES: usize = 20_000;

/// The largest film an embed's link carries (bytes, before base64); a longer run's embed
/// carries the scenario instead and is simulated.
pub const LINK_MAX_BYTES: usize = 48 * 1024;

/// The most changes a film in a link may have (a recording made on a click stays short).
pub const LINK_MAX_FRAMES: usize = 4_000;

/// A film of the scenario `text` for an embed's link: `#f=<film, base64url>` (the page adds
/// `&t=<position>`). The artifacts worker makes it when the Embed button is pressed
/// (`artifacts::make`).
///
/// # Errors
/// As [`record`], or the film is longer than a link should carry.
pub fn link(text: &str) -> Result<String, String> {
    let bytes = encode(&record(text, LINK_MAX_FRAMES)?);
    if bytes.len() > LINK_MAX_BYTES {
        return Err(tf(
            "film-too-long",
            &[("kb", Arg::from(bytes.len() / 1024))],
        ));
    }
    Ok(format!("#f={}", crate::share::encode(&bytes)))
}

/// The film and the position an embed's link carries ([`link`]); `None` when the fragment is
/// not a film's.
#[must_use]
pub fn from_link(hash: &str) -> Option<Result<(Reel, u64), String>> {
    link_parts(hash, |b| Reel::read(b.to_vec()))
}

/// The scenario and position a link's fragment carries: a share link's (`#s=`), or an embed's
/// link with a film (`#f=`, its scenario read out of the film: [`scenario_of_link`]).
pub fn scenario_link(hash: &str) -> Option<Result<(String, u64), String>> {
    scenario_of_link(hash).or_else(|| crate::share::parse_fragment(hash))
}

/// Only the scenario an embed's link with a film carries, and the position (what the
/// playground and the viewer that simulates need of it: they link no film reader).
#[must_use]
pub fn scenario_of_link(hash: &str) -> Option<Result<(String, u64), String>> {
    link_parts(hash, |b| {
        R {
            b: b.strip_prefix(MAGIC)?,
            i: 0,
        }
        .s()
    })
}

/// The fragment's film read by `read`, and its position.
fn link_parts<T>(
    hash: &str,
    read: impl Fn(&[u8]) -> Option<T>,
) -> Option<Result<(T, u64), String>> {
    let (film, t) = match crate::share::parts(hash, "f")? {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    let damaged = || settle_i18n::t("film-damaged");
    Some(
        crate::share::decode(film)
            .ok()
            .and_then(|b| read(&b))
            .map(|f| (f, t))
            .ok_or_else(damaged),
    )
}

/// The films of the built-in presets in the installed language, as `player/films/<lang>/` holds
/// them: (name, bytes) of every preset without `entities` whose film is at most [`MAX_BYTES`].
#[cfg(not(target_family = "wasm"))]
#[must_use]
pub fn presets() -> Vec<(&'static str, Vec<u8>)> {
    settle_scenario::presets::PRESETS
        .iter()
        .filter_map(|&(name, text)| {
            let bytes = encode(&record(text, MAX_FRAMES).ok()?);
            (bytes.len() <= MAX_BYTES).then_some((name, bytes))
        })
        .collect()
}

/// Records the run of `text` (a scenario without `entities`) until nothing more happens.
///
/// # Errors
/// The document does not load, has `entities`, or its run stops on an error or does not end
/// within `max_frames` changes.
pub fn record(text: &str, max_frames: usize) -> Result<Film, String> {
    use crate::sim::Sim;
    let mut sim = Sim::load(text)?;
    if sim.has_entities() {
        return Err(settle_i18n::t("film-entities"));
    }
    let lesson = lesson::State::of(sim.scenario());
    let snap = sim.snapshot();
    let mut film = Film {
        // The document as loaded, its run_until_ms kept (an export at time zero would end
        // at its last step).
        export: sim.scenario().to_text(),
        title: snap.title,
        description: snap.description,
        config_summary: snap.config_summary,
        shown: lesson.shown,
        lesson_error: lesson.error,
        end_ms: lesson.end_ms,
        busy: Vec::new(),
        frames: Vec::new(),
    };
    loop {
        let frame = sim.frame();
        let same = film.frames.last().is_some_and(|last| {
            frame.cues.is_empty()
                && Frame {
                    at_ms: last.at_ms,
                    ..frame.clone()
                } == *last
        });
        if !same {
            film.frames.push(frame);
        }
        if film.frames.len() > max_frames {
            return Err(tf("film-too-many-frames", &[("n", Arg::from(max_frames))]));
        }
        let Some(t) = sim.next_due() else { break };
        sim.advance_slice(t.max(sim.now()), u64::MAX)?;
    }
    if let Some(e) = sim.stopped() {
        return Err(e);
    }
    film.busy = sim.busy_ms();
    Ok(film)
}

#[cfg(test)]
mod tests;
