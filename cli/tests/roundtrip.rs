//! What the playground records must replay exactly: every operation written as a script step
//! by `step_value` parses back to the same operation, and an exported scenario parses back to
//! the same scenario.

use proptest::prelude::*;
use settle_core::{
    Duration, Instant, LinkOptions, NewMessage, Op, PropValue, QueueConfig, QueuePatch,
    ReceiveMode, SubQueue, Target, Tier,
};
use settle_scenario::{parse, scenario_text, step_value};
use std::collections::BTreeMap;
use std::rc::Rc;

fn text() -> impl Strategy<Value = String> {
    "[a-z0-9 #\"\\\\é-]{1,12}"
}

fn props() -> impl Strategy<Value = settle_core::Properties> {
    proptest::collection::btree_map(
        "[a-z]{1,6}",
        prop_oneof![
            text().prop_map(|s| PropValue::Str(s.as_str().into())),
            any::<i64>().prop_map(PropValue::Int),
            (-1e6f64..1e6)
                .prop_filter("not whole", |f| f.fract() != 0.0)
                .prop_map(PropValue::Float),
            any::<bool>().prop_map(PropValue::Bool),
        ],
        0..3,
    )
    .prop_map(|m: BTreeMap<String, PropValue>| {
        Rc::new(m.into_iter().map(|(k, v)| (k.as_str().into(), v)).collect())
    })
}

fn message(scheduled: bool) -> impl Strategy<Value = NewMessage> {
    (
        text(),
        text(),
        proptest::option::of(0u64..5000),
        proptest::option::of(1u64..1_000_000),
        proptest::option::of(text()),
        props(),
        0u64..1_000_000,
    )
        .prop_map(
            move |(id, body, extra, ttl, sid, properties, at)| NewMessage {
                id: id.as_str().into(),
                size_bytes: body.len() as u64 + extra.unwrap_or(0),
                body: body.as_str().into(),
                ttl: ttl.map(Duration::from_millis),
                session_id: sid.map(|s| s.as_str().into()),
                properties,
                scheduled_enqueue: scheduled.then(|| Instant::from_millis(at)),
                meta: None,
            },
        )
}

fn target() -> impl Strategy<Value = Target> {
    prop_oneof![
        text().prop_map(|s| Target::Id(s.as_str().into())),
        any::<u64>().prop_map(Target::Seq)
    ]
}

fn mode() -> impl Strategy<Value = Option<ReceiveMode>> {
    proptest::option::of(prop_oneof![
        Just(ReceiveMode::PeekLock),
        Just(ReceiveMode::ReceiveAndDelete)
    ])
}

