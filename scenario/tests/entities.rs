//! Topics, subscriptions and several entities (docs/topics.md,
//! docs/format.md): story tests through the scenario format and its trace.

mod docs;
use docs::{events, refused, run};
use serde_json::{Value, json};
use settle_scenario::{parse, trace};

fn final_of<'a>(tr: &'a [Value], path: &str) -> &'a Value {
    &tr.last().expect("a final record")["final"]["entities"][path]
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|m| m["id"].as_str().expect("an id"))
        .collect()
}

fn step(tr: &[Value], i: u64) -> &Value {
    tr.iter()
        .find(|r| r["step"] == i && r.get("do").is_some())
        .expect("the step's record")
}

/// The events at `t`, each as (event, entity).
fn events_at(tr: &[Value], t: u64) -> Vec<(&str, &str)> {
    tr.iter()
        .filter(|r| r["t"] == t && r.get("event").is_some())
        .map(|r| (r["event"].as_str().unwrap(), r["entity"].as_str().unwrap()))
        .collect()
}

fn orders(subs: Value) -> Value {
    json!({"orders": {"type": "topic", "subscriptions": subs}})
}

fn doc(entities: Value, script: Value) -> Value {
    json!({"settle": 1, "entities": entities, "script": script})
}

const AUDIT: &str = "orders/subscriptions/audit";
const BILLING: &str = "orders/subscriptions/billing";

#[test]
fn example_8_1_fans_out_one_copy_per_matching_subscription() {
    let d = doc(
        orders(json!({
            "audit": {},
            "billing": {"rules": {"eu": {"filter": {"correlation": {"properties": {"region": "eu"}}}}}}
        })),
        json!([
            {"at_ms": 0, "do": "send", "by": "S1", "to": "orders", "id": "o1", "properties": {"region": "eu"}},
            {"at_ms": 0, "do": "send", "by": "S1", "to": "orders", "id": "o2", "properties": {"region": "us"}},
            {"at_ms": 1000, "do": "receive", "by": "A1", "from": AUDIT, "max": 10},
            {"at_ms": 1000, "do": "receive", "by": "B1", "from": BILLING, "max": 10},
            {"at_ms": 2000, "do": "complete", "by": "B1", "msg": "o1"}
        ]),
    );
    let tr = run(&d);
    let published = events(&tr, "published");
    assert_eq!(published[0]["subscriptions"], json!(["audit", "billing"]));
    assert_eq!(published[0]["seq"], 1);
    assert_eq!(published[1]["subscriptions"], json!(["audit"]));
    assert_eq!(published[1]["seq"], 2);
    // E1: the order of one send's events.
    let kinds: Vec<(&str, &str)> = tr[..4]
        .iter()
        .map(|r| {
            (
                r.get("event")
                    .or(r.get("do"))
                    .and_then(Value::as_str)
                    .unwrap(),
                r["entity"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("send", "orders"),
            ("published", "orders"),
            ("enqueued", AUDIT),
            ("enqueued", BILLING)
        ]
    );
    let enq = events(&tr, "enqueued");
    // Each subscription numbers its copies from 1; the topic's number rides along.
    let seqs: Vec<(&str, u64, u64)> = enq
        .iter()
        .map(|e| {
            (
                e["entity"].as_str().unwrap(),
                e["seq"].as_u64().unwrap(),
                e["topic_seq"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(seqs, [(AUDIT, 1, 1), (BILLING, 1, 1), (AUDIT, 2, 2)]);
    assert!(enq.iter().all(|e| e["rule"].is_null()));
    let a1 = &step(&tr, 2)["messages"];
    assert_eq!(ids(a1), ["o1", "o2"]);
    assert_eq!(step(&tr, 3)["entity"], BILLING);
    assert_eq!(ids(&step(&tr, 3)["messages"]), ["o1"]);
    // Completing billing's copy leaves audit's copy locked where it is.
    assert_eq!(step(&tr, 4)["ok"], true);
    assert!(
        step(&tr, 4).get("entity").is_none(),
        "complete carries no address"
    );
    assert_eq!(events(&tr, "completed")[0]["entity"], BILLING);
    assert_eq!(ids(&final_of(&tr, BILLING)["main"]), Vec::<&str>::new());
    assert_eq!(ids(&final_of(&tr, AUDIT)["main"]), ["o1", "o2"]);
    assert_eq!(final_of(&tr, AUDIT)["main"][0]["locked_by"], "A1");
    assert_eq!(final_of(&tr, AUDIT)["main"][0]["topic_seq"], 1);
    // The final record: every entity, ascending byte order, a topic lists only scheduled.
    let keys: Vec<&String> = tr.last().unwrap()["final"]["entities"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(keys, ["orders", AUDIT, BILLING]);
    assert_eq!(final_of(&tr, "orders"), &json!({"scheduled": []}));
}

#[test]
fn a_message_no_subscription_takes_is_published_to_nobody_and_dropped() {
    let d = doc(
        json!({
            "orders": {"type": "topic", "subscriptions": {
                "big": {"rules": {"r": {"filter": {"sql": "quantity > 10"}}}},
                "none": {"rules": {}}
            }},
            "empty": {"type": "topic", "max_size_bytes": 1}
        }),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "small", "body": "xx", "properties": {"quantity": 3}},
            {"at_ms": 0, "do": "send", "by": "S", "to": "empty", "id": "lonely", "body": "a body bigger than the quota"}
        ]),
    );
    let tr = run(&d);
    assert_eq!(step(&tr, 0)["ok"], true);
    assert_eq!(
        step(&tr, 1)["ok"],
        true,
        "nothing stored, nothing counted against the quota"
    );
    let p = events(&tr, "published");
    assert_eq!(p.len(), 2);
    assert!(p.iter().all(|e| e["subscriptions"] == json!([])));
    assert!(events(&tr, "enqueued").is_empty());
    assert!(events(&tr, "dead_lettered").is_empty());
    for path in ["orders/subscriptions/big", "orders/subscriptions/none"] {
        assert_eq!(final_of(&tr, path), &json!({"main": [], "dead_letter": []}));
    }
}

#[test]
fn sql_filters_select_by_properties_and_system_properties_never_the_body() {
    let d = doc(
        orders(json!({
            "blue": {"rules": {"b": {"filter": {"sql": "color = 'blue' AND quantity > 5"}}}},
            "labelled": {"rules": {"l": {"filter": {"sql": "sys.Label LIKE 'inv%'"}}}},
            "body": {"rules": {"x": {"filter": {"sql": "body = 'secret'"}}}}
        })),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m1", "body": "secret", "properties": {"color": "blue", "quantity": 7}},
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m2", "properties": {"color": "blue", "quantity": 5}, "subject": "invoice"},
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m3", "properties": {"color": "red"}}
        ]),
    );
    let tr = run(&d);
    let subs: Vec<&Value> = events(&tr, "published")
        .iter()
        .map(|e| &e["subscriptions"])
        .collect();
    assert_eq!(subs, [&json!(["blue"]), &json!(["labelled"]), &json!([])]);
    assert_eq!(
        final_of(&tr, "orders/subscriptions/labelled")["main"][0]["subject"],
        "invoice"
    );
}

#[test]
fn rule_actions_make_one_extra_copy_each_with_rule_name_after_the_plain_copy() {
    // TF26's example in small: two action rules and two plain rules, all matching: 3 copies.
    let d = doc(
        orders(json!({
            "s": {"rules": {
                "plain1": {"filter": {"true": {}}},
                "plain2": {"filter": {"sql": "1=1"}},
                "zz-act": {"filter": {"true": {}}, "action": "SET priority = 'high'; REMOVE color"},
                "aa-act": {"filter": {"sql": "color = 'blue'"}, "action": "SET tagged = TRUE"}
            }}
        })),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m1", "properties": {"color": "blue"}}
        ]),
    );
    let tr = run(&d);
    let enq = events(&tr, "enqueued");
    let rules: Vec<&Value> = enq.iter().map(|e| &e["rule"]).collect();
    assert_eq!(rules, [&json!(null), &json!("aa-act"), &json!("zz-act")]);
    assert_eq!(events(&tr, "published")[0]["subscriptions"], json!(["s"]));
    let main = &final_of(&tr, "orders/subscriptions/s")["main"];
    assert_eq!(main[0]["properties"], json!({"color": "blue"}));
    assert_eq!(
        main[1]["properties"],
        json!({"RuleName": "aa-act", "color": "blue", "tagged": true})
    );
    assert_eq!(
        main[2]["properties"],
        json!({"RuleName": "zz-act", "priority": "high"})
    );
    let seqs: Vec<u64> = main
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(
        seqs,
        [1, 2, 3],
        "each copy takes the subscription's next number"
    );
}

