//! What the stage shows, as plain data: the places (senders, the queue's lanes, receivers, the
//! dead-letter queue) and the messages in each, in order. `sim/stage.rs` builds one whenever the
//! simulation changes; [`super::layout`] turns it into positions. Nothing here knows the DOM
//! or the broker's types.

use settle_i18n::{Arg, t, tf};
use std::rc::Rc;

/// How many tokens of one place the model carries; the layout shows what fits of them and
/// sums up the rest as a `+N` token, so no place ever needs more.
pub const PLACE_CAP: usize = 240;

/// A message as the page knows it: its entity's number and its sequence number there.
///
/// Entity 0 is the one queue of a document without `entities`; in a document with
/// `entities`, entity `i + 1` is the `i`th queue, topic or subscription in path order (each
/// numbers its messages from 1, so the entity keeps them apart). Keys sort by entity, then
/// sequence number.
///
/// Its value is the two numbers in one `u64` (the entity above bit 40): as cheap to keep, sort
/// and compare as a sequence number, which the page does for every message of every frame
/// (a two-field struct made every wasm of the page 0.7–1.8 KiB larger, brotli).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct MsgKey(u64);

/// Where the entity's number starts in a key (sequence numbers stay below 2^40).
const ENTITY_SHIFT: u32 = 40;

impl MsgKey {
    /// Message `seq` of the one queue.
    #[must_use]
    pub const fn queue(seq: u64) -> Self {
        debug_assert!(seq >> ENTITY_SHIFT == 0, "a sequence number below 2^40");
        Self(seq)
    }

    /// Message `seq` of the `i`th entity (in path order) of a document with `entities`.
    #[must_use]
    pub fn in_entity(i: usize, seq: u64) -> Self {
        debug_assert!(seq >> ENTITY_SHIFT == 0, "a sequence number below 2^40");
        let entity = u64::from(u16::try_from(i + 1).unwrap_or(u16::MAX));
        Self((entity << ENTITY_SHIFT) | seq)
    }

    /// Its entity's number: 0 for the one queue, `i + 1` for the `i`th entity in path order.
    #[must_use]
    pub const fn entity(self) -> u16 {
        (self.0 >> ENTITY_SHIFT) as u16
    }

    /// Its sequence number within its entity.
    #[must_use]
    pub const fn seq(self) -> u64 {
        self.0 & ((1 << ENTITY_SHIFT) - 1)
    }

    /// The index (in path order) of its entity, `None` for the one queue.
    #[must_use]
    pub fn entity_index(self) -> Option<usize> {
        usize::from(self.entity()).checked_sub(1)
    }
}

impl From<u64> for MsgKey {
    /// Message `seq` of the one queue.
    fn from(seq: u64) -> Self {
        Self::queue(seq)
    }
}

/// `seq` for the one queue, `entity:seq` otherwise (the DOM's `data-key`).
impl std::fmt::Display for MsgKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.entity() != 0 {
            // As a u64: the formatting code the sequence number needs anyway, not a u16's.
            write!(f, "{}:", u64::from(self.entity()))?;
        }
        write!(f, "{}", self.seq())
    }
}

/// Text that is not a message's key (see [`MsgKey`]'s `FromStr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadKey;

/// Reads what [`Display`](std::fmt::Display) writes: `seq` or `entity:seq`.
impl std::str::FromStr for MsgKey {
    type Err = BadKey;

    fn from_str(s: &str) -> Result<Self, BadKey> {
        let (entity, seq) = s.split_once(':').unwrap_or(("0", s));
        // Both numbers read as u64: one parser instance in the wasm, not two.
        let number = |t: &str| t.parse::<u64>().map_err(|_| BadKey);
        let entity = u16::try_from(number(entity)?).map_err(|_| BadKey)?;
        let seq = number(seq)?;
        if seq >> ENTITY_SHIFT != 0 {
            return Err(BadKey);
        }
        Ok(match entity {
            0 => Self::queue(seq),
            e => Self::in_entity(usize::from(e) - 1, seq),
        })
    }
}

