//! The playground's second build (full.html): the same page, and documents with `entities`
//! (topics, subscriptions, several queues), which the first build, kept small for a first
//! visit, opens here (`settle_player::page::load`).

fn main() {
    settle_web::start();
}
