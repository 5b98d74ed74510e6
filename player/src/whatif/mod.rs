//! The What-if page (`whatif.html`): one scenario run at every point of a grid of one or two
//! of its settings (`settle_scenario::sweep`, as `settle sweep` runs it), drawn as charts with
//! a table of the figures. The page is a wasm of its own (`settle-whatif`), fetched only when
//! the page is opened; the same wasm runs the points in Web Workers, several at once
//! ([`worker`]), so the page stays responsive and Cancel stops at once.
//!
//! It opens `?sweep=NAME` (a ready sweep, [`ready`]), `?preset=NAME`, or a share link's
//! scenario (`#s=`, as the playground's What if… link gives it). A click on a point, or the
//! table's Open, opens that variant in the playground at its most telling moment.

mod html;
mod ready;
mod worker;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use serde_json::Value;
use settle_export::svg::{sweep_chart, sweep_chart_in_page, xml_escape as esc};
use settle_i18n::{Arg, Part, t, tf};
use settle_scenario::sweep::{
    MAX_POINTS, MAX_SEEDS, Param, RangeError, Row, Sweep, SweepError, Vary,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement, MessageEvent, Worker};

use crate::page::query_param;
use html::{label, skeleton, table};

/// What the page says in English (compiled in): the chart's and page's words, the built-in
/// lessons' titles, why a document is refused.
const ENGLISH: [&[u8]; 3] = [
    Part::Print.english(),
    Part::Lessons.english(),
    Part::Format.english(),
];

/// What it fetches in another language.
const PARTS: [Part; 3] = [Part::Print, Part::Lessons, Part::Format];

/// Where Trunk puts the workers' loader, relative to the page.
const WORKER_URL: &str = "./settle-whatif_loader.js";

/// The most workers one sweep starts.
const MAX_WORKERS: usize = 8;

/// Starts the wasm: a sweep worker in a Web Worker, else the page.
pub fn start() {
    if let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
        worker::serve(scope);
        return;
    }
    crate::crash::install();
    let lang = crate::language::chosen();
    wasm_bindgen_futures::spawn_local(async move {
        let tr = match crate::language::load(lang, &ENGLISH, &PARTS).await {
            Ok(tr) => tr,
            Err(_) => Rc::new(settle_i18n::Tr::english(&ENGLISH)),
        };
        crate::language::install(tr);
        Page::mount();
    });
}

/// The scenario the page varies.
struct Source {
    doc: Value,
    /// Its title in the page's language.
    title: String,
    /// The ready sweep it came from.
    ready: Option<&'static ready::Ready>,
}

/// The scenario the address names.
fn source() -> Result<Source, String> {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let (text, ready) = if let Some(name) = query_param("sweep") {
        let r = ready::named(&name)
            .ok_or_else(|| tf("whatif-no-sweep", &[("name", Arg::from(name.as_str()))]))?;
        (r.text().to_string(), Some(r))
    } else if let Some(name) = query_param("preset") {
        let text = settle_scenario::presets::preset(&name)
            .ok_or_else(|| tf("whatif-no-preset", &[("name", Arg::from(name.as_str()))]))?;
        (text.to_string(), None)
    } else if let Some(shared) = crate::share::parse_fragment(&hash) {
        (shared?.0, None)
    } else {
        let r = &ready::READY[0];
        (r.text().to_string(), Some(r))
    };
    let sc = settle_scenario::parse(&text)
        .map_err(|e| settle_i18n::format_error(&settle_i18n::current(), &e))?;
    if sc.entities.is_some() {
        return Err(t("whatif-entities"));
    }
    let title = match ready {
        Some(r) => t(&format!("whatif-sweep-{}-title", r.name)),
        None => settle_i18n::lesson_named(&sc.title)
            .map(|name| format!("{name}-title"))
            .filter(|id| settle_i18n::current().has(id))
            .map_or(sc.title, |id| t(&id)),
    };
    let doc = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    Ok(Source { doc, title, ready })
}

