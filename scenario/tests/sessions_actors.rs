//! Receiver actors that accept sessions (`sessions` in docs/actors.md): the next available
//! session, at most `max_concurrent` at once, each read in order and closed when idle; a crash
//! leaves its sessions locked until their session locks expire; on queues and subscriptions.

mod docs;
use docs::{events, refused, run};
use serde_json::{Value, json};
use settle_scenario::parse;
use std::collections::BTreeMap;

fn acts<'a>(tr: &'a [Value], what: &str) -> Vec<&'a Value> {
    tr.iter()
        .filter(|r| r["actor"] == true && r["do"] == what)
        .collect()
}

/// Which client holds which session, replayed from the session events; panics when a session
/// is locked while another client holds it. Returns, per client prefix, the most sessions it
/// held at once, and every (session, client) lock in order.
fn holders(tr: &[Value]) -> (BTreeMap<String, usize>, Vec<(String, String)>) {
    let mut held: BTreeMap<String, String> = BTreeMap::new();
    let mut most: BTreeMap<String, usize> = BTreeMap::new();
    let mut locks = Vec::new();
    let actor = |c: &str| c.split('#').next().unwrap_or(c).to_string();
    for r in tr {
        let sid = r["session_id"].as_str().unwrap_or_default().to_string();
        let by = r["by"].as_str().unwrap_or_default().to_string();
        match r["event"].as_str() {
            Some("session_locked") => {
                assert!(
                    !held.contains_key(&sid),
                    "session {sid} locked by {by} while {} holds it",
                    held[&sid]
                );
                held.insert(sid.clone(), by.clone());
                locks.push((sid, by.clone()));
                let now = held.values().filter(|c| actor(c) == actor(&by)).count();
                let m = most.entry(actor(&by)).or_default();
                *m = (*m).max(now);
            }
            Some("session_released" | "session_lock_expired") => {
                assert_eq!(held.remove(&sid), Some(by), "{r}");
            }
            _ => {}
        }
    }
    (most, locks)
}

/// The ids completed in each session, in order (session from the id: `S-n` cycles A, B, C).
fn completed_by_session(tr: &[Value], sessions: &[&str]) -> BTreeMap<String, Vec<u64>> {
    let mut out: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for e in events(tr, "completed") {
        let n: u64 = e["id"].as_str().unwrap()[2..].parse().unwrap();
        let s = sessions[((n - 1) % sessions.len() as u64) as usize];
        out.entry(s.to_string()).or_default().push(n);
    }
    out
}

fn queue_doc(actors: Value, lock_ms: u64, until: u64) -> Value {
    json!({"settle": 1, "seed": 7, "run_until_ms": until,
        "queue": {"requires_session": true, "lock_duration_ms": lock_ms},
        "actors": actors})
}

#[test]
fn two_actors_compete_for_sessions_and_each_session_is_processed_in_order() {
    let d = queue_doc(
        json!([
            {"kind": "sender", "name": "S", "count": 30, "mode": "pipelined", "interval_ms": 400,
             "session_ids": ["A", "B", "C"], "id_prefix": "S-"},
            {"kind": "receiver", "name": "W1", "processing_ms": [50, 400], "sessions": {}},
            {"kind": "receiver", "name": "W2", "processing_ms": [50, 400], "poll_ms": 300,
             "sessions": {"idle_ms": 0}}
        ]),
        30_000,
        60_000,
    );
    let tr = run(&d);
    assert_eq!(tr, run(&d), "deterministic");
    let by_session = completed_by_session(&tr, &["A", "B", "C"]);
    for (s, ns) in &by_session {
        let mut sorted = ns.clone();
        sorted.sort_unstable();
        assert_eq!(ns, &sorted, "session {s} completed out of order");
    }
    assert_eq!(by_session.values().map(Vec::len).sum::<usize>(), 30);
    let (_, locks) = holders(&tr);
    // Both actors took sessions, and sessions changed hands (closed when idle, taken again).
    assert!(locks.iter().any(|(_, c)| c == "W1"));
    assert!(locks.iter().any(|(_, c)| c == "W2"));
    assert!(locks.len() > 3, "{locks:?}");
    assert!(!acts(&tr, "close").is_empty());
    assert!(
        acts(&tr, "accept_session").iter().all(|a| a["ok"] == true
            && a["session_id"].is_string()
            && a["locked_until_ms"].is_u64())
    );
    let last = tr.last().unwrap();
    assert_eq!(last["final"]["main"], json!([]));
}

