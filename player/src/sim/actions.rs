//! What a person does: one [`Command`] the page builds from what was clicked or typed (nothing
//! about an action travels in the page's DOM; a command can wait for a model that is not there
//! yet and be applied later, once), applied by the page's model at the current virtual instant
//! and recorded as script steps through the timeline (so that export and share links replay
//! it).

use super::clients::carries_address;
use super::*;
use settle_i18n::{Arg, t, tf};

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

/// A settlement a person can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settle {
    Complete,
    Abandon,
    DeadLetter,
    Defer,
    Renew,
}

/// What the send form holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SendForm {
    pub id: String,
    pub body: String,
    pub ttl_ms: String,
    pub session_id: String,
    pub delay_ms: String,
    pub properties: String,
    pub presettled: bool,
    /// In a document with `entities`: the queue or topic to send to (empty: the sender's own,
    /// [`SenderView::to`]).
    pub to: String,
}

/// A form's field of milliseconds: empty, or a whole number; else message `refused`.
fn parse_ms(refused: &str, s: &str) -> Result<Option<u64>, String> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    s.parse::<u64>()
        .map(Some)
        .map_err(|_| tf(refused, &[("text", Arg::from(s))]))
}

/// `key=value` lines (numbers and true/false are typed, the rest are strings).
pub fn parse_properties(s: &str) -> Result<settle_core::Properties, String> {
    let mut out = BTreeMap::new();
    for line in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let refused = |id: &str| tf(id, &[("line", Arg::from(line))]);
        let (k, v) = line
            .split_once('=')
            .ok_or_else(|| refused("form-property-not-pair"))?;
        let (k, v) = (k.trim(), v.trim());
        if k.is_empty() {
            return Err(refused("form-property-no-key"));
        }
        let value = if let Ok(i) = v.parse::<i64>() {
            PropValue::Int(i)
        } else if let Some(f) = settle_scenario::parse_f64(v) {
            PropValue::Float(f)
        } else if v == "true" || v == "false" {
            PropValue::Bool(v == "true")
        } else {
            PropValue::Str(v.into())
        };
        out.insert(Text::from(k), value);
    }
    Ok(Rc::new(out))
}

/// `steps` with every unaddressed receive-side step of a client in `of` addressed to its
/// entity there (rule 3).
pub(super) fn readdress(steps: Rc<[Step]>, of: &BTreeMap<String, String>) -> Rc<[Step]> {
    if of.is_empty() {
        return steps;
    }
    steps
        .iter()
        .map(|s| {
            let mut s = s.clone();
            if s.entity.is_none()
                && is_receive_side(&s.op)
                && !matches!(s.op, Op::Entity { .. })
                && let Some(e) = of.get(&*s.by)
            {
                s.entity = Some(Text::from(e.as_str()));
            }
            s
        })
        .collect()
}

pub(super) fn is_receive_side(op: &Op) -> bool {
    !matches!(
        op,
        Op::Send { .. } | Op::Schedule { .. } | Op::CancelScheduled { .. } | Op::UpdateQueue(_)
    )
}

impl Sim {
    /// Runs one action of the person's now, and records it as a script step. At one instant
    /// script steps run before the actors (as `settle run` plays the exported document), so
    /// the action is replayed from the last snapshot before now with the step in the script:
    /// what the page shows after acting is what the export replays to. Acting after going
    /// back forks the story: the person's steps after now are dropped. A refusal is shown
    /// where it happened and in the log; nothing else changes.
    fn act(&mut self, by: &str, op: Op) -> Result<Outcome, String> {
        // An op that names its receive path goes to the chosen (or first) one; a settlement,
        // close or disconnect carries no address and acts on the client's receive entity only
        // once one is settled (rule 3), else nowhere: as the exported document replays.
        let entity = if !self.has_entities() {
            None
        } else if matches!(op, Op::UpdateQueue(_)) {
            return Err(t("form-entities-not-queue-settings"));
        } else if carries_address(&op) {
            Some(self.receive_entity(by)?)
        } else if self.receive_fixed(by) {
            self.page.receive_of.get(by).map(|p| Text::from(p.as_str()))
        } else {
            None
        };
        self.act_in(by, op, entity)
    }