/// Why the form's ranges make no sweep, in the page's words.
fn range_words(e: RangeError) -> String {
    let of = |param: Param| [("param", Arg::from(label(param)))];
    match e {
        RangeError::Empty { param, from, to } => tf(
            "whatif-empty",
            &[
                ("param", Arg::from(label(param))),
                ("from", Arg::from(from)),
                ("to", Arg::from(to)),
            ],
        ),
        RangeError::ZeroStep { param } => tf("whatif-step-zero", &of(param)),
        RangeError::Twice { param } => tf("whatif-twice", &of(param)),
        RangeError::Seeds { .. } => tf("whatif-seeds-range", &[("max", Arg::from(MAX_SEEDS))]),
        RangeError::TooMany { points } => tf(
            "whatif-too-many",
            &[("n", Arg::from(points)), ("max", Arg::from(MAX_POINTS))],
        ),
        // The first setting is always chosen.
        RangeError::Nothing => e.to_string(),
    }
}

/// What went wrong with a sweep's variants, in the page's words.
fn error_words(e: &SweepError) -> String {
    match e {
        SweepError::NoActor { param, kind } => tf(
            if *kind == "sender" {
                "whatif-no-sender"
            } else {
                "whatif-no-receiver"
            },
            &[("param", Arg::from(label(*param)))],
        ),
        SweepError::Entities => t("whatif-entities"),
        SweepError::Refused { point, error } => format!(
            "{point}: {}",
            settle_i18n::format_error(&settle_i18n::current(), error)
        ),
        SweepError::Variant(why) => why.clone(),
    }
}

/// A worker's message handler.
type Handler = Closure<dyn Fn(MessageEvent)>;

/// A sweep worker, kept between sweeps (its wasm is compiled once): what it is to run once it
/// says it listens.
struct Helper {
    worker: Worker,
    handler: Handler,
    ready: Rc<Cell<bool>>,
    job: Rc<RefCell<Option<js_sys::Object>>>,
}

impl Helper {
    /// A new worker whose rows go to `page`.
    fn spawn(page: &Rc<RefCell<Page>>) -> Option<Self> {
        let worker = Worker::new(WORKER_URL).ok()?;
        let ready = Rc::new(Cell::new(false));
        let job: Rc<RefCell<Option<js_sys::Object>>> = Rc::default();
        let (me, weak) = (worker.clone(), Rc::downgrade(page));
        let (is_ready, pending) = (Rc::clone(&ready), Rc::clone(&job));
        let handler = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
            let data = e.data();
            let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
            if get("ready").and_then(|v| v.as_bool()) == Some(true) {
                is_ready.set(true);
                if let Some(job) = pending.borrow_mut().take() {
                    let _ = me.post_message(&job);
                }
                return;
            }
            let Some(page) = weak.upgrade() else { return };
            let run = get("run").and_then(|v| v.as_f64()).unwrap_or(-1.0) as u32;
            if let Some(i) = get("i").and_then(|v| v.as_f64()) {
                let row = get("row")
                    .and_then(|v| v.as_string())
                    .and_then(|s| serde_json::from_str(&s).ok())
                    .and_then(|v| Row::from_value(&v));
                if let Some(row) = row {
                    page.borrow_mut().got(run, i as usize, row);
                }
            } else if let Some(why) = get("error").and_then(|v| v.as_string()) {
                let mut page = page.borrow_mut();
                if page.running.as_ref().is_some_and(|r| r.id == run) {
                    page.stop();
                    page.say_error(&why);
                }
            }
        });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        Some(Self {
            worker,
            handler,
            ready,
            job,
        })
    }

    /// Runs `job` as soon as the worker listens.
    fn give(&self, job: js_sys::Object) {
        if self.ready.get() {
            let _ = self.worker.post_message(&job);
        } else {
            *self.job.borrow_mut() = Some(job);
        }
    }
}

/// A sweep under way and what its workers sent back.
struct Running {
    /// Which sweep of the page's (rows of an earlier one are not its).
    id: u32,
    sweep: Sweep,
    rows: Vec<Option<Row>>,
    done: usize,
    workers: usize,
    started: f64,
}

