//! Updating the entity's settings: what an existing queue cannot change, and every lock lost
//! on an update (semantics.md §5.1, scenario-format rule 12).

use super::Queue;
use super::settle::Release;
use crate::config::QueueConfig;
use crate::error::{Error, ErrorKind};
use crate::event::LockLossCause;
use crate::message::{ClientId, Text};
use crate::time::Instant;
use alloc::format;
use alloc::vec::Vec;

impl Queue {
    /// Changes the entity's settings. Every lock held, message or session, is lost
    /// (delivery count +1), as the broker does on an entity update (semantics.md §5.1).
    ///
    /// # Errors
    /// `InvalidOperation` for a value out of range, or for what an existing entity cannot
    /// change (scenario-format rule 12): switching duplicate detection on or off (its window
    /// may change), `requires_session`, or the tier. On error nothing changes and no lock is
    /// lost.
    pub fn update_config(&mut self, now: Instant, config: QueueConfig) -> Result<(), Error> {
        self.fire_due(now);
        let refuse = |text: &str| Err(Error::new(ErrorKind::InvalidOperation, text));
        let old = &self.config;
        if config.duplicate_detection_window.is_some() != old.duplicate_detection_window.is_some() {
            return refuse(
                "Duplicate detection cannot be enabled or disabled after the queue is created; only its window can change.",
            );
        }
        if config.requires_session != old.requires_session {
            return refuse("RequiresSession cannot be changed on an existing queue.");
        }
        if config.tier != old.tier {
            return refuse(
                "The tier cannot be changed by updating the queue; it belongs to the namespace.",
            );
        }
        config
            .validate()
            .map_err(|e| Error::new(ErrorKind::InvalidOperation, format!("{e}")))?;
        self.max_delivery_count_peak = self.max_delivery_count_peak.max(config.max_delivery_count);
        self.config = config;
        let held: Vec<(Text, ClientId)> = self
            .sessions
            .iter()
            .filter_map(|(k, s)| s.holder.map(|h| (k.clone(), h)))
            .collect();
        for (sid, by) in held {
            self.give_up_session(&sid, by, LockLossCause::EntityUpdated);
        }
        let mut locked: Vec<(u64, ClientId)> = self
            .clients
            .iter()
            .flat_map(|(c, st)| st.locks.iter().map(move |&seq| (seq, c)))
            .collect();
        crate::order::sort(&mut locked);
        for (seq, by) in locked {
            self.release(seq, by, Release::Lost(LockLossCause::EntityUpdated));
        }
        self.pump();
        Ok(())
    }
}
