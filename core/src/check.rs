//! Invariant checker, called by the tests after every step (TigerBeetle-style "checkers").

use crate::message::Place;
use crate::queue::{Queue, Timer, token_seq};
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;

/// Checks every structural invariant of the queue; returns the first violation.
///
/// - every message is in exactly one place, and the availability indexes agree with it;
/// - every non-session lock has exactly one timer, every timer belongs to something live;
/// - a lock whose holder's link ended still names its message but settles nothing, and is in
///   no prefetch buffer;
/// - a client holding a session is that session's holder;
/// - `poll_timeout()` is the earliest deadline;
/// - no message outside the dead-letter queue has reached MaxDeliveryCount (the highest the
///   entity has had: an update lowering it dead-letters such a message at its next failure);
/// - the quota size equals the sum of the sizes held;
/// - conservation: accepted = held + completed + received-and-deleted + expired + cancelled.
///
/// # Errors
/// A description of the first invariant that does not hold.
pub fn check_invariants(q: &Queue) -> Result<(), String> {
    let mut size = 0u64;
    let mut lock_timers = 0usize;
    for (seq, m) in q.msgs.iter() {
        size = size.saturating_add(m.size);
        let avail = m.is_available();
        let in_main = q.avail_main.contains(seq);
        let in_dlq = q.avail_dlq.contains(&seq);
        let in_sess = m
            .session
            .as_ref()
            .and_then(|s| q.sessions.get(s))
            .is_some_and(|s| s.avail.contains(&seq));
        let expected = usize::from(avail);
        let found = usize::from(in_main) + usize::from(in_dlq) + usize::from(in_sess);
        if found != expected {
            return Err(format!(
                "seq {seq}: available={avail} but in {found} availability indexes"
            ));
        }
        if avail && m.place == Place::DeadLetter && !in_dlq {
            return Err(format!(
                "seq {seq}: available DLQ message not in the DLQ index"
            ));
        }
        let want_ttl = avail && m.place == Place::Main && m.expires.is_some();
        let has_ttl = m.expires.is_some_and(|t| q.ttl_index.contains(&(t, seq)));
        if want_ttl != has_ttl {
            return Err(format!("seq {seq}: TTL index disagrees (want {want_ttl})"));
        }
        if m.place != Place::DeadLetter && m.h >= q.max_delivery_count_peak {
            return Err(format!(
                "seq {seq}: h={} reached MaxDeliveryCount outside the DLQ",
                m.h
            ));
        }
        match &m.lock {
            Some(l) => {
                // A lock whose holder's link ended still names its message, but settles nothing.
                if token_seq(l.token) != seq
                    || (l.orphaned.is_none() && q.locked_seq(l.token) != Ok(seq))
                    || (l.orphaned.is_some() && q.locked_seq(l.token).is_ok())
                {
                    return Err(format!("seq {seq}: lock token does not name its message"));
                }
                if let Some((at, _)) = l.orphaned
                    && (l.buffered || at > q.now)
                {
                    return Err(format!(
                        "seq {seq}: a lock outliving its link is buffered or from the future"
                    ));
                }
                if (l.token.0 >> 76) & 0xF != 4 || (l.token.0 >> 62) & 0x3 != 0b10 {
                    return Err(format!("seq {seq}: lock token is not a version-4 UUID"));
                }
                if !q
                    .clients
                    .get(&l.holder)
                    .is_some_and(|c| c.locks.contains(&seq))
                {
                    return Err(format!("seq {seq}: holder does not know its lock"));
                }
                let has_timer = q.timers.contains(l.until, Timer::Lock(seq));
                if has_timer == l.session {
                    return Err(format!(
                        "seq {seq}: session lock={} but timer={has_timer}",
                        l.session
                    ));
                }
                if !l.session {
                    lock_timers += 1;
                }
                if l.until <= q.now {
                    return Err(format!("seq {seq}: lock outlived its expiry"));
                }
            }
            None => {
                if m.place == Place::Scheduled {
                    let at = m
                        .activate_at
                        .ok_or("scheduled message without activation")?;
                    if !q.timers.contains(at, Timer::Activate(seq)) {
                        return Err(format!("seq {seq}: scheduled without timer"));
                    }
                }
            }
        }
    }
    for (k, s) in &q.sessions {
        size = size.saturating_add(s.state.as_ref().map_or(0, |st| st.len() as u64));
        for seq in &s.locked {
            if !q
                .msgs
                .get(seq)
                .is_some_and(|m| m.lock.as_ref().is_some_and(|l| l.session))
            {
                return Err(format!("session {k}: lists {seq} as locked but it is not"));
            }
        }
        if let Some(h) = s.holder
            && !q.timers.contains(s.until, Timer::Session(s.num))
        {
            return Err(format!("session {k} held by {h:?} without a timer"));
        }
    }
    for (c, st) in q.clients.iter() {
        if let crate::queue::SessionHold::Held(sid) = &st.session
            && q.sessions.get(sid).and_then(|s| s.holder) != Some(c)
        {
            return Err(format!("{c:?} holds session {sid} but is not its holder"));
        }
    }
    if size != q.size_bytes {
        return Err(format!(
            "size {} but messages add up to {size}",
            q.size_bytes
        ));
    }
    if q.lock_count != q.msgs.values().filter(|m| m.lock.is_some()).count() {
        return Err("lock count disagrees with the locked messages".into());
    }
    let timer_locks = q
        .timers
        .iter()
        .filter(|(_, t)| matches!(t, Timer::Lock(_)))
        .count();
    if timer_locks != lock_timers {
        return Err(format!(
            "{timer_locks} lock timers for {lock_timers} timed locks"
        ));
    }
    let main_avail = q
        .msgs
        .values()
        .filter(|m| m.is_available() && m.place == Place::Main && !q.config.requires_session)
        .count();
    if q.avail_main.len() != main_avail {
        return Err(format!(
            "{} in the main availability queue, {main_avail} available",
            q.avail_main.len()
        ));
    }
    let earliest = q
        .timers
        .iter()
        .map(|(t, _)| t)
        .chain(q.prefetch_collects_at())
        .min();
    if q.poll_timeout() != earliest {
        return Err("poll_timeout is not the earliest deadline".into());
    }
    let all: alloc::vec::Vec<u64> = q
        .clients
        .values()
        .flat_map(|c| c.locks.iter().copied())
        .collect();
    let held_by_clients: BTreeSet<u64> = all.iter().copied().collect();
    if held_by_clients.len() != all.len() {
        return Err("a lock is listed twice in the clients' lock lists".into());
    }
    if held_by_clients.len() != q.lock_count {
        return Err("clients' lock sets disagree with the locks".into());
    }
    let c = q.counters;
    let gone = c
        .completed
        .saturating_add(c.received_and_deleted)
        .saturating_add(c.expired)
        .saturating_add(c.cancelled);
    if c.accepted != (q.msgs.len() as u64).saturating_add(gone) {
        return Err(format!(
            "conservation: accepted {} != held {} + removed {gone}",
            c.accepted,
            q.msgs.len()
        ));
    }
    Ok(())
}
