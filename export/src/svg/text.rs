//! Text and numbers for the picture: XML escaping, labels cut to length, their estimated width,
//! word wrap, numbers, and the float rounding `core` lacks without std.

use super::words::Words;
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

/// Escapes text for XML content and attribute values. Characters XML 1.0 cannot carry at all
/// (C0 controls other than tab, newline and carriage return; U+FFFE and U+FFFF) become visible
/// stand-ins; tab, newline and carriage return become spaces (every label is one line).
pub fn esc(s: &str) -> String {
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

/// At most `n` columns, with an ellipsis when cut: a character is a column, a full-width one
/// ([`wide`]: Chinese, Japanese, Korean) two.
pub(super) fn short(s: &str, n: usize) -> String {
    cut(s, n, f64::INFINITY, 1.0)
}

/// `s` cut to `n` columns ([`short`]) in English, to `room` pixels at `size` in another
/// language: English keeps the limits the picture was made with, counted in characters, while
/// the same words in another language have other lengths and widths.
pub(super) fn fit(words: &Words, s: &str, n: usize, room: f64, size: f64) -> String {
    if words.english() {
        short(s, n)
    } else {
        cut(s, usize::MAX, room, size)
    }
}

/// `s` if it has at most `n` columns and takes at most `room` pixels at `size`, else as much of
/// it as leaves room for an ellipsis, and the ellipsis.
fn cut(s: &str, n: usize, room: f64, size: f64) -> String {
    let cols = |c: char| if wide(c) { 2 } else { 1 };
    if s.chars().map(cols).sum::<usize>() <= n && text_w(s, size) <= room {
        return s.into();
    }
    let (n, room) = (n.saturating_sub(1), room - char_w('…') * size);
    let (mut out, mut used, mut w) = (String::new(), 0, 0.0);
    for c in s.chars() {
        let (cc, cw) = (cols(c), char_w(c) * size);
        if used + cc > n || w + cw > room {
            break;
        }
        (used, w) = (used + cc, w + cw);
        out.push(c);
    }
    out.push('…');
    out
}

pub(super) use settle_i18n::is_wide as wide;

/// Estimated width of a label in pixels (system sans-serif; a little generous).
pub(super) fn text_w(s: &str, size: f64) -> f64 {
    s.chars().map(char_w).sum::<f64>() * size
}

/// A character's estimated advance, in ems: Latin and digits as measured for the English
/// picture; Latin letters with diacritics (Czech) as their base letter; Cyrillic a little wider
/// than Latin; full-width characters ([`wide`]) a whole em; anything else nearly one.
fn char_w(c: char) -> f64 {
    match c {
        'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | 'I' | 'f' | 't'
        | 'r' => 0.36,
        'm' | 'w' | 'M' | 'W' | '@' => 0.92,
        'A'..='Z' | '0'..='9' => 0.68,
        c if c.is_ascii() => 0.6,
        c if wide(c) => 1.0,
        // The caron of ď, ť and ľ is an apostrophe beside the letter.
        'ď' => 0.7,
        'ť' | 'ľ' => 0.45,
        'ж' | 'м' | 'ф' | 'ш' | 'щ' | 'ы' | 'ю' => 0.85,
        'а'..='я' | 'ё' => 0.62,
        'Ж' | 'М' | 'Ф' | 'Ш' | 'Щ' | 'Ы' | 'Ю' => 0.95,
        'А'..='Я' | 'Ё' => 0.72,
        c => latin_base(c).map_or(0.95, char_w),
    }
}

/// The letter under a Latin letter's diacritic (Czech's, and Latin-1's): á → a, Ř → R.
fn latin_base(c: char) -> Option<char> {
    Some(match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'č' | 'ç' | 'ć' => 'c',
        'é' | 'è' | 'ê' | 'ë' | 'ě' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ň' | 'ñ' | 'ń' => 'n',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' => 'o',
        'ř' => 'r',
        'š' | 'ś' => 's',
        'ú' | 'ù' | 'û' | 'ü' | 'ů' => 'u',
        'ý' | 'ÿ' => 'y',
        'ž' | 'ź' | 'ż' => 'z',
        'Á' | 'À' | 'Â' | 'Ä' | 'Ã' | 'Å' => 'A',
        'Č' | 'Ç' | 'Ć' => 'C',
        'Ď' => 'D',
        'É' | 'È' | 'Ê' | 'Ë' | 'Ě' => 'E',
        'Í' | 'Ì' | 'Î' | 'Ï' => 'I',
        'Ň' | 'Ñ' | 'Ń' => 'N',
        'Ó' | 'Ò' | 'Ô' | 'Ö' | 'Õ' | 'Ø' => 'O',
        'Ř' => 'R',
        'Š' | 'Ś' => 'S',
        'Ť' => 'T',
        'Ú' | 'Ù' | 'Û' | 'Ü' | 'Ů' => 'U',
        'Ý' => 'Y',
        'Ž' | 'Ź' | 'Ż' => 'Z',
        _ => return None,
    })
}

/// A number with at most one decimal, no trailing ".0" (deterministic).
pub(super) fn num(v: f64) -> String {
    let r = round(v * 10.0) / 10.0;
    let s = format!("{r:.1}");
    s.strip_suffix(".0").map_or(s.clone(), String::from)
}

/// Greedy word wrap to lines of at most `width` pixels; at most `max` lines (the last cut
/// with an ellipsis). A line breaks between words, and between full-width characters, which
/// Chinese writes without spaces.
pub(super) fn wrap(words: &Words, s: &str, width: f64, size: f64, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        for (k, piece) in pieces(word).into_iter().enumerate() {
            // The pieces of one word go together without a space.
            let sep = if cur.is_empty() || k > 0 { "" } else { " " };
            let cand = format!("{cur}{sep}{piece}");
            if text_w(&cand, size) <= width || cur.is_empty() {
                cur = cand;
            } else {
                lines.push(core::mem::take(&mut cur));
                cur = piece.to_string();
            }
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
            *l = fit(words, l, room, width, size);
        }
    }
    lines
}

/// A word in the pieces a line may break between: each full-width character alone, and the
/// runs of other characters between them (a word without any is one piece).
fn pieces(word: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in word.char_indices() {
        if wide(c) {
            if start < i {
                out.push(&word[start..i]);
            }
            let end = i + c.len_utf8();
            out.push(&word[i..end]);
            start = end;
        }
    }
    if start < word.len() {
        out.push(&word[start..]);
    }
    out
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
