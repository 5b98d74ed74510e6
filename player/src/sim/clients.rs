//! The page's clients: which entity each addresses, what each holds, and what a receiver
//! was last refused.

use super::*;
use settle_i18n::{Arg, tf};

/// The receive-side ops that name their receive path (`from`); the others (settlement,
/// `close`, `disconnect`) act on the client's receive entity.
pub(super) fn carries_address(op: &Op) -> bool {
    settle_scenario::receive_path(op).is_some()
}

impl Sim {
    /// The world of client `by`'s receive entity and the entity's number (in path order), or
    /// the one queue's world.
    pub(super) fn client_world(&self, by: &str) -> (&World, Option<usize>) {
        if let (true, Some(path)) = (self.has_entities(), self.page.receive_of.get(by)) {
            let space = self.tl.run().namespace();
            if let Some(w) = space.world(path) {
                return (w, space.paths().iter().position(|p| **p == **path));
            }
        }
        (self.world(), None)
    }

    /// Whether receiver `by`'s receive entity is settled: its script or actor names it, or
    /// the person already acted with it (rule 3: one receive entity per client).
    pub(super) fn receive_fixed(&self, by: &str) -> bool {
        self.has_entities()
            && (self.page.fixed_from.iter().any(|f| f == by)
                || self
                    .tl
                    .recorded()
                    .iter()
                    .any(|s| *s.by == *by && carries_address(&s.op)))
    }

    /// In a document with `entities`: the queues and topics to send to, and the queues and
    /// subscriptions to receive from, in path order.
    pub(super) fn addresses(&self) -> (Vec<String>, Vec<String>) {
        if !self.has_entities() {
            return (Vec::new(), Vec::new());
        }
        let space = self.tl.run().namespace();
        let paths = space.paths();
        let list = |keep: &dyn Fn(&Text) -> bool| {
            paths
                .iter()
                .filter(|p| keep(p))
                .map(ToString::to_string)
                .collect()
        };
        (
            list(&|p| !settle_core::namespace::is_subscription(p)),
            list(&|p| !space.is_topic(p)),
        )
    }

    /// Where sender `by` sends unless told otherwise: what its script or actor names first,
    /// else the first queue or topic.
    pub(super) fn sender_to(&self, by: &str) -> Option<Text> {
        if !self.has_entities() {
            return None;
        }
        match self.page.send_to.get(by) {
            Some(to) => Some(Text::from(to.as_str())),
            None => self.addresses().0.first().map(|p| Text::from(p.as_str())),
        }
    }

    /// Chooses where receiver `by` receives from, while that is not settled.
    pub fn choose_receive_entity(&mut self, by: &str, path: &str) {
        if !self.receive_fixed(by) && self.addresses().1.iter().any(|p| p == path) {
            self.page
                .receive_of
                .insert(by.to_string(), path.to_string());
            self.page.generation += 1;
        }
    }

    /// Where receiver `by` of a document with `entities` receives from.
    pub(super) fn receive_entity(&self, by: &str) -> Result<Text, String> {
        self.page
            .receive_of
            .get(by)
            .map(|p| Text::from(p.as_str()))
            .ok_or_else(|| tf("form-no-receive-entity", &[("client", Arg::from(by))]))
    }

    pub(super) fn set_receiver_error(&mut self, by: &str, r: &Result<Outcome, String>) {
        let st = self
            .tl
            .saved_mut()
            .rstate
            .entry(by.to_string())
            .or_default();
        st.error = r.as_ref().err().cloned();
    }
}

impl Page {
    /// The receive entities the person's steps (`recorded`) give clients the scenario names
    /// none for.
    pub(super) fn inferred_entities(&self, recorded: &[Step]) -> BTreeMap<String, String> {
        let mut m = BTreeMap::new();
        for s in recorded {
            if let (Some(e), true) = (&s.entity, carries_address(&s.op))
                && !self.fixed_from.iter().any(|f| **f == *s.by)
            {
                m.entry(s.by.to_string()).or_insert_with(|| e.to_string());
            }
        }
        m
    }

    pub(super) fn remember(&mut self, live: &mut Live, by: &str, ms: &[MessageView], peeked: bool) {
        let st = live.rstate.entry(by.to_string()).or_default();
        if !self.receivers.iter().any(|r| r == by) {
            self.receivers.push(by.to_string());
        }
        if peeked {
            st.peeked = ms.to_vec();
            return;
        }
        for m in ms.iter().filter(|m| m.lock_token.is_none()) {
            st.deleted.push(m.clone());
            if st.deleted.len() > 5 {
                st.deleted.remove(0);
            }
        }
    }

    /// What the page shows of a client beside what it has in hand (the world keeps that):
    /// its last peek and its last received-and-deleted messages.
    pub(super) fn track(&mut self, live: &mut Live, by: &str, op: &Op, ok: Option<&Outcome>) {
        match (op, ok) {
            (Op::Receive { .. } | Op::ReceiveDeferred { .. }, Some(Outcome::Messages(ms))) => {
                self.remember(live, by, ms, false);
            }
            (Op::Peek { .. }, Some(Outcome::Messages(ms))) => self.remember(live, by, ms, true),
            _ => {}
        }
    }
}
