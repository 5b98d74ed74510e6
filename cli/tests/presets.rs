//! Every preset shows what its explanation claims. Each test runs the preset through the same
//! code as `settle run` and checks the trace.

use serde_json::Value;
use settle_scenario::{parse, presets, trace};

fn run(name: &str) -> (Vec<Value>, Value) {
    let text = presets::preset(name).unwrap_or_else(|| panic!("no preset {name}"));
    let sc = parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(
        !sc.title.is_empty() && sc.description.len() > 60,
        "{name}: needs a title and an explanation"
    );
    let mut recs: Vec<Value> = trace(&sc)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let fin = recs.pop().unwrap()["final"].clone();
    (recs, fin)
}

fn events<'a>(recs: &'a [Value], kind: &str) -> Vec<&'a Value> {
    recs.iter().filter(|r| r["event"] == kind).collect()
}

fn acts<'a>(recs: &'a [Value], by: &str) -> Vec<&'a Value> {
    recs.iter()
        .filter(|r| r["actor"] == true && r["by"] == by)
        .collect()
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_preset_is_listed_valid_and_explained() {
    assert!(presets::PRESETS.len() >= 23);
    for (name, _) in presets::PRESETS {
        run(name);
    }
}

#[test]
fn send_settlement_shows_accepted_and_rejected_sends_with_tracking_ids() {
    let (recs, fin) = run("send-settlement");
    let sends = acts(&recs, "Orders");
    assert_eq!(sends.len(), 20);
    let rejected: Vec<_> = sends.iter().filter(|r| r["ok"] == false).collect();
    assert!(!rejected.is_empty() && rejected.len() < 20);
    for r in &rejected {
        assert_eq!(r["error"], "ServiceBusy");
        assert!(r["message"].as_str().unwrap().contains("TrackingId:"));
        assert!(r["message"].as_str().unwrap().contains("retryable"));
    }
    assert_eq!(
        fin["main"].as_array().unwrap().len(),
        20 - rejected.len(),
        "rejected messages are not in the queue"
    );
}

#[test]
fn send_modes_come_out_at_8000_80_and_800_ms() {
    let (recs, fin) = run("send-modes");
    let last = |by: &str| acts(&recs, by).last().unwrap()["t"].as_u64().unwrap();
    assert_eq!(last("one-at-a-time"), 8_000);
    assert_eq!(last("all-at-once"), 80);
    assert_eq!(last("ten-in-flight"), 800);
    assert_eq!(fin["main"].as_array().unwrap().len(), 300);
}

#[test]
fn fire_and_forget_loses_messages_and_nobody_sees_an_error() {
    let (recs, fin) = run("fire-and-forget");
    let sends = acts(&recs, "Careless");
    assert_eq!(sends.len(), 50);
    assert!(
        sends
            .iter()
            .all(|r| r["observed"] == false && r.get("ok").is_none())
    );
    let stored = fin["main"].as_array().unwrap().len();
    assert!(
        stored < 50,
        "some sends failed silently: {stored} of 50 stored"
    );
    // Jitter makes the outcomes come back out of order.
    let order: Vec<u64> = sends
        .iter()
        .map(|r| r["id"].as_str().unwrap()[9..].parse().unwrap())
        .collect();
    assert!(order.windows(2).any(|w| w[0] > w[1]), "{order:?}");
}

#[test]
fn presettled_refusals_are_only_events() {
    let (recs, fin) = run("presettled");
    assert!(
        acts(&recs, "Telemetry")
            .iter()
            .all(|r| r["observed"] == false)
    );
    let rejected = events(&recs, "rejected");
    assert!(!rejected.is_empty());
    assert!(rejected.iter().all(|r| r["error"] == "QuotaExceeded"));
    assert_eq!(fin["main"].as_array().unwrap().len() + rejected.len(), 12);
}

