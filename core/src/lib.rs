//! settle-core: the broker. A deterministic, sans-IO simulation of Azure Service Bus queues,
//! topics and subscriptions: no serde, no English prose, no I/O.
//!
//! It performs no I/O and never reads a clock: every time-dependent call takes `now`, and all
//! randomness (lock tokens, actor behaviour) comes from one explicit seed. The behaviour follows
//! Microsoft's documentation of Service Bus; where it leaves a choice open, docs/behaviour.md
//! says what Settle decided.
//!
//! Layers:
//! - [`Queue`]: the broker (one entity with its dead-letter sub-queue, sessions, deferral,
//!   scheduling), settled by lock token.
//! - [`World`]: named clients on top of the queue, doing what the client library does
//!   (remembering what each client received, peek cursors, client-side refusals).
//! - [`namespace::Namespace`]: several entities (queues, topics with subscriptions and rules).
//!
//! The scenario format, its runner and trace live in `settle-scenario`, on top of this crate.
//!
//! The drive loop, repeated:
//! 1. `poll_timeout()`: when the next deadline is due.
//! 2. `handle_timeout(now)`: fire every deadline `<= now`.
//! 3. commands, each with `now` first.
//! 4. `poll_event()` until `None`.
//!
//! ```
//! use settle_core::{ClientId, Instant, NewMessage, Queue, QueueConfig, SubQueue};
//! let mut q = Queue::new(QueueConfig::default(), Instant::ZERO, 7).unwrap();
//! let (s, r) = (ClientId(0), ClientId(1));
//! q.send(Instant::ZERO, s, NewMessage::new("m1", "hello")).unwrap();
//! let got = q.receive(Instant::from_millis(10), r, SubQueue::Main, None, 1).unwrap();
//! assert_eq!(got[0].delivery_count, 1);
//! // Nobody settles: the 60 s lock expires and the message is available again.
//! assert_eq!(q.poll_timeout(), Some(Instant::from_millis(60_010)));
//! q.handle_timeout(Instant::from_millis(60_010));
//! let again = q.receive(Instant::from_millis(60_010), r, SubQueue::Main, None, 1).unwrap();
//! assert_eq!(again[0].delivery_count, 2);
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(
    missing_docs,
    clippy::std_instead_of_core,
    clippy::alloc_instead_of_core,
    clippy::std_instead_of_alloc
)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

pub mod actors;
pub mod check;
mod config;
mod error;
mod event;
pub mod filter;
mod message;
pub mod namespace;
pub mod order;
mod queue;
mod rng;
mod store;
mod time;
pub mod workload;
mod world;

pub use config::{BASIC_MAX_TTL, ConfigError, QueueConfig, QueuePatch, Tier};
pub use error::{Error, ErrorKind, Why, text};
pub use event::{DeadLetterCause, Event, EventKind, LockLossCause, StillLocked};
pub use message::{
    ClientId, DEAD_LETTER_ERROR_DESCRIPTION, DEAD_LETTER_REASON, LockToken, MessageState,
    MessageView, Meta, NewMessage, PropValue, Properties, ReceiveMode, SubQueue, Text,
};
pub use queue::{
    Counters, Glance, LinkOptions, Listing, LockInfo, PEEK_MAX, Queue, SendOutcome, SessionHold,
};
pub use rng::Rng;
pub use time::{Duration, Instant};
pub use world::{InHand, Op, Outcome, Target, World};
