//! The playground (index.html): documents of one queue. Its second build, `settle-full`
//! (`src/bin/full.rs`, full.html), runs documents with entities too.

fn main() {
    settle_web::start();
}