/// The page's elements and state.
struct Page {
    doc: Value,
    title: String,
    params: [HtmlSelectElement; 2],
    from: [HtmlInputElement; 2],
    to: [HtmlInputElement; 2],
    step: [HtmlInputElement; 2],
    seeds: HtmlInputElement,
    cancel: Element,
    progress: Element,
    status: Element,
    error: Element,
    result: Element,
    chart: Element,
    table: Element,
    svg_link: Element,
    csv_link: Element,
    running: Option<Running>,
    /// The last sweep that ran to its end, and its rows.
    shown: Option<(Sweep, Vec<Row>)>,
    /// The downloads' object URLs (revoked when replaced).
    urls: Vec<String>,
    /// The workers, busy with `running` or idle between sweeps.
    helpers: Vec<Helper>,
    /// The last sweep's id.
    last_id: u32,
    /// Stopped workers' handlers, dropped when the next sweep starts (a handler must not be
    /// dropped while it runs, and a sweep is stopped from one when a worker fails).
    retired: Vec<Handler>,
}

fn now_ms() -> f64 {
    crate::page::real_now_ms()
}

fn by_id<T: JsCast>(doc: &Document, id: &str) -> Option<T> {
    doc.get_element_by_id(id)?.dyn_into().ok()
}

impl Page {
    /// Builds the page in place of the loading shell and wires it.
    fn mount() {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if let Some(boot) = doc.get_element_by_id("boot") {
            boot.remove();
        }
        let Some(body) = doc.body() else { return };
        let src = match source() {
            Ok(src) => src,
            Err(why) => {
                body.set_inner_html(&format!(
                    "<main class=\"whatif\"><h1>Settle</h1><p class=\"wi-error\" role=\"alert\">{}</p>\
<p><a href=\"./\">{}</a></p></main>",
                    esc(&why),
                    esc(&t("whatif-back"))
                ));
                return;
            }
        };
        let vary: Vec<Vary> = src
            .ready
            .map_or(&["receivers=1..6"][..], |r| r.vary)
            .iter()
            .filter_map(|v| Vary::parse(v).ok())
            .collect();
        doc.set_title(&tf(
            "sweep-title",
            &[("title", Arg::from(src.title.as_str()))],
        ));
        body.set_inner_html(&skeleton(&src.title, src.ready, &vary));
        let Some(page) = Self::find(&doc, src) else {
            return;
        };
        let page = Rc::new(RefCell::new(page));
        wire(&doc, &page);
    }

    fn find(doc: &Document, src: Source) -> Option<Self> {
        fn pair<T: JsCast>(doc: &Document, a: &str, b: &str) -> Option<[T; 2]> {
            Some([by_id(doc, a)?, by_id(doc, b)?])
        }
        Some(Self {
            doc: src.doc,
            title: src.title,
            params: pair(doc, "wi-p1", "wi-p2")?,
            from: pair(doc, "wi-from1", "wi-from2")?,
            to: pair(doc, "wi-to1", "wi-to2")?,
            step: pair(doc, "wi-step1", "wi-step2")?,
            seeds: by_id(doc, "wi-seeds")?,
            cancel: by_id(doc, "wi-cancel")?,
            progress: by_id(doc, "wi-progress")?,
            status: by_id(doc, "wi-status")?,
            error: by_id(doc, "wi-error")?,
            result: by_id(doc, "wi-result")?,
            chart: by_id(doc, "wi-chart")?,
            table: by_id(doc, "wi-table")?,
            svg_link: by_id(doc, "wi-svg")?,
            csv_link: by_id(doc, "wi-csv")?,
            running: None,
            shown: None,
            urls: Vec::new(),
            helpers: Vec::new(),
            last_id: 0,
            retired: Vec::new(),
        })
    }

    /// The sweep the form asks for, or what is wrong with it, in words.
    fn read_form(&self) -> Result<Sweep, String> {
        let mut vary = Vec::new();
        for k in 0..2 {
            let Some(param) = Param::named(&self.params[k].value()) else {
                continue;
            };
            let number = |input: &HtmlInputElement| {
                let v = input.value();
                v.trim().parse::<u64>().map_err(|_| {
                    tf(
                        "whatif-not-number",
                        &[
                            ("param", Arg::from(label(param))),
                            ("text", Arg::from(v.as_str())),
                        ],
                    )
                })
            };
            let (from, to, step) = (
                number(&self.from[k])?,
                number(&self.to[k])?,
                number(&self.step[k])?,
            );
            vary.push(Vary::new(param, from, to, step).map_err(range_words)?);
        }
        // A seed count that is no number is as far out of range as 0.
        let seeds = self.seeds.value().trim().parse::<u32>().unwrap_or(0);
        Sweep::new(vary, seeds).map_err(range_words)
    }