    /// As [`act`](Self::act), in a document with `entities` addressed to `entity`: the queue
    /// or topic of a send, else the client's receive entity.
    fn act_in(&mut self, by: &str, op: Op, entity: Option<Text>) -> Result<Outcome, String> {
        let r = self.tl.act_in(by, op, entity, &mut self.page);
        self.page.story_gen += 1;
        self.page.follow_story(self.tl.now(), STORY_SLICE * 10);
        self.page.generation += 1;
        match r {
            Some(r) => r.map_err(|e| crate::narrate::error_words(&e)),
            None => Err(self.stopped().unwrap_or_else(|| t("form-did-not-run"))),
        }
    }

    pub fn next_id(&self) -> String {
        format!("m{}", self.page.sends + 1)
    }

    pub fn send(&mut self, by: &str, f: &SendForm) {
        let built = (|| -> Result<Op, String> {
            let id = if f.id.trim().is_empty() {
                self.next_id()
            } else {
                f.id.trim().to_string()
            };
            if id.chars().count() > 128 {
                return Err(t("form-id-too-long"));
            }
            let mut msg = NewMessage::new(&id, &f.body);
            msg.ttl = parse_ms("form-ttl-not-ms", &f.ttl_ms)?.map(Duration::from_millis);
            if msg.ttl == Some(Duration::ZERO) {
                return Err(t("form-ttl-zero"));
            }
            let sid = f.session_id.trim();
            msg.session_id = (!sid.is_empty()).then(|| sid.into());
            msg.properties = parse_properties(&f.properties)?;
            let delay = parse_ms("form-delay-not-ms", &f.delay_ms)?;
            Ok(match delay {
                Some(d) => {
                    msg.scheduled_enqueue = Some(self.now() + Duration::from_millis(d));
                    Op::Schedule { msg }
                }
                None => Op::Send {
                    msg,
                    presettled: f.presettled,
                },
            })
        })();
        // In a document with `entities`, where it goes: the form's choice or the sender's own.
        let to = match self.sender_to(by) {
            None => Ok(None),
            Some(own) => {
                let chosen = f.to.trim();
                if chosen.is_empty() {
                    Ok(Some(own))
                } else if self.addresses().0.iter().any(|p| p == chosen) {
                    Ok(Some(Text::from(chosen)))
                } else {
                    Err(tf("form-no-such-target", &[("name", Arg::from(chosen))]))
                }
            }
        };
        let r = match built.and_then(|op| Ok((op, to?))) {
            Ok((op, to)) => {
                self.page.sends += 1;
                self.act_in(by, op, to)
            }
            Err(e) => {
                self.push_log(advance::named_line(by, &e), true);
                Err(e)
            }
        };
        match r {
            Ok(_) => self.page.sender_errors.remove(by),
            Err(e) => self.page.sender_errors.insert(by.to_string(), e),
        };
    }

