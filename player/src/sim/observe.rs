//! What the broker's events do to the page's model: the stage's cues, and who holds what.

use super::*;

fn event_seq(e: &Event) -> Option<u64> {
    use settle_core::EventKind as K;
    match &e.kind {
        K::Enqueued { seq, .. }
        | K::Activated { seq, .. }
        | K::Locked { seq, .. }
        | K::LockExpired { seq, .. }
        | K::LockLost { seq, .. }
        | K::Abandoned { seq, .. }
        | K::Deferred { seq, .. }
        | K::DeadLettered { seq, .. } => Some(*seq),
        _ => None,
    }
}

impl Page {
    /// The stage's slot of sender `by`, if it is on the stage.
    pub(super) fn sender_slot(&self, by: &str) -> Option<u16> {
        self.senders
            .iter()
            .position(|s| s == by)
            .map(|i| u16::try_from(i).unwrap_or(u16::MAX))
    }

    /// Takes note of one broker event: the highlight, the stage's cues, links that ended;
    /// with the client's name (`by`) and the stage's number for each sequence number (`key`:
    /// a document with `entities` numbers apart).
    pub(super) fn observe(
        &mut self,
        live: &mut Live,
        e: &Event,
        by: String,
        key: impl Fn(u64) -> MsgKey,
        cue_it: bool,
    ) {
        use settle_core::EventKind as K;
        if let Some(seq) = event_seq(e) {
            live.touched.insert(key(seq), e.at);
        }
        let cue = match &e.kind {
            K::Enqueued { seq, .. } => self.sender_slot(&by).map(|sender| Cue::Sent {
                seq: key(*seq),
                sender,
            }),
            K::Activated {
                seq, scheduled_seq, ..
            } => Some(Cue::Renumbered {
                from: key(*scheduled_seq),
                to: key(*seq),
            }),
            K::LockExpired { seq, .. } => Some(Cue::LockBroke { seq: key(*seq) }),
            K::Completed { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Completed,
            }),
            K::Expired { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Expired,
            }),
            K::Cancelled { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Cancelled,
            }),
            K::ReceivedAndDeleted { seq, .. } => Some(Cue::Left {
                seq: key(*seq),
                how: Exit::Done,
            }),
            K::Locked { .. } => {
                live.links.remove(&by);
                None
            }
            K::LinkClosed { cause, .. } => {
                let link = if *cause == settle_core::LockLossCause::Closed {
                    Link::Closed
                } else {
                    Link::Crashed
                };
                live.links.insert(by, link);
                None
            }
            _ => None,
        };
        if let Some(c) = cue {
            self.cue(c, cue_it);
        }
    }

    /// Tells the stage `c` (when `cue_it`).
    pub(super) fn cue(&mut self, c: Cue, cue_it: bool) {
        if cue_it {
            // Bounded: a stage that never looks (a hidden tab) keeps only the latest.
            if self.cues.len() >= 4_096 {
                self.cues.drain(..2_048);
            }
            self.cues.push(c);
        }
    }
}
