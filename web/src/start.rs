//! Starting the playground: the language first, then the page.

use std::cell::Cell;
use std::rc::Rc;

use settle_i18n::{Lang, Part};
use settle_player::{language, page};

/// What the playground says in English: its page, the stage and the narration (compiled in;
/// a `const`, so that no other part's English is linked).
const ENGLISH: [&[u8]; 3] = [
    Part::Page.english(),
    Part::Play.english(),
    Part::Narrate.english(),
];

/// What it fetches in another language: the same, the built-in lessons' words and why a
/// document was refused (in English, the error's display says it).
const PARTS: [Part; 5] = [
    Part::Page,
    Part::Play,
    Part::Narrate,
    Part::Lessons,
    Part::Format,
];

/// Starts the playground: chooses the language, then mounts it (both builds' `main`).
pub fn start() {
    settle_player::crash::install();
    let lang = language::chosen();
    let lesson = page::address_names_a_lesson();
    if lang == Lang::En && !lesson {
        language::install(Rc::new(settle_i18n::Tr::english(&ENGLISH)));
        mount();
        return;
    }
    // A lesson named in the address (`?preset=`, `?compare=`; the wasm does not carry them) and
    // another language's messages are fetched at the same time; the loading shell stays until
    // both are in.
    let waiting = Rc::new(Cell::new(1 + u8::from(lesson)));
    let done = move |waiting: &Cell<u8>| {
        waiting.set(waiting.get() - 1);
        if waiting.get() == 0 {
            mount();
        }
    };
    if lesson {
        let waiting = Rc::clone(&waiting);
        wasm_bindgen_futures::spawn_local(async move {
            page::fetch_for_address().await;
            done(&waiting);
        });
    }
    wasm_bindgen_futures::spawn_local(async move {
        let tr = match language::load(lang, &ENGLISH, &PARTS).await {
            Ok(tr) => tr,
            Err(why) => {
                language::failed(lang, &why);
                Rc::new(settle_i18n::Tr::english(&ENGLISH))
            }
        };
        language::install(tr);
        done(&waiting);
    });
}

fn mount() {
    // The loading shell of index.html goes in the same task as the app comes: no blank frame.
    // On a first visit it is the app's own first screen (scripts/shell-page.mjs): the same
    // picture, and what the person clicked on it is clicked again on the app's once this
    // returns.
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    leptos::mount::mount_to_body(crate::App);
    settle_player::embed::keep_bar_whole();
}