#[test]
fn receive_and_delete_loses_the_message_in_hand_on_a_crash() {
    let (recs, fin) = run("receive-and-delete-crash");
    assert!(
        recs.iter()
            .any(|r| r["do"] == "disconnect" && r["note"] == "the process crashed")
    );
    let deleted: Vec<_> = events(&recs, "received_and_deleted")
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    assert_eq!(deleted, ["invoice-1", "invoice-2", "invoice-3"]);
    assert!(fin["main"].as_array().unwrap().is_empty());
    // invoice-1 was in hand at the crash: never finished, never redelivered, gone.
    assert_eq!(
        recs.iter()
            .filter(|r| r["id"] == "invoice-1" && r["event"] == "locked")
            .count(),
        0
    );
}

#[test]
fn peek_lock_redelivers_after_the_crash_once_the_lock_expires() {
    let (recs, fin) = run("peek-lock");
    assert!(
        events(&recs, "lock_lost").is_empty(),
        "a crash releases nothing"
    );
    let closed = events(&recs, "link_closed");
    assert_eq!(closed.len(), 1);
    assert_eq!(
        (&closed[0]["t"], &closed[0]["cause"]),
        (&Value::from(2_000), &Value::from("disconnected"))
    );
    let held = &closed[0]["still_locked"][0];
    assert_eq!(
        (&held["id"], &held["locked_until_ms"]),
        (&Value::from("invoice-1"), &Value::from(10_000))
    );
    // It comes back exactly when the lock taken before the crash expires, counting one.
    let expired = events(&recs, "lock_expired");
    assert_eq!(expired.len(), 1);
    assert_eq!(
        (&expired[0]["t"], &expired[0]["id"], &expired[0]["by"]),
        (
            &Value::from(10_000),
            &Value::from("invoice-1"),
            &Value::from("Worker")
        )
    );
    assert!(recs.iter().any(|r| r["event"] == "locked"
        && r["id"] == "invoice-1"
        && r["delivery_count"] == 2
        && r["t"].as_u64() >= Some(10_000)));
    assert_eq!(events(&recs, "completed").len(), 3);
    assert!(fin["main"].as_array().unwrap().is_empty());
}

/// A receiver crashes holding a message: the message waits, locked and untouchable, for the
/// rest of the lock taken before the crash; a second receiver polls and gets nothing until that
/// instant, then gets it with delivery count 2 and completes it.
fn a_crash_costs_the_rest_of_the_lock(name: &str, lock_ms: u64) {
    let (recs, fin) = run(name);
    let t = |r: &Value| r["t"].as_u64().unwrap();
    let received = recs
        .iter()
        .find(|r| r["do"] == "receive" && r["by"] == "R1")
        .unwrap();
    let m = &received["messages"][0];
    assert_eq!(
        (m["id"].as_str(), m["delivery_count"].as_u64()),
        (Some("order-1"), Some(1))
    );
    let until = m["locked_until_ms"].as_u64().unwrap();
    assert_eq!(
        until,
        t(received) + lock_ms,
        "the lock taken before the crash"
    );
    let crash = recs.iter().find(|r| r["do"] == "disconnect").unwrap();
    assert!(t(crash) < until);
    let closed = events(&recs, "link_closed");
    assert_eq!(closed.len(), 1);
    assert_eq!(closed[0]["still_locked"][0]["locked_until_ms"], until);
    // The crash released nothing; the lock's own expiry did, naming the dead receiver.
    assert!(events(&recs, "lock_lost").is_empty());
    let expired = events(&recs, "lock_expired");
    assert_eq!(expired.len(), 1);
    assert_eq!(
        (t(expired[0]), &expired[0]["by"]),
        (until, &Value::from("R1"))
    );
    // R2 polled while it waited and got nothing; its first message came at that instant.
    let polls: Vec<&Value> = recs
        .iter()
        .filter(|r| r["do"] == "receive" && r["by"] == "R2")
        .collect();
    let (before, after): (Vec<&Value>, Vec<&Value>) = polls.iter().partition(|r| t(r) < until);
    assert!(before.len() >= 3, "R2 polled during the wait");
    assert!(
        before.iter().all(|r| r["messages"] == Value::Array(vec![])),
        "nobody can take a message locked to a crashed receiver"
    );
    let got = &after[0]["messages"][0];
    assert_eq!(
        t(after[0]),
        until,
        "redelivered the moment the lock expired"
    );
    assert_eq!(
        (got["id"].as_str(), got["delivery_count"].as_u64()),
        (Some("order-1"), Some(2))
    );
    assert!(
        events(&recs, "completed")
            .iter()
            .any(|r| r["by"] == "R2" && r["id"] == "order-1")
    );
    assert!(fin["main"].as_array().unwrap().is_empty());
    // The wait after the crash is the rest of the lock: the lock duration is the cost.
    assert_eq!(until - t(crash), lock_ms - (t(crash) - t(received)));
}