#[test]
fn a_receiver_holds_at_most_max_concurrent_sessions_at_once() {
    let d = queue_doc(
        json!([
            {"kind": "sender", "name": "S", "count": 12, "mode": "pipelined",
             "session_ids": ["A", "B", "C", "D"], "id_prefix": "S-"},
            {"kind": "receiver", "name": "W", "processing_ms": 1000,
             "sessions": {"max_concurrent": 2, "idle_ms": 500}}
        ]),
        30_000,
        60_000,
    );
    let tr = run(&d);
    let (most, locks) = holders(&tr);
    assert_eq!(most["W"], 2, "{locks:?}");
    let clients: std::collections::BTreeSet<&str> = locks.iter().map(|(_, c)| c.as_str()).collect();
    assert_eq!(clients, ["W#1", "W#2"].into_iter().collect());
    assert_eq!(events(&tr, "completed").len(), 12);
    // Two at a time, 3 messages of 1 s each per session: A and B by 4 s, then C and D.
    let done_at = |id: &str| {
        events(&tr, "completed")
            .iter()
            .find(|e| e["id"] == id)
            .map(|e| e["t"].as_u64().unwrap())
            .unwrap()
    };
    assert_eq!(done_at("S-9"), 4_000);
    assert!(
        done_at("S-3") > 4_000,
        "C waits for a free session receiver"
    );
}

#[test]
fn a_crash_keeps_the_session_locked_until_its_lock_expires_then_another_actor_takes_it() {
    let d = queue_doc(
        json!([
            {"kind": "sender", "name": "S", "count": 2, "session_ids": ["A"], "id_prefix": "S-"},
            {"kind": "receiver", "name": "W1", "processing_ms": 2000, "crash_at_ms": 1500,
             "sessions": {}},
            {"kind": "receiver", "name": "W2", "processing_ms": 100, "start_ms": 1000,
             "sessions": {}}
        ]),
        5_000,
        20_000,
    );
    let tr = run(&d);
    let disconnect = acts(&tr, "disconnect");
    assert_eq!(disconnect.len(), 1);
    assert_eq!(disconnect[0]["t"], 1500);
    let expired = events(&tr, "session_lock_expired");
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0]["by"], "W1");
    assert_eq!(expired[0]["t"], 6000);
    let w2: Vec<&Value> = acts(&tr, "accept_session")
        .into_iter()
        .filter(|a| a["by"] == "W2")
        .collect();
    assert_eq!(w2[0]["t"], 6000, "W2 takes A as soon as its lock expires");
    assert_eq!(w2[0]["session_id"], "A");
    let got = acts(&tr, "receive")
        .into_iter()
        .find(|a| a["by"] == "W2")
        .unwrap();
    assert_eq!(got["messages"][0]["id"], "S-1");
    assert_eq!(got["messages"][0]["delivery_count"], 2);
    assert_eq!(events(&tr, "completed").len(), 2);
}

#[test]
fn auto_renew_keeps_the_session_lock_while_a_message_takes_longer_than_the_lock() {
    let doc = |renew: bool| {
        let mut w = json!({"kind": "receiver", "name": "W", "processing_ms": 12_000,
            "sessions": {}});
        if renew {
            w["auto_renew_max_ms"] = json!(60_000);
        }
        queue_doc(
            json!([{"kind": "sender", "name": "S", "count": 1, "session_ids": ["A"]}, w]),
            5_000,
            30_000,
        )
    };
    let tr = run(&doc(true));
    let renews = acts(&tr, "renew_session_lock");
    assert!(renews.len() >= 3, "{renews:?}");
    assert!(renews.iter().all(|r| r["ok"] == true));
    let done = acts(&tr, "complete");
    assert_eq!(done[0]["ok"], true);
    let tr = run(&doc(false));
    assert!(acts(&tr, "renew_session_lock").is_empty());
    let done = acts(&tr, "complete");
    assert_eq!(done[0]["ok"], false);
    assert_eq!(done[0]["error"], "SessionLockLost");
}

