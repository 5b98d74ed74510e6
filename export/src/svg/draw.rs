//! The picture at one level of detail, top to bottom: the title, the description and the
//! settings; the time axis with its grid; the lanes (`lanes`) with their bars (`bars`), marks,
//! labels and connectors (`marks`); the notes, the legend (`legend`) and what happened; and the
//! SVG document around it all, with its style and icons.

use super::bars::lane_bars;
use super::lanes::{entity_bars, lane_heads, lane_order, lane_title, stack_lanes};
use super::layout::{Detail, Frame, Scale, W, X0, X1, nice_step};
use super::legend::{Used, legend};
use super::marks::{connectors, lane_marks, place_labels};
use super::model::{DETAIL, Role};
use super::out::Out;
use super::record::RECORD_BUDGET;
use super::settings::settings_line;
use super::story::Story;
use super::style::{ANIM_STYLE, DEFS, ENTITY_DEFS, STYLE};
use super::text::{esc, num, secs_round, short, wrap};
use crate::artifact::{Ended, secs};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;
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
    grid(&mut o, &f, axis_y);

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
    for line in wrap(&sc.description, W - 48.0, 12.0, 3) {
        let _ = write!(
            o.s,
            "<text x=\"24\" y=\"{}\" class=\"mu\" style=\"font-size:12px\">{}</text>",
            num(y),
            esc(&line)
        );
        y += 16.0;
    }
    if st.entities {
        // Several entities take more words: up to two lines.
        for line in wrap(&settings_line(sc), W - 48.0, 10.5, 2) {
            o.text(24.0, y + 2.0, "mu sm", &line);
            y += 14.0;
        }
        y += 12.0;
    } else {
        o.text(24.0, y + 2.0, "mu sm", &settings_line(sc));
        y += 26.0;
    }
    y
}

/// Grid and axis: a line down the lanes and a label at each step of the time axis.
fn grid(o: &mut Out, f: &Frame, axis_y: f64) {
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
            esc(&secs(t))
        );
    }
    let _ = write!(
        o.s,
        "<path class=\"ax\" d=\"M{} {}H{}\"/>",
        num(X0),
        num(lanes_top),
        num(X1)
    );
    o.text(16.0, axis_y, "mu sm", "virtual time");
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
    let cropped = f.scale.end < run_end;
    let mut y = f.bottom + 18.0;
    let mut notes: Vec<String> = Vec::new();
    if cropped {
        notes.push(format!(
            "Nothing happens after {}; the run ends at {}.",
            secs_round(st.last_t),
            secs_round(run_end)
        ));
    }
    if let Ended::Cut(t) = ended {
        notes.push(format!(
            "This run is too long to draw whole: shown up to {} (the first {} records).",
            secs_round(t.as_millis()),
            RECORD_BUDGET
        ));
    }
    for &i in order {
        if layouts[&i].dense {
            let n = st.lanes[i].segs.len();
            notes.push(format!(
                "{}: too many at once to draw one by one ({n} spans); the band shows how many over time.",
                match st.lanes[i].role {
                    Role::Main(p) => lane_title(st, p),
                    Role::Dlq(p) if st.entities => {
                        format!("Dead-letter queue of {}", st.places[p].path)
                    }
                    Role::Dlq(_) => "Dead-letter queue".to_string(),
                    Role::Client => st.lanes[i].name.clone(),
                }
            ));
        }
    }
    if dropped > 0 {
        notes.push(format!("{dropped} more marks not drawn."));
    }
    if st.msgs.len() > DETAIL {
        notes.push(format!(
            "{} messages: the first {DETAIL} carry labels and arrows between lanes.",
            st.msgs.len()
        ));
    }
    for n in &notes {
        o.text(24.0, y, "mu sm", &short(n, 150));
        y += 15.0;
    }
    y
}

/// What happened: the moments worth a sentence; returns the `y` under them.
fn moments(o: &mut Out, st: &Story, mut y: f64) -> f64 {
    if !st.moments.is_empty() {
        y += 14.0;
        o.text(24.0, y, "b", "What happened");
        y += 17.0;
        for (t, line) in &st.moments {
            o.text_end(78.0, y, "mu sm", &secs(*t));
            o.text(88.0, y, "sm", &short(line, 150));
            y += 15.0;
        }
        if st.moments_total > st.moments.len() {
            o.text(
                88.0,
                y,
                "mu sm",
                &format!("… and {} more.", st.moments_total - st.moments.len()),
            );
            y += 15.0;
        }
    }
    y
}

/// The footer, then the SVG document: its size, title and description, style and icons, and
/// the picture drawn in `o`.
fn document(sc: &Scenario, st: &Story, mut o: Out, mut y: f64, animate: bool) -> String {
    y += 10.0;
    let _ = write!(
        o.s,
        "<text x=\"{}\" y=\"{}\" class=\"mu\" style=\"font-size:9.5px\" text-anchor=\"end\">Settle · a deterministic simulation of Azure Service Bus (seed {}) · times are virtual</text>",
        num(W - 16.0),
        num(y),
        sc.seed
    );
    let h = y + 14.0;

    let mut s = String::with_capacity(o.s.len() + 6000);
    let desc = if sc.description.is_empty() {
        String::from("A scenario run in Settle, drawn as swimlanes over virtual time.")
    } else {
        short(&sc.description, 600)
    };
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"st-t st-d\">\
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
