//! Story-test harness: a World at a settable virtual time; every step is followed by the full
//! invariant check, and every event is kept for assertions.
#![allow(dead_code, unreachable_pub)]

use settle_core::check::check_invariants;
use settle_core::{
    ErrorKind, Event, EventKind, Instant, Listing, MessageView, NewMessage, Op, Outcome,
    QueueConfig, ReceiveMode, SubQueue, Target, World,
};

pub struct H {
    pub w: World,
    pub now: u64,
    pub events: Vec<Event>,
}

pub fn cfg(f: impl FnOnce(&mut QueueConfig)) -> QueueConfig {
    let mut c = QueueConfig::default();
    f(&mut c);
    c
}

impl H {
    pub fn new(f: impl FnOnce(&mut QueueConfig)) -> Self {
        Self {
            w: World::new(cfg(f), 42).expect("valid config"),
            now: 0,
            events: Vec::new(),
        }
    }

    fn settle_up(&mut self) {
        while let Some(e) = self.w.queue_mut().poll_event() {
            self.events.push(e);
        }
        if let Err(e) = check_invariants(self.w.queue()) {
            panic!("invariant violated at t={}: {e}", self.now);
        }
    }

    /// Moves virtual time to `ms`, firing what is due.
    pub fn at(&mut self, ms: u64) -> &mut Self {
        assert!(ms >= self.now, "tests move forward in time");
        self.now = ms;
        self.w.advance_to(Instant::from_millis(ms));
        self.settle_up();
        self
    }

    pub fn op(&mut self, by: &str, op: Op) -> Result<Outcome, settle_core::Error> {
        let r = self.w.apply(Instant::from_millis(self.now), by, op);
        self.settle_up();
        r
    }

    pub fn send_msg(&mut self, by: &str, m: NewMessage) -> Result<(), ErrorKind> {
        self.op(
            by,
            Op::Send {
                msg: m,
                presettled: false,
            },
        )
        .map(|_| ())
        .map_err(|e| e.kind)
    }

    pub fn send(&mut self, id: &str) {
        self.send_msg("S", NewMessage::new(id, id))
            .expect("send accepted");
    }

    /// Sends a message of session `sid` (body = id).
    pub fn send_s(&mut self, id: &str, sid: &str) {
        let mut m = NewMessage::new(id, id);
        m.session_id = Some(sid.into());
        self.send_msg("S", m).expect("send accepted");
    }

    /// Accepts session `sid` (the next available one when `None`): its id and lock expiry.
    pub fn accept(&mut self, by: &str, sid: Option<&str>) -> Result<(String, u64), ErrorKind> {
        match self.op(
            by,
            Op::AcceptSession {
                session_id: sid.map(Into::into),
            },
        ) {
            Ok(Outcome::Session { id, locked_until }) => {
                Ok((id.to_string(), locked_until.as_millis()))
            }
            Ok(o) => panic!("accept_session returned {o:?}"),
            Err(e) => Err(e.kind),
        }
    }

    pub fn schedule(&mut self, id: &str, at_ms: u64) -> u64 {
        let mut m = NewMessage::new(id, id);
        m.scheduled_enqueue = Some(Instant::from_millis(at_ms));
        match self
            .op("S", Op::Schedule { msg: m })
            .expect("schedule accepted")
        {
            Outcome::Seq(s) => s,
            o => panic!("schedule returned {o:?}"),
        }
    }

    pub fn recv_with(
        &mut self,
        by: &str,
        max: u32,
        mode: Option<ReceiveMode>,
        from: SubQueue,
    ) -> Result<Vec<MessageView>, ErrorKind> {
        match self.op(by, Op::Receive { max, mode, from }) {
            Ok(Outcome::Messages(m)) => Ok(m),
            Ok(o) => panic!("receive returned {o:?}"),
            Err(e) => Err(e.kind),
        }
    }

    pub fn recv(&mut self, by: &str) -> Vec<MessageView> {
        self.recv_with(by, 1, None, SubQueue::Main)
            .expect("receive ok")
    }

    pub fn recv1(&mut self, by: &str) -> MessageView {
        let mut v = self.recv(by);
        assert_eq!(v.len(), 1, "expected exactly one message, got {v:?}");
        v.remove(0)
    }

