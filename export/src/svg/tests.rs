//! Unit tests of the picture's helpers: the float rounding `core` lacks without std.

use super::text::{ceil, round};

#[test]
fn round_and_ceil_match_std() {
    for v in [
        0.0, 0.4, 0.5, 0.6, 1.5, 2.5, -0.4, -0.5, -0.6, -1.5, 123.456, -7.0, 792.0001,
    ] {
        assert_eq!(round(v), v.round(), "round {v}");
        assert_eq!(ceil(v), v.ceil(), "ceil {v}");
    }
}