#[test]
fn a_poison_copy_dead_letters_in_one_subscription_while_the_other_completes_its_own() {
    let mut script = vec![
        json!({"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "p", "body": "poison"}),
        json!({"at_ms": 100, "do": "receive", "by": "Audit", "from": AUDIT}),
        json!({"at_ms": 200, "do": "complete", "by": "Audit", "msg": "p"}),
    ];
    for i in 0..3 {
        let t = 1_000 + i * 100;
        script.push(json!({"at_ms": t, "do": "receive", "by": "Bill", "from": BILLING}));
        script.push(json!({"at_ms": t + 10, "do": "abandon", "by": "Bill", "msg": "p"}));
    }
    script.push(json!({"at_ms": 2000, "do": "receive", "by": "Bill", "from": format!("{BILLING}/$deadletterqueue")}));
    let d = doc(
        orders(json!({"audit": {}, "billing": {"max_delivery_count": 3}})),
        Value::Array(script),
    );
    let tr = run(&d);
    let dl = events(&tr, "dead_lettered");
    assert_eq!(dl.len(), 1);
    assert_eq!(dl[0]["entity"], BILLING);
    assert_eq!(dl[0]["reason"], "MaxDeliveryCountExceeded");
    assert_eq!(events(&tr, "completed")[0]["entity"], AUDIT);
    assert_eq!(
        final_of(&tr, AUDIT),
        &json!({"main": [], "dead_letter": []})
    );
    let bill = final_of(&tr, BILLING);
    assert_eq!(ids(&bill["dead_letter"]), ["p"]);
    assert_eq!(bill["dead_letter"][0]["delivery_count"], 3);
    // Receiving from the subscription's dead-letter queue: same entity, its other sub-queue.
    let last = tr.iter().rev().find(|r| r.get("do").is_some()).unwrap();
    assert_eq!(last["entity"], BILLING);
    assert_eq!(ids(&last["messages"]), ["p"]);
}

#[test]
fn a_sessionless_copy_dead_letters_in_a_session_subscription_and_a_plain_one_keeps_session_copies()
{
    let d = doc(
        orders(json!({"plain": {}, "sess": {"requires_session": true}})),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "nosid"},
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "withsid", "session_id": "a"},
            {"at_ms": 10, "do": "accept_session", "by": "R", "from": "orders/subscriptions/sess"},
            {"at_ms": 20, "do": "receive", "by": "R", "from": "orders/subscriptions/sess"}
        ]),
    );
    let tr = run(&d);
    assert_eq!(step(&tr, 0)["ok"], true, "a topic takes a sessionless send");
    let dl = events(&tr, "dead_lettered");
    assert_eq!(dl.len(), 1);
    assert_eq!(dl[0]["entity"], "orders/subscriptions/sess");
    assert_eq!(dl[0]["reason"], "Session id is null.");
    assert_eq!(
        dl[0]["description"],
        "Session enabled entity doesn't allow a message whose session identifier is null."
    );
    // E1: the dead-lettering follows its copy's enqueued at once.
    let pos = |r: &Value| tr.iter().position(|x| x == r).unwrap();
    let enq = events(&tr, "enqueued");
    let sess_nosid = enq
        .iter()
        .find(|e| e["entity"] == "orders/subscriptions/sess" && e["id"] == "nosid")
        .unwrap();
    assert_eq!(pos(dl[0]), pos(sess_nosid) + 1);
    assert_eq!(step(&tr, 2)["session_id"], "a");
    assert_eq!(ids(&step(&tr, 3)["messages"]), ["withsid"]);
    let plain = final_of(&tr, "orders/subscriptions/plain");
    assert_eq!(ids(&plain["main"]), ["nosid", "withsid"]);
    assert_eq!(plain["main"][1]["session_id"], "a");
    let sess = final_of(&tr, "orders/subscriptions/sess");
    assert_eq!(ids(&sess["dead_letter"]), ["nosid"]);
    assert_eq!(
        sess["dead_letter"][0]["seq"], 1,
        "it took the subscription's number"
    );
}

