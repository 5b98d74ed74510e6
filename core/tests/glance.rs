//! `Queue::glance` borrows what `Queue::list` copies: the same messages in the same order,
//! field for field, in every state a message can be listed in; `Queue::listed` finds one of
//! them by sequence number as the listing shows it.

mod common;
use common::H;
use settle_core::{Duration, Listing, MessageView, SubQueue};

fn same(h: &H) -> usize {
    let mut n = 0;
    for which in [Listing::Main, Listing::DeadLetter, Listing::Scheduled] {
        let listed: Vec<MessageView> = h.list(which);
        let glanced: Vec<_> = h.w.queue().glance(which).collect();
        assert_eq!(listed.len(), glanced.len(), "{which:?}");
        for (v, g) in listed.iter().zip(&glanced) {
            assert_eq!(v.glance(), *g, "a view glanced at is what the queue shows");
            assert_eq!(
                h.w.queue().listed(v.seq).as_ref(),
                Some(v),
                "one message looked up is what the listing shows"
            );
            assert_eq!(g.seq, v.seq);
            assert_eq!(**g.id, *v.id);
            assert_eq!(g.state, v.state, "{}", v.id);
            assert_eq!(g.delivery_count, v.delivery_count, "{}", v.id);
            assert_eq!(g.scheduled_enqueue, v.scheduled_enqueue, "{}", v.id);
            assert_eq!(g.locked_until, v.locked_until, "{}", v.id);
            assert_eq!(g.locked_by, v.locked_by, "{}", v.id);
            assert_eq!(g.session_id.map(|s| &**s), v.session_id.as_deref());
            assert_eq!(
                g.dead_letter_reason.map(|s| &**s),
                v.dead_letter_reason.as_deref()
            );
            assert_eq!(
                g.dead_letter_description.map(|s| &**s),
                v.dead_letter_description.as_deref()
            );
        }
        n += glanced.len();
    }
    n
}

#[test]
fn glance_shows_what_list_shows_in_every_state() {
    let mut h = H::new(|c| {
        c.lock_duration = Duration::from_millis(30_000);
        c.max_delivery_count = 2;
    });
    h.at(0);
    for id in ["a", "b", "c", "d", "e", "f"] {
        h.send(id);
    }
    h.schedule("later", 90_000);
    assert_eq!(same(&h), 7);
    // Locked, deferred, dead-lettered with a reason, abandoned once.
    let got: Vec<String> = h
        .recv_with("R1", 5, None, SubQueue::Main)
        .expect("receive")
        .into_iter()
        .map(|v| v.id.to_string())
        .collect();
    assert_eq!(got.len(), 5);
    h.defer("R1", "b").expect("defer");
    h.dead_letter("R1", "c", Some("Bad"), Some("no good"))
        .expect("dead-letter");
    h.abandon("R1", "d").expect("abandon");
    h.complete("R1", "a").expect("complete");
    assert_eq!(same(&h), 6);
    // A message read from the dead-letter queue is locked there.
    let dl = h.recv_dlq("R2");
    assert_eq!(dl.len(), 1);
    // Locks run out (e comes back with a count of 1); the scheduled message activates; d is
    // received again and abandoned again: its second delivery dead-letters it.
    h.at(95_000);
    assert_eq!(same(&h), 6);
    let again = h
        .recv_with("R3", 10, None, SubQueue::Main)
        .expect("receive");
    assert!(again.iter().any(|v| &*v.id == "d"));
    h.abandon("R3", "d").expect("abandon");
    assert!(h.in_dlq("d"));
    assert!(h.dlq().iter().any(|v| v.delivery_count == 2));
    assert_eq!(same(&h), 6);
}