/// A message's identity on the stage across frames.
///
/// Its key, except for two kinds of copy a receiver keeps in its hands after the
/// broker moved on: a delivery whose lock is gone (the broker has the message back, the
/// receiver still has its object and can try to settle it) and a receive-and-delete delivery
/// (the broker has forgotten it; the receiver is the only place it still exists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    /// The broker's message with this key.
    Msg(MsgKey),
    /// Receiver slot `.1`'s stale delivery of message `.0` (its lock is gone).
    Stale(MsgKey, u16),
    /// Receiver slot `.1`'s receive-and-delete delivery of message `.0`.
    Taken(MsgKey, u16),
}

impl Key {
    /// The key of the message this token stands for.
    #[must_use]
    pub const fn msg(self) -> MsgKey {
        match self {
            Self::Msg(s) | Self::Stale(s, _) | Self::Taken(s, _) => s,
        }
    }
}

/// A place on the stage. Receivers and senders are numbered in the order the page lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A sender.
    Sender(u16),
    /// The queue's scheduled messages (not yet active).
    Scheduled,
    /// The queue's active, unlocked messages.
    Available,
    /// Deferred messages (received again only by sequence number).
    Deferred,
    /// A receiver: the messages locked to it, and what it still holds.
    Receiver(u16),
    /// The dead-letter queue.
    Dead,
    /// In a document with `entities`: entity `.0`'s active messages (its index in
    /// [`Model::entities`]; a topic's are the ones it just dropped).
    Active(u16),
    /// In a document with `entities`: entity `.0`'s dead-letter queue.
    DeadOf(u16),
}

impl Place {
    /// What a person calls this place (the mirror's list names use the same words).
    #[must_use]
    pub fn name(self, model: &Model) -> String {
        let of = |id: &str, name: &str| tf(id, &[("name", Arg::from(name))]);
        match self {
            Self::Sender(i) => model
                .senders
                .get(usize::from(i))
                .map_or_else(|| t("stage-a-sender"), |s| of("stage-sender", &s.name)),
            Self::Scheduled => t("stage-scheduled"),
            Self::Available => t("stage-available"),
            Self::Deferred => t("stage-deferred"),
            Self::Receiver(i) => model
                .receivers
                .get(usize::from(i))
                .map_or_else(|| t("stage-a-receiver"), |r| of("stage-receiver", &r.name)),
            Self::Dead => t("stage-dead-letter"),
            Self::Active(i) => model
                .entities
                .get(usize::from(i))
                .map_or_else(|| t("stage-an-entity"), |e| e.path.to_string()),
            Self::DeadOf(i) => model.entities.get(usize::from(i)).map_or_else(
                || t("stage-a-dead-letter-queue"),
                |e| of("stage-dead-letter-queue-of", &e.path),
            ),
        }
    }
}

/// What kind of copy a token is, beyond its place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    /// Nothing special.
    #[default]
    Plain,
    /// Locked into a receiver's prefetch buffer, not yet handed to its code.
    Prefetched,
    /// A delivery from the dead-letter queue (its lock runs out back there).
    FromDead,
    /// A deferred message received by sequence number (its lock runs out back to Deferred).
    Deferred,
    /// A delivery whose lock is gone: settling it fails with MessageLockLost.
    Stale,
    /// A receive-and-delete delivery: no lock, already gone from the queue.
    Taken,
    /// A message a topic dropped: no subscription took it (shown for a moment).
    Dropped,
}

