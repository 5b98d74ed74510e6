//! A run's script: its steps (shared, replaced when a person acts) and the cursor of the next
//! one due.

use crate::Step;
use alloc::rc::Rc;
use settle_core::Instant;

/// The steps a run plays and the index of the next one . The
/// steps are shared between clones (time travel keeps clones as checkpoints).
#[derive(Clone, Debug)]
pub(crate) struct Script {
    pub(crate) steps: Rc<[Step]>,
    next: usize,
}

impl Script {
    pub(crate) fn new(steps: &[Step]) -> Self {
        Self {
            steps: steps.into(),
            next: 0,
        }
    }

    /// Replaces the steps (time travel's fork); the steps already run must be the same.
    pub(crate) fn replace(&mut self, steps: Rc<[Step]>) {
        debug_assert!(steps.len() >= self.next);
        self.steps = steps;
    }

    pub(crate) fn next(&self) -> usize {
        self.next
    }

    /// When the next step is due, if any is left.
    pub(crate) fn next_at(&self) -> Option<Instant> {
        self.steps.get(self.next).map(|s| s.at)
    }

    /// The next step (a copy) and its index; the one after becomes next.
    ///
    /// # Panics
    /// When no step is left (callers check [`next_at`](Self::next_at) first).
    pub(crate) fn take(&mut self) -> (usize, Step) {
        let i = self.next;
        self.next += 1;
        (i, self.steps[i].clone())
    }
}