#[test]
fn crash_short_lock_a_30_second_lock_means_up_to_30_seconds_of_waiting() {
    a_crash_costs_the_rest_of_the_lock("crash-short-lock", 30_000);
    // The restarted R1 cannot complete what it held, and is told why.
    let (recs, _) = run("crash-short-lock");
    let late = recs
        .iter()
        .find(|r| r["do"] == "complete" && r["by"] == "R1")
        .unwrap();
    assert_eq!(late["error"], "MessageLockLost");
    assert!(
        late["message"]
            .as_str()
            .unwrap()
            .contains("R1's connection dropped at 5.000 s; the lock runs on until 31.000 s")
    );
}

#[test]
fn crash_long_lock_a_5_minute_lock_means_5_minutes_of_waiting() {
    a_crash_costs_the_rest_of_the_lock("crash-long-lock", 300_000);
    let sc = parse(presets::preset("crash-long-lock").unwrap()).unwrap();
    assert!(
        sc.title
            .contains("5-minute lock means 5 minutes of waiting")
    );
}

#[test]
fn competing_consumers_each_message_processed_once() {
    let (recs, _) = run("competing-consumers");
    let done = events(&recs, "completed");
    let mut seqs: Vec<u64> = done.iter().map(|r| r["seq"].as_u64().unwrap()).collect();
    seqs.sort_unstable();
    assert_eq!(seqs, (1..=9).collect::<Vec<_>>());
    for r in ["R1", "R2", "R3"] {
        assert!(done.iter().any(|d| d["by"] == r), "{r} got work");
    }
    assert!(events(&recs, "lock_expired").is_empty());
}

#[test]
fn lock_expiry_redelivers_and_the_late_complete_is_lock_lost() {
    let (recs, fin) = run("lock-expiry");
    assert_eq!(events(&recs, "lock_expired")[0]["t"], 31_000);
    let r2 = recs
        .iter()
        .find(|r| r["do"] == "receive" && r["by"] == "R2")
        .unwrap();
    assert_eq!(r2["messages"][0]["delivery_count"], 2);
    let late = recs
        .iter()
        .find(|r| r["do"] == "complete" && r["by"] == "R1")
        .unwrap();
    assert_eq!(late["error"], "MessageLockLost");
    assert!(fin["main"].as_array().unwrap().is_empty());
}

#[test]
fn auto_renew_keeps_the_lock_and_naive_loses_it() {
    let (recs, _) = run("auto-renew");
    let renewed: Vec<_> = events(&recs, "lock_renewed")
        .into_iter()
        .filter(|r| r["by"] == "Careful")
        .collect();
    assert!(renewed.len() >= 3, "renewed {} times", renewed.len());
    assert!(
        events(&recs, "lock_renewed")
            .iter()
            .all(|r| r["by"] != "Naive")
    );
    assert!(
        acts(&recs, "Careful")
            .iter()
            .any(|r| r["do"] == "complete" && r["ok"] == true)
    );
    assert!(
        acts(&recs, "Naive")
            .iter()
            .any(|r| r["do"] == "complete" && r["error"] == "MessageLockLost")
    );
}

