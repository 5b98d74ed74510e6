//! Text and numbers for the picture: XML escaping, labels cut to length, their estimated width,
//! word wrap, numbers and durations in words, and the float rounding `core` lacks without std.

use crate::artifact::secs;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The reason Settle appends to a broker error in parentheses ("(m1: the lock expired 9 s
/// ago.)"), else the whole message: as ": …".
pub(super) fn why(message: &str) -> String {
    let m = message.trim_end();
    if m.ends_with(')') {
        // The outermost parenthesis that closes at the end (it may hold others).
        let mut depth = 0i32;
        for (i, c) in m.char_indices().rev() {
            match c {
                ')' => depth += 1,
                '(' => {
                    depth -= 1;
                    if depth == 0 {
                        let inner = m[i + 1..m.len() - 1].trim_end_matches('.');
                        return format!(" ({inner})");
                    }
                }
                _ => {}
            }
        }
    }
    // Else the first sentence.
    let first = m.find(". ").map_or(m, |i| &m[..=i]);
    format!(": {first}")
}

/// Seconds with one decimal at most, for prose: "26.4 s".
pub(super) fn secs_round(ms: u64) -> String {
    format!("{} s", num(ms as f64 / 1000.0))
}

/// Escapes text for XML content and attribute values. Characters XML 1.0 cannot carry at all
/// (C0 controls other than tab, newline and carriage return; U+FFFE and U+FFFF) become visible
/// stand-ins; tab, newline and carriage return become spaces (every label is one line).
pub(super) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            // U+2400.. "control pictures": a visible stand-in for each C0 control.
            '\0'..='\u{1f}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}')),
            '\u{7f}' => out.push('\u{2421}'),
            '\u{80}'..='\u{9f}' | '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// At most `n` characters, with an ellipsis when cut.
pub(super) fn short(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.into();
    }
    let mut out: String = s.chars().take(n.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Estimated width of a label in pixels (system sans-serif; a little generous).
pub(super) fn text_w(s: &str, size: f64) -> f64 {
    s.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | 'I' | 'f' | 't'
            | 'r' => 0.36,
            'm' | 'w' | 'M' | 'W' | '@' => 0.92,
            'A'..='Z' | '0'..='9' => 0.68,
            c if c.is_ascii() => 0.6,
            _ => 0.95,
        })
        .sum::<f64>()
        * size
}

/// A number with at most one decimal, no trailing ".0" (deterministic).
pub(super) fn num(v: f64) -> String {
    let r = round(v * 10.0) / 10.0;
    let s = format!("{r:.1}");
    s.strip_suffix(".0").map_or(s.clone(), String::from)
}

pub(super) fn duration_words(ms: u64) -> String {
    if ms >= 86_400_000 && ms.is_multiple_of(86_400_000) {
        format!("{} d", ms / 86_400_000)
    } else if ms >= 3_600_000 && ms.is_multiple_of(3_600_000) {
        format!("{} h", ms / 3_600_000)
    } else if ms >= 60_000 && ms.is_multiple_of(60_000) {
        format!("{} min", ms / 60_000)
    } else {
        secs(ms)
    }
}

/// Greedy word wrap to lines of at most `width` pixels; at most `max` lines (the last cut
/// with an ellipsis).
pub(super) fn wrap(s: &str, width: f64, size: f64, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        let cand = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if text_w(&cand, size) <= width || cur.is_empty() {
            cur = cand;
        } else {
            lines.push(core::mem::take(&mut cur));
            cur = word.to_string();
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    if lines.len() > max {
        lines.truncate(max);
        if let Some(l) = lines.last_mut() {
            l.push('…');
        }
    }
    for l in &mut lines {
        let room = (width / (0.55 * size)) as usize;
        if text_w(l, size) > width {
            *l = short(l, room);
        }
    }
    lines
}

/// `f64::round` for coordinates (no float rounding in `core` without std): half away from zero.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "drawing coordinates are far inside i64"
)]
pub(super) fn round(v: f64) -> f64 {
    let t = v as i64 as f64;
    if v - t >= 0.5 {
        t + 1.0
    } else if t - v >= 0.5 {
        t - 1.0
    } else {
        t
    }
}

/// `f64::ceil` for coordinates (see [`round`]).
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "drawing coordinates are far inside i64"
)]
pub(super) fn ceil(v: f64) -> f64 {
    let t = v as i64 as f64;
    if t < v { t + 1.0 } else { t }
}
