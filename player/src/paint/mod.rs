//! Painting the page without Leptos: the stage's canvas ([`canvas`], drawn by [`draw`] through
//! a [`painter`]), the clock's face ([`face`]), rows of DOM elements kept in place ([`rows`],
//! the queue's [`lanes`] and the receivers' [`locks`]), and the clock's words ([`titles`]).

pub mod canvas;
pub mod draw;
pub mod face;
pub mod lanes;
pub mod locks;
pub mod painter;
pub mod rows;
pub mod titles;

pub use canvas::{StageState, tick_side};
pub use face::paint as paint_face;
pub use lanes::{LANES, LaneRow, lane_words};
pub use locks::paint as paint_locks;
pub use rows::{Rows, element};
pub use titles::{back_title, expiry_title, speed_label, step_title};
