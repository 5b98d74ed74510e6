//! Fetching a preset's film from the page (gzipped in the dist, unpacked by the browser).

use super::reel::Reel;

/// Where the player of a preset's film in `lang` finds it, from the page.
#[must_use]
pub fn path(preset: &str, lang: settle_i18n::Lang) -> String {
    format!("films/{}/{preset}.film", lang.tag())
}

/// Fetches and reads the film of the preset `name` in the installed language; `None` when
/// there is none, it is not one, or the browser cannot unpack it (then the viewer that
/// simulates plays the preset). The dist holds each film gzipped (`scripts/view-page.mjs`,
/// [`crate::builtin::get_unpacked`]).
pub async fn fetch(name: &str) -> Option<Reel> {
    let valid = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return None;
    }
    Reel::read(crate::builtin::get_unpacked(&path(name, settle_i18n::lang())).await?)
}
