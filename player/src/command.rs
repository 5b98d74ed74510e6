//! A person's action on the playground as one value: the page builds a [`Command`] from what was
//! clicked or typed, and the page's model applies it ([`Sim::apply`]). Nothing about an action
//! travels in the page's DOM; a command can wait (for a model that is not there yet) and be
//! applied later, once.

use crate::sim::{SendForm, Settle, Sim};
use crate::stage::model::MsgKey;
use settle_core::{QueuePatch, ReceiveMode, SubQueue};

/// One action a person can take.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Adds a sender with the next free name.
    AddSender,
    /// Removes a sender.
    RemoveSender(String),
    /// A sender sends what its form holds.
    Send { by: String, form: SendForm },
    /// Adds a receiver with the next free name.
    AddReceiver,
    /// Closes a receiver's link and removes it.
    RemoveReceiver(String),
    /// In a document with entities: the queue or subscription a receiver receives from.
    ChooseReceiveEntity { by: String, path: String },
    /// Receives up to `max` messages.
    Receive {
        by: String,
        mode: ReceiveMode,
        from: SubQueue,
        max: u32,
    },
    /// Peeks.
    Peek { by: String, from: SubQueue },
    /// Receives deferred messages by the sequence numbers typed.
    ReceiveDeferred { by: String, seqs: String },
    /// Settles (or renews) the message the page knows as `key`, held by `by`.
    Settle {
        by: String,
        key: MsgKey,
        what: Settle,
        reason: String,
        description: String,
    },
    /// Takes a message whose lock was lost off the receiver's list.
    Dismiss { by: String, key: MsgKey },
    /// Closes (or, `disconnect`, drops) a receiver's link.
    Close { by: String, disconnect: bool },
    /// Accepts a session (any free one when `session_id` is empty).
    AcceptSession { by: String, session_id: String },
    /// Renews the receiver's session lock.
    RenewSession { by: String },
    /// Changes the queue's settings.
    UpdateQueue(QueuePatch),
    /// Opens a message in the inspector (`None` closes it).
    Select(Option<MsgKey>),
}

impl Sim {
    /// Applies a person's command. Only a refused settings change is an error here; what the
    /// broker answers a client shows on that client (its receiver's or sender's state).
    ///
    /// # Errors
    /// The broker's answer to a refused [`Command::UpdateQueue`].
    pub fn apply(&mut self, command: Command) -> Result<(), String> {
        match command {
            Command::AddSender => self.add_sender(),
            Command::RemoveSender(name) => self.remove_sender(&name),
            Command::Send { by, form } => self.send(&by, &form),
            Command::AddReceiver => self.add_receiver(),
            Command::RemoveReceiver(name) => self.remove_receiver(&name),
            Command::ChooseReceiveEntity { by, path } => self.choose_receive_entity(&by, &path),
            Command::Receive {
                by,
                mode,
                from,
                max,
            } => self.receive(&by, mode, from, max),
            Command::Peek { by, from } => self.peek(&by, from),
            Command::ReceiveDeferred { by, seqs } => self.receive_deferred(&by, &seqs),
            Command::Settle {
                by,
                key,
                what,
                reason,
                description,
            } => self.settle(&by, key, what, &reason, &description),
            Command::Dismiss { by, key } => self.dismiss(&by, key),
            Command::Close { by, disconnect } => self.close(&by, disconnect),
            Command::AcceptSession { by, session_id } => self.accept_session(&by, &session_id),
            Command::RenewSession { by } => self.renew_session(&by),
            Command::UpdateQueue(patch) => return self.update_queue(patch),
            Command::Select(key) => self.select(key),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stage::model::sample::k;

    fn sim() -> Sim {
        Sim::load(r#"{"settle":1,"seed":1,"queue":{"max_delivery_count":3},"script":[]}"#)
            .expect("valid")
    }

    fn held(s: &Sim, by: &str) -> Vec<(String, u32)> {
        let snap = s.snapshot();
        let r = snap.receivers.iter().find(|r| r.name == by).expect(by);
        r.held
            .iter()
            .map(|h| (h.id.clone(), h.delivery_count))
            .collect()
    }

    fn send(by: &str, id: &str) -> Command {
        Command::Send {
            by: by.into(),
            form: SendForm {
                id: id.into(),
                ..SendForm::default()
            },
        }
    }

    fn receive(by: &str) -> Command {
        Command::Receive {
            by: by.into(),
            mode: ReceiveMode::PeekLock,
            from: SubQueue::Main,
            max: 1,
        }
    }

    fn settle(by: &str, key: u64, what: Settle) -> Command {
        Command::Settle {
            by: by.into(),
            key: k(key),
            what,
            reason: "Bad".into(),
            description: String::new(),
        }
    }

    #[test]
    fn a_person_s_commands_act_as_the_person_meant() {
        let mut s = sim();
        for c in [Command::AddSender, Command::AddReceiver] {
            s.apply(c).unwrap();
        }
        let names = |s: &Sim| {
            let snap = s.snapshot();
            (
                snap.senders
                    .iter()
                    .map(|x| x.name.clone())
                    .collect::<Vec<_>>(),
                snap.receivers
                    .iter()
                    .map(|x| x.name.clone())
                    .collect::<Vec<_>>(),
            )
        };
        let (senders, receivers) = names(&s);
        assert!(senders.contains(&"S1".to_string()), "{senders:?}");
        assert!(receivers.contains(&"R1".to_string()), "{receivers:?}");
        s.apply(send("S1", "m1")).unwrap();
        s.apply(receive("R1")).unwrap();
        assert_eq!(held(&s, "R1"), [("m1".to_string(), 1)]);
        // Abandon: back with the next delivery.
        s.apply(settle("R1", 1, Settle::Abandon)).unwrap();
        assert_eq!(held(&s, "R1"), []);
        s.apply(receive("R1")).unwrap();
        assert_eq!(held(&s, "R1"), [("m1".to_string(), 2)]);
        // Select opens the inspector on it; Dead-letter moves it with the reason given.
        s.apply(Command::Select(Some(k(1)))).unwrap();
        assert_eq!(s.snapshot().detail.expect("m1").id, "m1");
        s.apply(settle("R1", 1, Settle::DeadLetter)).unwrap();
        assert_eq!(s.snapshot().dead_letter.total, 1);
        s.apply(Command::Select(None)).unwrap();
        assert_eq!(s.snapshot().detail, None);
        // The export replays what the commands did.
        let exported = s.export();
        assert!(exported.contains(r#""do": "dead_letter""#), "{exported}");
        assert!(exported.contains(r#""reason": "Bad""#), "{exported}");
    }

    #[test]
    fn a_refused_settings_change_is_the_only_error_and_changes_no_setting() {
        let mut s = sim();
        let before = s.snapshot().config_summary;
        let refused = s.apply(Command::UpdateQueue(QueuePatch {
            requires_session: Some(true),
            ..QueuePatch::default()
        }));
        assert!(refused.is_err(), "{refused:?}");
        assert_eq!(s.snapshot().config_summary, before);
        // Allowed, it changes the setting.
        s.apply(Command::UpdateQueue(QueuePatch {
            max_delivery_count: Some(5),
            ..QueuePatch::default()
        }))
        .unwrap();
        assert_ne!(s.snapshot().config_summary, before);
        // A refused receive is the receiver's to show, not an error of the command.
        assert_eq!(
            s.apply(Command::ReceiveDeferred {
                by: "R1".into(),
                seqs: "not a number".into()
            }),
            Ok(())
        );
    }
}