    pub fn recv_dlq(&mut self, by: &str) -> Vec<MessageView> {
        self.recv_with(by, 1, None, SubQueue::DeadLetter)
            .expect("receive ok")
    }

    pub fn recv_deferred(&mut self, by: &str, seqs: &[u64]) -> Result<Vec<MessageView>, ErrorKind> {
        match self.op(
            by,
            Op::ReceiveDeferred {
                seqs: seqs.to_vec(),
                mode: None,
                from: SubQueue::Main,
            },
        ) {
            Ok(Outcome::Messages(m)) => Ok(m),
            Ok(o) => panic!("receive_deferred returned {o:?}"),
            Err(e) => Err(e.kind),
        }
    }

    pub fn peek(
        &mut self,
        by: &str,
        max: u32,
        from_seq: Option<u64>,
        from: SubQueue,
    ) -> Vec<MessageView> {
        match self.op(
            by,
            Op::Peek {
                max,
                from_seq,
                from,
            },
        ) {
            Ok(Outcome::Messages(m)) => m,
            r => panic!("peek returned {r:?}"),
        }
    }

    fn t(id: &str) -> Target {
        Target::Id(id.into())
    }

    pub fn complete(&mut self, by: &str, id: &str) -> Result<(), ErrorKind> {
        self.op(
            by,
            Op::Complete {
                target: Self::t(id),
            },
        )
        .map(|_| ())
        .map_err(|e| e.kind)
    }

    pub fn abandon(&mut self, by: &str, id: &str) -> Result<(), ErrorKind> {
        self.op(
            by,
            Op::Abandon {
                target: Self::t(id),
                properties: None,
            },
        )
        .map(|_| ())
        .map_err(|e| e.kind)
    }

    pub fn defer(&mut self, by: &str, id: &str) -> Result<(), ErrorKind> {
        self.op(
            by,
            Op::Defer {
                target: Self::t(id),
                properties: None,
            },
        )
        .map(|_| ())
        .map_err(|e| e.kind)
    }

    pub fn dead_letter(
        &mut self,
        by: &str,
        id: &str,
        reason: Option<&str>,
        desc: Option<&str>,
    ) -> Result<(), ErrorKind> {
        self.op(
            by,
            Op::DeadLetter {
                target: Self::t(id),
                reason: reason.map(Into::into),
                description: desc.map(Into::into),
                properties: None,
            },
        )
        .map(|_| ())
        .map_err(|e| e.kind)
    }

    pub fn renew(&mut self, by: &str, id: &str) -> Result<u64, ErrorKind> {
        match self.op(
            by,
            Op::RenewLock {
                target: Self::t(id),
            },
        ) {
            Ok(Outcome::LockedUntil(t)) => Ok(t.as_millis()),
            Ok(o) => panic!("renew returned {o:?}"),
            Err(e) => Err(e.kind),
        }
    }

    pub fn list(&self, l: Listing) -> Vec<MessageView> {
        self.w.queue().list(l)
    }

    pub fn main(&self) -> Vec<MessageView> {
        self.list(Listing::Main)
    }

    pub fn dlq(&self) -> Vec<MessageView> {
        self.list(Listing::DeadLetter)
    }

    /// The one message with this id anywhere, as listed (delivery count h).
    pub fn find(&self, id: &str) -> MessageView {
        let all: Vec<_> = [Listing::Main, Listing::DeadLetter, Listing::Scheduled]
            .into_iter()
            .flat_map(|l| self.list(l))
            .filter(|m| &*m.id == id)
            .collect();
        assert_eq!(all.len(), 1, "{id} should be in exactly one place: {all:?}");
        all.into_iter().next().unwrap()
    }

    pub fn in_dlq(&self, id: &str) -> bool {
        self.dlq().iter().any(|m| &*m.id == id)
    }

    pub fn gone(&self, id: &str) -> bool {
        [Listing::Main, Listing::DeadLetter, Listing::Scheduled]
            .into_iter()
            .flat_map(|l| self.list(l))
            .all(|m| &*m.id != id)
    }

    pub fn has_event(&self, f: impl Fn(&EventKind) -> bool) -> bool {
        self.events.iter().any(|e| f(&e.kind))
    }

    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }
}
