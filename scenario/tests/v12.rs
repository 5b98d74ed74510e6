//! The corrected rules of format v1.2 (scenario-format.md *Corrections (v1.2)*), on a queue and
//! on a subscription, through the scenario format and its trace:
//! - whenever a message moves to the dead-letter queue, the broker writes `DeadLetterReason`,
//!   and `DeadLetterErrorDescription` where there is one, into its application properties;
//! - an abandon inside the dead-letter queue does not raise the delivery count.

mod docs;
use docs::{events, run};
use serde_json::{Value, json};

/// A one-queue document.
fn queue(config: Value, script: Value) -> Value {
    json!({"settle": 1, "queue": config, "script": script})
}

/// A document with the topic `orders` and its subscriptions.
fn topic(subscriptions: Value, script: Value) -> Value {
    json!({
        "settle": 1,
        "entities": {"orders": {"type": "topic", "subscriptions": subscriptions}},
        "script": script
    })
}

/// The one message in the final record's dead-letter queue (of `entity`, or of the only queue).
fn dead_lettered(tr: &[Value], entity: Option<&str>) -> Value {
    let fin = &tr.last().expect("a final record")["final"];
    let at = entity.map_or(fin, |e| &fin["entities"][e]);
    let dlq = at["dead_letter"].as_array().expect("a dead-letter list");
    assert_eq!(dlq.len(), 1, "one message dead-lettered: {dlq:?}");
    dlq[0].clone()
}

/// The messages a step's record handed over.
fn received(tr: &[Value], step: u64) -> Vec<Value> {
    tr.iter()
        .find(|r| r["step"] == step && r.get("do").is_some())
        .expect("the step's record")["messages"]
        .as_array()
        .expect("messages")
        .clone()
}

// ------------------------------------------------------------- the reason as a property

#[test]
fn an_explicit_dead_letter_writes_its_reason_and_description_into_the_properties() {
    let tr = run(&queue(
        json!({}),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "id": "m1", "properties": {"kind": "order"}},
            {"at_ms": 0, "do": "receive", "by": "R"},
            {"at_ms": 0, "do": "dead_letter", "by": "R", "msg": "m1",
             "reason": "ValidationFailed", "description": "missing customer"},
            {"at_ms": 1, "do": "receive", "by": "D", "from": "dead_letter"}
        ]),
    ));
    let props = json!({
        "DeadLetterErrorDescription": "missing customer",
        "DeadLetterReason": "ValidationFailed",
        "kind": "order"
    });
    // What the dead-letter receiver reads, and what the final record holds.
    assert_eq!(received(&tr, 3)[0]["properties"], props);
    let m = dead_lettered(&tr, None);
    assert_eq!(m["properties"], props);
    // The format's own fields stay as they are.
    assert_eq!(
        (&m["dead_letter_reason"], &m["dead_letter_description"]),
        (&json!("ValidationFailed"), &json!("missing customer"))
    );
}

#[test]
fn a_reason_without_description_writes_only_the_reason_and_a_bare_dead_letter_writes_neither() {
    let tr = run(&queue(
        json!({}),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "id": "m1"},
            {"at_ms": 0, "do": "send", "by": "S", "id": "m2"},
            {"at_ms": 0, "do": "receive", "by": "R", "max": 2},
            {"at_ms": 0, "do": "dead_letter", "by": "R", "msg": "m1", "reason": "Bad"},
            {"at_ms": 0, "do": "dead_letter", "by": "R", "msg": "m2"}
        ]),
    ));
    let dlq = &tr.last().unwrap()["final"]["dead_letter"];
    assert_eq!(dlq[0]["properties"], json!({"DeadLetterReason": "Bad"}));
    assert_eq!(dlq[1]["properties"], json!({}));
}

#[test]
fn the_broker_writes_the_reason_after_the_receivers_properties_to_modify() {
    let tr = run(&queue(
        json!({}),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "id": "m1"},
            {"at_ms": 0, "do": "receive", "by": "R"},
            {"at_ms": 0, "do": "dead_letter", "by": "R", "msg": "m1", "reason": "Mine",
             "properties": {"DeadLetterReason": "overwritten", "attempt": 1}}
        ]),
    ));
    assert_eq!(
        dead_lettered(&tr, None)["properties"],
        json!({"DeadLetterReason": "Mine", "attempt": 1})
    );
}

#[test]
fn max_delivery_count_exceeded_writes_both_properties() {
    let tr = run(&queue(
        json!({"max_delivery_count": 2}),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "id": "m1"},
            {"at_ms": 0, "do": "receive", "by": "R"},
            {"at_ms": 0, "do": "abandon", "by": "R", "msg": "m1"},
            {"at_ms": 0, "do": "receive", "by": "R"},
            {"at_ms": 0, "do": "abandon", "by": "R", "msg": "m1"}
        ]),
    ));
    assert_eq!(
        dead_lettered(&tr, None)["properties"],
        json!({
            "DeadLetterErrorDescription": "Message could not be consumed after 2 delivery attempts.",
            "DeadLetterReason": "MaxDeliveryCountExceeded"
        })
    );
}

