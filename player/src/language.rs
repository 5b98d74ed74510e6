//! Which language the page speaks, and loading it: `lang=` in the address, else the browser's
//! preferred languages. English is compiled in; another language's messages are fetched
//! (`compiled/<lang>/<part>.txt`, beside the page) when it is chosen, so only it travels.

use std::rc::Rc;

use settle_i18n::{Lang, Part, Tr};

/// The language the address names (`lang=`), else the first of the browser's preferred
/// languages Settle speaks, else English. A `lang=` Settle does not speak counts as absent.
#[must_use]
pub fn chosen() -> Lang {
    if let Some(lang) = crate::page::query_param("lang").and_then(|l| Lang::parse(&l)) {
        return lang;
    }
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return Lang::En;
    };
    let preferred: Vec<String> = nav
        .languages()
        .iter()
        .filter_map(|l| l.as_string())
        .chain(nav.language())
        .collect();
    Lang::negotiate(preferred.iter().map(String::as_str))
}

/// `lang`'s messages for `parts`, fetched beside the page, over `english` (the English
/// messages the program carries); English alone for English.
///
/// # Errors
/// A part that could not be fetched or read: the message names it.
pub async fn load(lang: Lang, english: &[&[u8]], parts: &[Part]) -> Result<Rc<Tr>, String> {
    load_from("", lang, english, parts).await
}

/// As [`load`], from the messages under `base` (a worker, whose own address is no page's,
/// is told where they are).
///
/// # Errors
/// As [`load`].
pub async fn load_from(
    base: &str,
    lang: Lang,
    english: &[&[u8]],
    parts: &[Part],
) -> Result<Rc<Tr>, String> {
    let english = Rc::new(Tr::english(english));
    if lang == Lang::En {
        return Ok(english);
    }
    let mut texts = Vec::with_capacity(parts.len());
    for part in parts {
        let path = format!("{base}compiled/{}/{}.txt", lang.tag(), part.name());
        texts.push(
            crate::builtin::get(&path)
                .await
                .ok_or_else(|| format!("{path} was not found"))?,
        );
    }
    let texts: Vec<&[u8]> = texts.iter().map(String::as_bytes).collect();
    Tr::new(lang, &texts, english).map(Rc::new)
}

/// The page's directory (`https://host/docs/playground/`): where its messages are, for a
/// worker to fetch them.
#[must_use]
pub fn page_dir() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let page = href.split(['?', '#']).next().unwrap_or_default();
    page.rsplit_once('/')
        .map_or_else(String::new, |(dir, _)| format!("{dir}/"))
}

/// Makes `tr` the page's language: what [`settle_i18n::t`] answers and `<html lang>`.
pub fn install(tr: Rc<Tr>) {
    let tag = tr.lang().tag();
    settle_i18n::install(tr);
    if let Some(html) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = html.set_attribute("lang", tag);
    }
}

thread_local! {
    static FAILURE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Remembers that `lang` could not be loaded (the page stays in English), for the page to say.
pub fn failed(lang: Lang, why: &str) {
    // English is all the page has then (and nothing is installed yet).
    const PAGE: [&[u8]; 1] = [Part::Page.english()];
    let text = Tr::english(&PAGE).format(
        "lang-failed",
        &[
            ("lang", lang.native_name().into()),
            ("why", why.into()),
            ("current", Lang::En.native_name().into()),
        ],
    );
    note_failure(text);
}

/// Remembers `text` as what to say about a language that could not be loaded (a program
/// without the page's messages words it itself: the embeds' viewer).
pub fn note_failure(text: String) {
    FAILURE.with_borrow_mut(|f| *f = Some(text));
}

/// What [`failed`] remembered, once.
#[must_use]
pub fn take_failure() -> Option<String> {
    FAILURE.with_borrow_mut(Option::take)
}

/// `query` (with or without its `?`) with `lang=` set to `lang`, every other parameter kept in
/// its place: the address of the same page in another language.
#[must_use]
pub fn with_lang(query: &str, lang: Lang) -> String {
    let mut params: Vec<String> = query
        .trim_start_matches('?')
        .split('&')
        .filter(|kv| !kv.is_empty() && *kv != "lang" && !kv.starts_with("lang="))
        .map(str::to_owned)
        .collect();
    params.push(format!("lang={}", lang.tag()));
    format!("?{}", params.join("&"))
}

/// Opens the page again in `lang`, at the same place: the same address with `lang=`, and the
/// share fragment `fragment` of what is on screen when the person has changed anything (else
/// the address alone opens it again). The narration is told again in the new language.
pub fn switch_to(lang: Lang, fragment: Option<&str>) {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    let path = location.pathname().unwrap_or_default();
    let query = with_lang(&location.search().unwrap_or_default(), lang);
    let hash = match fragment {
        Some(f) => f.to_owned(),
        None => location.hash().unwrap_or_default(),
    };
    let _ = location.assign(&format!("{path}{query}{hash}"));
}

#[cfg(test)]
mod tests {
    use super::{Lang, with_lang};

    #[test]
    fn the_address_keeps_its_parameters_in_another_language() {
        assert_eq!(with_lang("", Lang::Ru), "?lang=ru");
        assert_eq!(with_lang("?", Lang::Cs), "?lang=cs");
        assert_eq!(
            with_lang("?preset=poison-message&lang=cs&speed=10", Lang::ZhHans),
            "?preset=poison-message&speed=10&lang=zh-Hans"
        );
        assert_eq!(with_lang("?embed&lang", Lang::En), "?embed&lang=en");
        assert_eq!(with_lang("?language=x", Lang::En), "?language=x&lang=en");
    }
}
