//! Unit tests of the SDK export: each operation mapped to the SDK call expected, in Python
//! (`azure-servicebus` 7.x, asyncio) and TypeScript (`@azure/service-bus` 7.x); the predictions
//! written beside them; the queue's creation; what the SDKs cannot express.

use super::{
    Lang, PYTHON_SDK_VERSION, TYPESCRIPT_SDK_VERSION, export, plan, python, str_lit, typescript,
};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use settle_scenario::{Scenario, parse};

fn sc(queue: &str, script: &str) -> Scenario {
    parse(&format!(
        r#"{{"settle":1,"queue":{{{queue}}},"script":[{script}]}}"#
    ))
    .expect("a valid scenario")
}

/// The statements and notes generated for step `i`, Python then TypeScript.
struct Code {
    py: String,
    ts: String,
    py_notes: Vec<String>,
    ts_notes: Vec<String>,
}

fn code(sc: &Scenario, i: usize) -> Code {
    let p = plan(sc).unwrap();
    let (py, py_notes) = python::op_code(&p, &p.steps[i]);
    let (ts, ts_notes) = typescript::op_code(&p, &p.steps[i]);
    Code {
        py: py.join("\n"),
        ts: ts.join("\n"),
        py_notes,
        ts_notes,
    }
}

fn has(text: &str, want: &str) {
    assert!(text.contains(want), "expected {want:?} in:\n{text}");
}

const SEND: &str = r#"{"at_ms":0,"do":"send","by":"S1","id":"m1","body":"hi"}"#;
const RECEIVE: &str = r#"{"at_ms":1000,"do":"receive","by":"R1"}"#;

fn received_then(step: &str) -> Scenario {
    sc("", &format!("{SEND},{RECEIVE},{step}"))
}

#[test]
fn send_is_send_messages_with_the_message_properties() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"send","by":"S1","id":"m1","body":"hi","ttl_ms":5000,"session_id":"a","properties":{"k":1,"b":true,"s":"x"}}"#,
    );
    let c = code(&s, 0);
    has(
        &c.py,
        r#"await client("S1").get_sender().send_messages(ServiceBusMessage("hi", message_id="m1", session_id="a", application_properties={"b": True, "k": 1, "s": "x"}, time_to_live=timedelta(milliseconds=5000)))"#,
    );
    has(
        &c.ts,
        r#"await client("S1").getSender().sendMessages({ body: "hi", messageId: "m1", sessionId: "a", applicationProperties: { "b": true, "k": 1, "s": "x" }, timeToLive: 5000 });"#,
    );
    assert!(c.py_notes.is_empty() && c.ts_notes.is_empty());
}

#[test]
fn a_presettled_send_is_a_normal_send_and_says_so() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"send","by":"S1","id":"m1","presettled":true}"#,
    );
    let c = code(&s, 0);
    has(&c.py, "send_messages(");
    has(&c.ts, "sendMessages(");
    has(&c.py_notes.join(" "), "cannot send presettled");
    has(&c.ts_notes.join(" "), "cannot send presettled");
}

#[test]
fn a_size_the_body_does_not_have_is_a_note() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"send","by":"S1","id":"m1","body":"x","size_bytes":300000}"#,
    );
    let c = code(&s, 0);
    has(&c.py_notes.join(" "), "300000 bytes");
    has(&c.ts_notes.join(" "), "300000 bytes");
}

#[test]
fn schedule_is_schedule_messages_at_the_time_from_the_start() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"schedule","by":"S1","id":"m1","scheduled_enqueue_ms":9000}"#,
    );
    let c = code(&s, 0);
    has(
        &c.py,
        r#"seqs = await client("S1").get_sender().schedule_messages(ServiceBusMessage("", message_id="m1"), Clock.start_utc + timedelta(milliseconds=9000))"#,
    );
    has(&c.py, "SCHEDULED[0] = seqs[0]");
    has(
        &c.ts,
        r#"const seqs = await client("S1").getSender().scheduleMessages({ body: "", messageId: "m1" }, since(9000));"#,
    );
    has(&c.ts, "SCHEDULED.set(0, seqs[0]);");
}

