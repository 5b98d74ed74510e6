//! The What-if page's HTML: its skeleton (header, form, status, result) and the figures' table,
//! written as text with every word escaped, then looked up by id (`super::Page::find`).

use settle_export::svg::xml_escape as esc;
use settle_i18n::{Arg, t, tf};
use settle_scenario::sweep::{MAX_SEEDS, Param, Row, Sweep, Vary};

use super::ready::{READY, Ready};
use crate::language::with_lang;

/// A parameter's label (the chart's axis label).
pub(super) fn label(p: Param) -> String {
    t(&format!("sweep-param-{}", p.name().replace('_', "-")))
}

/// The form's fields of parameter `k` (0 or 1), as HTML.
fn param_fields(k: usize, chosen: Option<&Vary>) -> String {
    let mut options = String::new();
    if k == 1 {
        options.push_str(&format!(
            "<option value=\"\"{}>{}</option>",
            if chosen.is_none() { " selected" } else { "" },
            esc(&t("whatif-none"))
        ));
    }
    for p in Param::ALL {
        options.push_str(&format!(
            "<option value=\"{}\"{}>{}</option>",
            p.name(),
            if chosen.is_some_and(|v| v.param == p) {
                " selected"
            } else {
                ""
            },
            esc(&label(p))
        ));
    }
    let (from, to, step) = chosen.map_or((1, 4, 1), |v| (v.from, v.to, v.step));
    let n = k + 1;
    format!(
        "<fieldset class=\"wi-param\"><legend>{legend}</legend>\
<span class=\"wi-field wi-name\"><label for=\"wi-p{n}\">{name}</label><select id=\"wi-p{n}\">{options}</select></span>\
<span class=\"wi-field\"><label for=\"wi-from{n}\">{l_from}</label><input id=\"wi-from{n}\" type=\"number\" min=\"0\" inputmode=\"numeric\" value=\"{from}\"></span>\
<span class=\"wi-field\"><label for=\"wi-to{n}\">{l_to}</label><input id=\"wi-to{n}\" type=\"number\" min=\"0\" inputmode=\"numeric\" value=\"{to}\"></span>\
<span class=\"wi-field\"><label for=\"wi-step{n}\">{l_step}</label><input id=\"wi-step{n}\" type=\"number\" min=\"1\" inputmode=\"numeric\" value=\"{step}\"></span>\
</fieldset>",
        legend = esc(&t(if k == 0 {
            "whatif-param"
        } else {
            "whatif-second"
        })),
        name = esc(&t("whatif-setting")),
        l_from = esc(&t("whatif-from")),
        l_to = esc(&t("whatif-to")),
        l_step = esc(&t("whatif-step")),
    )
}

