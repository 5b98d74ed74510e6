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
    T(crate::message::Text),
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

#[cfg(test)]
mod tests {
    use super::*;

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
