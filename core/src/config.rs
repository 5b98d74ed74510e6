//! The queue's configuration, with the ranges of `scenario-format.md` and semantics.md §3.

use crate::time::Duration;
use alloc::format;
use alloc::string::String;
use core::fmt;

/// Service Bus pricing tier: sets the message size limit and which features exist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tier {
    /// 256 KiB messages; no sessions, no duplicate detection.
    Basic,
    /// 256 KiB messages.
    #[default]
    Standard,
    /// 100 MiB messages (over AMQP).
    Premium,
}

impl Tier {
    /// The largest message this tier accepts, in bytes (semantics.md §3).
    #[must_use]
    pub const fn max_message_bytes(self) -> u64 {
        match self {
            Self::Basic | Self::Standard => 256 * 1024,
            Self::Premium => 100 * 1024 * 1024,
        }
    }

    /// The scenario-format name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Basic => "basic",
            Self::Standard => "standard",
            Self::Premium => "premium",
        }
    }

    /// Parses a scenario-format name.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Self> {
        match s {
            "basic" => Some(Self::Basic),
            "standard" => Some(Self::Standard),
            "premium" => Some(Self::Premium),
            _ => None,
        }
    }
}

/// 14 days: on tier basic both the default entity time-to-live and the ceiling of every
/// message's (semantics.md §3).
pub const BASIC_MAX_TTL: Duration = Duration::from_millis(1_209_600_000);

/// Entity settings of one queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueConfig {
    /// Peek-lock duration (and session lock duration). 5 s ..= 5 min; default 60 s.
    pub lock_duration: Duration,
    /// Delivery attempts before `MaxDeliveryCountExceeded`. 1 ..= 2,000,000,000; default 10.
    pub max_delivery_count: u32,
    /// Entity time-to-live, also the ceiling of a message's own TTL. `None` = never (on tier
    /// basic: 14 days, see [`effective_default_ttl`](Self::effective_default_ttl)).
    pub default_ttl: Option<Duration>,
    /// Expired messages go to the dead-letter queue instead of being dropped.
    pub dead_letter_on_expiration: bool,
    /// Duplicate detection window by MessageId; `None` = off.
    pub duplicate_detection_window: Option<Duration>,
    /// Session-enabled queue: every message needs a session id.
    pub requires_session: bool,
    /// Pricing tier.
    pub tier: Tier,
    /// Entity size quota in bytes.
    pub max_size_bytes: u64,
}

impl Default for QueueConfig {
    fn default() -> Self {
        Self {
            lock_duration: Duration::from_secs(60),
            max_delivery_count: 10,
            default_ttl: None,
            dead_letter_on_expiration: false,
            duplicate_detection_window: None,
            requires_session: false,
            tier: Tier::Standard,
            max_size_bytes: 1_073_741_824,
        }
    }
}

/// A configuration value outside its valid range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The scenario-format key at fault, e.g. `lock_duration_ms`.
    pub key: &'static str,
    /// What is wrong, in words.
    pub problem: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.problem)
    }
}

impl core::error::Error for ConfigError {}

/// Valid range of `lock_duration_ms`.
pub(crate) const LOCK_DURATION_MS: (u64, u64) = (5_000, 300_000);
/// Valid range of `max_delivery_count`.
pub(crate) const MAX_DELIVERY_COUNT: (u64, u64) = (1, 2_000_000_000);
/// Smallest `default_ttl_ms`.
pub(crate) const MIN_TTL_MS: u64 = 1_000;
/// Valid range of `duplicate_detection_window_ms`.
pub(crate) const DUP_WINDOW_MS: (u64, u64) = (20_000, 604_800_000);

impl QueueConfig {
    /// The entity time-to-live in force: `default_ttl`, and on tier basic at most
    /// [`BASIC_MAX_TTL`], which is also its value when unset.
    #[must_use]
    pub fn effective_default_ttl(&self) -> Option<Duration> {
        match self.tier {
            Tier::Basic => Some(
                self.default_ttl
                    .map_or(BASIC_MAX_TTL, |t| t.min(BASIC_MAX_TTL)),
            ),
            Tier::Standard | Tier::Premium => self.default_ttl,
        }
    }