/// The page's HTML: its heading names the sweep of `title`, from the ready sweep `ready` if it
/// is one; its form starts at `vary`.
pub(super) fn skeleton(title: &str, ready: Option<&Ready>, vary: &[Vary]) -> String {
    let caption = ready.map_or_else(
        || t("whatif-intro"),
        |r| t(&format!("whatif-sweep-{}-caption", r.name)),
    );
    let lang = settle_i18n::lang();
    let links: String = READY
        .iter()
        .map(|r| {
            format!(
                "<li><a href=\"{}\"{}>{}</a></li>",
                esc(&with_lang(&format!("?sweep={}", r.name), lang)),
                if ready.is_some_and(|s| s.name == r.name) {
                    " aria-current=\"page\""
                } else {
                    ""
                },
                esc(&t(&format!("whatif-sweep-{}-title", r.name)))
            )
        })
        .collect();
    format!(
        "<header class=\"wi-top\"><a class=\"wi-brand\" href=\"./{back_q}\">Settle</a>\
<nav aria-label=\"{ready_label}\"><span class=\"wi-ready-label\">{ready_label}</span><ul class=\"wi-ready\">{links}</ul></nav></header>\
<main class=\"whatif\">\
<h1>{heading}</h1><p class=\"wi-caption\">{caption}</p>\
<form id=\"wi-form\" class=\"wi-form\" novalidate>{p1}{p2}\
<div class=\"wi-run\"><span class=\"wi-field\"><label for=\"wi-seeds\">{l_seeds}</label><input id=\"wi-seeds\" type=\"number\" min=\"1\" max=\"{MAX_SEEDS}\" value=\"1\"></span>\
<button type=\"submit\" class=\"btn primary\">{run}</button>\
<button type=\"button\" id=\"wi-cancel\" class=\"btn\" disabled>{cancel}</button></div></form>\
<div class=\"wi-status\"><progress id=\"wi-progress\" max=\"1\" value=\"0\" aria-label=\"{progress}\"></progress>\
<span id=\"wi-status\" role=\"status\" aria-live=\"polite\"></span></div>\
<p id=\"wi-error\" class=\"wi-error\" role=\"alert\" hidden></p>\
<section id=\"wi-result\" class=\"wi-result\" aria-label=\"{result}\" hidden>\
<p class=\"wi-hint\">{hint}</p><div id=\"wi-chart\" class=\"wi-chart\"></div>\
<p class=\"wi-downloads\"><a id=\"wi-svg\" class=\"btn\" download=\"what-if.svg\">{svg}</a> \
<a id=\"wi-csv\" class=\"btn\" download=\"what-if.csv\">{csv}</a></p>\
<div class=\"wi-table-box\"><table id=\"wi-table\" class=\"wi-table\"></table></div></section></main>",
        back_q = with_lang("", lang),
        ready_label = esc(&t("whatif-ready")),
        heading = esc(&tf("sweep-title", &[("title", Arg::from(title))])),
        caption = esc(&caption),
        p1 = param_fields(0, vary.first()),
        p2 = param_fields(1, vary.get(1)),
        l_seeds = esc(&t("whatif-seeds")),
        run = esc(&t("whatif-run")),
        cancel = esc(&t("whatif-cancel")),
        progress = esc(&t("whatif-progress-label")),
        result = esc(&t("whatif-result")),
        hint = esc(&t("whatif-hint")),
        svg = esc(&t("whatif-download-svg")),
        csv = esc(&t("whatif-download-csv")),
    )
}

/// The figures as a table: the CSV's columns, with the parameters' and figures' names in the
/// page's language, and an Open button a row.
pub(super) fn table(sweep: &Sweep, rows: &[Row]) -> String {
    let csv = sweep.csv(rows);
    let mut lines = csv.lines();
    let _ = lines.next();
    let mut s = format!("<caption>{}</caption><thead><tr>", esc(&t("whatif-table")));
    for v in &sweep.vary {
        s.push_str(&format!("<th scope=\"col\">{}</th>", esc(&label(v.param))));
    }
    for col in [
        "throughput",
        "p50",
        "p95",
        "lock-expiries",
        "dead-lettered",
        "queue",
        "seeds",
        "status",
    ] {
        s.push_str(&format!(
            "<th scope=\"col\">{}</th>",
            esc(&t(&format!("whatif-col-{col}")))
        ));
    }
    s.push_str(&format!(
        "<th scope=\"col\"><span class=\"wi-sr\">{}</span></th></tr></thead><tbody>",
        esc(&t("whatif-open"))
    ));
    for (k, line) in lines.enumerate() {
        s.push_str("<tr>");
        for (i, cell) in line.split(',').enumerate() {
            let tag = if i < sweep.vary.len() {
                "th scope=\"row\""
            } else {
                "td"
            };
            let close = if i < sweep.vary.len() { "th" } else { "td" };
            s.push_str(&format!("<{tag}>{}</{close}>", esc(cell)));
        }
        s.push_str(&format!(
            "<td><button type=\"button\" class=\"btn\" data-point=\"{k}\" aria-label=\"{}\">{}</button></td></tr>",
            esc(&tf(
                "whatif-open-label",
                &[("point", Arg::from(sweep.point_name(&rows[k].values)))]
            )),
            esc(&t("whatif-open"))
        ));
    }
    s.push_str("</tbody>");
    s
}