    fn say_error(&self, why: &str) {
        self.error.set_text_content(Some(why));
        let _ = self.error.remove_attribute("hidden");
    }

    fn set_status(&self, done: usize, total: usize, text: &str) {
        let _ = self
            .progress
            .set_attribute("max", &total.max(1).to_string());
        let _ = self.progress.set_attribute("value", &done.to_string());
        self.status.set_text_content(Some(text));
    }

    /// Stops the sweep under way: its workers cannot be interrupted, so they end, and the
    /// next sweep starts new ones.
    fn stop(&mut self) {
        if self.running.take().is_some() {
            for h in self.helpers.drain(..) {
                h.worker.terminate();
                self.retired.push(h.handler);
            }
        }
        let _ = self.cancel.set_attribute("disabled", "");
    }

    /// A row of sweep `run` came back from a worker.
    fn got(&mut self, run: u32, i: usize, row: Row) {
        let Some(r) = self.running.as_mut().filter(|r| r.id == run) else {
            return;
        };
        let Some(slot) = r.rows.get_mut(i) else {
            return;
        };
        if slot.replace(row).is_none() {
            r.done += 1;
        }
        let (done, total) = (r.done, r.rows.len());
        self.set_status(
            done,
            total,
            &tf(
                "whatif-progress",
                &[("done", Arg::from(done)), ("total", Arg::from(total))],
            ),
        );
        if done == total {
            self.finish();
        }
    }

    /// Every row is in: the chart, the table and the downloads.
    fn finish(&mut self) {
        let Some(r) = self.running.take() else { return };
        let seconds = (now_ms() - r.started) / 1000.0;
        let workers = r.workers;
        let rows: Vec<Row> = r.rows.iter().flatten().cloned().collect();
        let sweep = r.sweep.clone();
        let _ = self.cancel.set_attribute("disabled", "");
        self.set_status(
            rows.len(),
            rows.len(),
            &tf(
                "whatif-done",
                &[
                    ("n", Arg::from(rows.len())),
                    (
                        "seconds",
                        Arg::from(settle_i18n::written_number(
                            settle_i18n::lang(),
                            seconds,
                            Some(1),
                            false,
                        )),
                    ),
                    ("workers", Arg::from(workers)),
                ],
            ),
        );
        match sweep_chart_in_page(&sweep, &rows, &self.title) {
            Ok(svg) => self.chart.set_inner_html(&svg),
            Err(why) => self.say_error(&why),
        }
        self.table.set_inner_html(&table(&sweep, &rows));
        for url in self.urls.drain(..) {
            let _ = web_sys::Url::revoke_object_url(&url);
        }
        let csv = sweep.csv(&rows);
        let svg = sweep_chart(&sweep, &rows, &self.title).unwrap_or_default();
        for (link, text, kind) in [
            (&self.csv_link, csv, "text/csv"),
            (&self.svg_link, svg, "image/svg+xml"),
        ] {
            if let Some(url) = object_url(&text, kind) {
                let _ = link.set_attribute("href", &url);
                self.urls.push(url);
            }
        }
        let _ = self.result.remove_attribute("hidden");
        self.shown = Some((sweep, rows));
    }

    /// Opens the shown sweep's point `k` in the playground, at its most telling moment.
    fn open(&self, k: usize) {
        let Some((sweep, rows)) = &self.shown else {
            return;
        };
        let (Some(values), Some(row)) = (sweep.points().get(k).cloned(), rows.get(k)) else {
            return;
        };
        let Ok(variant) = sweep.variant(&self.doc, &values) else {
            return;
        };
        let url = format!(
            "./{}{}",
            crate::language::with_lang("", settle_i18n::lang()),
            crate::share::fragment(&variant.to_string(), row.telling_ms)
        );
        if let Some(w) = web_sys::window() {
            let _ = w.open_with_url_and_target_and_features(&url, "_blank", "noopener");
        }
    }
}