fn sub() -> impl Strategy<Value = SubQueue> {
    prop_oneof![Just(SubQueue::Main), Just(SubQueue::DeadLetter)]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (message(false), any::<bool>()).prop_map(|(msg, presettled)| Op::Send { msg, presettled }),
        message(true).prop_map(|msg| Op::Schedule { msg }),
        any::<u64>().prop_map(|seq| Op::CancelScheduled { seq }),
        (1u32..500, mode(), sub()).prop_map(|(max, mode, from)| Op::Receive { max, mode, from }),
        (proptest::collection::vec(any::<u64>(), 1..4), mode(), sub())
            .prop_map(|(seqs, mode, from)| Op::ReceiveDeferred { seqs, mode, from }),
        (1u32..500, proptest::option::of(any::<u64>()), sub()).prop_map(|(max, from_seq, from)| {
            Op::Peek {
                max,
                from_seq,
                from,
            }
        }),
        target().prop_map(|target| Op::Complete { target }),
        (target(), proptest::option::of(props()))
            .prop_map(|(target, properties)| Op::Abandon { target, properties }),
        (
            target(),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(props())
        )
            .prop_map(|(target, r, d, properties)| Op::DeadLetter {
                target,
                reason: r.map(|s| s.as_str().into()),
                description: d.map(|s| s.as_str().into()),
                properties,
            }),
        (target(), proptest::option::of(props()))
            .prop_map(|(target, properties)| Op::Defer { target, properties }),
        target().prop_map(|target| Op::RenewLock { target }),
        (0u32..100, mode(), sub()).prop_map(|(prefetch, mode, from)| Op::Open(LinkOptions {
            prefetch,
            mode: mode.unwrap_or_default(),
            from,
        })),
        Just(Op::Close),
        Just(Op::Disconnect),
        proptest::option::of(text()).prop_map(|s| Op::AcceptSession {
            session_id: s.map(|s| s.as_str().into())
        }),
        Just(Op::RenewSessionLock),
        proptest::option::of(text()).prop_map(|s| Op::SetSessionState {
            state: s.map(|s| s.as_str().into())
        }),
        Just(Op::GetSessionState),
        (
            proptest::option::of(5_000u64..=300_000),
            proptest::option::of(1u32..100),
            proptest::option::of(proptest::option::of(1_000u64..10_000_000)),
            proptest::option::of(any::<bool>()),
            proptest::option::of(prop_oneof![Just(Tier::Standard), Just(Tier::Premium)])
        )
            .prop_map(|(ld, mdc, ttl, dl, tier)| Op::UpdateQueue(QueuePatch {
                lock_duration: ld.map(Duration::from_millis),
                max_delivery_count: mdc,
                default_ttl: ttl.map(|t| t.map(Duration::from_millis)),
                dead_letter_on_expiration: dl,
                tier,
                ..QueuePatch::default()
            })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn every_op_round_trips_through_a_script_step(ops in proptest::collection::vec(op(), 1..6), at in 0u64..1_000_000) {
        let script: Vec<_> = ops.iter().enumerate().map(|(i, op)| step_value(at + i as u64, "client 1", op)).collect();
        let doc = scenario_text("t", "", 3, &QueueConfig::default(), at + 10, script, &serde_json::Value::Null);
        let sc = parse(&doc).map_err(|e| TestCaseError::fail(format!("{e}\n{doc}")))?;
        prop_assert_eq!(sc.script.len(), ops.len());
        for (step, op) in sc.script.iter().zip(&ops) {
            prop_assert_eq!(&step.op, op);
            prop_assert_eq!(&*step.by, "client 1");
        }
    }
}

#[test]
fn an_exported_scenario_parses_back_to_itself() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/tour.json"
    ))
    .unwrap();
    let sc = parse(&doc).unwrap();
    let again = parse(&sc.to_text_with(
        sc.script.iter().map(|s| s.raw.clone()).collect(),
        sc.run_until.as_millis(),
    ))
    .unwrap();
    assert_eq!(again.queue, sc.queue);
    assert_eq!(
        (
            again.seed,
            &again.title,
            &again.description,
            again.run_until
        ),
        (sc.seed, &sc.title, &sc.description, sc.run_until)
    );
    assert_eq!(
        again.script.iter().map(|s| &s.op).collect::<Vec<_>>(),
        sc.script.iter().map(|s| &s.op).collect::<Vec<_>>()
    );
}

/// An export made before the script's last step (the playground at 0 s) is still a valid
/// document with the whole script: `run_until_ms` does not end before the last step.
#[test]
fn an_early_export_keeps_the_script_and_stays_valid() {
    for (name, text) in settle_scenario::presets::PRESETS {
        let sc = parse(text).unwrap();
        let steps: Vec<_> = sc.script.iter().map(|s| s.raw.clone()).collect();
        let n = steps.len();
        let last = sc
            .script
            .iter()
            .map(|s| s.at.as_millis())
            .max()
            .unwrap_or(0);
        let again = parse(&sc.to_text_with(steps, 0))
            .unwrap_or_else(|e| panic!("{name}: the export at 0 s does not parse: {e}"));
        assert_eq!(again.script.len(), n, "{name}");
        assert_eq!(again.run_until.as_millis(), last, "{name}");
    }
}