/// One message as the stage draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// Identity across frames.
    pub key: Key,
    /// MessageId.
    pub id: Rc<str>,
    /// Delivery count as a peek shows it (failed deliveries so far), drawn as pips.
    pub count: u32,
    /// Session id, drawn as a coloured edge.
    pub session: Option<Rc<str>>,
    /// Lock expiry (virtual ms) while locked.
    pub until_ms: Option<u64>,
    /// Its entity's full lock (ms) in a document with `entities` (their locks differ); `None`:
    /// the model's [`Model::lock_ms`].
    pub lock_ms: Option<u64>,
    /// Scheduled messages: when they become active (virtual ms).
    pub due_ms: Option<u64>,
    /// Dead-lettered messages: `DeadLetterReason`.
    pub reason: Option<Rc<str>>,
    /// Dead-lettered messages: `DeadLetterErrorDescription`.
    pub description: Option<Rc<str>>,
    /// What kind of copy it is.
    pub mark: Mark,
}

impl Token {
    /// A plain token for message `key`.
    #[must_use]
    pub fn new(key: impl Into<MsgKey>, id: &str, count: u32) -> Self {
        Self {
            key: Key::Msg(key.into()),
            id: id.into(),
            count,
            session: None,
            until_ms: None,
            lock_ms: None,
            due_ms: None,
            reason: None,
            description: None,
            mark: Mark::Plain,
        }
    }
}

/// The messages of one place: the first [`PLACE_CAP`] in order, and how many there are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lane {
    /// How many messages the place holds.
    pub total: usize,
    /// The first of them, in order.
    pub tokens: Vec<Token>,
}

impl Lane {
    /// Adds a message (counted always, kept while under the cap).
    pub fn push(&mut self, t: Token) {
        self.push_with(|| t);
    }

    /// Adds a message, making its token only if it is kept.
    pub fn push_with(&mut self, t: impl FnOnce() -> Token) {
        self.total += 1;
        if self.tokens.len() < PLACE_CAP {
            self.tokens.push(t());
        }
    }
}

/// A sender on the stage.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SenderBox {
    /// Client name.
    pub name: Rc<str>,
    /// Sends on the wire (started, not yet answered).
    pub in_flight: u32,
    /// Driven by the scenario's `actors`.
    pub automated: bool,
}

/// The state of a receiver's link.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Link {
    /// Open, or never opened yet.
    #[default]
    Open,
    /// Closed by the receiver.
    Closed,
    /// Its connection dropped (a crash or a disconnect).
    Crashed,
}

/// A receiver on the stage.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReceiverBox {
    /// Client name.
    pub name: Rc<str>,
    /// Its link.
    pub link: Link,
    /// Driven by the scenario's `actors`.
    pub automated: bool,
    /// The session it holds: (id, still valid).
    pub session: Option<(Rc<str>, bool)>,
    /// What it holds: locked to it by the broker, and the copies it still has in hand.
    pub held: Lane,
}

/// A queue, topic or subscription of a document with `entities`: its own places.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entity {
    /// Its path (`orders`, `orders/subscriptions/audit`).
    pub path: Rc<str>,
    /// A topic (it keeps no messages: its lane shows the ones it just dropped).
    pub topic: bool,
    /// Its active messages (locked ones are with their receiver).
    pub active: Lane,
    /// Its dead-letter queue (none for a topic).
    pub dead: Lane,
    /// A word after its title ("dropped: no subscription").
    pub note: String,
}

/// Everything the stage shows at one moment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// Senders, in page order.
    pub senders: Vec<SenderBox>,
    /// Scheduled messages.
    pub scheduled: Lane,
    /// Active, unlocked messages, in delivery order.
    pub available: Lane,
    /// Deferred messages.
    pub deferred: Lane,
    /// Receivers, in page order.
    pub receivers: Vec<ReceiverBox>,
    /// The dead-letter queue (unlocked messages; locked ones are with their receiver).
    pub dead: Lane,
    /// The queue's lock duration (ms): a full ring.
    pub lock_ms: u64,
    /// One line about the queue's settings.
    pub summary: String,
    /// Where every message the broker holds is, by key (sorted), including the ones past a
    /// place's cap: a message coming into view travels from there.
    pub whereabouts: Vec<(MsgKey, Place)>,
    /// A document with `entities`: each queue, topic and subscription in path order (a topic
    /// right before its subscriptions), in place of the one queue's lanes; empty otherwise.
    pub entities: Vec<Entity>,
}

