//! Entry point: mounts the playground.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(settle_web::App);
}