#[test]
fn a_filter_evaluation_error_dead_letters_once_unless_switched_off_or_another_rule_matches() {
    let bad = json!({"filter": {"sql": "quantity > 'ten'"}});
    let d = doc(
        orders(json!({
            "dl": {"rules": {"bad1": bad, "bad2": bad}},
            "off": {"rules": {"bad": bad}, "dead_letter_on_filter_evaluation_exceptions": false},
            "saved": {"rules": {"bad": bad, "ok": {"filter": {"true": {}}}}}
        })),
        json!([{"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m", "properties": {"quantity": 3}}]),
    );
    let tr = run(&d);
    assert_eq!(
        events(&tr, "published")[0]["subscriptions"],
        json!(["dl", "saved"])
    );
    let dl = events(&tr, "dead_lettered");
    assert_eq!(dl.len(), 1);
    assert_eq!(dl[0]["reason"], "FilterException");
    assert_eq!(
        dl[0]["description"],
        "Filter evaluation failed on rule 'bad1'."
    );
    assert_eq!(dl[0]["by"], Value::Null);
    assert_eq!(
        final_of(&tr, "orders/subscriptions/off"),
        &json!({"main": [], "dead_letter": []})
    );
    assert_eq!(
        ids(&final_of(&tr, "orders/subscriptions/saved")["main"]),
        ["m"]
    );
}

#[test]
fn duplicate_detection_is_the_topics_before_fan_out_and_a_duplicate_takes_no_number() {
    let mut e = orders(json!({"a": {}, "b": {}}));
    e["orders"]["duplicate_detection_window_ms"] = json!(60_000);
    let d = doc(
        e,
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "x"},
            {"at_ms": 10, "do": "send", "by": "S", "to": "orders", "id": "x"},
            {"at_ms": 20, "do": "send", "by": "S", "to": "orders", "id": "y"}
        ]),
    );
    let tr = run(&d);
    let dup = events(&tr, "duplicate_dropped");
    assert_eq!(dup.len(), 1);
    assert_eq!(dup[0]["entity"], "orders");
    assert_eq!(dup[0]["step"], 1);
    // The duplicate's step prints nothing else.
    assert_eq!(tr.iter().filter(|r| r["step"] == 1).count(), 2);
    let p = events(&tr, "published");
    assert_eq!(
        p.iter()
            .map(|e| e["seq"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2]
    );
    for s in ["a", "b"] {
        assert_eq!(
            ids(&final_of(&tr, &format!("orders/subscriptions/{s}"))["main"]),
            ["x", "y"]
        );
    }
}

#[test]
fn a_scheduled_topic_message_is_held_by_the_topic_and_routed_by_the_rules_of_its_activation() {
    let d = doc(
        orders(json!({"late": {"rules": {}}, "early": {}})),
        json!([
            {"at_ms": 0, "do": "schedule", "by": "S", "to": "orders", "id": "s1", "scheduled_enqueue_ms": 5000},
            {"at_ms": 0, "do": "schedule", "by": "S", "to": "orders", "id": "s2", "scheduled_enqueue_ms": 6000},
            {"at_ms": 100, "do": "peek", "by": "P", "from": "orders/subscriptions/early"},
            {"at_ms": 1000, "do": "add_rule", "by": "Admin", "entity": "orders/subscriptions/late", "rule": "all", "filter": {"true": {}}},
            {"at_ms": 2000, "do": "cancel_scheduled", "by": "S", "to": "orders", "seq": 2},
            {"at_ms": 3000, "do": "receive", "by": "R", "from": "orders/subscriptions/late"}
        ]),
    );
    let mut d2 = d.clone();
    d2["run_until_ms"] = json!(3000);
    let before = run(&d2);
    assert_eq!(step(&before, 0)["seq"], 1, "the topic's number");
    assert_eq!(step(&before, 1)["seq"], 2);
    assert_eq!(
        ids(&step(&before, 2)["messages"]),
        Vec::<&str>::new(),
        "a subscription never shows scheduled messages"
    );
    assert_eq!(events(&before, "cancelled")[0]["entity"], "orders");
    assert_eq!(ids(&final_of(&before, "orders")["scheduled"]), ["s1"]);
    assert_eq!(
        final_of(&before, "orders")["scheduled"][0]["state"],
        "scheduled"
    );
    d2["run_until_ms"] = json!(10_000);
    let tr = run(&d2);
    let act = events(&tr, "activated");
    assert_eq!(act.len(), 1);
    assert_eq!(act[0]["entity"], "orders");
    assert_eq!(act[0]["scheduled_seq"], 1);
    assert_eq!(act[0]["seq"], 3, "a new topic number at activation");
    assert!(act[0].get("step").is_none());
    let p = &events(&tr, "published")[0];
    assert_eq!(
        p["subscriptions"],
        json!(["early", "late"]),
        "the rule added after scheduling applies"
    );
    assert_eq!(p["t"], 5000);
    let late = final_of(&tr, "orders/subscriptions/late");
    assert_eq!(late["main"][0]["enqueued_at_ms"], 5000);
    assert_eq!(late["main"][0]["topic_seq"], 3);
    assert_eq!(final_of(&tr, "orders"), &json!({"scheduled": []}));
}

#[test]
fn rules_are_added_and_removed_at_run_time_for_later_routings_only() {
    let d = doc(
        orders(json!({"s": {}})),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "a"},
            {"at_ms": 1, "do": "remove_rule", "by": "Admin", "entity": "orders/subscriptions/s", "rule": "$Default"},
            {"at_ms": 2, "do": "send", "by": "S", "to": "orders", "id": "b"},
            {"at_ms": 3, "do": "remove_rule", "by": "Admin", "entity": "orders/subscriptions/s", "rule": "$Default"},
            {"at_ms": 4, "do": "add_rule", "by": "Admin", "entity": "orders/subscriptions/s", "rule": "r", "filter": {"sql": "n = 1"}},
            {"at_ms": 5, "do": "add_rule", "by": "Admin", "entity": "orders/subscriptions/s", "rule": "R", "filter": {"true": {}}},
            {"at_ms": 6, "do": "send", "by": "S", "to": "orders", "id": "c", "properties": {"n": 1}},
            {"at_ms": 7, "do": "send", "by": "S", "to": "orders", "id": "d", "properties": {"n": 2}}
        ]),
    );
    let tr = run(&d);
    assert_eq!(step(&tr, 1)["ok"], true);
    assert_eq!(step(&tr, 1)["entity"], "orders/subscriptions/s");
    assert_eq!(step(&tr, 3)["error"], "MessagingEntityNotFound");
    assert_eq!(step(&tr, 4)["ok"], true);
    assert_eq!(step(&tr, 5)["error"], "MessagingEntityAlreadyExists");
    assert_eq!(
        ids(&final_of(&tr, "orders/subscriptions/s")["main"]),
        ["a", "c"]
    );
}

