//! The queue's settings as a document writes them: the `queue` object and the patch of an
//! `update_queue` or `update_entity` step, each error at its JSON path.

use crate::read::{Obj, R, as_u64, err_said};
use alloc::format;
use serde_json::Value;
use settle_core::{Duration, QueuePatch, Tier};

/// Reads the `queue` keys (all optional) into a patch.
pub(crate) fn queue_patch(o: &mut Obj<'_>) -> R<QueuePatch> {
    let nullable =
        |o: &mut Obj<'_>, key: &'static str, lo: u64, hi: u64| -> R<Option<Option<Duration>>> {
            match o.get(key) {
                None => Ok(None),
                Some(Value::Null) => Ok(Some(None)),
                Some(v) => {
                    let n = as_u64(&o.at(key), v)?;
                    if !(lo..=hi).contains(&n) {
                        return if hi == u64::MAX {
                            err_said(
                                &o.at(key),
                                format!("must be at least {lo} (or null)"),
                                "at-least-or-null",
                                &[("lo", &lo)],
                            )
                        } else {
                            err_said(
                                &o.at(key),
                                format!("{n} is out of range {lo}..={hi} (or null)"),
                                "out-of-range-or-null",
                                &[("n", &n), ("lo", &lo), ("hi", &hi)],
                            )
                        };
                    }
                    Ok(Some(Some(Duration::from_millis(n))))
                }
            }
        };
    let tier = match o.str("tier")? {
        None => None,
        Some(s) => Some(match Tier::from_name(s) {
            Some(t) => t,
            None => {
                return err_said(
                    &o.at("tier"),
                    format!("\"{s}\" is not a tier (basic, standard, premium)"),
                    "not-tier",
                    &[("value", &s)],
                );
            }
        }),
    };
    Ok(QueuePatch {
        lock_duration: o
            .u64_in("lock_duration_ms", 5_000, 300_000)?
            .map(Duration::from_millis),
        max_delivery_count: o
            .u64_in("max_delivery_count", 1, 2_000_000_000)?
            .map(|n| n as u32),
        default_ttl: nullable(o, "default_ttl_ms", 1_000, u64::MAX)?,
        dead_letter_on_expiration: o.bool("dead_letter_on_expiration")?,
        duplicate_detection_window: nullable(
            o,
            "duplicate_detection_window_ms",
            20_000,
            604_800_000,
        )?,
        requires_session: o.bool("requires_session")?,
        tier,
        max_size_bytes: o.u64_in("max_size_bytes", 1, u64::MAX)?,
    })
}
