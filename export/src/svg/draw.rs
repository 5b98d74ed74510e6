//! The picture at one level of detail, top to bottom: the title, the description and the
//! settings; the time axis with its grid; the lanes (`lanes`) with their bars (`bars`), marks,
//! labels and connectors (`marks`); the notes, the legend (`legend`) and what happened; and the
//! SVG document around it all, with its style and icons.

use super::RECORD_BUDGET;
use super::bars::lane_bars;
use super::lanes::{entity_bars, lane_heads, lane_order, lane_title, stack_lanes};
use super::layout::{Detail, Frame, Scale, W, X0, X1, nice_step};
use super::legend::{Used, legend};
use super::marks::{connectors, lane_marks, place_labels};
use super::model::{DETAIL, Role};
use super::out::Out;
use super::settings::settings_line;
use super::story::Story;
use super::style::{ANIM_STYLE, DEFS, ENTITY_DEFS, STYLE};
use super::text::{esc, fit, num, short, wrap};
use super::words::{secs, secs_round};
use crate::artifact::Ended;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;
use settle_i18n::{Arg, Lang};
use settle_scenario::Scenario;

/// The picture at level of detail `d`; `animate`: with a cursor that reveals it over time.
pub(super) fn draw(sc: &Scenario, st: &Story, ended: Ended, d: Detail, animate: bool) -> String {
    // Time axis: the whole run, unless everything happens early in a long run.
    let run_end = match ended {
        Ended::Finished => sc.run_until.as_millis(),
        Ended::Cut(t) => t.as_millis(),
    };
    let sc_ = Scale {
        end: axis_end(st, run_end),
    };

    let mut o = Out { s: String::new() };
    let y = heading(&mut o, sc, st);
    let (order, spans) = lane_order(st);
    let axis_y = y + 6.0;
    let lanes_top = axis_y + 8.0;
    let (layouts, lanes_bottom) = stack_lanes(st, &order, &sc_, d, lanes_top);
    let f = Frame {
        scale: sc_,
        run_end,
        detail: d,
        order,
        layouts,
        top: lanes_top,
        bottom: lanes_bottom,
    };
    lane_heads(&mut o, st, &f);
    entity_bars(&mut o, st, &f, &spans);
    grid(&mut o, st, &f, axis_y);

    // Lanes' contents (revealed over time when animated): bars, then marks, then the labels that
    // still fit.
    let content_start = o.s.len();
    let mut used = Used::default();
    for &i in &f.order {
        let mut rows = lane_bars(&mut o, st, &f, i, &mut used);
        let labels = lane_marks(&mut o, st, &f, i, &mut rows, &mut used);
        place_labels(&mut o, &f.layouts[&i], &mut rows, labels);
    }
    connectors(&mut o, st, &f);
    if animate {
        reveal(&mut o, content_start, &f);
    }

    let y = notes(&mut o, st, &f, ended, used.dropped);
    let y = legend(&mut o, st, used, y);
    let y = moments(&mut o, st, y);
    document(sc, st, o, y, animate)
}

/// Where the time axis ends: the whole run, unless everything happens early in a long run; a lock
/// deadline a little past that is worth showing.
fn axis_end(st: &Story, run_end: u64) -> u64 {
    let active = st.last_t.max(1);
    let mut end = if run_end <= active.saturating_mul(5) / 4 || run_end <= 2_000 {
        run_end.max(active)
    } else {
        active + (active / 10).max(500)
    };
    // A lock deadline a little past the end is worth showing.
    let reach = end.saturating_mul(8) / 5;
    for lane in &st.lanes {
        for s in &lane.segs {
            if let Some(dl) = s.deadline
                && dl > end
                && dl <= reach
                && dl <= run_end
                && s.msg.is_none_or(|m| st.msgs[m].detail)
            {
                end = dl;
            }
        }
    }
    end.max(1)
}

