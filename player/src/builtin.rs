//! The built-in lessons: the presets and the comparisons. Their names and titles are compiled
//! in (the lesson list and the picker show them at once); their documents are not: the page
//! fetches `presets/NAME.json` or `presets/compare/NAME.json` (Trunk copies `scenario/presets/`
//! into the dist) when one is opened, and keeps it. A first visit downloads none of them
//! (docs/perf/size.md). Natively (the unit tests) the documents are settle-core's.

use settle_i18n::{Arg, tf};
use std::cell::RefCell;

/// The presets: (name, title), in teaching order (settle-core's `presets::PRESETS`; a test
/// holds them equal).
pub const PRESETS: &[(&str, &str)] = &[
    ("send-settlement", "Send settlement: accepted or rejected"),
    ("send-modes", "One at a time, pipelined, or throttled"),
    ("fire-and-forget", "Fire and forget: the errors nobody sees"),
    ("presettled", "Presettled sends: no answer, ever"),
    (
        "receive-and-delete-crash",
        "Receive-and-delete loses a message on a crash",
    ),
    ("peek-lock", "Peek-lock survives a crash"),
    (
        "crash-short-lock",
        "A crash with a 30-second lock: 30 seconds of waiting",
    ),
    (
        "crash-long-lock",
        "A 5-minute lock means 5 minutes of waiting after a crash",
    ),
    (
        "competing-consumers",
        "Competing consumers skip locked messages",
    ),
    ("lock-expiry", "Lock expiry and redelivery"),
    ("auto-renew", "Renew lock and auto-renewal"),
    ("lock-too-short", "A lock shorter than the work"),
    ("abandon", "Abandon: give it back now"),
    (
        "poison-message",
        "A poison message goes to the dead-letter queue",
    ),
    ("explicit-dead-letter", "Dead-letter with a reason"),
    ("defer", "Defer, then receive by sequence number"),
    (
        "idempotent-receiver",
        "Complete fails after lock loss: process idempotently",
    ),
    ("lock-lost", "Locks lost on an entity update"),
    ("ttl-expiry", "Time-to-live expiry to the dead-letter queue"),
    ("duplicate-detection", "Duplicate detection"),
    ("scheduled", "Scheduled messages"),
    ("sessions", "Sessions for ordered processing"),
    ("load-levelling", "Load levelling under a burst"),
];

/// The lessons with several entities (topics, subscriptions, a reply queue): (name, title),
/// after the presets. Their documents are `examples/entities/NAME.json`, which Trunk copies
/// into the dist's `presets/` beside the presets (`index.html`); `settle lesson FILE` shows
/// them on the command line.
pub const ENTITY_PRESETS: &[(&str, &str)] = &[
    ("topic-fan-out", "Orders fan out; billing takes EU only"),
    (
        "poison-copy",
        "A poison copy dead-letters in one subscription while the other completes its own",
    ),
    (
        "request-reply",
        "Request/reply with reply_to and correlation_id",
    ),
    (
        "competing-consumers-subscription",
        "Competing consumers on one subscription",
    ),
];

/// The entity lessons' documents, natively (the wasm fetches them).
#[cfg(not(target_arch = "wasm32"))]
const ENTITY_DOCUMENTS: &[&str] = &[
    include_str!("../../examples/entities/topic-fan-out.json"),
    include_str!("../../examples/entities/poison-copy.json"),
    include_str!("../../examples/entities/request-reply.json"),
    include_str!("../../examples/entities/competing-consumers-subscription.json"),
];

/// The comparisons: (name, title), in teaching order (settle-core's `compare::COMPARISONS`).
pub const COMPARISONS: &[(&str, &str)] = &[
    (
        "crash-peek-lock-vs-receive-and-delete",
        "A crash in peek-lock and in receive-and-delete",
    ),
    (
        "crash-short-vs-long-lock",
        "A crash with a short lock and with a long one",
    ),
    (
        "send-modes-side-by-side",
        "Sending one at a time, all at once, or ten in flight",
    ),
    (
        "idempotent-vs-not",
        "With and without an idempotent receiver",
    ),
];

/// Which table a document belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Preset,
    Comparison,
}

impl Kind {
    /// Whether the table has `name` (the presets' table goes on with [`ENTITY_PRESETS`]).
    fn has(self, name: &str) -> bool {
        let tables: &[&[(&str, &str)]] = match self {
            Self::Preset => &[PRESETS, ENTITY_PRESETS],
            Self::Comparison => &[COMPARISONS],
        };
        tables
            .iter()
            .flat_map(|t| t.iter())
            .any(|(n, _)| *n == name)
    }

