//! Entry point: mounts the playground.

fn main() {
    settle_player::crash::install();
    // A lesson named in the address (`?preset=`, `?compare=`) is fetched first (the wasm does
    // not carry them); the loading shell stays until then.
    if settle_player::page::address_names_a_lesson() {
        wasm_bindgen_futures::spawn_local(async {
            settle_player::page::fetch_for_address().await;
            mount();
        });
    } else {
        mount();
    }
}

fn mount() {
    // The loading shell of index.html goes in the same task as the app comes: no blank frame.
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    leptos::mount::mount_to_body(settle_web::App);
}