#[test]
fn example_8_2_request_reply_through_two_queues() {
    let d = doc(
        json!({"requests": {"type": "queue"}, "replies": {"type": "queue"}}),
        json!([
            {"at_ms": 0, "do": "send", "by": "Client", "to": "requests", "id": "req-1", "body": "price?", "reply_to": "replies"},
            {"at_ms": 1000, "do": "receive", "by": "Server", "from": "requests"},
            {"at_ms": 2000, "do": "send", "by": "Server", "to": "replies", "id": "rep-1", "body": "42", "correlation_id": "req-1"},
            {"at_ms": 2000, "do": "complete", "by": "Server", "msg": "req-1"},
            {"at_ms": 3000, "do": "receive", "by": "Client", "from": "replies"},
            {"at_ms": 3500, "do": "complete", "by": "Client", "msg": "rep-1"}
        ]),
    );
    let tr = run(&d);
    let req = &step(&tr, 1)["messages"][0];
    assert_eq!(req["reply_to"], "replies");
    assert_eq!(req["correlation_id"], Value::Null);
    assert_eq!(req["topic_seq"], Value::Null);
    let rep = &step(&tr, 4)["messages"][0];
    assert_eq!(rep["correlation_id"], "req-1");
    assert_eq!(step(&tr, 3)["ok"], true);
    assert_eq!(step(&tr, 5)["ok"], true);
    assert!(events(&tr, "published").is_empty());
    for q in ["requests", "replies"] {
        assert_eq!(
            final_of(&tr, q),
            &json!({"main": [], "dead_letter": [], "scheduled": []})
        );
    }
}

#[test]
fn competing_consumers_on_one_subscription_each_get_different_copies() {
    let d = doc(
        orders(json!({"work": {}})),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "a"},
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "b"},
            {"at_ms": 10, "do": "receive", "by": "W1", "from": "orders/subscriptions/work"},
            {"at_ms": 10, "do": "receive", "by": "W2", "from": "orders/subscriptions/work"},
            {"at_ms": 20, "do": "complete", "by": "W2", "msg": "b"},
            {"at_ms": 20, "do": "complete", "by": "W1", "msg": "b"}
        ]),
    );
    let tr = run(&d);
    assert_eq!(ids(&step(&tr, 2)["messages"]), ["a"]);
    assert_eq!(ids(&step(&tr, 3)["messages"]), ["b"]);
    assert_eq!(step(&tr, 4)["ok"], true);
    assert_eq!(step(&tr, 5)["ok"], false, "W1 never held b");
}

#[test]
fn a_topic_send_is_checked_against_the_quota_with_every_copy_it_would_make() {
    let mut e = orders(json!({"a": {}, "b": {}, "c": {}}));
    e["orders"]["max_size_bytes"] = json!(300);
    let d = doc(
        e,
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m1", "size_bytes": 100},
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m2", "size_bytes": 1}
        ]),
    );
    let tr = run(&d);
    assert_eq!(step(&tr, 0)["ok"], true, "300 bytes for three copies fit");
    assert_eq!(step(&tr, 1)["error"], "QuotaExceeded");
    assert_eq!(
        events(&tr, "published").len(),
        1,
        "a refusal creates no copy"
    );
}

#[test]
fn a_copy_expires_at_the_smallest_of_message_topic_and_subscription_ttl() {
    let mut e = orders(
        json!({"short": {"default_ttl_ms": 2000, "dead_letter_on_expiration": true}, "long": {}}),
    );
    e["orders"]["default_ttl_ms"] = json!(5000);
    let d = json!({"settle": 1, "entities": e, "run_until_ms": 10_000, "script": [
        {"at_ms": 100, "do": "send", "by": "S", "to": "orders", "id": "m"},
        {"at_ms": 100, "do": "send", "by": "S", "to": "orders", "id": "own", "ttl_ms": 1000},
        {"at_ms": 3000, "do": "receive", "by": "R", "from": "orders/subscriptions/short"}
    ]});
    let mut d2 = d.clone();
    d2["script"].as_array_mut().unwrap().pop();
    d2["run_until_ms"] = json!(100);
    let at_send = run(&d2);
    let exp = |path: &str, i: usize| final_of(&at_send, path)["main"][i]["expires_at_ms"].clone();
    assert_eq!(exp("orders/subscriptions/short", 0), 2100);
    assert_eq!(exp("orders/subscriptions/long", 0), 5100);
    assert_eq!(exp("orders/subscriptions/long", 1), 1100);
    let tr = run(&d);
    let short = final_of(&tr, "orders/subscriptions/short");
    assert_eq!(
        ids(&short["dead_letter"]),
        ["m", "own"],
        "collected by the receive at 3 s"
    );
    assert_eq!(
        short["dead_letter"][0]["dead_letter_reason"],
        "TTLExpiredException"
    );
    assert_eq!(
        ids(&final_of(&tr, "orders/subscriptions/long")["main"]),
        ["m", "own"],
        "nobody received there: nothing collected"
    );
}

#[test]
fn update_entity_follows_the_rules_of_each_entity_kind() {
    let mut e = orders(json!({"s": {"lock_duration_ms": 30_000}}));
    e["orders"]["duplicate_detection_window_ms"] = json!(60_000);
    e["q"] = json!({"type": "queue"});
    let d = doc(
        e,
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m"},
            {"at_ms": 0, "do": "send", "by": "S", "to": "q", "id": "n"},
            {"at_ms": 10, "do": "receive", "by": "R", "from": "orders/subscriptions/s"},
            {"at_ms": 10, "do": "receive", "by": "Q", "from": "q"},
            {"at_ms": 20, "do": "update_entity", "by": "A", "entity": "orders", "set": {"duplicate_detection_window_ms": null}},
            {"at_ms": 20, "do": "update_entity", "by": "A", "entity": "orders", "set": {"duplicate_detection_window_ms": 30_000}},
            {"at_ms": 30, "do": "update_entity", "by": "A", "entity": "orders/subscriptions/s", "set": {"requires_session": true}},
            {"at_ms": 40, "do": "update_entity", "by": "A", "entity": "orders/subscriptions/s", "set": {"max_delivery_count": 3}},
            {"at_ms": 50, "do": "complete", "by": "Q", "msg": "n"}
        ]),
    );
    let tr = run(&d);
    assert_eq!(step(&tr, 4)["error"], "InvalidOperation");
    assert_eq!(step(&tr, 5)["ok"], true);
    assert!(
        events(&tr, "lock_lost").iter().all(|e| e["t"] != 20),
        "a topic update loses no lock"
    );
    assert_eq!(step(&tr, 6)["error"], "InvalidOperation");
    assert_eq!(step(&tr, 7)["ok"], true);
    let lost = events(&tr, "lock_lost");
    assert_eq!(lost.len(), 1, "only the subscription's lock is lost");
    assert_eq!(lost[0]["entity"], "orders/subscriptions/s");
    assert_eq!(step(&tr, 8)["ok"], true, "the queue's lock survived");
}

