//! The playground's model: the core `World` plus a virtual clock, and the plain view-model
//! the UI renders (one snapshot per frame; owned strings so that signals can hold it).

use settle_core::narrate::narrate;
use settle_core::{
    Duration, Instant, Listing, MessageView, NewMessage, Op, Outcome, QueueConfig, SubQueue,
    Target, World,
};
use std::collections::VecDeque;

/// How many log lines are kept (everything has a limit).
pub const LOG_CAP: usize = 200;

/// One message as a lane or a receiver shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub seq: u64,
    pub id: String,
    pub body: String,
    pub delivery_count: u32,
    pub holder: Option<String>,
    /// Remaining lock time in ms, where locked.
    pub lock_left_ms: Option<u64>,
    /// Remaining lock as a fraction of the lock duration (0..=1).
    pub lock_fraction: f64,
    pub reason: Option<String>,
    pub description: Option<String>,
}

/// A log line.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub n: u64,
    pub t_ms: u64,
    pub text: String,
    pub error: bool,
}

/// Everything the page shows, for one frame.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Snapshot {
    pub now_ms: u64,
    pub available: Vec<Row>,
    pub locked: Vec<Row>,
    pub dead_letter: Vec<Row>,
    pub held: Vec<(String, Vec<Row>)>,
    pub log: Vec<LogLine>,
    pub next_id: String,
}

pub struct Sim {
    pub world: World,
    log: VecDeque<LogLine>,
    log_n: u64,
    sent: u64,
    pub receivers: Vec<String>,
    /// What each receiver holds: peek-lock deliveries not yet settled, as they were delivered.
    held: Vec<(String, Vec<MessageView>)>,
}

impl Sim {
    pub fn new() -> Self {
        let cfg = QueueConfig {
            lock_duration: Duration::from_secs(30),
            max_delivery_count: 3,
            ..QueueConfig::default()
        };
        let world = World::new(cfg, 1).expect("invariant: the default configuration is valid");
        let receivers = vec!["R1".to_string()];
        Self {
            world,
            log: VecDeque::new(),
            log_n: 0,
            sent: 0,
            held: receivers.iter().map(|r| (r.clone(), Vec::new())).collect(),
            receivers,
        }
    }

    pub fn now(&self) -> Instant {
        self.world.queue().now()
    }

    pub fn advance_to(&mut self, t: Instant) {
        self.world.advance_to(t);
        self.drain();
    }

    fn push_log(&mut self, text: String, error: bool) {
        self.log_n += 1;
        self.log.push_back(LogLine {
            n: self.log_n,
            t_ms: self.now().as_millis(),
            text,
            error,
        });
        while self.log.len() > LOG_CAP {
            self.log.pop_front();
        }
    }

    fn drain(&mut self) {
        let mut batch = Vec::new();
        while let Some(e) = self.world.queue_mut().poll_event() {
            batch.push(e);
        }
        for line in narrate(&self.world, &batch) {
            self.push_log(line, false);
        }
    }

    /// Runs one user action now; a refusal is logged where it happened and changes nothing.
    pub fn act(&mut self, by: &str, op: Op) -> Result<Outcome, String> {
        let now = self.now();
        let r = self.world.apply(now, by, op);
        self.drain();
        match r {
            Ok(o) => {
                if let Outcome::Messages(ms) = &o {
                    self.hold(by, ms);
                }
                Ok(o)
            }
            Err(e) => {
                let text = format!("{by}: {e}");
                self.push_log(text.clone(), true);
                Err(text)
            }
        }
    }

    fn hold(&mut self, by: &str, ms: &[MessageView]) {
        if let Some((_, h)) = self.held.iter_mut().find(|(r, _)| r == by) {
            for m in ms.iter().filter(|m| m.lock_token.is_some()) {
                h.retain(|d| d.seq != m.seq);
                h.push(m.clone());
            }
        }
    }

    pub fn next_id(&self) -> String {
        format!("m{}", self.sent + 1)
    }

    pub fn send(&mut self, by: &str, body: &str) {
        let id = self.next_id();
        self.sent += 1;
        let _ = self.act(
            by,
            Op::Send {
                msg: NewMessage::new(&id, body),
                presettled: false,
            },
        );
    }

    pub fn receive(&mut self, by: &str) {
        let _ = self.act(
            by,
            Op::Receive {
                max: 1,
                mode: None,
                from: SubQueue::Main,
            },
        );
    }

    pub fn settle(&mut self, by: &str, seq: u64, what: &str) {
        let target = Target::Seq(seq);
        let op = match what {
            "complete" => Op::Complete { target },
            "abandon" => Op::Abandon {
                target,
                properties: None,
            },
            _ => Op::DeadLetter {
                target,
                reason: Some("ManualDeadLetter".into()),
                description: Some("Dead-lettered from the playground".into()),
                properties: None,
            },
        };
        let _ = self.act(by, op);
        // Whatever the answer, the receiver no longer holds this delivery.
        if let Some((_, h)) = self.held.iter_mut().find(|(r, _)| r == by) {
            h.retain(|d| d.seq != seq);
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        let q = self.world.queue();
        let now = q.now();
        let ld = q.config().lock_duration.as_millis().max(1) as f64;
        let name = |c| self.world.name(c).to_string();
        let row = |m: &MessageView| {
            let left = m.locked_until.map(|u| u.saturating_since(now).as_millis());
            Row {
                seq: m.seq,
                id: m.id.to_string(),
                body: m.body.to_string(),
                delivery_count: m.delivery_count,
                holder: m.locked_by.map(name),
                lock_left_ms: left,
                lock_fraction: left.map_or(0.0, |l| (l as f64 / ld).clamp(0.0, 1.0)),
                reason: m.dead_letter_reason.as_ref().map(|s| s.to_string()),
                description: m.dead_letter_description.as_ref().map(|s| s.to_string()),
            }
        };
        let main = q.list(Listing::Main);
        let available = main
            .iter()
            .filter(|m| m.locked_by.is_none())
            .map(row)
            .collect();
        let locked: Vec<Row> = main
            .iter()
            .filter(|m| m.locked_by.is_some())
            .map(row)
            .collect();
        // A held delivery shows what the receiver got (delivery count h+1), with the lock time
        // it has now: renewed if renewed, zero once the lock is gone.
        let held = self
            .held
            .iter()
            .map(|(r, deliveries)| {
                let rows = deliveries
                    .iter()
                    .map(|d| {
                        let mut v = d.clone();
                        v.locked_by = None;
                        v.locked_until = d
                            .lock_token
                            .filter(|t| q.is_lock_valid(*t))
                            .and_then(|_| q.locked_until(d.seq));
                        let mut row = row(&v);
                        row.lock_left_ms = Some(row.lock_left_ms.unwrap_or(0));
                        row
                    })
                    .collect();
                (r.clone(), rows)
            })
            .collect();
        Snapshot {
            now_ms: now.as_millis(),
            available,
            locked,
            dead_letter: q.list(Listing::DeadLetter).iter().map(row).collect(),
            held,
            log: self.log.iter().rev().cloned().collect(),
            next_id: self.next_id(),
        }
    }
}

impl Default for Sim {
    fn default() -> Self {
        Self::new()
    }
}

/// `12.3 s` style, for lock timers.
pub fn secs(ms: u64) -> String {
    format!("{}.{} s", ms / 1000, (ms % 1000) / 100)
}