#[test]
fn a_lock_shorter_than_the_work_dead_letters_everything() {
    let (recs, fin) = run("lock-too-short");
    assert_eq!(ids(&fin["dead_letter"]), ["slow-1", "slow-2"]);
    assert!(
        fin["dead_letter"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["dead_letter_reason"] == "MaxDeliveryCountExceeded"
                && m["delivery_count"] == 3)
    );
    assert!(events(&recs, "completed").is_empty());
}

#[test]
fn abandon_serves_the_message_again_first() {
    let (recs, _) = run("abandon");
    let second = recs.iter().filter(|r| r["do"] == "receive").nth(1).unwrap();
    assert_eq!(second["messages"][0]["id"], "m1");
    assert_eq!(second["messages"][0]["delivery_count"], 2);
}

#[test]
fn poison_message_goes_to_the_dlq_by_max_delivery_count_and_good_ones_complete() {
    let (recs, fin) = run("poison-message");
    assert_eq!(ids(&fin["dead_letter"]), ["order-2"]);
    assert_eq!(
        fin["dead_letter"][0]["dead_letter_reason"],
        "MaxDeliveryCountExceeded"
    );
    assert_eq!(
        fin["dead_letter"][0]["dead_letter_description"],
        "Message could not be consumed after 3 delivery attempts."
    );
    assert_eq!(events(&recs, "completed").len(), 3);
}

#[test]
fn explicit_dead_letter_carries_the_reason_at_once() {
    let (recs, fin) = run("explicit-dead-letter");
    assert_eq!(ids(&fin["dead_letter"]), ["order-2"]);
    assert_eq!(
        fin["dead_letter"][0]["dead_letter_reason"],
        "ValidationFailed"
    );
    assert_eq!(fin["dead_letter"][0]["delivery_count"], 0);
    assert_eq!(events(&recs, "abandoned").len(), 0);
}

#[test]
fn defer_then_receive_by_sequence_number() {
    let (recs, fin) = run("defer");
    let by_seq = recs.iter().find(|r| r["do"] == "receive_deferred").unwrap();
    assert_eq!(by_seq["messages"][0]["id"], "step-2");
    assert_eq!(by_seq["messages"][0]["state"], "deferred");
    assert_eq!(by_seq["messages"][0]["delivery_count"], 2);
    let plain = recs.iter().filter(|r| r["do"] == "receive").nth(1).unwrap();
    assert_eq!(
        plain["messages"][0]["id"], "step-1",
        "plain receives skip the deferred message"
    );
    assert!(fin["main"].as_array().unwrap().is_empty());
}

#[test]
fn idempotent_receiver_processes_once_though_delivered_twice() {
    let (recs, fin) = run("idempotent-receiver");
    let pay = acts(&recs, "Payments");
    assert!(
        pay.iter()
            .any(|r| r["do"] == "complete" && r["error"] == "MessageLockLost")
    );
    assert!(pay.iter().any(|r| r["do"] == "complete"
        && r["ok"] == true
        && r["note"] == "already processed this MessageId: work skipped"));
    assert!(fin["main"].as_array().unwrap().is_empty());
}

#[test]
fn an_entity_update_loses_every_lock_at_once() {
    let (recs, _) = run("lock-lost");
    let lost: Vec<_> = events(&recs, "lock_lost")
        .iter()
        .map(|r| (r["t"].clone(), r["id"].clone(), r["cause"].clone()))
        .collect();
    assert_eq!(
        lost,
        [
            (3_000.into(), "m1".into(), "entity_updated".into()),
            (3_000.into(), "m2".into(), "entity_updated".into())
        ]
    );
    let late: Vec<_> = recs
        .iter()
        .filter(|r| r["do"] == "complete" && r["t"] == 4_000)
        .map(|r| r["error"].clone())
        .collect();
    assert_eq!(late, ["MessageLockLost", "MessageLockLost"]);
    let again = recs
        .iter()
        .find(|r| r["do"] == "receive" && r["t"] == 5_000)
        .unwrap();
    assert_eq!(again["messages"][0]["delivery_count"], 2);
}