#[test]
fn documents_without_entities_accept_the_queue_addresses_and_print_as_before() {
    let plain = json!({"settle": 1, "script": [
        {"at_ms": 0, "do": "send", "by": "S", "id": "a"},
        {"at_ms": 1, "do": "receive", "by": "R"},
        {"at_ms": 2, "do": "dead_letter", "by": "R", "msg": "a"},
        {"at_ms": 3, "do": "receive", "by": "R", "from": "dead_letter"}
    ]});
    let addressed = json!({"settle": 1, "script": [
        {"at_ms": 0, "do": "send", "by": "S", "to": "queue", "id": "a"},
        {"at_ms": 1, "do": "receive", "by": "R", "from": "queue"},
        {"at_ms": 2, "do": "dead_letter", "by": "R", "msg": "a"},
        {"at_ms": 3, "do": "receive", "by": "R", "from": "queue/$deadletterqueue"}
    ]});
    let a = run(&plain);
    assert_eq!(a, run(&addressed));
    assert!(a.iter().all(|r| r.get("entity").is_none()));
    assert!(a.last().unwrap()["final"].get("entities").is_none());
    let m = &step(&a, 1)["messages"][0];
    assert!(m.get("correlation_id").is_none() && m.get("topic_seq").is_none());
}

#[test]
fn the_validation_errors_of_section_7() {
    let t = orders(json!({"audit": {}}));
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"settle": 1, "queue": {}, "entities": t}),
            "$.entities: not allowed together with $.queue",
        ),
        (
            json!({"settle": 1, "entities": {"orders": {}}}),
            "$.entities.orders.type: missing",
        ),
        (
            json!({"settle": 1, "entities": {"orders": {"type": "topic", "tier": "basic"}}}),
            "$.entities.orders.tier: \"basic\" has no topics",
        ),
        (
            json!({"settle": 1, "entities": {"a/b": {"type": "queue"}}}),
            "$.entities[\"a/b\"]: invalid entity name",
        ),
        (
            json!({"settle": 1, "entities": {"orders": {"type": "queue"}, "Orders": {"type": "queue"}}}),
            "$.entities.Orders: same name as $.entities.orders",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"audit": {"forward_to": "x"}}))}),
            "$.entities.orders.subscriptions.audit.forward_to: unknown key",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"audit": {"rules": {"r1": {"filter": {}}}}}))}),
            "$.entities.orders.subscriptions.audit.rules.r1.filter: exactly one of true, false, sql, correlation",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"audit": {"rules": {"r1": {"filter": {"sql": "quantity + 1 > 5"}}}}}))}),
            "$.entities.orders.subscriptions.audit.rules.r1.filter.sql: unsupported: arithmetic at column 10",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"audit": {"rules": {"r1": {"filter": {"sql": "sys.Foo = 1"}}}}}))}),
            "$.entities.orders.subscriptions.audit.rules.r1.filter.sql: unknown system property sys.Foo",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"audit": {"rules": {"r1": {"filter": {"correlation": {}}}}}}))}),
            "$.entities.orders.subscriptions.audit.rules.r1.filter.correlation: needs at least one condition",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"audit": {"rules": {"r1": {"filter": {"correlation": {"subject": "x"}}, "action": "SET a = 1"}}}}))}),
            "$.entities.orders.subscriptions.audit.rules.r1.action: not allowed with a correlation filter",
        ),
        (
            doc(t.clone(), json!([{"at_ms": 0, "do": "send", "by": "S"}])),
            "$.script[0].to: missing",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "send", "by": "S", "to": "order"}]),
            ),
            "$.script[0].to: no queue or topic named \"order\"",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "receive", "by": "R", "from": "orders"}]),
            ),
            "$.script[0].from: \"orders\" is a topic; receive from \"orders/subscriptions/<name>\"",
        ),
        (
            doc(
                json!({"orders": {"type": "topic", "subscriptions": {"audit": {}, "b": {}}}}),
                json!([
                    {"at_ms": 0, "do": "receive", "by": "R1", "from": AUDIT},
                    {"at_ms": 0, "do": "peek", "by": "R1", "from": "orders/subscriptions/b"}
                ]),
            ),
            "$.script[1].from: client R1 already receives from \"orders/subscriptions/audit\"",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "receive", "by": "R", "from": "main"}]),
            ),
            "$.script[0].from: \"main\" is only valid without $.entities",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "update_queue", "by": "A", "set": {}}]),
            ),
            "$.script[0].do: update_queue is only valid without $.entities; use update_entity",
        ),
    ];
    for (d, want) in cases {
        assert_eq!(refused(&d), want, "for {d}");
    }
}