    pub fn receive(&mut self, by: &str, mode: ReceiveMode, from: SubQueue, max: u32) {
        let r = self.act(
            by,
            Op::Receive {
                max,
                mode: Some(mode),
                from,
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn peek(&mut self, by: &str, from: SubQueue) {
        let r = self.act(
            by,
            Op::Peek {
                max: 10,
                from_seq: None,
                from,
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn receive_deferred(&mut self, by: &str, seq_text: &str) {
        let seqs: Result<Vec<u64>, _> = seq_text
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(str::parse::<u64>)
            .collect();
        let r = match seqs {
            Ok(seqs) if !seqs.is_empty() => self.act(
                by,
                Op::ReceiveDeferred {
                    seqs,
                    mode: None,
                    from: SubQueue::Main,
                },
            ),
            _ => Err(tf(
                "form-not-sequence-numbers",
                &[("text", Arg::from(seq_text))],
            )),
        };
        self.set_receiver_error(by, &r);
    }

    /// Settles the message the page knows as `key` (a held row's or the inspector's).
    pub fn settle(&mut self, by: &str, key: MsgKey, what: Settle, reason: &str, description: &str) {
        let seq = match self.own_seq_of(by, key) {
            Ok(seq) => seq,
            Err(e) => return self.set_receiver_error(by, &Err(e)),
        };
        let target = Target::Seq(seq);
        let nonempty = |s: &str| (!s.trim().is_empty()).then(|| Text::from(s.trim()));
        let op = match what {
            Settle::Complete => Op::Complete { target },
            Settle::Abandon => Op::Abandon {
                target,
                properties: None,
            },
            Settle::DeadLetter => Op::DeadLetter {
                target,
                reason: nonempty(reason),
                description: nonempty(description),
                properties: None,
            },
            Settle::Defer => Op::Defer {
                target,
                properties: None,
            },
            Settle::Renew => Op::RenewLock { target },
        };
        let r = self.act(by, op);
        self.set_receiver_error(by, &r);
    }

    /// Hides a delivery whose lock is gone from the receiver's list (the page's choice: the
    /// client still has it in hand, and settling it would still fail).
    /// What receiver `by` has in hand and the page shows: all but what the person dismissed.
    pub(super) fn shown_in_hand<'a>(
        &'a self,
        by: &str,
    ) -> impl Iterator<Item = &'a InHand> + Clone + 'a {
        let dismissed = self.tl.saved().rstate.get(by).map(|st| &st.dismissed);
        self.client_world(by).0.in_hand(by).filter(move |h| {
            h.view
                .lock_token
                .is_none_or(|t| !dismissed.is_some_and(|d| d.contains(&t)))
        })
    }

    pub fn dismiss(&mut self, by: &str, key: MsgKey) {
        let token = self
            .client_world(by)
            .0
            .in_hand_of(by, key.seq())
            .and_then(|h| h.view.lock_token);
        if let Some(st) = self.tl.saved_mut().rstate.get_mut(by) {
            st.dismissed.extend(token);
            st.error = None;
        }
    }

    pub fn close(&mut self, by: &str, disconnect: bool) {
        let r = self.act(
            by,
            if disconnect {
                Op::Disconnect
            } else {
                Op::Close
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn accept_session(&mut self, by: &str, id: &str) {
        let id = id.trim();
        let r = self.act(
            by,
            Op::AcceptSession {
                session_id: (!id.is_empty()).then(|| id.into()),
            },
        );
        self.set_receiver_error(by, &r);
    }

    pub fn renew_session(&mut self, by: &str) {
        let r = self.act(by, Op::RenewSessionLock);
        self.set_receiver_error(by, &r);
    }

    pub fn update_queue(&mut self, patch: QueuePatch) -> Result<(), String> {
        self.act("admin", Op::UpdateQueue(patch)).map(|_| ())
    }

    fn fresh_name(list: &[String], prefix: &str) -> String {
        (1..)
            .map(|i| format!("{prefix}{i}"))
            .find(|n| !list.contains(n))
            .expect("invariant: an unused name exists")
    }

    pub fn add_sender(&mut self) {
        let n = Self::fresh_name(&self.page.senders, "S");
        self.page.senders.push(n);
    }

    pub fn add_receiver(&mut self) {
        let n = Self::fresh_name(&self.page.receivers, "R");
        self.tl
            .saved_mut()
            .rstate
            .insert(n.clone(), ReceiverState::default());
        // In a document with `entities` it receives from the first queue or subscription until
        // the person chooses another.
        if let Some(p) = first_receive_path(self.tl.run()) {
            self.page.receive_of.insert(n.clone(), p.to_string());
        }
        self.page.receivers.push(n);
    }

    pub fn remove_sender(&mut self, name: &str) {
        self.page.senders.retain(|s| s != name);
    }

    /// Removing a receiver closes its link first; its locks run on until they expire (format
    /// v1.1), and the stage keeps its tokens until then.
    pub fn remove_receiver(&mut self, name: &str) {
        if self.client_world(name).0.id_of(name).is_some() {
            let _ = self.act(name, Op::Close);
        }
        self.page.receivers.retain(|r| r != name);
        self.tl.saved_mut().rstate.remove(name);
    }

    pub fn select(&mut self, key: Option<MsgKey>) {
        self.page.selected = key;
    }
}

#[cfg(test)]
mod command_tests {
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
