//! The SVG being written: text and icon elements with their coordinates.

use super::model::Icon;
use super::text::{esc, num};
use alloc::string::String;
use core::fmt::Write;

pub(super) struct Out {
    pub(super) s: String,
}

impl Out {
    pub(super) fn text(&mut self, x: f64, y: f64, class: &str, s: &str) {
        let _ = write!(
            self.s,
            "<text x=\"{}\" y=\"{}\" class=\"{class}\">{}</text>",
            num(x),
            num(y),
            esc(s)
        );
    }
    pub(super) fn text_end(&mut self, x: f64, y: f64, class: &str, s: &str) {
        let _ = write!(
            self.s,
            "<text x=\"{}\" y=\"{}\" class=\"{class}\" text-anchor=\"end\">{}</text>",
            num(x),
            num(y),
            esc(s)
        );
    }
    pub(super) fn icon(&mut self, icon: Icon, x: f64, y: f64) {
        let (id, class, _) = icon.style();
        let _ = write!(
            self.s,
            "<use href=\"#{id}\" x=\"{}\" y=\"{}\" class=\"{class}\"/>",
            num(x),
            num(y)
        );
    }
}