#[test]
fn a_session_receiver_waits_idle_ms_on_an_empty_session_then_closes_it() {
    let d = queue_doc(
        json!([
            {"kind": "sender", "name": "S", "count": 2, "interval_ms": 1500, "mode": "pipelined",
             "session_ids": ["A"], "id_prefix": "S-"},
            {"kind": "receiver", "name": "W", "processing_ms": 100,
             "sessions": {"idle_ms": 2000}}
        ]),
        30_000,
        20_000,
    );
    let tr = run(&d);
    // S-1 at 1000 (done 1100); the session is empty until S-2 arrives at 1545: the receiver
    // looks again at 3100, takes it, and closes 2 s after that one is done.
    let locks = events(&tr, "session_locked");
    assert_eq!(locks.len(), 1, "one session, kept while idle");
    let recv: Vec<u64> = acts(&tr, "receive")
        .iter()
        .map(|a| a["t"].as_u64().unwrap())
        .collect();
    assert_eq!(recv, [1000, 3100]);
    let close = acts(&tr, "close");
    assert_eq!(close.len(), 1);
    assert_eq!(close[0]["t"], 5200);
    assert_eq!(close[0]["note"], "the session is idle: closing it");
}

#[test]
fn session_receivers_work_a_session_subscription() {
    let sub = "orders/subscriptions/fulfil";
    let d = json!({"settle": 1, "seed": 3, "run_until_ms": 60_000,
    "entities": {"orders": {"type": "topic", "subscriptions": {
        "fulfil": {"requires_session": true, "lock_duration_ms": 10_000},
        "audit": {}
    }}},
    "actors": [
        {"kind": "sender", "name": "S", "to": "orders", "count": 12, "mode": "pipelined",
         "session_ids": ["A", "B", "C"], "id_prefix": "S-"},
        {"kind": "receiver", "name": "F1", "from": sub, "processing_ms": [100, 300],
         "sessions": {"max_concurrent": 2}},
        {"kind": "receiver", "name": "F2", "from": sub, "processing_ms": [100, 300],
         "sessions": {}},
        {"kind": "receiver", "name": "Audit", "from": "orders/subscriptions/audit",
         "processing_ms": 10}
    ]});
    let tr = run(&d);
    let in_sub: Vec<Value> = tr.iter().filter(|r| r["entity"] == sub).cloned().collect();
    let by_session = completed_by_session(&in_sub, &["A", "B", "C"]);
    assert_eq!(by_session.values().map(Vec::len).sum::<usize>(), 12);
    for (s, ns) in &by_session {
        let mut sorted = ns.clone();
        sorted.sort_unstable();
        assert_eq!(ns, &sorted, "session {s} completed out of order");
    }
    let (most, _) = holders(&in_sub);
    assert!(most["F1"] <= 2 && most.contains_key("F2"), "{most:?}");
    assert!(
        acts(&tr, "accept_session")
            .iter()
            .all(|a| a["entity"] == sub)
    );
    let fin = &tr.last().unwrap()["final"]["entities"];
    assert_eq!(fin[sub]["main"], json!([]));
    assert_eq!(fin["orders/subscriptions/audit"]["main"], json!([]));
}

#[test]
fn documents_without_sessions_are_unchanged_and_bad_session_options_are_refused() {
    let base = |extra: Value, requires: bool| {
        let mut r = json!({"kind": "receiver", "name": "W", "sessions": {}});
        for (k, v) in extra.as_object().unwrap() {
            r[k] = v.clone();
        }
        json!({"settle": 1, "queue": {"requires_session": requires}, "actors": [r]})
    };
    assert!(parse(&base(json!({}), true).to_string()).is_ok());
    let cases = [
        (
            base(json!({"concurrency": 2}), true),
            "$.actors[0].concurrency",
        ),
        (base(json!({"prefetch": 5}), true), "$.actors[0].prefetch"),
        (
            base(json!({"from": "dead_letter"}), true),
            "$.actors[0].from",
        ),
        (
            base(json!({"sessions": {"max_concurrent": 0}}), true),
            "$.actors[0].sessions.max_concurrent: 0 is out of range",
        ),
        (
            base(json!({"sessions": {"max": 2}}), true),
            "$.actors[0].sessions: unknown key \"max\"",
        ),
        (
            base(json!({}), false),
            "$.actors[0].sessions: the receiver reads an entity that does not require sessions",
        ),
    ];
    for (doc, want) in cases {
        let e = refused(&doc);
        assert!(e.starts_with(want), "{e}\nwanted {want}");
    }
    let ents = json!({"settle": 1, "entities": {"q": {"type": "queue"}},
        "actors": [{"kind": "receiver", "name": "W", "from": "q", "sessions": {}}]});
    assert!(refused(&ents).starts_with("$.actors[0].sessions: the receiver reads"));
}