    /// The messages that say there is no such document, and that it could not be fetched.
    const fn refusals(self) -> (&'static str, &'static str) {
        match self {
            Self::Preset => ("lesson-no-preset", "lesson-preset-offline"),
            Self::Comparison => ("lesson-no-comparison", "lesson-comparison-offline"),
        }
    }

    /// Where the dist has the document (relative to the page).
    fn path(self, name: &str) -> String {
        match self {
            Self::Preset => format!("presets/{name}.json"),
            Self::Comparison => format!("presets/compare/{name}.json"),
        }
    }

    /// The document as settle-core has it (natively only: the wasm does not carry them).
    #[cfg(not(target_arch = "wasm32"))]
    fn compiled_in(self, name: &str) -> Option<&'static str> {
        match self {
            Self::Preset => settle_scenario::presets::preset(name).or_else(|| {
                ENTITY_PRESETS
                    .iter()
                    .position(|(n, _)| *n == name)
                    .map(|i| ENTITY_DOCUMENTS[i])
            }),
            Self::Comparison => settle_scenario::compare::comparison(name),
        }
    }
}

thread_local! {
    /// The documents fetched so far (a few dozen at most: a list, not another map type).
    static FETCHED: RefCell<Vec<(Kind, String, String)>> = const { RefCell::new(Vec::new()) };
}