impl Model {
    /// The messages of a place.
    #[must_use]
    pub fn lane(&self, p: Place) -> Option<&Lane> {
        match p {
            Place::Sender(_) => None,
            Place::Scheduled => Some(&self.scheduled),
            Place::Available => Some(&self.available),
            Place::Deferred => Some(&self.deferred),
            Place::Receiver(i) => self.receivers.get(usize::from(i)).map(|r| &r.held),
            Place::Dead => Some(&self.dead),
            Place::Active(i) => self.entities.get(usize::from(i)).map(|e| &e.active),
            Place::DeadOf(i) => self.entities.get(usize::from(i)).map(|e| &e.dead),
        }
    }

    /// Where the broker has message `key`, if it has it.
    #[must_use]
    pub fn place_of(&self, key: impl Into<MsgKey>) -> Option<Place> {
        let key = key.into();
        self.whereabouts
            .binary_search_by_key(&key, |&(s, _)| s)
            .ok()
            .map(|i| self.whereabouts[i].1)
    }

    /// A token by key, with its place.
    #[must_use]
    pub fn find(&self, key: Key) -> Option<(Place, &Token)> {
        let lanes = [
            (Place::Scheduled, &self.scheduled),
            (Place::Available, &self.available),
            (Place::Deferred, &self.deferred),
            (Place::Dead, &self.dead),
        ];
        let entities = self.entities.iter().enumerate().flat_map(|(i, e)| {
            let i = i as u16;
            [(Place::Active(i), &e.active), (Place::DeadOf(i), &e.dead)]
        });
        lanes
            .into_iter()
            .chain(entities)
            .chain(
                self.receivers
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (Place::Receiver(i as u16), &r.held)),
            )
            .find_map(|(p, l)| l.tokens.iter().find(|t| t.key == key).map(|t| (p, t)))
    }
}

/// Something that happened in a frame that the positions alone do not tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A message arrived from a sender.
    Sent {
        /// Its key.
        seq: MsgKey,
        /// The sender's slot.
        sender: u16,
    },
    /// A scheduled message became active under a new sequence number: the same token.
    Renumbered {
        /// The number it had while scheduled.
        from: MsgKey,
        /// Its new number.
        to: MsgKey,
    },
    /// A lock ran out: its ring breaks where the token was.
    LockBroke {
        /// The message.
        seq: MsgKey,
    },
    /// A topic's copy arrived in a subscription: it travels from its sender through the
    /// topic (from the topic alone when the sender is not on the stage).
    Routed {
        /// The copy's key.
        seq: MsgKey,
        /// The topic's index in [`Model::entities`].
        topic: u16,
        /// The sender's slot, if it is on the stage.
        sender: Option<u16>,
    },
    /// A message left for good; how it ends is drawn where it was.
    Left {
        /// The message.
        seq: MsgKey,
        /// How.
        how: Exit,
    },
}

/// How a message leaves the stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Completed: a check mark at the receiver.
    Completed,
    /// Its time-to-live ran out and it was dropped.
    Expired,
    /// A scheduled message was cancelled.
    Cancelled,
    /// A receive-and-delete delivery died with its receiver: lost for good.
    Lost,
    /// A receive-and-delete delivery the receiver is done with.
    Done,
}

#[cfg(test)]
mod tests {
    use super::*;
    use sample::k;

