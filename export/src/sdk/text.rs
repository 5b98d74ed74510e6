//! Text both languages write: comments, string literals, and durations in ISO 8601.

use super::lang::Lang;
use alloc::format;
use alloc::string::String;

/// Text safe inside a line comment (one line, no control characters).
pub(crate) fn comment_text(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A double-quoted string literal valid in both Python and TypeScript: ASCII only, every other
/// character escaped (`\uXXXX`; beyond the BMP `\U........` in Python, `\u{...}` in TypeScript).
pub(crate) fn str_lit(s: &str, lang: Lang) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            ' '..='~' => o.push(c),
            c if (c as u32) <= 0xFFFF => o.push_str(&format!("\\u{:04x}", c as u32)),
            c if lang == Lang::Python => o.push_str(&format!("\\U{:08x}", c as u32)),
            c => o.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    o.push('"');
    o
}

/// An ISO 8601 duration for a number of milliseconds ("PT30S", "PT0.5S").
pub(crate) fn iso_duration(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("PT{}S", ms / 1000)
    } else {
        format!("PT{}.{:03}S", ms / 1000, ms % 1000)
    }
}
