//! Format limits: what a scenario document may ask for, checked by [`parse`](super::parse)
//! before anything runs (a value past its bound is a validation error with its JSON path).
//!
//! They keep every run finite and small: times stay far from `u64::MAX` (so no time arithmetic
//! can saturate inside a run), counts stay within the work [`Budget`](super::Budget), and the
//! message payload a scenario can create stays within the payload budget. `docs/actors.md` and
//! the README list them for people.

/// Ten years of virtual time in milliseconds (365-day years): the largest instant (`at_ms`,
/// `run_until_ms`, `start_ms`, `stop_at_ms`, `crash_at_ms`, `scheduled_enqueue_ms`) and the
/// largest duration (`interval_ms`, `rtt_ms`, `store_ms`, `jitter_ms`, `poll_ms`,
/// `processing_ms`, `hang_ms`, `auto_renew_max_ms`, `restart_after_ms`) a scenario may give.
/// Time-to-live keys are exempt: a TTL past every run simply never fires.
pub const MAX_TIME_MS: u64 = 10 * 365 * 24 * 3_600_000;

/// The largest scenario document, in bytes of UTF-8 (16 MiB).
pub const MAX_DOCUMENT_BYTES: usize = 16 * 1024 * 1024;

/// The most script steps.
pub const MAX_STEPS: usize = 100_000;

/// The most automated actors.
pub const MAX_ACTORS: usize = 1_000;

/// The most messages the automated senders of one scenario may send, all together (each one
/// sent and received writes several trace records: see the work budget, [`Budget`](super::Budget)).
pub const MAX_SENDS: u64 = 1_000_000;

/// The largest message body, in bytes of UTF-8 (1 MiB; `size_bytes` can declare a bigger
/// message without writing it out).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The most message payload one scenario can create: the bodies of every `send` and
/// `schedule` step plus, for every automated sender, `count` times its body with `{n}` filled
/// in (64 MiB; the same figure as the default payload budget).
pub const MAX_PAYLOAD_BYTES: u64 = 64 * 1024 * 1024;

/// The largest application property, key plus value, in bytes (semantics.md §3: 32 KB).
pub const MAX_PROPERTY_BYTES: usize = 32 * 1024;

/// The largest set of application properties of one message, keys plus values, in bytes
/// (semantics.md §3: the 64 KB header).
pub const MAX_PROPERTIES_BYTES: usize = 64 * 1024;

/// The most application properties on one message.
pub const MAX_PROPERTIES: usize = 1_000;

/// The largest MessageId and SessionId, in characters (semantics.md §3).
pub const MAX_ID_CHARS: usize = 128;

/// The most session ids a sender cycles through.
pub const MAX_SESSION_IDS: usize = 10_000;

/// The largest client (and actor) name, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// The largest dead-letter reason or description, in characters (semantics.md §3).
pub const MAX_REASON_CHARS: usize = 4096;

/// The largest prefetch count (an `open` step or a receiver's `prefetch`).
pub const MAX_PREFETCH: u64 = 100_000;

/// The most messages a receiver processes at once.
pub const MAX_CONCURRENCY: u64 = 10_000;

/// The largest `max_in_flight` of a throttled sender.
pub const MAX_IN_FLIGHT: u64 = 1_000_000;

/// The most sequence numbers one `receive_deferred` step names.
pub const MAX_DEFERRED_SEQS: usize = 10_000;

/// The longest excerpt of user text an error message quotes, in characters.
pub const EXCERPT_CHARS: usize = 40;

/// No error line is longer than this many characters, however long the input. The two problems
/// that end in the list of what is allowed (an unknown op, an unknown placeholder) are said
/// whole, up to twice this: they quote at most [`EXCERPT_CHARS`] of the input.
pub const MAX_ERROR_CHARS: usize = 200;
