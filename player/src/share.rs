//! Share links: the scenario (as exported) and the position, in the URL fragment
//! (`#s=<base64url JSON>&t=<ms>`). The fragment never leaves the browser, so a static host
//! serves every link, and no request carries the scenario anywhere.

use settle_i18n::{Arg, tf};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url (padding and standard `+/` tolerated).
pub fn decode(s: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.trim_end_matches('=').bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => {
                return Err(tf(
                    "link-bad-character",
                    &[("char", Arg::from((c as char).to_string()))],
                ));
            }
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}

/// The page's address without its fragment (its query, such as `?embed`, kept).
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

/// The share link of a scenario at a position: this page with the fragment.
pub fn link(scenario: &str, t_ms: u64) -> String {
    format!("{}{}", page_url(), fragment(scenario, t_ms))
}

/// The fragment for a scenario at a position.
pub fn fragment(scenario: &str, t_ms: u64) -> String {
    format!("#s={}&t={t_ms}", encode(scenario.as_bytes()))
}

/// The parts of a link's fragment: the value of `key` (`s` for a scenario, `f` for a film)
/// and the position (`t`, 0 when absent); `None` when it has no `key`.
pub fn parts<'a>(hash: &'a str, key: &str) -> Option<Result<(&'a str, u64), String>> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let mut value = None;
    let mut t = Ok(0);
    for part in hash.split('&') {
        match part.split_once('=') {
            Some((k, v)) if k == key => value = Some(v),
            Some(("t", v)) => {
                t = v
                    .parse()
                    .map_err(|_| tf("link-bad-position", &[("text", Arg::from(v))]));
            }
            _ => {}
        }
    }
    let value = value?;
    Some(t.map(|t| (value, t)))
}

/// What a fragment holds: the scenario text and the position, if it is a share link at all.
pub fn parse_fragment(hash: &str) -> Option<Result<(String, u64), String>> {
    let (s, t) = match parts(hash, "s")? {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    Some(
        decode(s)
            .and_then(|b| String::from_utf8(b).map_err(|_| settle_i18n::t("link-not-text")))
            .map(|text| (text, t)),
    )
}

/// Where a loaded document opens: its `run_until_ms` when it states one (an export states the
/// time it was exported at), else `None` (time zero).
pub fn position(text: &str) -> Option<u64> {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()?
        .get("run_until_ms")?
        .as_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_all_lengths_and_unicode() {
        for s in ["", "a", "ab", "abc", "abcd", "{\"é\":\"🦀\"}"] {
            assert_eq!(decode(&encode(s.as_bytes())).unwrap(), s.as_bytes());
        }
        let (text, t) = parse_fragment(&fragment("{\"settle\":1}", 4200))
            .unwrap()
            .unwrap();
        assert_eq!((text.as_str(), t), ("{\"settle\":1}", 4200));
        assert!(parse_fragment("#s=***").unwrap().is_err());
        assert!(parse_fragment("#other").is_none());
        assert_eq!(position("{\"settle\":1,\"run_until_ms\":4200}"), Some(4200));
        assert_eq!(position("{\"settle\":1}"), None);
        assert_eq!(position("not json"), None);
    }
}