/// The title, the description and the settings; returns the `y` under them.
fn heading(o: &mut Out, sc: &Scenario, st: &Story) -> f64 {
    let mut y = 38.0;
    o.text(24.0, y, "h1", &short(&sc.title, 80));
    y += 22.0;
    for line in wrap(&st.words, &sc.description, W - 48.0, 12.0, 3) {
        let _ = write!(
            o.s,
            "<text x=\"24\" y=\"{}\" class=\"mu\" style=\"font-size:12px\">{}</text>",
            num(y),
            esc(&line)
        );
        y += 16.0;
    }
    let settings = settings_line(&st.words, sc);
    if st.entities || !st.words.english() {
        // Several entities take more words, and so may another language: up to two lines.
        for line in wrap(&st.words, &settings, W - 48.0, 10.5, 2) {
            o.text(24.0, y + 2.0, "mu sm", &line);
            y += 14.0;
        }
        y += 12.0;
    } else {
        o.text(24.0, y + 2.0, "mu sm", &settings);
        y += 26.0;
    }
    y
}

/// Grid and axis: a line down the lanes and a label at each step of the time axis.
fn grid(o: &mut Out, st: &Story, f: &Frame, axis_y: f64) {
    let (sc_, end, lanes_top, lanes_bottom) = (&f.scale, f.scale.end, f.top, f.bottom);
    let step = nice_step(end);
    let mut ticks = Vec::new();
    let mut t = 0u64;
    while t <= end {
        ticks.push(t);
        t = match t.checked_add(step) {
            Some(n) => n,
            None => break,
        };
    }
    for &t in &ticks {
        let x = sc_.x(t);
        let _ = write!(
            o.s,
            "<path class=\"gr\" d=\"M{} {}V{}\"/>",
            num(x),
            num(lanes_top),
            num(lanes_bottom)
        );
        let _ = write!(
            o.s,
            "<text x=\"{}\" y=\"{}\" class=\"mu sm\" text-anchor=\"middle\">{}</text>",
            num(x),
            num(axis_y),
            esc(&st.words.tf("story-tick", &[("s", secs(t))]))
        );
    }
    let _ = write!(
        o.s,
        "<path class=\"ax\" d=\"M{} {}H{}\"/>",
        num(X0),
        num(lanes_top),
        num(X1)
    );
    o.text(16.0, axis_y, "mu sm", &st.words.t("story-axis"));
}

/// The clip that reveals the lanes' contents (from `content_start`) as the cursor sweeps.
fn reveal(o: &mut Out, content_start: usize, f: &Frame) {
    let (lanes_top, lanes_bottom) = (f.top, f.bottom);
    o.s.insert_str(content_start, "<g clip-path=\"url(#rv)\">");
    let _ = write!(
        o.s,
        "</g><clipPath id=\"rv\"><rect class=\"rv\" x=\"{x0}\" y=\"{y0}\" width=\"{w}\" height=\"{h}\"/></clipPath>\
         <path class=\"cur\" d=\"M{x0} {y0}v{h}\"/>",
        x0 = num(X0),
        y0 = num(lanes_top),
        w = num(W - X0),
        h = num(lanes_bottom - lanes_top)
    );
}

