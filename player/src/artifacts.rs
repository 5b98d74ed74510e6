//! Downloads made from the scenario (the story as SVG, the scenario as an Azure SDK program):
//! what they are, and the one function that makes them (run
//! in the artifacts worker, `src/bin/artifacts.rs`, so the page's own wasm stays small).

use settle_export::sdk::{self, Lang};
use settle_export::svg;
use settle_i18n::{Arg, tf};
use settle_scenario::parse;

/// The groups of download buttons, in order (in English: the page says them in its words).
pub const GROUPS: [&str; 2] = ["Story as a picture", "Export as code"];

/// What can be downloaded: its group, the kind the worker is asked for, the button's name (in
/// English: the page says it in its words), the file's name suffix and media type.
pub const KINDS: &[Kind] = &[
    Kind {
        group: GROUPS[0],
        kind: "svg",
        label: "SVG",
        suffix: ".svg",
        mime: "image/svg+xml",
    },
    Kind {
        group: GROUPS[0],
        kind: "svg-animated",
        label: "Animated SVG",
        suffix: "-animated.svg",
        mime: "image/svg+xml",
    },
    Kind {
        group: GROUPS[1],
        kind: "python",
        label: "Python",
        suffix: ".py",
        mime: "text/x-python",
    },
    Kind {
        group: GROUPS[1],
        kind: "typescript",
        label: "TypeScript",
        suffix: ".ts",
        mime: "text/plain",
    },
];

/// One downloadable kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The group of buttons it belongs to.
    pub group: &'static str,
    pub kind: &'static str,
    pub label: &'static str,
    pub suffix: &'static str,
    pub mime: &'static str,
}

/// What the worker makes for the Embed button rather than for a download: the scenario's film
/// as an embed's link ([`crate::film::link`]).
pub const FILM_LINK: &str = "film-link";

/// Makes the artifact `kind` from a scenario's text; an error in words otherwise.
pub fn make(kind: &str, scenario: &str) -> Result<String, String> {
    if kind == FILM_LINK {
        return crate::film::link(scenario);
    }
    let error = |e: String| tf("doc-error", &[("error", Arg::from(e))]);
    let sc = parse(scenario).map_err(|e| crate::words::doc_error(&e))?;
    let made = match kind {
        "svg" => svg::svg(&sc),
        "svg-animated" => svg::svg_animated(&sc),
        "python" => sdk::export(&sc, Lang::Python),
        "typescript" => sdk::export(&sc, Lang::TypeScript),
        other => return Err(tf("artifact-unknown", &[("kind", Arg::from(other))])),
    };
    made.map_err(|e| error(e.to_string()))
}

/// A file name from a title: lower case, words joined by `-`, at most 60 characters.
pub fn file_stem(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 60 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "settle-scenario".into()
    } else {
        out.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_are_safe_and_short() {
        assert_eq!(
            file_stem("Lock expiry and redelivery"),
            "lock-expiry-and-redelivery"
        );
        assert_eq!(file_stem("  ¿¡!! "), "settle-scenario");
        assert_eq!(file_stem("a/b\\c..d"), "a-b-c-d");
        assert!(file_stem(&"x".repeat(500)).len() <= 60);
    }

    #[test]
    fn every_kind_is_the_runners() {
        let text = settle_scenario::presets::preset("lock-expiry").unwrap();
        let sc = parse(text).unwrap();
        assert_eq!(make("svg", text).unwrap(), svg::svg(&sc).unwrap());
        assert!(make("svg-animated", text).unwrap().contains("@keyframes"));
        assert_eq!(
            make("python", text).unwrap(),
            sdk::export(&sc, Lang::Python).unwrap()
        );
        assert_eq!(
            make("typescript", text).unwrap(),
            sdk::export(&sc, Lang::TypeScript).unwrap()
        );
        assert!(make("pdf", text).unwrap_err().contains("unknown download"));
        assert!(make("svg", "{").unwrap_err().starts_with("error: "));
    }
}
