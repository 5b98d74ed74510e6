//! Entry point: mounts the playground.

fn main() {
    settle_web::crash::install();
    // The loading shell of index.html goes in the same task as the app comes: no blank frame.
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    leptos::mount::mount_to_body(settle_web::App);
}
