//! Entry point: mounts the playground.

fn main() {
    settle_web::crash::install();
    leptos::mount::mount_to_body(settle_web::App);
}