#[test]
fn more_validation_of_entities_and_addresses() {
    let t = orders(json!({"audit": {}}));
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"settle": 1, "entities": {}}),
            "$.entities: declares no entity",
        ),
        (
            json!({"settle": 1, "entities": {"main": {"type": "queue"}}}),
            "$.entities.main: \"main\" is a reserved name",
        ),
        (
            json!({"settle": 1, "entities": {"q": {"type": "queue", "subscriptions": {}}}}),
            "$.entities.q.subscriptions: unknown key",
        ),
        (
            json!({"settle": 1, "entities": {"q": {"type": "queue", "lock_duration_ms": 1}}}),
            "$.entities.q.lock_duration_ms: 1 is out of range 5000..=300000",
        ),
        (
            json!({"settle": 1, "entities": {"t": {"type": "topic", "lock_duration_ms": 5000}}}),
            "$.entities.t.lock_duration_ms: unknown key",
        ),
        (
            json!({"settle": 1, "entities": {"t": {"type": "stream"}}}),
            "$.entities.t.type: \"stream\" is not an entity type (queue, topic)",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"a": {}, "A": {}}))}),
            "$.entities.orders.subscriptions.A: same name as $.entities.orders.subscriptions.a",
        ),
        (
            json!({"settle": 1, "entities": orders(json!({"a": {"tier": "premium"}}))}),
            "$.entities.orders.subscriptions.a.tier: unknown key",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "send", "by": "S", "to": AUDIT}]),
            ),
            "$.script[0].to: \"orders/subscriptions/audit\" is a subscription; send to its topic",
        ),
        (
            doc(t.clone(), json!([{"at_ms": 0, "do": "receive", "by": "R"}])),
            "$.script[0].from: missing",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "accept_session", "by": "R", "from": format!("{AUDIT}/$deadletterqueue")}]),
            ),
            "$.script[0].from: \"orders/subscriptions/audit/$deadletterqueue\": sessions are not read from a dead-letter queue",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "add_rule", "by": "A", "entity": "orders", "rule": "r", "filter": {"true": {}}}]),
            ),
            "$.script[0].entity: \"orders\" is not a subscription (\"<topic>/subscriptions/<name>\")",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "update_entity", "by": "A", "entity": "orders", "set": {"lock_duration_ms": 5000}}]),
            ),
            "$.script[0].set.lock_duration_ms: unknown key",
        ),
        (
            doc(
                t.clone(),
                json!([{"at_ms": 0, "do": "update_entity", "by": "A", "entity": AUDIT, "set": {"rules": {}}}]),
            ),
            "$.script[0].set.rules: unknown key",
        ),
        (
            json!({"settle": 1, "script": [{"at_ms": 0, "do": "remove_rule", "by": "A", "entity": "queue", "rule": "r"}]}),
            "$.script[0].do: remove_rule is only valid with $.entities",
        ),
        (
            json!({"settle": 1, "script": [{"at_ms": 0, "do": "send", "by": "S", "to": "orders"}]}),
            "$.script[0].to: no queue or topic named \"orders\"",
        ),
        (
            json!({"settle": 1, "script": [{"at_ms": 0, "do": "send", "by": "S", "reply_to": 5}]}),
            "$.script[0].reply_to: expected a string, found a number",
        ),
    ];
    for (d, want) in cases {
        assert_eq!(refused(&d), want, "for {d}");
    }
}

#[test]
fn at_one_instant_every_entitys_activations_come_before_any_lock_expiry() {
    let d = json!({"settle": 1, "run_until_ms": 6000,
    "entities": {
        "a": {"type": "queue", "lock_duration_ms": 5000},
        "b": {"type": "queue"},
        "c": {"type": "topic", "subscriptions": {"s": {}}}
    },
    "script": [
        {"at_ms": 0, "do": "send", "by": "S", "to": "a", "id": "held"},
        {"at_ms": 0, "do": "receive", "by": "R", "from": "a"},
        {"at_ms": 0, "do": "schedule", "by": "S", "to": "b", "id": "due", "scheduled_enqueue_ms": 5000},
        {"at_ms": 0, "do": "schedule", "by": "S", "to": "c", "id": "due2", "scheduled_enqueue_ms": 5000}
    ]});
    let tr = run(&d);
    let at5 = events_at(&tr, 5000);
    assert_eq!(
        at5,
        [
            ("activated", "b"),
            ("activated", "c"),
            ("published", "c"),
            ("enqueued", "c/subscriptions/s"),
            ("lock_expired", "a")
        ]
    );
}

#[test]
fn at_one_instant_every_entitys_lock_expiries_come_before_any_collection() {
    // E3: activations → lock expiries (ascending path) → TTL collection. Queue a's prefetching
    // link collects m2 when its time-to-live passes at 5 s; b's lock on x1 expires at 5 s too.
    // a comes first by path, but its collection comes after b's lock expiry.
    let d = json!({"settle": 1, "run_until_ms": 6000,
    "entities": {
        "a": {"type": "queue"},
        "b": {"type": "queue", "lock_duration_ms": 5000}
    },
    "script": [
        {"at_ms": 0, "do": "send", "by": "S", "to": "a", "id": "m1"},
        {"at_ms": 0, "do": "send", "by": "S", "to": "a", "id": "m2", "ttl_ms": 5000},
        {"at_ms": 0, "do": "open", "by": "RA", "from": "a", "prefetch": 1},
        {"at_ms": 0, "do": "send", "by": "S", "to": "b", "id": "x1"},
        {"at_ms": 0, "do": "receive", "by": "RB", "from": "b"}
    ]});
    let tr = run(&d);
    let at5 = events_at(&tr, 5000);
    assert_eq!(at5, [("lock_expired", "b"), ("expired", "a")], "{tr:#?}");
}

#[test]
fn at_one_instant_a_prefetching_link_fills_and_collects_after_every_entitys_lock_expiries() {
    // x1's lock in a runs out at 5 s and a's prefetching link takes it again; its fill collects
    // y (its time-to-live passed at 5 s too). z's lock in b runs out at 5 s: E3 puts every
    // entity's lock expiries before any collection, and the fill after them.
    let d = json!({"settle": 1, "run_until_ms": 6000,
    "entities": {"a": {"type": "queue", "lock_duration_ms": 5000}, "b": {"type": "queue", "lock_duration_ms": 5000}},
    "script": [
        {"at_ms": 0, "do": "send", "by": "S", "to": "a", "id": "x1"},
        {"at_ms": 0, "do": "send", "by": "S", "to": "a", "id": "y", "ttl_ms": 5000},
        {"at_ms": 0, "do": "send", "by": "S", "to": "b", "id": "z"},
        {"at_ms": 0, "do": "open", "by": "R", "from": "a", "prefetch": 1},
        {"at_ms": 0, "do": "receive", "by": "Q", "from": "b"}
    ]});
    let tr = run(&d);
    assert_eq!(
        events_at(&tr, 5000),
        [
            ("lock_expired", "a"),
            ("lock_expired", "b"),
            ("expired", "a"),
            ("locked", "a")
        ]
    );
}

