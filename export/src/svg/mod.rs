//! The scenario's story as a static SVG: swimlanes over virtual time for the
//! senders, the queue, the receivers and the dead-letter queue, with every message's journey
//! between them: sends, waiting, lock spans with their deadlines, settlements, lock expiries and
//! redeliveries with their delivery counts, dead-lettering with its reason, scheduling, deferral,
//! duplicates and TTL expiry. For documentation hosts that allow no iframe and no script.
//!
//! The picture is deterministic (same scenario, same bytes), self-contained (no fonts, scripts
//! or references outside the document) and smaller than [`MAX_BYTES`]: busy lanes are drawn as a
//! count over time instead of one bar per message, marks that fall on the same pixel are drawn
//! once with a count, and a run that produces more than [`RECORD_BUDGET`] records is drawn up to
//! there, with a note saying so. Its colours follow the reader's light or dark scheme
//! (`prefers-color-scheme`), which GitHub keeps for images.
//!
//! The entry points and the levels of detail live here; each part has a file of its own:
//! - `model`: what the picture is made of (places, lanes, segments, marks, connectors);
//! - `story`: the story's state and its moves; `record` runs the scenario and follows each
//!   client's operation; `events` and `deliveries` what each broker event does to the story;
//! - `layout`: the page's geometry, the time scale, a lane's tracks;
//! - `draw`: the picture top to bottom, with `lanes` (order, heights, names), `bars` (segments),
//!   `marks` (marks, labels, connectors) and `legend`;
//! - `settings`, `style`, `out`, `text`: the settings in words, the style sheet and icons, the
//!   SVG elements, text and numbers (and their widths);
//! - `words`: the words, Fluent messages in the installed language (`story-` in `print.ftl`).

mod bars;
mod chart;
mod deliveries;
mod draw;
mod events;
mod lanes;
mod layout;
mod legend;
mod marks;
mod model;
mod out;
mod record;
mod settings;
mod story;
mod style;
#[cfg(test)]
mod tests;
mod text;
mod words;

use crate::artifact::ArtifactError;
use crate::artifact::Ended;
use alloc::string::String;
use draw::draw;
use layout::{Detail, LANE_ITEMS};
use settle_scenario::Scenario;
use story::Story;

pub use chart::{
    chart as sweep_chart, chart_in_page as sweep_chart_in_page, drawable as sweep_drawable,
};
/// Escapes text for XML content and attribute values (the pictures' own escaping).
pub use text::esc as xml_escape;

/// Records of the run drawn at most; the rest of a longer run is summarised by a note.
pub const RECORD_BUDGET: usize = 200_000;

/// No rendered SVG is larger than this (bytes).
pub const MAX_BYTES: usize = 200 * 1024;

/// The scenario's story as a static SVG.
///
/// # Errors
/// The scenario asks for more work than the run's budget allows ([`ArtifactError::budget`]),
/// exactly when `settle run` says so. Every other valid scenario renders (a huge one only in
/// part, and the picture says so).
pub fn svg(sc: &Scenario) -> Result<String, ArtifactError> {
    render(sc, false)
}

/// As [`svg`], with a cursor that sweeps the time axis and reveals the story as it goes (CSS
/// animation; still for readers who prefer reduced motion).
///
/// # Errors
/// As [`svg`].
pub fn svg_animated(sc: &Scenario) -> Result<String, ArtifactError> {
    render(sc, true)
}

/// Without std there are no words to draw with (they are Fluent messages).
/// The picture at the most detailed level that stays under [`MAX_BYTES`], in the installed
/// language's words (`settle_i18n::install`; English where it has none for the picture).
fn render(sc: &Scenario, animate: bool) -> Result<String, ArtifactError> {
    let mut story = Story::new(sc);
    let ended = story.run(sc)?;
    story.finish(match ended {
        Ended::Finished => sc.run_until.as_millis(),
        Ended::Cut(t) => t.as_millis(),
    });
    let levels = [
        Detail {
            labels: true,
            lane_items: LANE_ITEMS,
            force_dense: false,
        },
        Detail {
            labels: false,
            lane_items: LANE_ITEMS / 3,
            force_dense: false,
        },
        Detail {
            labels: false,
            lane_items: 0,
            force_dense: true,
        },
    ];
    let mut out = String::new();
    for d in levels {
        out = draw(sc, &story, ended, d, animate);
        if out.len() <= MAX_BYTES {
            break;
        }
    }
    Ok(out)
}