#[test]
fn ttl_expiry_writes_both_properties() {
    let tr = run(&queue(
        json!({"default_ttl_ms": 1000, "dead_letter_on_expiration": true}),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "id": "m1"},
            // The next receive collects the expired message into the dead-letter queue (T18).
            {"at_ms": 2000, "do": "receive", "by": "R"},
            {"at_ms": 2000, "do": "peek", "by": "P", "from": "dead_letter"}
        ]),
    ));
    assert_eq!(received(&tr, 1), Vec::<Value>::new());
    let props = json!({
        "DeadLetterErrorDescription": "The message expired and was dead lettered.",
        "DeadLetterReason": "TTLExpiredException"
    });
    assert_eq!(received(&tr, 2)[0]["properties"], props);
    assert_eq!(dead_lettered(&tr, None)["properties"], props);
}

#[test]
fn on_a_subscription_every_way_into_the_dead_letter_queue_writes_the_properties() {
    let bad = json!({"filter": {"sql": "quantity > 'ten'"}});
    let tr = run(&topic(
        json!({
            "filtered": {"rules": {"bad": bad}},
            "sessions": {"requires_session": true},
            "poisoned": {"max_delivery_count": 1},
            "explicit": {}
        }),
        json!([
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "m", "properties": {"quantity": 3}},
            {"at_ms": 0, "do": "receive", "by": "P", "from": "orders/subscriptions/poisoned"},
            {"at_ms": 0, "do": "abandon", "by": "P", "msg": "m"},
            {"at_ms": 0, "do": "receive", "by": "E", "from": "orders/subscriptions/explicit"},
            {"at_ms": 0, "do": "dead_letter", "by": "E", "msg": "m", "reason": "Why", "description": "Because"}
        ]),
    ));
    let cases = [
        (
            "filtered",
            "FilterException",
            "Filter evaluation failed on rule 'bad'.",
        ),
        (
            "sessions",
            "Session id is null.",
            "Session enabled entity doesn't allow a message whose session identifier is null.",
        ),
        (
            "poisoned",
            "MaxDeliveryCountExceeded",
            "Message could not be consumed after 1 delivery attempts.",
        ),
        ("explicit", "Why", "Because"),
    ];
    for (sub, reason, description) in cases {
        let m = dead_lettered(&tr, Some(&format!("orders/subscriptions/{sub}")));
        assert_eq!(
            m["properties"],
            json!({
                "DeadLetterErrorDescription": description,
                "DeadLetterReason": reason,
                "quantity": 3
            }),
            "{sub}"
        );
    }
    // The event names the same reason the properties hold.
    assert_eq!(events(&tr, "dead_lettered").len(), 4);
}

// ------------------------------------------------------------- abandon in the dead-letter queue

/// The delivery count the dead-letter receiver reads both times (as the JavaScript SDK's live
/// test does), and the one the abandon leaves.
fn abandoned_in_the_dlq(doc: Value, dlq: &str) -> (Value, Value, Value) {
    let tr = run(&doc);
    let first = received(&tr, 3);
    let again = received(&tr, 5);
    let abandoned = events(&tr, "abandoned");
    assert_eq!(abandoned.len(), 1, "{dlq}");
    (
        first[0]["delivery_count"].clone(),
        again[0]["delivery_count"].clone(),
        abandoned[0]["delivery_count"].clone(),
    )
}

/// Send m1, receive it, dead-letter it; a dead-letter receiver takes it, abandons it and
/// takes it again. `route` adds the keys that address a subscription (none for a queue).
fn dlq_script(route: Option<(&str, &str)>) -> Value {
    let mut script = json!([
        {"at_ms": 0, "do": "send", "by": "S", "id": "m1"},
        {"at_ms": 0, "do": "receive", "by": "R"},
        {"at_ms": 0, "do": "dead_letter", "by": "R", "msg": "m1", "reason": "Bad"},
        {"at_ms": 1, "do": "receive", "by": "D", "from": "dead_letter"},
        {"at_ms": 2, "do": "abandon", "by": "D", "msg": "m1"},
        {"at_ms": 3, "do": "receive", "by": "D", "from": "dead_letter"}
    ]);
    if let Some((topic, sub)) = route {
        script[0]["to"] = json!(topic);
        script[1]["from"] = json!(sub);
        script[3]["from"] = json!(format!("{sub}/$deadletterqueue"));
        script[5]["from"] = json!(format!("{sub}/$deadletterqueue"));
    }
    script
}

#[test]
fn an_abandon_in_the_dead_letter_queue_does_not_raise_the_delivery_count() {
    let on_queue = queue(json!({"max_delivery_count": 1}), dlq_script(None));
    let on_subscription = topic(
        json!({"s": {"max_delivery_count": 1}}),
        dlq_script(Some(("orders", "orders/subscriptions/s"))),
    );
    for (doc, name) in [(on_queue, "queue"), (on_subscription, "subscription")] {
        // Received as delivery 1, abandoned with the count unchanged, received again as
        // delivery 1 (Settle showed 2 before format v1.2). MaxDeliveryCount 1 does not apply.
        assert_eq!(
            abandoned_in_the_dlq(doc, name),
            (json!(1), json!(1), json!(0)),
            "{name}"
        );
    }
}