#[test]
fn a_document_with_entities_prints_back_as_itself() {
    for name in [
        "topic-fan-out",
        "request-reply",
        "poison-copy",
        "competing-consumers-subscription",
    ] {
        let text = std::fs::read_to_string(format!(
            "{}/../examples/entities/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("example");
        let sc = parse(&text).expect("valid");
        let again = parse(&sc.to_text()).expect("its text parses");
        assert_eq!(again, sc, "{name}");
        assert_eq!(trace(&again), trace(&sc), "{name}");
    }
}

#[test]
fn actors_address_entities_a_sender_fans_out_through_a_topic_and_receivers_work_their_subscriptions()
 {
    let d = json!({"settle": 1, "run_until_ms": 20000,
    "entities": {"orders": {"type": "topic", "subscriptions": {
        "audit": {},
        "billing": {"max_delivery_count": 2}
    }}},
    "actors": [
        {"name": "Shop", "kind": "sender", "to": "orders", "count": 3, "body": "order {n}"},
        {"name": "Auditor", "kind": "receiver", "from": AUDIT, "processing_ms": 200},
        {"name": "Biller", "kind": "receiver", "from": BILLING, "processing_ms": 300,
         "poison": {"body_contains": "order 2", "then": "abandon"}}
    ]});
    let tr = run(&d);
    assert_eq!(tr, run(&d), "deterministic");
    let acts: Vec<&Value> = tr.iter().filter(|r| r["actor"] == true).collect();
    assert!(acts.iter().all(|a| a.get("entity").is_some()));
    let sends = acts.iter().filter(|a| a["do"] == "send").count();
    assert_eq!(sends, 3);
    assert!(
        acts.iter()
            .filter(|a| a["do"] == "send")
            .all(|a| a["entity"] == "orders")
    );
    let published = events(&tr, "published");
    assert_eq!(published.len(), 3);
    assert!(
        published
            .iter()
            .all(|p| p["subscriptions"] == json!(["audit", "billing"]))
    );
    let completed = |path: &str| -> Vec<&str> {
        events(&tr, "completed")
            .iter()
            .filter(|e| e["entity"] == path)
            .map(|e| e["id"].as_str().unwrap())
            .collect()
    };
    assert_eq!(completed(AUDIT), ["Shop-1", "Shop-2", "Shop-3"]);
    assert_eq!(completed(BILLING), ["Shop-1", "Shop-3"]);
    assert_eq!(
        final_of(&tr, AUDIT),
        &json!({"main": [], "dead_letter": []})
    );
    let bill = final_of(&tr, BILLING);
    assert_eq!(ids(&bill["dead_letter"]), ["Shop-2"]);
    let received = acts
        .iter()
        .find(|a| a["do"] == "receive" && a["by"] == "Auditor")
        .unwrap();
    assert_eq!(received["messages"][0]["topic_seq"], 1);
}

#[test]
fn actors_in_a_document_with_entities_must_say_where() {
    let t = orders(json!({"audit": {}}));
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"settle": 1, "entities": t, "actors": [{"name": "S", "kind": "sender"}]}),
            "$.actors[0].to: missing",
        ),
        (
            json!({"settle": 1, "entities": t, "actors": [{"name": "R", "kind": "receiver"}]}),
            "$.actors[0].from: missing",
        ),
        (
            json!({"settle": 1, "entities": t, "actors": [{"name": "R", "kind": "receiver", "from": "orders"}]}),
            "$.actors[0].from: \"orders\" is a topic; receive from \"orders/subscriptions/<name>\"",
        ),
        (
            json!({"settle": 1, "entities": t, "actors": [{"name": "S", "kind": "sender", "to": AUDIT}]}),
            "$.actors[0].to: \"orders/subscriptions/audit\" is a subscription; send to its topic",
        ),
    ];
    for (d, want) in cases {
        assert_eq!(refused(&d), want, "for {d}");
    }
}

#[test]
fn an_idle_receiver_on_a_subscription_sees_what_another_entitys_actor_or_a_topic_activation_brings()
{
    let d = json!({"settle": 1, "run_until_ms": 20000,
    "entities": {"orders": {"type": "topic", "subscriptions": {"audit": {}}}},
    "actors": [
        {"name": "Shop", "kind": "sender", "to": "orders", "count": 1, "start_ms": 5500},
        {"name": "Auditor", "kind": "receiver", "from": AUDIT, "processing_ms": 100}
    ],
    "script": [
        {"at_ms": 0, "do": "schedule", "by": "Ops", "to": "orders", "id": "later", "scheduled_enqueue_ms": 7300}
    ]});
    let tr = run(&d);
    let got: Vec<(u64, &str)> = tr
        .iter()
        .filter(|r| r["actor"] == true && r["do"] == "receive")
        .filter_map(|r| {
            let m = r["messages"].as_array()?.first()?;
            Some((r["t"].as_u64()?, m["id"].as_str()?))
        })
        .collect();
    // After Shop-1 (done at 6100) its polls fall at 7100, 8100: the activation at 7300 is seen at 8100.
    assert_eq!(got, [(6000, "Shop-1"), (8100, "later")]);
}

/// A document with entities runs under a work budget like one without: over it, the run stops
/// with the same error (what the page's `?budget=` and the CLI report), keeping what ran.
#[test]
fn over_its_work_budget_an_entity_run_stops_with_the_budget_error() {
    use settle_scenario::{Budget, Exhausted, Run};
    let doc = json!({"settle": 1, "run_until_ms": 1_000_000,
        "entities": {"work": {"type": "queue"}},
        "actors": [{"kind": "sender", "name": "S", "to": "work", "count": 1000, "interval_ms": 10}]});
    let sc = parse(&doc.to_string()).unwrap();
    let budget = Budget {
        max_records: 300,
        max_trace_bytes: u64::MAX,
    };
    let mut lines = 0u64;
    let e = Run::with_budget(&sc, budget)
        .finish_trace(&mut |_: &str| lines += 1)
        .expect_err("1,000 sends make more than 300 records");
    assert_eq!(e.exhausted, Exhausted::Records);
    assert_eq!((e.limit, e.records, lines), (300, 300, 300));
    assert!(e.at.as_millis() > 0 && e.at.as_millis() < 1_000_000);
    // The default budget runs it whole.
    assert!(Run::new(&sc).finish_trace(&mut |_: &str| {}).is_ok());
}

