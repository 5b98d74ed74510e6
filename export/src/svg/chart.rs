//! A sweep's rows drawn as charts (`settle sweep --format svg`): for one varied parameter, three
//! line charts over it (throughput; the median and 95th-percentile time from enqueue to
//! completion; lock expiries and dead-letter moves per run); for two, two heat maps over both
//! (throughput, and the 95th percentile). Each point carries its figures as a tooltip.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write as _;
use settle_i18n::Arg;
use settle_scenario::sweep::{Param, Row, Sweep};

use super::text::esc;
use super::words::Words;

const W: f64 = 760.0;
/// The plot area's left and right edges.
const X0: f64 = 78.0;
const X1: f64 = W - 24.0;
const PANEL: f64 = 206.0;

const STYLE: &str = "\
svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}\
text{fill:#1f2328;font-size:11px}.mu{fill:#59636e}.h1{font-size:18px;font-weight:600}.b{font-weight:600;font-size:12.5px}\
.bg{fill:#fff}.gr{stroke:#eaeef2}.ax{fill:none;stroke:#8c959f}path.l{fill:none;stroke-width:2}\
.s1{stroke:#0969da;fill:#0969da}.s2{stroke:#bc4c00;fill:#bc4c00}.s3{stroke:#cf222e;fill:#cf222e}.s4{stroke:#8250df;fill:#8250df}\
.ob{fill:none;stroke:#cf222e;stroke-width:1.5;stroke-dasharray:2 2}.cv{font-size:10px;fill:#1f2328}.cd{fill:#fff}\
@media (prefers-color-scheme:dark){text{fill:#e6edf3}.mu{fill:#9198a1}.bg{fill:#0d1117}.gr{stroke:#262c36}.ax{stroke:#656c76}\
.s1{stroke:#4493f8;fill:#4493f8}.s2{stroke:#db6d28;fill:#db6d28}.s3{stroke:#f85149;fill:#f85149}.s4{stroke:#ab7df8;fill:#ab7df8}.ob{stroke:#f85149}}";

/// The parameter's axis label, in the installed language.
fn axis(w: &Words, p: Param) -> String {
    w.t(&format!("sweep-param-{}", p.name().replace('_', "-")))
}

/// Draws `rows` of `sweep`, a run of the scenario titled `title`.
///
/// # Errors
/// More than two varied parameters (a picture has two dimensions; CSV and JSON have them all).
pub fn chart(sweep: &Sweep, rows: &[Row], title: &str) -> Result<String, String> {
    draw(sweep, rows, title, true)
}

/// The same chart for a page that styles it (the What-if page, whose policy allows no inline
/// style): no style sheet and no background of its own, as wide as its box. Each point and cell
/// carries `data-point`, its row's index.
///
/// # Errors
/// As [`chart`].
pub fn chart_in_page(sweep: &Sweep, rows: &[Row], title: &str) -> Result<String, String> {
    draw(sweep, rows, title, false)
}

fn draw(sweep: &Sweep, rows: &[Row], title: &str, standalone: bool) -> Result<String, String> {
    drawable(sweep)?;
    let w = Words::installed();
    let (body, height) = match sweep.vary.as_slice() {
        [a, b] => heat_maps(&w, a.param, b.param, sweep, rows),
        [one, ..] => lines(&w, one.param, rows),
        [] => lines(&w, Param::Receivers, rows),
    };
    let height = height + 112.0;
    let mut s = String::new();
    let heading = w.tf("sweep-title", &[("title", Arg::from(title))]);
    let desc = w.tf(
        "sweep-desc",
        &[
            ("points", Arg::from(rows.len())),
            ("seeds", Arg::from(sweep.seeds)),
        ],
    );
    if standalone {
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {height}\" width=\"{W}\" height=\"{height}\" role=\"img\" aria-labelledby=\"t d\">\
<title id=\"t\">{}</title><desc id=\"d\">{}</desc><style>{STYLE}</style>\
<rect class=\"bg\" width=\"{W}\" height=\"{height}\"/>",
            esc(&heading),
            esc(&desc),
        );
    } else {
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sweep-chart\" viewBox=\"0 36 {W} {}\" role=\"img\" aria-label=\"{}\">",
            height - 36.0,
            esc(&heading),
        );
    }
    if standalone {
        let _ = write!(
            s,
            "<text class=\"h1\" x=\"24\" y=\"34\">{}</text><text class=\"mu\" x=\"24\" y=\"54\">{}</text>",
            esc(&heading),
            esc(&desc)
        );
    } else {
        // The page's heading names the sweep: the picture starts at its description (the
        // view box leaves out the heading's band).
        let _ = write!(
            s,
            "<text class=\"mu\" x=\"24\" y=\"58\">{}</text>",
            esc(&desc)
        );
    }
    s.push_str(&body);
    let over = rows.iter().filter(|r| r.over_budget.is_some()).count();
    let foot = if over > 0 {
        w.tf("sweep-foot-over", &[("n", Arg::from(over))])
    } else {
        w.t("sweep-foot")
    };
    let _ = writeln!(
        s,
        "<text class=\"mu\" x=\"24\" y=\"{}\">{}</text></svg>",
        height - 16.0,
        esc(&foot)
    );
    Ok(s)
}