/// The notes under the lanes: what is not drawn, or not whole; returns the `y` under them.
fn notes(o: &mut Out, st: &Story, f: &Frame, ended: Ended, dropped: usize) -> f64 {
    let (run_end, order, layouts) = (f.run_end, &f.order, &f.layouts);
    let w = &st.words;
    let cropped = f.scale.end < run_end;
    let mut y = f.bottom + 18.0;
    let mut notes: Vec<String> = Vec::new();
    if cropped {
        let args = [
            ("last", secs_round(st.last_t)),
            ("end", secs_round(run_end)),
        ];
        notes.push(w.tf("story-note-cropped", &args));
    }
    if let Ended::Cut(t) = ended {
        let args = [
            ("end", secs_round(t.as_millis())),
            ("records", Arg::from(RECORD_BUDGET)),
        ];
        notes.push(w.tf("story-note-cut", &args));
    }
    for &i in order {
        if layouts[&i].dense {
            let lane = match st.lanes[i].role {
                Role::Main(p) => lane_title(st, p),
                Role::Dlq(p) if st.entities => {
                    let name = ("name", Arg::from(st.places[p].path.as_str()));
                    w.tf("story-lane-dead-letter-of", &[name])
                }
                Role::Dlq(_) => w.t("story-lane-dead-letter"),
                Role::Client => st.lanes[i].name.clone(),
            };
            let args = [
                ("lane", Arg::from(lane)),
                ("count", Arg::from(st.lanes[i].segs.len())),
            ];
            notes.push(w.tf("story-note-band", &args));
        }
    }
    if dropped > 0 {
        notes.push(w.tf(
            "story-note-marks-left-out",
            &[("count", Arg::from(dropped))],
        ));
    }
    if st.msgs.len() > DETAIL {
        let args = [
            ("count", Arg::from(st.msgs.len())),
            ("detail", Arg::from(DETAIL)),
        ];
        notes.push(w.tf("story-note-detail", &args));
    }
    for n in &notes {
        o.text(24.0, y, "mu sm", &fit(w, n, 150, W - 24.0 - 16.0, 10.5));
        y += 15.0;
    }
    y
}

/// What happened: the moments worth a sentence; returns the `y` under them.
fn moments(o: &mut Out, st: &Story, mut y: f64) -> f64 {
    let w = &st.words;
    if !st.moments.is_empty() {
        y += 14.0;
        o.text(24.0, y, "b", &w.t("story-happened"));
        y += 17.0;
        for (t, line) in &st.moments {
            let at = w.tf("story-tick", &[("s", secs(*t))]);
            o.text_end(78.0, y, "mu sm", &at);
            o.text(88.0, y, "sm", &fit(w, line, 150, W - 88.0 - 16.0, 10.5));
            y += 15.0;
        }
        if st.moments_total > st.moments.len() {
            let more = Arg::from(st.moments_total - st.moments.len());
            let text = w.tf("story-happened-more", &[("count", more)]);
            o.text(88.0, y, "mu sm", &text);
            y += 15.0;
        }
    }
    y
}

/// The footer, then the SVG document: its size, title and description, style and icons, and
/// the picture drawn in `o`.
fn document(sc: &Scenario, st: &Story, mut o: Out, mut y: f64, animate: bool) -> String {
    y += 10.0;
    // The seed is a name for the run, not an amount: its digits as they are.
    let footer = st
        .words
        .tf("story-footer", &[("seed", Arg::from(sc.seed.to_string()))]);
    let _ = write!(
        o.s,
        "<text x=\"{}\" y=\"{}\" class=\"mu\" style=\"font-size:9.5px\" text-anchor=\"end\">{}</text>",
        num(W - 16.0),
        num(y),
        esc(&footer)
    );
    let h = y + 14.0;

    let mut s = String::with_capacity(o.s.len() + 6000);
    let desc = if sc.description.is_empty() {
        st.words.t("story-desc")
    } else {
        short(&sc.description, 600)
    };
    // The language of the words, for fonts and screen readers: said where it is not English
    // (an English picture is as it always was).
    let lang = match st.words.lang() {
        Lang::En => String::new(),
        l => format!(" xml:lang=\"{0}\" lang=\"{0}\"", l.tag()),
    };
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\"{lang} width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"st-t st-d\">\
         <title id=\"st-t\">{}</title><desc id=\"st-d\">{}</desc><style>{STYLE}{}</style>{DEFS}{}\
         <rect class=\"bg\" x=\".5\" y=\".5\" width=\"{}\" height=\"{}\" rx=\"10\"/>",
        esc(&sc.title),
        esc(&desc),
        if animate { ANIM_STYLE } else { "" },
        if st.entities { ENTITY_DEFS } else { "" },
        num(W - 1.0),
        num(h - 1.0),
        w = num(W),
        h = num(h),
    );
    s.push_str(&o.s);
    s.push_str("</svg>\n");
    s
}