/// A built-in document that is already here, or why not.
fn cached(kind: Kind, name: &str) -> Result<String, String> {
    let (unknown, offline) = kind.refusals();
    if !kind.has(name) {
        return Err(tf(unknown, &[("name", Arg::from(name))]));
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(text) = kind.compiled_in(name) {
        return Ok(text.to_string());
    }
    FETCHED
        .with_borrow(|f| {
            f.iter()
                .find(|(k, n, _)| *k == kind && n == name)
                .map(|(_, _, text)| text.clone())
        })
        .ok_or_else(|| tf(offline, &[("name", Arg::from(name))]))
}

/// A preset's document, if fetched (natively: always); else why not.
///
/// # Errors
/// No such preset, or not fetched (yet, or it failed).
pub fn preset(name: &str) -> Result<String, String> {
    cached(Kind::Preset, name)
}

/// A comparison's document, if fetched (natively: always); else why not.
///
/// # Errors
/// No such comparison, or not fetched.
pub fn comparison(name: &str) -> Result<String, String> {
    cached(Kind::Comparison, name)
}

/// Parses the comparison `name` with the presets fetched so far.
///
/// # Errors
/// As [`comparison`], or the document's error.
pub fn parse_comparison(name: &str) -> Result<settle_scenario::compare::Comparison, String> {
    let text = comparison(name)?;
    settle_scenario::compare::parse_with(&text, &|p| preset(p).ok())
        .map_err(|e| crate::words::doc_error(&e))
}

/// Fetches a document once (a name the table does not have is not fetched).
async fn fetch(kind: Kind, name: &str) -> Result<String, String> {
    if let Ok(text) = cached(kind, name) {
        return Ok(text);
    }
    if !kind.has(name) {
        return cached(kind, name);
    }
    if let Some(text) = get(&kind.path(name)).await {
        FETCHED.with_borrow_mut(|f| f.push((kind, name.to_string(), text)));
    }
    cached(kind, name)
}

/// Fetches the preset `name`.
///
/// # Errors
/// As [`preset`].
pub async fn fetch_preset(name: &str) -> Result<String, String> {
    fetch(Kind::Preset, name).await
}

/// Fetches the comparison `name` and every preset it runs, then parses it.
///
/// # Errors
/// As [`parse_comparison`].
pub async fn fetch_comparison(name: &str) -> Result<settle_scenario::compare::Comparison, String> {
    let text = fetch(Kind::Comparison, name).await?;
    // The presets it names, one at a time as parsing meets them (each at most once).
    for _ in 0..=PRESETS.len() {
        let missing = RefCell::new(None);
        let _ = settle_scenario::compare::parse_with(&text, &|p| {
            let found = preset(p).ok();
            if found.is_none() && PRESETS.iter().any(|(n, _)| *n == p) {
                missing.borrow_mut().get_or_insert_with(|| p.to_string());
            }
            found
        });
        let Some(p) = missing.into_inner() else { break };
        if fetch_preset(&p).await.is_err() {
            break;
        }
    }
    parse_comparison(name)
}

/// The text at `path` (relative to the page), or None (not found, offline).
#[cfg(target_arch = "wasm32")]
pub(crate) async fn get(path: &str) -> Option<String> {
    let response = response(path).await?;
    wasm_bindgen_futures::JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

/// The bytes of the gzipped file at `path` (relative to the page), unpacked; None when it is
/// not found or the browser cannot unpack it. The dist holds films gzipped
/// (`scripts/view-page.mjs`): static hosts send a file of no known type as it is, and
/// the browser's own `DecompressionStream` unpacks it (no inflater in the wasm).
#[cfg(target_arch = "wasm32")]
pub(crate) async fn get_unpacked(path: &str) -> Option<Vec<u8>> {
    use wasm_bindgen::JsCast;
    let response = response(path).await?;
    let gunzip = unpack::DecompressionStream::new("gzip").ok()?;
    let body = response.body()?.pipe_through(gunzip.unchecked_ref());
    let unpacked = web_sys::Response::new_with_opt_readable_stream(Some(&body)).ok()?;
    let buffer = wasm_bindgen_futures::JsFuture::from(unpacked.array_buffer().ok()?)
        .await
        .ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The browser's `DecompressionStream` (web-sys has it only behind its unstable APIs). It is
/// a readable and writable pair, as `pipeThrough` takes.
#[cfg(target_arch = "wasm32")]
mod unpack {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(extends = web_sys::ReadableWritablePair)]
        pub(super) type DecompressionStream;
        #[wasm_bindgen(constructor, catch)]
        pub(super) fn new(format: &str) -> Result<DecompressionStream, JsValue>;
    }
}

/// The answer to a request for `path`, if it is found.
#[cfg(target_arch = "wasm32")]
async fn response(path: &str) -> Option<web_sys::Response> {
    use wasm_bindgen::JsCast;
    // A page's window, or a worker's scope (the artifacts worker fetches messages too).
    let global = js_sys::global();
    let request = match global.dyn_ref::<web_sys::Window>() {
        Some(window) => window.fetch_with_str(path),
        None => global
            .dyn_ref::<web_sys::WorkerGlobalScope>()?
            .fetch_with_str(path),
    };
    let response = wasm_bindgen_futures::JsFuture::from(request).await.ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    response.ok().then_some(response)
}

/// Natively every document is compiled in: nothing to fetch.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::unused_async)]
pub(crate) async fn get(_path: &str) -> Option<String> {
    None
}

/// Natively there is no page to fetch from.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::unused_async)]
pub(crate) async fn get_unpacked(_path: &str) -> Option<Vec<u8>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names<'a>(table: &[(&'a str, &str)]) -> Vec<&'a str> {
        table.iter().map(|(n, _)| *n).collect()
    }

    #[test]
    fn the_tables_name_settle_cores_documents_with_their_titles() {
        assert_eq!(names(PRESETS), names(settle_scenario::presets::PRESETS));
        for (name, title) in PRESETS.iter().chain(ENTITY_PRESETS) {
            let sc = settle_scenario::parse(&preset(name).unwrap()).unwrap();
            assert_eq!(&sc.title, title, "{name}");
            assert!(sc.lesson.is_some(), "{name}");
        }
        for (name, _) in ENTITY_PRESETS {
            assert!(settle_scenario::presets::preset(name).is_none(), "{name}");
            let sc = settle_scenario::parse(&preset(name).unwrap()).unwrap();
            assert!(sc.entities.is_some(), "{name}");
        }
        assert_eq!(
            names(COMPARISONS),
            names(settle_scenario::compare::COMPARISONS)
        );
        for (name, title) in COMPARISONS {
            assert_eq!(&parse_comparison(name).unwrap().title, title, "{name}");
        }
    }

    #[test]
    fn a_comparison_finds_its_presets_through_the_resolver_it_is_given() {
        let text = comparison("crash-short-vs-long-lock").unwrap();
        let e = settle_scenario::compare::parse_with(&text, &|_| None).unwrap_err();
        assert!(
            e.to_string()
                .contains("\"crash-short-lock\" is not a preset"),
            "{e}"
        );
        assert_eq!(
            parse_comparison("crash-short-vs-long-lock").unwrap(),
            settle_scenario::compare::parse(&text).unwrap()
        );
    }

    #[test]
    fn unknown_names_are_refused_by_name() {
        assert_eq!(
            preset("nope").unwrap_err(),
            "there is no preset \"nope\"".to_string()
        );
        assert_eq!(
            comparison("../x").unwrap_err(),
            "there is no comparison \"../x\"".to_string()
        );
    }

    #[test]
    fn the_dist_paths_are_where_trunk_copies_the_presets() {
        for (kind, table) in [(Kind::Preset, PRESETS), (Kind::Comparison, COMPARISONS)] {
            for (name, _) in table {
                let path = kind.path(name);
                assert!(
                    std::path::Path::new("../scenario").join(&path).exists(),
                    "{path}"
                );
            }
        }
        // index.html copies each entity lesson into the dist's presets/.
        let html = include_str!("../../index.html");
        for (name, _) in ENTITY_PRESETS {
            let link = format!(
                r#"<link data-trunk rel="copy-file" href="examples/entities/{name}.json" data-target-path="presets" />"#
            );
            assert!(html.contains(&link), "{link}");
        }
    }
}
