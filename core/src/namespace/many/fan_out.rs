//! Fan-out to subscriptions: which copies a message makes by each subscription's rules (plain
//! copy, one per action rule, dead-letter copies for a filter evaluation exception or a missing
//! session id), and routing them into the subscriptions' queues (`topics.md` §4, §4.7, §8.3,
//! format E1).

use super::{CopyOf, Many, SESSION_NULL_DESCRIPTION, SESSION_NULL_REASON, Topic};
use crate::event::{DeadLetterCause, EventKind};
use crate::filter::{FILTER_EXCEPTION_REASON, Fields, filter_exception_description, route};
use crate::message::{NewMessage, Text};
use crate::time::Instant;
use alloc::rc::Rc;
use alloc::vec::Vec;

impl Many {
    /// The copies a message makes, in fan-out order (`topics.md` §4.7): (subscription index,
    /// action rule, dead-letter cause).
    pub(super) fn copies(
        &self,
        t: &Topic,
        msg: &NewMessage,
    ) -> Vec<(usize, Option<Text>, Option<DeadLetterCause>)> {
        let meta = msg.meta.as_deref();
        let fields = Fields {
            message_id: &msg.id,
            correlation_id: meta.and_then(|m| m.correlation_id.as_deref()),
            to_address: meta.and_then(|m| m.to_address.as_deref()),
            reply_to: meta.and_then(|m| m.reply_to.as_deref()),
            reply_to_session_id: meta.and_then(|m| m.reply_to_session_id.as_deref()),
            subject: meta.and_then(|m| m.subject.as_deref()),
            session_id: msg.session_id.as_deref(),
            content_type: meta.and_then(|m| m.content_type.as_deref()),
            properties: &msg.properties,
        };
        let mut out = Vec::new();
        for (i, s) in t.subs.iter().enumerate() {
            let r = route(s.rules.iter().map(|(n, r)| (n.as_str(), r)), &fields);
            let needs_session =
                self.worlds[&s.path].queue().config().requires_session && msg.session_id.is_none();
            let session_dl = || {
                needs_session.then(|| DeadLetterCause::Explicit {
                    reason: Some(SESSION_NULL_REASON.into()),
                    description: Some(SESSION_NULL_DESCRIPTION.into()),
                })
            };
            if r.plain {
                out.push((i, None, session_dl()));
            }
            for a in &r.actions {
                out.push((i, Some(Text::from(*a)), session_dl()));
            }
            if let Some(rule) = r.failed
                && s.dead_letter_on_filter_exceptions
            {
                out.push((
                    i,
                    None,
                    Some(DeadLetterCause::Explicit {
                        reason: Some(FILTER_EXCEPTION_REASON.into()),
                        description: Some(filter_exception_description(rule).as_str().into()),
                    }),
                ));
            }
        }
        out
    }

    /// Routes an accepted message (`topics.md` §4, format E1): `published`, then each copy.
    pub(super) fn fan_out(
        &mut self,
        now: Instant,
        topic: &Text,
        seq: u64,
        by: &str,
        msg: NewMessage,
    ) {
        let t = &self.topics[topic];
        let copies = self.copies(t, &msg);
        let mut names: Vec<Text> = Vec::new();
        for (i, _, _) in &copies {
            let n = &t.subs[*i].name;
            if names.last() != Some(n) {
                names.push(n.clone());
            }
        }
        let ttl = match (msg.ttl, t.config.default_ttl) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let paths: Vec<Text> = t.subs.iter().map(|s| s.path.clone()).collect();
        self.push(
            topic,
            EventKind::Published {
                seq,
                id: msg.id.clone(),
                subscriptions: names,
            },
        );
        for (i, rule, dl) in copies {
            let path = &paths[i];
            let props = match &rule {
                None => msg.properties.clone(),
                Some(r) => {
                    let action = self.topics[topic].subs[i].rules[&**r]
                        .action()
                        .expect("invariant: an action copy's rule has an action");
                    Rc::new(action.copy_properties(r, &msg.properties).as_ref().clone())
                }
            };
            let mut meta = msg.meta.as_deref().cloned().unwrap_or_default();
            meta.topic_seq = Some(seq);
            let copy = NewMessage {
                id: msg.id.clone(),
                body: msg.body.clone(),
                size_bytes: msg.size_bytes,
                ttl,
                session_id: msg.session_id.clone(),
                properties: props,
                scheduled_enqueue: None,
                meta: Some(Rc::new(meta)),
            };
            let w = self.worlds.get_mut(path).expect("invariant: exists");
            let client = w.client(by);
            w.queue_mut().enqueue_copy(now, client, copy, dl);
            let of = CopyOf {
                topic_seq: seq,
                rule,
            };
            let path = path.clone();
            self.drain(&path, Some(&of));
        }
    }
}
