// Shared by the three cdylibs: the input buffer, a fixed message, the result code.
use settle_core::filter::{Fields, Predicate, Truth, evaluate};
use settle_core::{PropValue, Text};
use std::collections::BTreeMap;

static mut BUF: [u8; 4096] = [0; 4096];

#[unsafe(no_mangle)]
pub extern "C" fn buffer() -> *mut u8 {
    &raw mut BUF as *mut u8
}

fn input(len: usize) -> &'static str {
    // SAFETY: single-threaded wasm; the host wrote `len` bytes of UTF-8.
    let bytes = unsafe { core::slice::from_raw_parts(&raw const BUF as *const u8, len.min(4096)) };
    core::str::from_utf8(bytes).unwrap_or("")
}

/// With feature `json`, the app's other big dependency takes part as it does in the playground
/// (a scenario is JSON): the host also hands a JSON document to parse.
#[cfg(feature = "json")]
#[unsafe(no_mangle)]
pub extern "C" fn json_run(len: usize) -> i32 {
    serde_json::from_str::<serde_json::Value>(input(len)).map_or(-1, |v| v.as_object().map_or(0, |o| o.len() as i32))
}

/// The playground already parses numbers from text (player/src/sim/actions.rs): with `json`, so does
/// every variant, and only the parser's own code differs.
#[cfg(feature = "json")]
#[unsafe(no_mangle)]
pub extern "C" fn numbers_run(len: usize) -> i32 {
    let t = input(len);
    t.parse::<i64>().map_or(0, |i| i as i32) + t.parse::<f64>().map_or(0, |f| f as i32)
        + i32::from(t.chars().any(char::is_alphabetic))
}

fn run(p: &Predicate) -> i32 {
    let mut props = BTreeMap::new();
    props.insert(Text::from("color"), PropValue::Str("blue".into()));
    props.insert(Text::from("quantity"), PropValue::Int(7));
    match evaluate(p, &Fields::new("m1", &props)) {
        Ok(Truth::True) => 1,
        Ok(Truth::False) => 0,
        Ok(Truth::Unknown) => 2,
        Err(_) => 3,
    }
}