#[test]
fn ttl_expiry_dead_letters_what_nobody_received_in_time() {
    let (recs, fin) = run("ttl-expiry");
    assert_eq!(ids(&fin["dead_letter"]), ["quote-1", "quote-2"]);
    assert!(
        fin["dead_letter"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["dead_letter_reason"] == "TTLExpiredException")
    );
    assert_eq!(
        events(&recs, "dead_lettered")[0]["t"],
        20_000,
        "collected by the first receive, not at expiry"
    );
    assert!(
        events(&recs, "completed")
            .iter()
            .any(|r| r["id"] == "quote-3")
    );
}

#[test]
fn duplicate_detection_drops_the_retry_inside_the_window_only() {
    let (recs, fin) = run("duplicate-detection");
    assert_eq!(events(&recs, "duplicate_dropped").len(), 1);
    assert_eq!(events(&recs, "duplicate_dropped")[0]["t"], 5_000);
    let bodies: Vec<_> = fin["main"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["body"].clone())
        .collect();
    assert_eq!(bodies, ["first try", "much later"]);
}

#[test]
fn scheduled_message_activates_with_a_new_sequence_number() {
    let (recs, _) = run("scheduled");
    let a = events(&recs, "activated");
    assert_eq!(a.len(), 1);
    assert_eq!(
        (
            a[0]["t"].as_u64(),
            a[0]["scheduled_seq"].as_u64(),
            a[0]["seq"].as_u64()
        ),
        (Some(10_000), Some(1), Some(3))
    );
    let early = recs
        .iter()
        .find(|r| r["do"] == "receive" && r["t"] == 2000)
        .unwrap();
    assert_eq!(
        ids(&early["messages"]),
        ["now"],
        "the scheduled one is not receivable before its time"
    );
}

#[test]
fn sessions_give_each_receiver_one_customer_in_order() {
    let (recs, fin) = run("sessions");
    let got = |by: &str| {
        recs.iter()
            .find(|r| r["do"] == "receive" && r["by"] == by)
            .map(|r| ids(&r["messages"]))
            .unwrap()
    };
    assert_eq!(got("R1"), ["a-1", "a-2"]);
    assert_eq!(got("R2"), ["b-1", "b-2"]);
    assert!(fin["main"].as_array().unwrap().is_empty());
}

#[test]
fn load_levelling_absorbs_the_burst_and_drains_it() {
    let (recs, fin) = run("load-levelling");
    // Queue depth over time: enqueued minus taken.
    let mut depth: i64 = 0;
    let mut peak = 0;
    for r in &recs {
        match r["event"].as_str() {
            Some("enqueued") => depth += 1,
            Some("locked") => depth -= 1,
            Some("abandoned" | "lock_expired") => depth += 1,
            _ => {}
        }
        peak = peak.max(depth);
    }
    assert!(
        peak >= 150,
        "the queue absorbed the burst (peak depth {peak})"
    );
    assert_eq!(events(&recs, "completed").len(), 200);
    assert!(fin["main"].as_array().unwrap().is_empty());
}

#[test]
fn every_preset_is_deterministic_and_keeps_every_invariant_at_every_record() {
    use settle_core::check::check_invariants;
    use settle_scenario::{Record, Run};
    for (name, text) in presets::PRESETS {
        let sc = parse(text).unwrap();
        assert_eq!(trace(&sc), trace(&sc), "{name}: same seed, same trace");
        let mut run = Run::new(&sc);
        let mut n = 0;
        run.advance_with(sc.run_until, &mut |w, _r: Record<'_>| {
            n += 1;
            if let Err(e) = check_invariants(w.queue()) {
                panic!("{name}: record {n}: {e}");
            }
        });
        assert!(n > 0);
    }
}
