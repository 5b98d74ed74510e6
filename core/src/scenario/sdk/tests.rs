//! Unit tests of the SDK export: each operation mapped to the SDK call expected.
use super::*;