    /// Checks every value against its range and the tier's features.
    ///
    /// # Errors
    /// The first key that is out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let bad = |key, problem: String| Err(ConfigError { key, problem });
        let ld = self.lock_duration.as_millis();
        if !(LOCK_DURATION_MS.0..=LOCK_DURATION_MS.1).contains(&ld) {
            return bad(
                "lock_duration_ms",
                format!("{ld} is out of range 5000..=300000"),
            );
        }
        let mdc = u64::from(self.max_delivery_count);
        if !(MAX_DELIVERY_COUNT.0..=MAX_DELIVERY_COUNT.1).contains(&mdc) {
            return bad(
                "max_delivery_count",
                format!("{mdc} is out of range 1..=2000000000"),
            );
        }
        if let Some(ttl) = self.default_ttl
            && ttl.as_millis() < MIN_TTL_MS
        {
            return bad(
                "default_ttl_ms",
                format!("{} is below the minimum 1000", ttl.as_millis()),
            );
        }
        if let Some(w) = self.duplicate_detection_window {
            let w = w.as_millis();
            if !(DUP_WINDOW_MS.0..=DUP_WINDOW_MS.1).contains(&w) {
                return bad(
                    "duplicate_detection_window_ms",
                    format!("{w} is out of range 20000..=604800000"),
                );
            }
            if self.tier == Tier::Basic {
                return bad(
                    "duplicate_detection_window_ms",
                    "the basic tier has no duplicate detection".into(),
                );
            }
        }
        if self.requires_session && self.tier == Tier::Basic {
            return bad("requires_session", "the basic tier has no sessions".into());
        }
        if self.max_size_bytes < 1 {
            return bad("max_size_bytes", "must be at least 1".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_match_the_spec() {
        let c = QueueConfig::default();
        assert!(c.validate().is_ok());
        assert_eq!(c.lock_duration.as_millis(), 60_000);
        assert_eq!(c.max_delivery_count, 10);
        assert_eq!(c.tier.max_message_bytes(), 262_144);
        assert_eq!(Tier::Premium.max_message_bytes(), 104_857_600);
    }

    #[test]
    fn ranges_are_enforced_at_both_ends() {
        let mut c = QueueConfig {
            lock_duration: Duration::from_millis(4_999),
            ..QueueConfig::default()
        };
        assert_eq!(c.validate().unwrap_err().key, "lock_duration_ms");
        c.lock_duration = Duration::from_millis(5_000);
        assert!(c.validate().is_ok());
        c.lock_duration = Duration::from_millis(300_001);
        assert!(c.validate().is_err());
        c.lock_duration = Duration::from_millis(300_000);
        c.max_delivery_count = 0;
        assert_eq!(c.validate().unwrap_err().key, "max_delivery_count");
        c.max_delivery_count = 1;
        c.duplicate_detection_window = Some(Duration::from_millis(19_999));
        assert!(c.validate().is_err());
        c.duplicate_detection_window = Some(Duration::from_millis(20_000));
        assert!(c.validate().is_ok());
        c.tier = Tier::Basic;
        assert!(c.validate().is_err());
    }
}

/// A partial change of the queue's settings (the scenario's `update_queue` `set`).
/// `Some(None)` on an optional setting turns it off.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueuePatch {
    /// `lock_duration_ms`.
    pub lock_duration: Option<Duration>,
    /// `max_delivery_count`.
    pub max_delivery_count: Option<u32>,
    /// `default_ttl_ms`.
    pub default_ttl: Option<Option<Duration>>,
    /// `dead_letter_on_expiration`.
    pub dead_letter_on_expiration: Option<bool>,
    /// `duplicate_detection_window_ms`.
    pub duplicate_detection_window: Option<Option<Duration>>,
    /// `requires_session`.
    pub requires_session: Option<bool>,
    /// `tier`.
    pub tier: Option<Tier>,
    /// `max_size_bytes`.
    pub max_size_bytes: Option<u64>,
}

impl QueuePatch {
    /// `base` with this patch applied.
    #[must_use]
    pub fn apply(&self, base: &QueueConfig) -> QueueConfig {
        QueueConfig {
            lock_duration: self.lock_duration.unwrap_or(base.lock_duration),
            max_delivery_count: self.max_delivery_count.unwrap_or(base.max_delivery_count),
            default_ttl: self.default_ttl.unwrap_or(base.default_ttl),
            dead_letter_on_expiration: self
                .dead_letter_on_expiration
                .unwrap_or(base.dead_letter_on_expiration),
            duplicate_detection_window: self
                .duplicate_detection_window
                .unwrap_or(base.duplicate_detection_window),
            requires_session: self.requires_session.unwrap_or(base.requires_session),
            tier: self.tier.unwrap_or(base.tier),
            max_size_bytes: self.max_size_bytes.unwrap_or(base.max_size_bytes),
        }
    }
}
