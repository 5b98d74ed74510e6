//! A tiny ordered JSON writer: trace records keep the key order of the format's examples,
//! and output is byte-identical for the same input.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// A JSON value with ordered object keys.
#[derive(Clone, Debug, PartialEq)]
pub enum J {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An unsigned integer.
    U(u64),
    /// A signed integer.
    I(i64),
    /// A float (finite; non-finite is written as null).
    F(f64),
    /// A string.
    S(String),
    /// A shared string (a message body: written out, never copied into the record).
    T(settle_core::Text),
    /// An array.
    A(Vec<Self>),
    /// An object, keys in insertion order.
    O(Vec<(String, Self)>),
}

impl J {
    /// An empty object.
    #[must_use]
    pub fn obj() -> Self {
        Self::O(Vec::new())
    }

    /// Adds a key (objects only).
    #[must_use]
    pub fn with(mut self, key: &str, v: impl Into<Self>) -> Self {
        self.push(key, v);
        self
    }

    /// Adds a key in place (objects only).
    pub fn push(&mut self, key: &str, v: impl Into<Self>) {
        if let Self::O(kv) = self {
            kv.push((key.into(), v.into()));
        }
    }

    /// Writes compact JSON.
    pub fn write(&self, out: &mut String) {
        match self {
            Self::Null => out.push_str("null"),
            Self::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Self::U(n) => {
                let _ = write!(out, "{n}");
            }
            Self::I(n) => {
                let _ = write!(out, "{n}");
            }
            Self::F(x) => {
                if x.is_finite() {
                    // A whole number (no `f64::fract` without std): it survives a round trip through i64.
                    #[allow(
                        clippy::cast_possible_truncation,
                        clippy::cast_precision_loss,
                        reason = "only compared after the range check"
                    )]
                    if x.abs() < 1e15 && *x == (*x as i64) as f64 {
                        let _ = write!(out, "{x:.1}");
                    } else {
                        let _ = write!(out, "{x}");
                    }
                } else {
                    out.push_str("null");
                }
            }
            Self::S(s) => write_str(out, s),
            Self::T(s) => write_str(out, s),
            Self::A(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Self::O(kv) => {
                out.push('{');
                for (i, (k, v)) in kv.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(out, k);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// Compact JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut s = String::new();
        self.write(&mut s);
        s
    }
}

fn write_str(out: &mut String, s: &str) {
    out.push('"');
    // Runs without anything to escape are copied whole (a 100 KB body is one `push_str`);
    // every byte that needs escaping is ASCII, so the runs end on character boundaries.
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            b if b < 0x20 => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{:04x}", b);
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

impl From<bool> for J {
    fn from(b: bool) -> Self {
        Self::Bool(b)
    }
}
impl From<u64> for J {
    fn from(n: u64) -> Self {
        Self::U(n)
    }
}
impl From<u32> for J {
    fn from(n: u32) -> Self {
        Self::U(u64::from(n))
    }
}
impl From<usize> for J {
    fn from(n: usize) -> Self {
        Self::U(n as u64)
    }
}
impl From<&str> for J {
    fn from(s: &str) -> Self {
        Self::S(s.into())
    }
}
impl From<String> for J {
    fn from(s: String) -> Self {
        Self::S(s)
    }
}
impl<T: Into<Self>> From<Option<T>> for J {
    fn from(o: Option<T>) -> Self {
        o.map_or(Self::Null, Into::into)
    }
}
impl From<Vec<Self>> for J {
    fn from(v: Vec<Self>) -> Self {
        Self::A(v)
    }
}

/// A decimal number as `str::parse::<f64>` reads it (the same grammar: an optional sign, then
/// `inf`, `infinity` or `nan` in any case, or digits with an optional point and exponent; the
/// same correctly rounded value, `±inf` past the range), parsed by serde_json's float parser,
/// which the scenario format needs anyway: the playground then carries one float parser and its
/// tables instead of two (measured on the release dist: docs/perf/size.md).
#[must_use]
pub fn parse_f64(s: &str) -> Option<f64> {
    let (negative, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let signed = |x: f64| if negative { -x } else { x };
    for (word, value) in [
        ("inf", f64::INFINITY),
        ("infinity", f64::INFINITY),
        ("nan", f64::NAN),
    ] {
        if rest.eq_ignore_ascii_case(word) {
            return Some(signed(value));
        }
    }
    // Digits[.digits][(e|E)[sign]digits], at least one digit before or after the point.
    let b = rest.as_bytes();
    let digits = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int_end = digits(0);
    let (frac_start, frac_end) = if b.get(int_end) == Some(&b'.') {
        (int_end + 1, digits(int_end + 1))
    } else {
        (int_end, int_end)
    };
    if int_end == 0 && frac_end == frac_start {
        return None;
    }
    let mut exp = None;
    if matches!(b.get(frac_end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(frac_end + 1), Some(b'+' | b'-')));
        let exp_end = digits(frac_end + 1 + sign);
        if exp_end == frac_end + 1 + sign {
            return None;
        }
        exp = Some(&rest[frac_end + 1..exp_end]);
        if exp_end != b.len() {
            return None;
        }
    } else if frac_end != b.len() {
        return None;
    }
    // The same number in JSON's syntax: no leading zeros, a digit on each side of the point,
    // and always an exponent, so that serde_json reads every number with its float parser.
    let int = rest[..int_end].trim_start_matches('0');
    let mut json = String::with_capacity(rest.len() + 4);
    if negative {
        json.push('-');
    }
    json.push_str(if int.is_empty() { "0" } else { int });
    if frac_end > frac_start {
        json.push_str(&rest[int_end..frac_end]);
    }
    json.push('e');
    json.push_str(exp.unwrap_or("0"));
    match serde_json::from_str::<serde_json::Value>(&json) {
        Ok(v) => v.as_f64(),
        // Valid syntax that serde_json refuses is past the range of f64.
        Err(_) => Some(signed(f64::INFINITY)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same value as `str::parse::<f64>`, bit for bit (NaN as NaN), or the same refusal.
    fn same_as_std(s: &str) {
        let ours = parse_f64(s);
        let std = s.parse::<f64>().ok();
        let same = match (ours, std) {
            (Some(a), Some(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
            (None, None) => true,
            _ => false,
        };
        assert!(same, "{s:?}: parse_f64 {ours:?}, str::parse {std:?}");
    }

    #[test]
    fn parse_f64_reads_what_std_reads() {
        for s in [
            "0",
            "-0",
            "+0",
            "-0.0",
            "007",
            "00.5",
            ".5",
            "5.",
            "-.5e-3",
            "1e400",
            "-1e400",
            "1e-400",
            "0e999999999999",
            "1e-99999999999",
            "4.9e-324",
            "2.4703282292062327e-324",
            "1.7976931348623157e308",
            "1.7976931348623159e308",
            "0.1",
            "123456789012345678901234",
            "9007199254740993",
            "1E5",
            "1e+5",
            "inf",
            "-Infinity",
            "+NaN",
            "nan",
            "",
            ".",
            "-",
            "+",
            "e5",
            "1e",
            "1e+",
            "1.2.3",
            "1 ",
            " 1",
            "0x10",
            "1_0",
            "infinit",
            "--1",
            "+-1",
            "1.e5",
            "１",
            "0.30000000000000004",
            "2.2250738585072011e-308",
        ] {
            same_as_std(s);
        }
    }

    #[cfg(not(target_family = "wasm"))]
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(5000))]
        #[test]
        fn parse_f64_matches_std_on_numbers(
            s in "[+-]?0{0,3}[0-9]{0,22}(\\.[0-9]{0,22})?([eE][+-]?[0-9]{1,5})?"
        ) {
            same_as_std(&s);
        }

        #[test]
        fn parse_f64_matches_std_on_any_text(s in "[-+.eE0-9a-zA-Z ]{0,12}|\\PC{0,8}") {
            same_as_std(&s);
        }
    }

    #[test]
    fn escapes_and_orders() {
        let j = J::obj()
            .with("b", "a\"b\\c\n\u{1}")
            .with("a", J::Null)
            .with("n", 3u64)
            .with("x", J::F(1.5))
            .with("l", alloc::vec![J::Bool(true), J::I(-2)]);
        assert_eq!(
            j.to_json(),
            r#"{"b":"a\"b\\c\n\u0001","a":null,"n":3,"x":1.5,"l":[true,-2]}"#
        );
    }
}