/// Whether [`chart`] can draw `sweep`: one or two varied parameters (checked before running
/// it).
///
/// # Errors
/// More than two, said in the installed language.
pub fn drawable(sweep: &Sweep) -> Result<(), String> {
    if sweep.vary.len() <= 2 {
        return Ok(());
    }
    Err(Words::installed().tf(
        "sweep-svg-dimensions",
        &[("n", Arg::from(sweep.vary.len()))],
    ))
}

/// About how wide `label` is drawn at 11 px (CJK characters are about square).
fn width(label: &str) -> f64 {
    label
        .chars()
        .map(|c| if c >= '\u{2e80}' { 11.5 } else { 6.6 })
        .sum()
}

/// A number for an axis or a tooltip: whole numbers plain, others with up to two decimals.
fn num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').into()
    }
}

/// A "nice" upper bound and tick step for values up to `max`.
fn scale(max: f64) -> (f64, f64) {
    if max <= 0.0 {
        return (1.0, 0.25);
    }
    let raw = max / 4.0;
    let mag = libm_pow10(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    ((max / step).ceil() * step, step)
}

/// 10 to the power `e` (a whole number).
fn libm_pow10(e: f64) -> f64 {
    let mut x = 1.0;
    let n = e as i32;
    for _ in 0..n.unsigned_abs() {
        x = if n > 0 { x * 10.0 } else { x / 10.0 };
    }
    x
}

/// One series of a line chart: its label, its class and a value per row (`None`: no value).
type Series<'a> = (String, &'static str, Vec<Option<f64>>);