    /// The DOM's `data-key` reads back the key it was written from; anything else is an
    /// error, not a panic.
    #[test]
    fn a_key_reads_back_from_its_text_and_bad_text_is_an_error() {
        for key in [
            k(0),
            k(7),
            k((1 << 40) - 1),
            MsgKey::in_entity(0, 1),
            MsgKey::in_entity(2, 42),
            MsgKey::in_entity(usize::from(u16::MAX) - 1, (1 << 40) - 1),
        ] {
            assert_eq!(key.to_string().parse::<MsgKey>(), Ok(key), "{key}");
        }
        assert_eq!(k(7).to_string(), "7");
        assert_eq!(MsgKey::in_entity(2, 42).to_string(), "3:42");
        for bad in [
            "",
            ":",
            "x",
            "-1",
            "1:",
            ":1",
            "1:2:3",
            "65536:1",
            "1099511627776",
            "1:x",
            " 1",
            "1.5",
            "18446744073709551616",
        ] {
            assert_eq!(bad.parse::<MsgKey>(), Err(BadKey), "{bad:?}");
        }
    }

    /// Keys sort by entity, then number: the one queue's first, each entity's together.
    #[test]
    fn keys_sort_by_entity_then_number() {
        let mut keys = vec![
            MsgKey::in_entity(1, 1),
            MsgKey::in_entity(0, 9),
            k(3),
            MsgKey::in_entity(0, 2),
            k((1 << 40) - 1),
        ];
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                k(3),
                k((1 << 40) - 1),
                MsgKey::in_entity(0, 2),
                MsgKey::in_entity(0, 9),
                MsgKey::in_entity(1, 1),
            ]
        );
        assert_eq!(MsgKey::in_entity(4, 1).entity_index(), Some(4));
        assert_eq!(k(1).entity_index(), None);
        assert_eq!(MsgKey::from(5), k(5));
    }

    #[test]
    fn a_lane_counts_everything_and_keeps_the_first() {
        let mut l = Lane::default();
        for i in 0..(PLACE_CAP as u64 + 10) {
            l.push(Token::new(i, "m", 0));
        }
        assert_eq!(l.total, PLACE_CAP + 10);
        assert_eq!(l.tokens.len(), PLACE_CAP);
        assert_eq!(l.tokens[0].key, Key::Msg(k(0)));
    }

    #[test]
    fn whereabouts_and_find() {
        let mut m = Model::default();
        m.available.push(Token::new(3, "m3", 0));
        m.receivers.push(ReceiverBox {
            name: "R1".into(),
            ..ReceiverBox::default()
        });
        m.receivers[0].held.push(Token::new(5, "m5", 0));
        m.whereabouts = vec![(k(3), Place::Available), (k(5), Place::Receiver(0))];
        assert_eq!(m.place_of(5), Some(Place::Receiver(0)));
        assert_eq!(m.place_of(4), None);
        assert_eq!(
            m.find(Key::Msg(k(5))).map(|(p, _)| p),
            Some(Place::Receiver(0))
        );
        assert_eq!(Place::Receiver(0).name(&m), "Receiver R1");
    }
}

/// Models for tests of the stage's parts.
#[cfg(test)]
pub mod sample {
    use super::{Model, MsgKey, Place, ReceiverBox, SenderBox, Token};

    /// Message `seq` of the one queue (tests write their keys as numbers).
    pub const fn k(seq: u64) -> MsgKey {
        MsgKey::queue(seq)
    }

    /// Sender S1 and receivers R1 and R2, locks of 5 s, nothing in the queue.
    pub fn base() -> Model {
        let mut m = Model {
            lock_ms: 5_000,
            ..Model::default()
        };
        m.senders.push(SenderBox {
            name: "S1".into(),
            ..SenderBox::default()
        });
        for r in ["R1", "R2"] {
            m.receivers.push(ReceiverBox {
                name: r.into(),
                ..ReceiverBox::default()
            });
        }
        m
    }

    /// `m` with messages `seqs` available (ids `m<seq>`).
    pub fn with_available(mut m: Model, seqs: &[u64]) -> Model {
        for &s in seqs {
            m.available.push(Token::new(s, &format!("m{s}"), 0));
            m.whereabouts.push((k(s), Place::Available));
        }
        m.whereabouts.sort_unstable();
        m
    }
}