#[test]
fn cancel_scheduled_uses_the_number_the_schedule_step_got() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"schedule","by":"S1","id":"m1","scheduled_enqueue_ms":9000},
           {"at_ms":1000,"do":"cancel_scheduled","by":"S1","seq":1}"#,
    );
    let c = code(&s, 1);
    has(
        &c.py,
        r#"await client("S1").get_sender().cancel_scheduled_messages(SCHEDULED[0])"#,
    );
    has(
        &c.ts,
        r#"await client("S1").getSender().cancelScheduledMessages(scheduled(0));"#,
    );
    // A number no step scheduled: nothing is sent, and the program says why.
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"cancel_scheduled","by":"S1","seq":7}"#,
    );
    let c = code(&s, 0);
    assert!(!c.py.contains("cancel_scheduled_messages"));
    has(&c.py_notes.join(" "), "no-op");
    has(&c.ts_notes.join(" "), "no-op");
}

#[test]
fn receive_is_receive_messages_on_the_receiver_for_its_mode_and_sub_queue() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"receive","by":"R1","max":3,"mode":"receive_and_delete","from":"dead_letter"}"#,
    );
    let c = code(&s, 0);
    has(
        &c.py,
        r#"r = client("R1").receiver("receive_and_delete", "dead_letter")"#,
    );
    has(
        &c.py,
        "msgs = await r.receive_messages(max_message_count=3, max_wait_time=RECEIVE_WAIT_S)",
    );
    has(&c.py, r#"client("R1").remember(r, msgs)"#);
    has(
        &c.ts,
        r#"const r = client("R1").receiver("receive_and_delete", "dead_letter");"#,
    );
    has(
        &c.ts,
        "const msgs = await r.receiveMessages(3, { maxWaitTimeInMs: RECEIVE_WAIT_MS });",
    );
    // The default: the client's own mode, the queue itself.
    let c = code(&sc("", RECEIVE), 0);
    has(&c.py, r#"client("R1").receiver(None, "main")"#);
    has(&c.ts, r#"client("R1").receiver(undefined, "main")"#);
}

#[test]
fn receive_deferred_asks_by_the_real_sequence_number_of_that_message() {
    let s = received_then(
        r#"{"at_ms":2000,"do":"defer","by":"R1","msg":"m1"},
           {"at_ms":3000,"do":"receive_deferred","by":"R1","seqs":[1]}"#,
    );
    let c = code(&s, 3);
    has(
        &c.py,
        r#"msgs = list(await r.receive_deferred_messages([seq_of("m1")]))"#,
    );
    has(
        &c.ts,
        r#"const msgs = await r.receiveDeferredMessages([seqOf("m1")]);"#,
    );
}

#[test]
fn peek_is_peek_messages_from_the_real_sequence_number() {
    let s = sc(
        "",
        &format!(r#"{SEND},{{"at_ms":1000,"do":"peek","by":"R1","max":2,"from_seq":1}}"#),
    );
    let c = code(&s, 1);
    has(
        &c.py,
        r#"msgs = await r.peek_messages(max_message_count=2, sequence_number=seq_of("m1"))"#,
    );
    has(
        &c.ts,
        r#"const msgs = await r.peekMessages(2, { fromSequenceNumber: seqOf("m1") });"#,
    );
}

#[test]
fn complete_goes_through_the_receiver_that_received_the_message() {
    for target in [r#""msg":"m1""#, r#""seq":1"#] {
        let s = received_then(&format!(
            r#"{{"at_ms":2000,"do":"complete","by":"R1",{target}}}"#
        ));
        let c = code(&s, 2);
        has(&c.py, r#"r, m = client("R1").message("m1")"#);
        has(&c.py, "await r.complete_message(m)");
        has(&c.ts, r#"const [r, m] = client("R1").message("m1");"#);
        has(&c.ts, "await r.completeMessage(m);");
    }
}

#[test]
fn abandon_passes_properties_where_the_sdk_can() {
    let s = received_then(
        r#"{"at_ms":2000,"do":"abandon","by":"R1","msg":"m1","properties":{"why":"busy"}}"#,
    );
    let c = code(&s, 2);
    has(&c.py, "await r.abandon_message(m)");
    has(&c.py_notes.join(" "), "cannot modify properties");
    has(&c.ts, r#"await r.abandonMessage(m, { "why": "busy" });"#);
    assert!(c.ts_notes.is_empty());
}

#[test]
fn dead_letter_carries_reason_and_description() {
    let s = received_then(
        r#"{"at_ms":2000,"do":"dead_letter","by":"R1","msg":"m1","reason":"bad","description":"no customer"}"#,
    );
    let c = code(&s, 2);
    has(
        &c.py,
        r#"await r.dead_letter_message(m, reason="bad", error_description="no customer")"#,
    );
    has(
        &c.ts,
        r#"await r.deadLetterMessage(m, deadLetterOptions({ deadLetterReason: "bad", deadLetterErrorDescription: "no customer" }));"#,
    );
    let s = received_then(r#"{"at_ms":2000,"do":"dead_letter","by":"R1","msg":"m1"}"#);
    let c = code(&s, 2);
    has(&c.py, "await r.dead_letter_message(m)");
    has(&c.ts, "await r.deadLetterMessage(m);");
}

#[test]
fn defer_and_renew_lock_are_their_sdk_calls() {
    let s = received_then(
        r#"{"at_ms":2000,"do":"renew_lock","by":"R1","msg":"m1"},
           {"at_ms":3000,"do":"defer","by":"R1","msg":"m1"}"#,
    );
    let c = code(&s, 2);
    has(&c.py, "await r.renew_message_lock(m)");
    has(&c.ts, "await r.renewMessageLock(m);");
    let c = code(&s, 3);
    has(&c.py, "await r.defer_message(m)");
    has(&c.ts, "await r.deferMessage(m);");
}

#[test]
fn open_and_close_manage_the_clients_receivers() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"open","by":"R1","prefetch":5,"mode":"receive_and_delete"},
           {"at_ms":1000,"do":"close","by":"R1"}"#,
    );
    let c = code(&s, 0);
    has(
        &c.py,
        r#"await client("R1").open("receive_and_delete", "main", prefetch=5)"#,
    );
    has(
        &c.ts,
        r#"await client("R1").open("receive_and_delete", "main");"#,
    );
    // The JavaScript SDK has no prefetch: said, not dropped.
    has(&c.ts_notes.join(" "), "no prefetch");
    let c = code(&s, 1);
    has(&c.py, r#"await client("R1").close()"#);
    has(&c.ts, r#"await client("R1").close();"#);
}

#[test]
fn sessions_accept_renew_and_keep_state() {
    let s = sc(
        r#""requires_session":true"#,
        r#"{"at_ms":0,"do":"send","by":"S1","id":"m1","session_id":"a"},
           {"at_ms":1000,"do":"accept_session","by":"R1","session_id":"a"},
           {"at_ms":1000,"do":"accept_session","by":"R2"},
           {"at_ms":2000,"do":"renew_session_lock","by":"R1"},
           {"at_ms":2000,"do":"set_session_state","by":"R1","state":"step 2"},
           {"at_ms":2000,"do":"get_session_state","by":"R1"}"#,
    );
    let c = code(&s, 1);
    has(&c.py, r#"r = await client("R1").accept("a")"#);
    has(&c.ts, r#"const r = await client("R1").accept("a");"#);
    let c = code(&s, 2);
    has(&c.py, r#"r = await client("R2").accept(None)"#);
    has(&c.ts, r#"const r = await client("R2").accept(undefined);"#);
    let c = code(&s, 3);
    has(
        &c.py,
        r#"await client("R1").session_receiver().session.renew_lock()"#,
    );
    has(
        &c.ts,
        r#"await client("R1").sessionReceiver().renewSessionLock();"#,
    );
    let c = code(&s, 4);
    has(
        &c.py,
        r#"await client("R1").session_receiver().session.set_state("step 2")"#,
    );
    has(
        &c.ts,
        r#"await client("R1").sessionReceiver().setSessionState("step 2");"#,
    );
    let c = code(&s, 5);
    has(&c.py, ".session.get_state()");
    has(&c.ts, ".getSessionState()");
}

#[test]
fn disconnect_closes_the_connection_and_says_it_is_not_a_drop() {
    let s = sc("", r#"{"at_ms":0,"do":"disconnect","by":"R1"}"#);
    let c = code(&s, 0);
    has(&c.py, r#"await client("R1").disconnect()"#);
    has(&c.ts, r#"await client("R1").disconnect();"#);
    has(&c.py_notes.join(" "), "cannot drop a connection abruptly");
    has(&c.ts_notes.join(" "), "cannot drop a connection abruptly");
}

#[test]
fn update_queue_goes_through_the_administration_client() {
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"update_queue","by":"Admin","set":{"lock_duration_ms":10000,"max_delivery_count":5}}"#,
    );
    let c = code(&s, 0);
    has(
        &c.py,
        r#"await update_queue({"lock_duration": timedelta(milliseconds=10000), "max_delivery_count": 5})"#,
    );
    has(
        &c.ts,
        r#"await updateQueue({ lockDuration: "PT10S", maxDeliveryCount: 5 });"#,
    );
    // What Azure refuses to change on an existing queue is sent, so that its answer shows it.
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"update_queue","by":"Admin","set":{"requires_session":true,"duplicate_detection_window_ms":60000}}"#,
    );
    let c = code(&s, 0);
    has(
        &c.py,
        r#"await update_queue({"requires_duplicate_detection": True, "duplicate_detection_history_time_window": timedelta(milliseconds=60000), "requires_session": True})"#,
    );
    has(
        &c.ts,
        r#"await updateQueue({ requiresDuplicateDetection: true, duplicateDetectionHistoryTimeWindow: "PT60S", requiresSession: true });"#,
    );
    has(&c.py_notes.join(" "), "Azure refuses to switch sessions");
    assert_eq!(
        super::expected(&plan(&s).unwrap().steps[0]),
        "error InvalidOperation"
    );
    // The tier belongs to the namespace: the program refuses itself, as Settle does.
    let s = sc(
        "",
        r#"{"at_ms":0,"do":"update_queue","by":"Admin","set":{"tier":"premium"}}"#,
    );
    let c = code(&s, 0);
    has(&c.py, "raise ValueError(");
    has(&c.ts, "throw new Refused(");
    has(&c.ts_notes.join(" "), "belongs to the namespace");
}

#[test]
fn every_step_carries_settles_prediction_in_a_comment_and_in_the_check() {
    let s = sc(
        r#""lock_duration_ms":30000"#,
        &format!(r#"{SEND},{RECEIVE},{{"at_ms":40000,"do":"complete","by":"R1","msg":"m1"}}"#),
    );
    for lang in Lang::ALL {
        let text = export(&s, lang).unwrap();
        has(&text, "Settle: expect MessageLockLost");
        has(&text, "the lock expired 9 s ago");
        has(&text, r#""R1 complete m1", "error MessageLockLost", got"#);
        // A first delivery is DeliveryCount 0 in these SDKs (1 in .NET and in Settle's trace).
        has(&text, r#""1 message: m1 (DeliveryCount 0)""#);
    }
}

#[test]
fn a_second_settlement_by_the_same_client_is_refused_by_the_sdk_itself() {
    let s = received_then(
        r#"{"at_ms":2000,"do":"complete","by":"R1","msg":"m1"},
           {"at_ms":3000,"do":"complete","by":"R1","msg":"m1"}"#,
    );
    let p = plan(&s).unwrap();
    assert_eq!(super::expected(&p.steps[2]), "ok");
    // The broker would say MessageLockLost (Settle does); both SDKs refuse before asking.
    assert_eq!(super::expected(&p.steps[3]), "error InvalidOperation");
    for lang in Lang::ALL {
        let notes = super::prediction_notes(&p.steps[3], lang).join(" ");
        has(&notes, "expect MessageLockLost");
        has(&notes, "refuses itself");
    }
}

#[test]
fn the_queue_is_created_with_exactly_the_scenarios_properties() {
    let s = sc(
        r#""lock_duration_ms":30000,"max_delivery_count":3,"default_ttl_ms":600000,"dead_letter_on_expiration":true,"duplicate_detection_window_ms":60000,"requires_session":true,"max_size_bytes":2147483648"#,
        "",
    );
    let py = export(&s, Lang::Python).unwrap();
    for want in [
        "lock_duration=timedelta(milliseconds=30000)",
        "max_delivery_count=3",
        "default_message_time_to_live=timedelta(milliseconds=600000)",
        "dead_lettering_on_message_expiration=True",
        "requires_duplicate_detection=True",
        "duplicate_detection_history_time_window=timedelta(milliseconds=60000)",
        "requires_session=True",
        "max_size_in_megabytes=2048",
        "#   lock duration: 30000 ms",
    ] {
        has(&py, want);
    }
    let ts = export(&s, Lang::TypeScript).unwrap();
    for want in [
        r#"lockDuration: "PT30S""#,
        "maxDeliveryCount: 3",
        r#"defaultMessageTimeToLive: "PT600S""#,
        "deadLetteringOnMessageExpiration: true",
        "requiresDuplicateDetection: true",
        r#"duplicateDetectionHistoryTimeWindow: "PT60S""#,
        "requiresSession: true",
        "maxSizeInMegabytes: 2048",
        "//   lock duration: 30000 ms",
    ] {
        has(&ts, want);
    }
    // A quota Azure cannot have is said, not silently rounded.
    let s = sc(r#""max_size_bytes":5000"#, "");
    has(
        &export(&s, Lang::Python).unwrap(),
        "Settle's QuotaExceeded predictions will not happen",
    );
}

#[test]
fn actors_become_loops_whose_summary_is_checked_against_settles_run() {
    let text = settle_scenario::presets::preset("poison-message").unwrap();
    let s = parse(text).unwrap();
    let py = export(&s, Lang::Python).unwrap();
    has(&py, r#"receiver_actor("Handler", mode="peek_lock""#);
    has(&py, r#"poison=("POISON", "abandon", "")"#);
    has(
        &py,
        r#"check("actor Handler", "6 received, 3 completed, 3 abandoned, 0 deferred, 0 dead-lettered, 0 settlements failed", done[0])"#,
    );
    has(
        &py,
        r#""queue: (empty) | dead-letter queue: order-2 (MaxDeliveryCountExceeded)""#,
    );
    let ts = export(&s, Lang::TypeScript).unwrap();
    has(&ts, r#"receiverActor("Handler", { mode: "peek_lock""#);
    has(
        &ts,
        r#"check("actor Handler", "6 received, 3 completed, 3 abandoned, 0 deferred, 0 dead-lettered, 0 settlements failed", done[0]);"#,
    );
}

#[test]
fn string_literals_are_ascii_and_escaped_for_each_language() {
    let s = "a\"b\\c\nd\u{e9}\u{1F600}";
    assert_eq!(str_lit(s, Lang::Python), r#""a\"b\\c\nd\u00e9\U0001f600""#);
    assert_eq!(
        str_lit(s, Lang::TypeScript),
        r#""a\"b\\c\nd\u00e9\u{1f600}""#
    );
    // A hostile title cannot end the header comment.
    let s = parse(r#"{"settle":1,"title":"x\nimport os; os.system('rm -rf /')"}"#).unwrap();
    let py = export(&s, Lang::Python).unwrap();
    has(&py, "# x import os; os.system('rm -rf /')");
    assert!(!py.contains("\nimport os; os.system"));
}

#[test]
fn the_install_lines_name_the_pinned_sdk_versions() {
    let versions = include_str!("../../../scripts/versions.sh");
    has(
        versions,
        &format!("azure-servicebus=={PYTHON_SDK_VERSION} "),
    );
    let package = include_str!("../../../tests/e2e/package.json");
    has(
        package,
        &format!(r#""@azure/service-bus": "{TYPESCRIPT_SDK_VERSION}""#),
    );
    let s = sc("", "");
    has(
        &export(&s, Lang::Python).unwrap(),
        &format!("pip install azure-servicebus=={PYTHON_SDK_VERSION}"),
    );
    has(
        &export(&s, Lang::TypeScript).unwrap(),
        &format!("npm install @azure/service-bus@{TYPESCRIPT_SDK_VERSION}"),
    );
}

#[test]
fn languages_parse_by_name() {
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.name()), Some(lang));
        assert_eq!(Lang::parse(lang.extension()), Some(lang));
    }
    assert_eq!(Lang::parse("rust"), None);
}

// ---------------------------------------------------------------- several entities

#[cfg(feature = "entities")]
mod entities {
    use super::has;
    use crate::sdk::{Lang, export};
    use alloc::string::String;
    use settle_scenario::parse;

    const DOC: &str = r#"{"settle":1,"title":"Orders",
      "entities":{"orders":{"type":"topic","duplicate_detection_window_ms":60000,"subscriptions":{
          "audit":{},
          "billing":{"max_delivery_count":3,"rules":{"eu":{"filter":{"correlation":{"properties":{"region":"eu"},"subject":"order"}}},
                                                     "big":{"filter":{"sql":"total > 100"},"action":"SET big = 1"}}},
          "jobs":{"requires_session":true}}},
        "replies":{"type":"queue","lock_duration_ms":30000}},
      "script":[
        {"at_ms":0,"do":"send","by":"S","to":"orders","id":"o1","properties":{"region":"eu"},"reply_to":"replies","correlation_id":"c-1","subject":"order"},
        {"at_ms":100,"do":"receive","by":"B","from":"orders/subscriptions/billing"},
        {"at_ms":200,"do":"complete","by":"B","msg":"o1"},
        {"at_ms":300,"do":"send","by":"B","to":"replies","id":"r1","correlation_id":"o1"},
        {"at_ms":400,"do":"add_rule","by":"Ops","entity":"orders/subscriptions/audit","rule":"none","filter":{"false":{}}},
        {"at_ms":500,"do":"remove_rule","by":"Ops","entity":"orders/subscriptions/audit","rule":"$Default"},
        {"at_ms":600,"do":"update_entity","by":"Ops","entity":"orders/subscriptions/audit","set":{"max_delivery_count":4}},
        {"at_ms":700,"do":"receive","by":"C","from":"replies/$deadletterqueue"}],
      "actors":[{"kind":"receiver","name":"W","from":"orders/subscriptions/jobs","sessions":{"max_concurrent":2,"idle_ms":500}}]}"#;

    fn both() -> (String, String) {
        let sc = parse(DOC).unwrap();
        (
            export(&sc, Lang::Python).unwrap(),
            export(&sc, Lang::TypeScript).unwrap(),
        )
    }

    #[test]
    fn sends_name_their_queue_or_topic_and_carry_the_new_keys() {
        let (py, ts) = both();
        has(
            &py,
            r#"await eclient("S").sender_for("orders").send_messages(ServiceBusMessage("", message_id="o1", application_properties={"region": "eu"}, correlation_id="c-1", reply_to="replies", subject="order"))"#,
        );
        has(
            &py,
            r#"await eclient("B").sender_for("replies").send_messages(ServiceBusMessage("", message_id="r1", correlation_id="o1"))"#,
        );
        has(
            &ts,
            r#"await eclient("S").senderFor("orders").sendMessages({ body: "", messageId: "o1", applicationProperties: { "region": "eu" }, correlationId: "c-1", replyTo: "replies", subject: "order" });"#,
        );
        has(
            &py,
            "self.sb.get_topic_sender(real) if entity in TOPICS else self.sb.get_queue_sender(real)",
        );
        has(
            &ts,
            "s = this.sb.createSender(entityName(entity)); // a queue or a topic",
        );
    }

    #[test]
    fn each_client_receives_from_its_queue_or_subscription() {
        let (py, ts) = both();
        for (name, to, from) in [
            ("B", "replies", "orders/subscriptions/billing"),
            ("C", "", "replies"),
            ("Ops", "", ""),
            ("S", "orders", ""),
            ("W", "", "orders/subscriptions/jobs"),
        ] {
            has(
                &py,
                &alloc::format!(r#"CLIENTS["{name}"] = EntityClient("{name}", "{to}", "{from}")"#),
            );
            has(
                &ts,
                &alloc::format!(
                    r#"CLIENTS.set("{name}", new EntityClient("{name}", "{to}", "{from}"));"#
                ),
            );
        }
        has(
            &py,
            "return self.sb.get_subscription_receiver(\n            name,\n            subscription,\n            receive_mode=receive_mode,\n            sub_queue=sub_queue,",
        );
        has(&ts, "this.sb.createReceiver(name, subscription, options)");
        has(&py, r#"r = client("C").receiver(None, "dead_letter")"#);
        has(
            &py,
            "if not CONNECTION_STRING:\n    sys.exit(\"set SERVICEBUS_CONNECTION_STRING\")",
        );
        has(
            &py,
            r#"PREFIX = os.environ.get("SETTLE_ENTITY_PREFIX", "")"#,
        );
        assert!(
            !py.contains("SERVICEBUS_QUEUE"),
            "no single queue with entities"
        );
        assert!(
            !ts.contains("SERVICEBUS_QUEUE"),
            "no single queue with entities"
        );
    }

    #[test]
    fn entities_are_created_with_their_properties_and_rules() {
        let (py, ts) = both();
        has(
            &py,
            "await admin.create_topic(\n            entity_name(\"orders\"),\n            requires_duplicate_detection=True,\n            duplicate_detection_history_time_window=timedelta(milliseconds=60000),",
        );
        has(
            &py,
            "await admin.create_subscription(\n            entity_name(\"orders\"),\n            \"billing\",\n            lock_duration=timedelta(milliseconds=60000),\n            max_delivery_count=3,",
        );
        has(
            &py,
            r#"await admin.delete_rule(entity_name("orders"), "billing", "$Default")"#,
        );
        has(
            &py,
            r#"await admin.create_rule(entity_name("orders"), "billing", "big", filter=SqlRuleFilter("total > 100"), action=SqlRuleAction("SET big = 1"))"#,
        );
        has(
            &py,
            r#"await admin.create_rule(entity_name("orders"), "billing", "eu", filter=CorrelationRuleFilter(label="order", properties={"region": "eu"}), action=None)"#,
        );
        has(
            &py,
            "\"jobs\",\n            lock_duration=timedelta(milliseconds=60000),\n            max_delivery_count=10,\n            dead_lettering_on_message_expiration=False,\n            dead_lettering_on_filter_evaluation_exceptions=True,\n            requires_session=True,",
        );
        has(
            &py,
            "await admin.create_queue(\n            entity_name(\"replies\"),\n            lock_duration=timedelta(milliseconds=30000),",
        );
        // audit keeps its default rule: no rule call for it.
        assert!(!py.contains(r#"delete_rule(entity_name("orders"), "audit""#));
        has(
            &ts,
            r#"await admin.createRule(entityName("orders"), "billing", "big", { sqlExpression: "total > 100" }, { sqlExpression: "SET big = 1" });"#,
        );
        has(
            &ts,
            r#"await admin.createRule(entityName("orders"), "billing", "eu", { subject: "order", applicationProperties: { "region": "eu" } });"#,
        );
        has(
            &ts,
            r#"await admin.createSubscription(entityName("orders"), "jobs", {"#,
        );
        has(&py, "python3 THIS_FILE.py [--create-entities]");
        has(
            &ts,
            "if (process.argv.slice(2).includes(\"--create-entities\")) {\n    await createEntities();",
        );
        has(&py, "#       rule eu: correlation filter");
        has(
            &py,
            "#       rule big: SQL filter total > 100, action SET big = 1",
        );
    }

    #[test]
    fn rule_and_entity_steps_go_through_the_administration_client() {
        let (py, ts) = both();
        has(
            &py,
            r#"await add_rule("orders/subscriptions/audit", "none", FalseRuleFilter(), None)"#,
        );
        has(
            &py,
            r#"await remove_rule("orders/subscriptions/audit", "$Default")"#,
        );
        has(
            &py,
            r#"await update_entity("orders/subscriptions/audit", {"max_delivery_count": 4})"#,
        );
        has(
            &ts,
            r#"await addRule("orders/subscriptions/audit", "none", { sqlExpression: "1=0" }, undefined);"#,
        );
        has(
            &ts,
            r#"await removeRule("orders/subscriptions/audit", "$Default");"#,
        );
        has(
            &ts,
            r#"await updateEntity("orders/subscriptions/audit", { maxDeliveryCount: 4 });"#,
        );
        // What Azure answers for a rule that exists, or none to remove, is named as Settle names it.
        has(
            &py,
            r#"(ResourceExistsError, "MessagingEntityAlreadyExists"),"#,
        );
        has(&ts, r#"return "MessagingEntityAlreadyExists";"#);
    }

    #[test]
    fn a_session_receiver_is_a_session_processor() {
        let (py, ts) = both();
        has(&py, r#"receiver_actor("W", mode="peek_lock", sub="main""#);
        has(&py, ", sessions=(2, 500))");
        has(&py, "r = c.session_link(None)");
        has(&ts, ", sessions: [2, 500] })");
        has(&ts, "r = await c.sessionLink(undefined);");
        has(
            &py,
            "Sessions: 2 session receiver(s), each accepting the next available session",
        );
        assert!(!py.contains("does not export session receivers"));
        // The subscription's session receiver: next available session on topic/subscription.
        has(
            &py,
            "return self.sb.get_subscription_receiver(\n            name, subscription, session_id=sid,",
        );
        has(
            &ts,
            "await this.sb.acceptNextSession(name, subscription, options)",
        );
    }

    #[test]
    fn the_end_check_peeks_every_queue_and_subscription() {
        let (py, ts) = both();
        // o1 has no session id: its copy in the session subscription jobs is dead-lettered at once.
        let want = "orders/subscriptions/audit: o1 | dead-letter queue: (empty); orders/subscriptions/billing: (empty) | dead-letter queue: (empty); orders/subscriptions/jobs: (not peeked: a session queue is peeked per session) | dead-letter queue: o1 (Session id is null.); replies: r1 | dead-letter queue: (empty)";
        has(
            &py,
            &alloc::format!(r#"check("end: what is left", "{want}", left)"#),
        );
        has(
            &ts,
            &alloc::format!(r#"check("end: what is left", "{want}", left);"#),
        );
        has(&py, "left = await entity_contents()");
        has(&ts, "left = await entityContents();");
    }
}