/// Three line charts over parameter `p`, stacked.
fn lines(w: &Words, p: Param, rows: &[Row]) -> (String, f64) {
    let xs: Vec<f64> = rows.iter().map(|r| r.values[0] as f64).collect();
    let per_run = |total: u64, r: &Row| total as f64 / f64::from(r.seeds.max(1));
    let panels: [(String, Vec<Series<'_>>); 3] = [
        (
            w.t("sweep-throughput"),
            vec![(
                w.t("sweep-throughput-short"),
                "s1",
                rows.iter().map(|r| Some(r.throughput())).collect(),
            )],
        ),
        (
            w.t("sweep-latency"),
            vec![
                (
                    w.t("sweep-p50"),
                    "s1",
                    rows.iter()
                        .map(|r| r.latency_p50_ms.map(|x| x as f64))
                        .collect(),
                ),
                (
                    w.t("sweep-p95"),
                    "s2",
                    rows.iter()
                        .map(|r| r.latency_p95_ms.map(|x| x as f64))
                        .collect(),
                ),
            ],
        ),
        (
            w.t("sweep-losses"),
            vec![
                (
                    w.t("sweep-lock-expiries"),
                    "s4",
                    rows.iter()
                        .map(|r| Some(per_run(r.lock_expiries, r)))
                        .collect(),
                ),
                (
                    w.t("sweep-dead-lettered"),
                    "s3",
                    rows.iter()
                        .map(|r| Some(per_run(r.dead_lettered, r)))
                        .collect(),
                ),
            ],
        ),
    ];
    let (lo, hi) = (
        xs.first().copied().unwrap_or(0.0),
        xs.last().copied().unwrap_or(1.0),
    );
    let span = if hi > lo { hi - lo } else { 1.0 };
    let x_of = |x: f64| X0 + (x - lo) / span * (X1 - X0);
    let mut s = String::new();
    let mut top = 80.0;
    for (heading, series) in &panels {
        let max = series
            .iter()
            .flat_map(|(_, _, v)| v.iter().flatten())
            .fold(0.0f64, |m, x| m.max(*x));
        let (ymax, step) = scale(max);
        let (y0, y1) = (top + 44.0, top + PANEL - 34.0);
        let y_of = |y: f64| y1 - y / ymax * (y1 - y0);
        let _ = write!(
            s,
            "<text class=\"b\" x=\"24\" y=\"{}\">{}</text>",
            top + 12.0,
            esc(heading)
        );
        // The legend, on its own line under the heading.
        let mut lx = X0;
        for (label, class, _) in series {
            let _ = write!(
                s,
                "<rect class=\"{class}\" x=\"{lx}\" y=\"{}\" width=\"12\" height=\"3\"/><text x=\"{}\" y=\"{}\">{}</text>",
                top + 26.5,
                lx + 16.0,
                top + 30.0,
                esc(label)
            );
            lx += 16.0 + width(label) + 24.0;
        }
        let mut y = 0.0;
        while y <= ymax + step / 2.0 {
            let py = y_of(y);
            let _ = write!(
                s,
                "<path class=\"gr\" d=\"M{X0} {py}H{X1}\"/><text class=\"mu\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                X0 - 6.0,
                py + 3.5,
                num(y)
            );
            y += step;
        }
        let _ = write!(s, "<path class=\"ax\" d=\"M{X0} {y0}V{y1}H{X1}\"/>");
        for (i, x) in xs.iter().enumerate() {
            // At most about twelve labels along the axis.
            if i % xs.len().div_ceil(12).max(1) == 0 || i + 1 == xs.len() {
                let _ = write!(
                    s,
                    "<text class=\"mu\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                    x_of(*x),
                    y1 + 14.0,
                    num(*x)
                );
            }
        }
        let _ = write!(
            s,
            "<text class=\"mu\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            (X0 + X1) / 2.0,
            y1 + 28.0,
            esc(&axis(w, p))
        );
        for (label, class, v) in series {
            // A row without a value (no completion) leaves a gap: the line starts again after it.
            let mut d = String::new();
            let mut down = false;
            for (x, y) in xs.iter().zip(v) {
                if let Some(y) = y {
                    let _ = write!(
                        d,
                        "{}{:.1} {:.1}",
                        if down { 'L' } else { 'M' },
                        x_of(*x),
                        y_of(*y)
                    );
                }
                down = y.is_some();
            }
            let _ = write!(s, "<path class=\"l {class}\" d=\"{d}\"/>");
            for (k, ((x, y), r)) in xs.iter().zip(v).zip(rows).enumerate() {
                let Some(y) = y else { continue };
                let _ = write!(
                    s,
                    "<circle class=\"{class}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" data-point=\"{k}\"><title>{}</title></circle>",
                    x_of(*x),
                    y_of(*y),
                    esc(&format!(
                        "{} = {}: {label} {}{}",
                        axis(w, p),
                        num(*x),
                        num(*y),
                        over(w, r)
                    ))
                );
                if r.over_budget.is_some() {
                    let _ = write!(
                        s,
                        "<circle class=\"ob\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"6\"/>",
                        x_of(*x),
                        y_of(*y)
                    );
                }
            }
        }
        top += PANEL;
    }
    (s, top - 80.0)
}

/// " (over the work budget)" for a row that ran out of it.
fn over(w: &Words, r: &Row) -> String {
    if r.over_budget.is_some() {
        format!(" ({})", w.t("sweep-over-budget"))
    } else {
        String::new()
    }
}

/// One heat map: its heading, a value per row (`None`: no value) and its full colour.
type Heat = (String, Vec<Option<f64>>, (u8, u8, u8));

/// Two heat maps over parameters `a` (rows, downwards) and `b` (columns).
fn heat_maps(w: &Words, a: Param, b: Param, sweep: &Sweep, rows: &[Row]) -> (String, f64) {
    let na = usize::try_from(sweep.vary[0].len()).unwrap_or(1).max(1);
    let nb = usize::try_from(sweep.vary[1].len()).unwrap_or(1).max(1);
    let cell_w = ((X1 - X0 - 70.0) / nb as f64).min(80.0);
    let cell_h = (260.0 / na as f64).clamp(6.0, 28.0);
    let maps: [Heat; 2] = [
        (
            w.t("sweep-throughput"),
            rows.iter().map(|r| Some(r.throughput())).collect(),
            (9, 105, 218),
        ),
        (
            w.t("sweep-latency-p95"),
            rows.iter()
                .map(|r| r.latency_p95_ms.map(|x| x as f64))
                .collect(),
            (188, 76, 0),
        ),
    ];
    let mut s = String::new();
    let mut top = 80.0;
    for (heading, values, (r0, g0, b0)) in &maps {
        let max = values.iter().flatten().fold(0.0f64, |m, x| m.max(*x));
        let min = values.iter().flatten().fold(max, |m, x| m.min(*x));
        let _ = write!(
            s,
            "<text class=\"b\" x=\"24\" y=\"{}\">{}</text>",
            top + 12.0,
            esc(heading)
        );
        // The rows' parameter is named above them, pointing down (a turned label would be
        // longer than a short map).
        let y0 = top + 42.0;
        let mix = |v: f64| {
            let t = if max > min {
                (v - min) / (max - min)
            } else {
                1.0
            };
            let t = 0.12 + 0.88 * t;
            let c = |full: u8| (255.0 - (255.0 - f64::from(full)) * t).round() as u8;
            format!("#{:02x}{:02x}{:02x}", c(*r0), c(*g0), c(*b0))
        };
        for (k, (r, v)) in rows.iter().zip(values).enumerate() {
            let (i, j) = (k / nb, k % nb);
            let (x, y) = (X0 + j as f64 * cell_w, y0 + i as f64 * cell_h);
            let fill = v.map_or_else(|| "#d0d7de".into(), mix);
            let shown = v.map_or_else(|| "—".into(), num);
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{fill}\" data-point=\"{k}\"><title>{}</title></rect>",
                cell_w - 1.0,
                cell_h - 1.0,
                esc(&format!(
                    "{} = {}, {} = {}: {shown}{}",
                    axis(w, a),
                    r.values[0],
                    axis(w, b),
                    r.values[1],
                    over(w, r)
                ))
            );
            if cell_w >= 34.0 && cell_h >= 14.0 {
                let dark = v.is_some_and(|v| max > min && (v - min) / (max - min) > 0.55);
                let _ = write!(
                    s,
                    "<text class=\"cv{}\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                    if dark { " cd" } else { "" },
                    x + cell_w / 2.0,
                    y + cell_h / 2.0 + 3.5,
                    esc(&shown)
                );
            }
            if r.over_budget.is_some() {
                let _ = write!(
                    s,
                    "<rect class=\"ob\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/>",
                    x + 1.0,
                    y + 1.0,
                    cell_w - 3.0,
                    cell_h - 3.0
                );
            }
            if j == 0 && (i % na.div_ceil(12).max(1) == 0 || i + 1 == na) {
                let _ = write!(
                    s,
                    "<text class=\"mu\" x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                    X0 - 6.0,
                    y + cell_h / 2.0 + 3.5,
                    r.values[0]
                );
            }
            if i + 1 == na && (j % nb.div_ceil(10).max(1) == 0 || j + 1 == nb) {
                let _ = write!(
                    s,
                    "<text class=\"mu\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                    x + cell_w / 2.0,
                    y + cell_h + 13.0,
                    r.values[1]
                );
            }
        }
        let bottom = y0 + na as f64 * cell_h;
        let _ = write!(
            s,
            "<text class=\"mu\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\
<text class=\"mu\" x=\"24\" y=\"{:.1}\">↓ {}</text>",
            X0 + nb as f64 * cell_w / 2.0,
            bottom + 28.0,
            esc(&axis(w, b)),
            y0 - 8.0,
            esc(&axis(w, a))
        );
        // The colour scale: its lowest and highest value.
        let lx = X0 + nb as f64 * cell_w + 16.0;
        let _ = write!(
            s,
            "<rect x=\"{lx:.1}\" y=\"{y0:.1}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{:.1}\">{}</text>\
<rect x=\"{lx:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            mix(max),
            lx + 16.0,
            y0 + 10.0,
            num(max),
            y0 + 18.0,
            mix(min),
            lx + 16.0,
            y0 + 28.0,
            num(min)
        );
        top = bottom + 48.0;
    }
    (s, top - 80.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use settle_scenario::sweep::Vary;

    fn drawn(vary: &[&str]) -> (String, Vec<Row>) {
        let doc: serde_json::Value = serde_json::from_str(
            settle_scenario::presets::preset("lock-too-short").expect("the preset"),
        )
        .expect("JSON");
        let vary = vary
            .iter()
            .map(|v| Vary::parse(v).expect("a range"))
            .collect();
        let sweep = Sweep::new(vary, 1).expect("a sweep");
        let rows = sweep
            .run(&doc, settle_scenario::Budget::DEFAULT, &mut |_, _| {})
            .expect("it runs");
        (
            chart(&sweep, &rows, "A <lock> & work").expect("drawn"),
            rows,
        )
    }

    #[test]
    fn lines_are_well_formed_labelled_and_broken_where_there_is_no_value() {
        let (svg, rows) = drawn(&["lock_ms=5000..60000:5000"]);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        assert!(texts.contains(&"What if: A <lock> & work"));
        for label in [
            "Throughput: completions per second",
            "lock duration (ms)",
            "95th percentile",
        ] {
            assert!(texts.contains(&label), "{label}");
        }
        // The latency lines start where completions start: a move, not a line from zero.
        let first_timed = rows
            .iter()
            .position(|r| r.latency_p95_ms.is_some())
            .expect("some");
        assert!(first_timed > 0);
        let paths: Vec<&str> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("l s2"))
            .filter_map(|n| n.attribute("d"))
            .collect();
        let timed = rows.iter().filter(|r| r.latency_p95_ms.is_some()).count();
        assert_eq!(paths.len(), 1);
        assert!(paths[0].starts_with('M'), "{paths:?}");
        assert_eq!(paths[0].matches(['M', 'L']).count(), timed, "{paths:?}");
    }

    #[test]
    fn two_parameters_are_two_heat_maps_with_a_tooltip_a_cell() {
        let (svg, rows) = drawn(&["lock_ms=5000..45000:20000", "max_delivery_count=1..3"]);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let cells = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.children().any(|c| c.has_tag_name("title")))
            .count();
        assert_eq!(cells, rows.len() * 2);
        assert!(svg.contains("<title>lock duration (ms) = 25000, maxDeliveryCount = 2: "));
    }

    #[test]
    fn the_pages_chart_has_no_inline_style_and_numbers_its_points() {
        let vary = vec![Vary::parse("lock_ms=5000..15000:5000").expect("a range")];
        let sweep = Sweep::new(vary, 1).expect("a sweep");
        let doc: serde_json::Value = serde_json::from_str(
            settle_scenario::presets::preset("lock-too-short").expect("the preset"),
        )
        .expect("JSON");
        let rows = sweep
            .run(&doc, settle_scenario::Budget::DEFAULT, &mut |_, _| {})
            .expect("it runs");
        let svg = chart_in_page(&sweep, &rows, "t").expect("drawn");
        roxmltree::Document::parse(&svg).expect("well-formed XML");
        assert!(!svg.contains("style"), "{svg}");
        for k in 0..rows.len() {
            assert!(svg.contains(&format!("data-point=\"{k}\"")), "{k}");
        }
    }

    #[test]
    fn more_than_two_parameters_are_not_drawn() {
        let vary = ["receivers=1", "prefetch=1", "lock_ms=9000"]
            .iter()
            .map(|v| Vary::parse(v).expect("a range"))
            .collect();
        let sweep = Sweep::new(vary, 1).expect("a sweep");
        assert_eq!(
            drawable(&sweep),
            Err(
                "an SVG draws one or two varied parameters, not 3: use --format csv or json".into()
            )
        );
        assert!(chart(&sweep, &[], "t").is_err());
    }
}
