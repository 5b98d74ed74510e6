//! The stage: one picture of the queue in which every message is a token and every change of
//! place is a journey you can follow.
//!
//! - [`model`]: what is where, as plain data (built by `sim/stage.rs` when the simulation changes);
//! - [`layout`]: a pure function from a model and a size to positions ([`rect`]s), the room its
//!   words take estimated by [`text`];
//! - [`anim`]: journeys between consecutive layouts, in real time whatever the speed;
//! - [`hit`]: a point to the token or receiver under it.
//!
//! These know nothing of the DOM and are tested natively; drawing on the canvas and the DOM
//! mirror live in the `ui` module.

pub mod anim;
pub mod hit;
pub mod layout;
pub mod model;
pub mod pen;
pub mod rect;
pub mod text;