#[test]
fn a_persons_steps_recorded_with_their_entity_export_and_parse_back_as_the_same_steps() {
    use settle_core::{Instant, LinkOptions, NewMessage, Op, ReceiveMode, SubQueue, Target, Text};
    use settle_scenario::timetravel::record;
    let sc = parse(
        &doc(
            json!({"orders": {"type": "topic", "subscriptions": {"audit": {}}},
                   "work": {"type": "queue", "requires_session": true}}),
            json!([]),
        )
        .to_string(),
    )
    .expect("valid");
    let seq = Target::Seq(1);
    let audit = Some(Text::from(AUDIT));
    let steps: Vec<(&str, Option<Text>, Op)> = vec![
        (
            "S1",
            Some("orders".into()),
            Op::Send {
                msg: NewMessage::new("o1", "x"),
                presettled: false,
            },
        ),
        (
            "S1",
            Some("work".into()),
            Op::Schedule {
                msg: NewMessage {
                    scheduled_enqueue: Some(Instant::from_millis(9_000)),
                    ..NewMessage::new("w1", "y")
                },
            },
        ),
        ("S1", Some("orders".into()), Op::CancelScheduled { seq: 1 }),
        (
            "A1",
            audit.clone(),
            Op::Receive {
                max: 2,
                mode: Some(ReceiveMode::PeekLock),
                from: SubQueue::Main,
            },
        ),
        (
            "A1",
            audit.clone(),
            Op::Peek {
                max: 10,
                from_seq: None,
                from: SubQueue::DeadLetter,
            },
        ),
        (
            "A1",
            audit.clone(),
            Op::ReceiveDeferred {
                seqs: vec![1],
                mode: None,
                from: SubQueue::DeadLetter,
            },
        ),
        (
            "A1",
            audit.clone(),
            Op::Open(LinkOptions {
                mode: ReceiveMode::PeekLock,
                from: SubQueue::Main,
                prefetch: 3,
            }),
        ),
        (
            "A1",
            audit.clone(),
            Op::Complete {
                target: seq.clone(),
            },
        ),
        (
            "A1",
            audit.clone(),
            Op::Abandon {
                target: seq.clone(),
                properties: None,
            },
        ),
        (
            "A1",
            audit.clone(),
            Op::DeadLetter {
                target: seq.clone(),
                reason: Some("r".into()),
                description: None,
                properties: None,
            },
        ),
        (
            "A1",
            audit.clone(),
            Op::Defer {
                target: seq.clone(),
                properties: None,
            },
        ),
        ("A1", audit.clone(), Op::RenewLock { target: seq }),
        ("A1", audit.clone(), Op::Close),
        (
            "W1",
            Some("work".into()),
            Op::AcceptSession {
                session_id: Some("s".into()),
            },
        ),
        ("W1", Some("work".into()), Op::RenewSessionLock),
        ("W1", Some("work".into()), Op::Disconnect),
    ];
    let mut recorded = Vec::new();
    let mut merged = None;
    for (i, (by, entity, op)) in steps.iter().enumerate() {
        let t = Instant::from_millis(1_000 * i as u64);
        merged = Some(
            record(
                &sc.script,
                &mut recorded,
                t,
                (by, entity.clone()),
                op.clone(),
            )
            .0,
        );
    }
    let merged = merged.expect("steps");
    let text = sc.to_text_with(merged.iter().map(|s| s.raw.clone()).collect(), 20_000);
    let again = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.script.len(), steps.len());
    for (s, (by, entity, op)) in again.script.iter().zip(&steps) {
        assert_eq!((&*s.by, &s.op, &s.entity), (*by, op, entity), "{}", s.raw);
    }
    // The receive path names the dead-letter sub-queue; settlement and close take none.
    assert_eq!(
        again.script[4].raw["from"],
        format!("{AUDIT}/$deadletterqueue")
    );
    assert_eq!(again.script[7].raw.get("from"), None);
    assert_eq!(again.script[0].raw["to"], "orders");
}

#[test]
fn a_step_of_an_automated_receivers_client_acts_on_the_actors_entity() {
    // Rule 3: the actor's `from` is its client's receive entity, so a settlement step of that
    // client (a person completing what the actor holds) acts there, not nowhere.
    let d = json!({"settle": 1, "run_until_ms": 3000,
    "entities": {"q": {"type": "queue"}},
    "actors": [{"kind": "receiver", "name": "W", "from": "q", "processing_ms": [4000, 4000]}],
    "script": [
        {"at_ms": 0, "do": "send", "by": "S", "to": "q", "id": "m1"},
        {"at_ms": 1000, "do": "complete", "by": "W", "msg": "m1"}
    ]});
    let sc = parse(&d.to_string()).expect("valid");
    assert_eq!(sc.script[1].entity.as_deref(), Some("q"));
    let tr = run(&d);
    assert_eq!(events_at(&tr, 1000), [("completed", "q")]);
    // A script step of that client from another entity breaks rule 3.
    let mut bad = d.clone();
    bad["entities"]["r"] = json!({"type": "queue"});
    bad["script"][1] = json!({"at_ms": 1000, "do": "receive", "by": "W", "from": "r"});
    assert_eq!(
        refused(&bad),
        "$.script[1].from: client W already receives from \"q\""
    );
}

/// A subscription's path is `<topic>/subscriptions/<name>`; the one helper that builds it and
/// the ones that take it apart agree, and nothing else is taken for a subscription.
#[test]
fn a_subscription_path_is_built_and_taken_apart_by_one_rule() {
    use settle_core::namespace::{
        is_subscription, split_subscription, subscription_path, topic_of,
    };
    let p = subscription_path("orders", "audit");
    assert_eq!(p, "orders/subscriptions/audit");
    assert_eq!(split_subscription(&p), Some(("orders", "audit")));
    assert!(is_subscription(&p));
    assert_eq!(topic_of(&p), "orders");
    for other in [
        "orders",
        "queue-1",
        "orders/subscriptions",
        "subscriptions/audit",
    ] {
        assert_eq!(split_subscription(other), None, "{other}");
        assert!(!is_subscription(other), "{other}");
        assert_eq!(topic_of(other), other);
    }
}

/// A lesson's caption may wait for an entity operation, as for any other op: `add_rule`,
/// `remove_rule` and `update_entity` are ops of the format like `send`.
#[test]
fn a_caption_can_wait_for_an_entity_operation() {
    let mut doc: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/entities/rules-change.json"
        ))
        .unwrap(),
    )
    .unwrap();
    doc["lesson"] = json!({ "notes": [
        { "on": { "event": "update_entity" }, "text": "updated" },
        { "on": { "event": "remove_rule" }, "text": "removed" },
        { "on": { "event": "add_rule" }, "text": "added" },
    ] });
    let sc = parse(&doc.to_string()).unwrap();
    let shown = settle_scenario::lesson::show(&sc).unwrap().unwrap();
    let at: Vec<(u64, &str)> = shown
        .notes
        .iter()
        .map(|n| (n.at_ms, n.text.as_str()))
        .collect();
    assert_eq!(at, [(1000, "added"), (3000, "updated"), (3000, "removed")]);
}