/// A Blob's object URL for `text`.
fn object_url(text: &str, kind: &str) -> Option<String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(kind);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

/// Hooks up the form, Cancel, and clicks on points and Open buttons.
fn wire(doc: &Document, page: &Rc<RefCell<Page>>) {
    let listen = |id: &str, event: &str, f: Box<dyn Fn(web_sys::Event)>| {
        if let Some(el) = doc.get_element_by_id(id) {
            let f = Closure::<dyn Fn(web_sys::Event)>::wrap(f);
            let _ = el.add_event_listener_with_callback(event, f.as_ref().unchecked_ref());
            f.forget();
        }
    };
    // Without a second setting its range means nothing: its fields are off.
    let p = Rc::clone(page);
    let second = move || {
        let page = p.borrow();
        let none = page.params[1].value().is_empty();
        for input in [&page.from[1], &page.to[1], &page.step[1]] {
            input.set_disabled(none);
        }
    };
    second();
    listen("wi-p2", "change", Box::new(move |_| second()));
    let p = Rc::clone(page);
    listen(
        "wi-form",
        "submit",
        Box::new(move |e| {
            e.prevent_default();
            run(&p);
        }),
    );
    let p = Rc::clone(page);
    listen(
        "wi-cancel",
        "click",
        Box::new(move |_| {
            let mut page = p.borrow_mut();
            let (done, total) = page
                .running
                .as_ref()
                .map_or((0, 0), |r| (r.done, r.rows.len()));
            page.stop();
            page.set_status(
                done,
                total,
                &tf(
                    "whatif-cancelled",
                    &[("done", Arg::from(done)), ("total", Arg::from(total))],
                ),
            );
        }),
    );
    let p = Rc::clone(page);
    listen(
        "wi-result",
        "click",
        Box::new(move |e| {
            let point = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("[data-point]").ok().flatten())
                .and_then(|el| el.get_attribute("data-point"))
                .and_then(|k| k.parse::<usize>().ok());
            if let Some(k) = point {
                p.borrow().open(k);
            }
        }),
    );
}

/// Starts the sweep the form asks for, in workers; a sweep under way stops first.
fn run(page: &Rc<RefCell<Page>>) {
    let mut p = page.borrow_mut();
    p.stop();
    // Called from the form, never from a worker's handler: the old handlers can go now.
    p.retired.clear();
    let _ = p.error.set_attribute("hidden", "");
    let sweep = match p.read_form() {
        Ok(s) => s,
        Err(why) => return p.say_error(&why),
    };
    if let Err(e) = sweep.check_ends(&p.doc) {
        return p.say_error(&error_words(&e));
    }
    let total = sweep.points().len();
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(1.0) as usize;
    let n = cores.clamp(1, MAX_WORKERS).min(total);
    let vary = js_sys::Array::new();
    for v in &sweep.vary {
        vary.push(&format!("{}={}..{}:{}", v.param.name(), v.from, v.to, v.step).into());
    }
    p.last_id += 1;
    let id = p.last_id;
    while p.helpers.len() < n {
        drop(p);
        let helper = Helper::spawn(page);
        p = page.borrow_mut();
        match helper {
            Some(h) => p.helpers.push(h),
            None => return p.say_error(&t("whatif-no-worker")),
        }
    }
    let doc = JsValue::from(p.doc.to_string());
    for (w, helper) in p.helpers.iter().take(n).enumerate() {
        let points = js_sys::Array::new();
        for i in (w..total).step_by(n) {
            points.push(&JsValue::from(i as u32));
        }
        let job = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| {
            let _ = js_sys::Reflect::set(&job, &k.into(), v);
        };
        set("run", &JsValue::from(id));
        set("doc", &doc);
        set("vary", &vary);
        set("seeds", &JsValue::from(sweep.seeds));
        set("points", &points);
        helper.give(job);
    }
    let _ = p.cancel.remove_attribute("disabled");
    p.set_status(
        0,
        total,
        &tf(
            "whatif-progress",
            &[("done", Arg::from(0)), ("total", Arg::from(total))],
        ),
    );
    p.running = Some(Running {
        id,
        sweep,
        rows: vec![None; total],
        done: 0,
        workers: n,
        started: now_ms(),
    });
}
