//! Every problem the scenario format's reader reports is said in each language: one refused
//! document (or lesson, or comparison) for each message of `format.ftl`, told in English as
//! the error's display and in Chinese, Czech and Russian without the English words.

use settle_i18n::{Lang, Part};
use settle_scenario::FormatError;

/// How a case is read: a scenario's text, its bytes, its lesson shown, a comparison, or a
/// comparison shown.
#[derive(Clone, Copy)]
enum How {
    Doc,
    Bytes,
    Lesson,
    Compare,
    Shown,
    /// A comparison whose presets are broken documents.
    Broken,
}

fn refused(how: How, doc: &str) -> FormatError {
    tried(how, doc).expect_err(doc)
}

fn tried(how: How, doc: &str) -> Result<(), FormatError> {
    use settle_scenario::compare;
    match how {
        How::Doc => settle_scenario::parse(doc).map(|_| ()),
        // `<ff>` stands for a byte that is in no UTF-8 character.
        How::Bytes => {
            let mut bytes = Vec::new();
            for (i, piece) in doc.split("<ff>").enumerate() {
                if i > 0 {
                    bytes.push(0xff);
                }
                bytes.extend_from_slice(piece.as_bytes());
            }
            settle_scenario::parse_bytes(&bytes).map(|_| ())
        }
        How::Broken => compare::parse_with(doc, &|_| Some("{".into())).map(|_| ()),
        How::Lesson => {
            settle_scenario::lesson::show(&settle_scenario::parse(doc).expect(doc)).map(|_| ())
        }
        How::Compare => compare::parse(doc).map(|_| ()),
        How::Shown => compare::parse(doc).and_then(|c| c.show().map(|_| ())),
    }
}

/// A scenario with `actors` and `script` (JSON text) and more top-level keys.
fn sc(more: &str, actors: &str, script: &str) -> String {
    format!(r#"{{"settle": 1, {more} "actors": [{actors}], "script": [{script}]}}"#)
}

/// A scenario with one step.
fn step(s: &str) -> String {
    sc("", "", &format!(r#"{{"at_ms": 0, {s}}}"#))
}

/// A scenario with entities `e` and one step.
fn ent(e: &str, s: &str) -> String {
    sc(
        &format!(r#""entities": {{{e}}},"#),
        "",
        &format!(r#"{{"at_ms": 0, {s}}}"#),
    )
}

/// A scenario whose lesson is `lesson`.
fn lesson(lesson: &str) -> String {
    format!(
        r#"{{"settle": 1, "script": [{{"at_ms": 0, "do": "send", "by": "S", "id": "m1"}}], "lesson": {lesson}}}"#
    )
}

/// A document with two queues and a topic whose lesson's summary is `summary`.
fn entity_lesson(summary: &str) -> String {
    format!(
        r#"{{"settle": 1, "entities": {{"q": {{"type": "queue"}}, "r": {{"type": "queue"}}, "t": {{"type": "topic", "subscriptions": {{"s": {{}}}}}}}}, "script": [{{"at_ms": 0, "do": "send", "by": "S", "to": "q", "id": "m1"}}], "lesson": {{"summary": ["{summary}"]}}}}"#
    )
}

/// A comparison of two presets with `more` keys.
fn cmp(variants: &str, more: &str) -> String {
    format!(r#"{{"settle": 1, "compare": {{"title": "t", "variants": {variants} {more}}}}}"#)
}

const TWO: &str =
    r#"[{"label": "a", "preset": "peek-lock"}, {"label": "b", "preset": "lock-expiry"}]"#;

fn cases() -> Vec<(How, String)> {
    use How::{Broken, Bytes, Compare, Doc, Lesson, Shown};
    let topic = r#""t": {"type": "topic", "subscriptions": {"s": {}}}, "q": {"type": "queue"}"#;
    let big = |n: usize| "x".repeat(n);
    let many = |n: usize, item: &str| vec![item; n].join(",");
    let mut v: Vec<(How, String)> = Vec::from([
        // Shared by every part.
        (
            Doc,
            r#"{"settle": 1, "queue": {"lock_duration_ms": 10}}"#.into(),
        ),
        (
            Doc,
            r#"{"settle": 1, "queue": {"lock_duration_ms": "10"}}"#.into(),
        ),
        (
            Doc,
            r#"{"settle": 1, "queue": {"lock_duraton_ms": 10}}"#.into(),
        ),
        (Doc, r#"{"settle": 1, "zzz": 1}"#.into()),
        (
            Doc,
            step(r#""do": "send", "by": "S1", "id": "m", "at_ms": -1"#),
        ),
        (
            Doc,
            r#"{"settle": 1, "script": [{"do": "send", "by": "S1"}]}"#.into(),
        ),
        (
            Doc,
            r#"{"settle": 1, "title": "a", "run_until_ms": 999999999999999}"#.into(),
        ),
        (Doc, "{ not json".into()),
        // serde_json's problems, each in words.
        (Doc, r#"{"settle": 1,}"#.into()),
        (Doc, r#"{"settle" 1}"#.into()),
        (Doc, r#"{"a": [1 2]}"#.into()),
        (Doc, r#"{"a": 1 "b": 2}"#.into()),
        (Doc, r#"{"a": "x"#.into()),
        (Doc, r#"{"a": [1"#.into()),
        (Doc, r#"{"a": 1"#.into()),
        (Doc, r#"{"a": "#.into()),
        (Doc, r#"{"a": tru}"#.into()),
        (Doc, r#"{"a": ]}"#.into()),
        (Doc, r#"{"a": -x}"#.into()),
        (Doc, r#"{"a": 1e400}"#.into()),
        (Doc, r#"{"a": "\q"}"#.into()),
        (Doc, r#"{"a": "\u12"}"#.into()),
        (Doc, r#"{"a": "\ud800\u0041"}"#.into()),
        (Doc, "{\"a\": \"\u{1}\"}".into()),
        (Doc, r#"{1: 2}"#.into()),
        (Doc, r#"{} x"#.into()),
        (Doc, "[".repeat(200)),
        // The document.
        (Bytes, big(16 * 1024 * 1024 + 1)),
        (Bytes, "\u{feff}{}".into()),
        (Bytes, "{\"settle\": <ff>}".into()),
        (Doc, r#"{"settle": 1, "title": "a", "title": "b"}"#.into()),
        (Doc, r#"{"settle": 2}"#.into()),
        (
            Doc,
            r#"{"settle": 1, "queue": {}, "entities": {"q": {"type": "queue"}}}"#.into(),
        ),
        (
            Doc,
            sc(
                "",
                "",
                &many(
                    100_001,
                    r#"{"at_ms": 0, "do": "send", "by": "S", "id": "m"}"#,
                ),
            ),
        ),
        (
            Doc,
            sc(
                "",
                "",
                r#"{"at_ms": 5, "do": "send", "by": "S", "id": "a"}, {"at_ms": 1, "do": "send", "by": "S", "id": "b"}"#,
            ),
        ),
        (
            Doc,
            sc(
                r#""run_until_ms": 1,"#,
                "",
                r#"{"at_ms": 5, "do": "send", "by": "S", "id": "a"}"#,
            ),
        ),
        (
            Doc,
            sc("", &many(1001, r#"{"kind": "sender", "name": "S"}"#), ""),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "sessions": true}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "sender", "name": "S", "count": 1000001}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "sender", "name": "S"}, {"kind": "sender", "name": "S"}"#,
                "",
            ),
        ),
        // A queue's settings.
        (
            Doc,
            r#"{"settle": 1, "queue": {"default_ttl_ms": 1}}"#.into(),
        ),
        (Doc, r#"{"settle": 1, "queue": {"tier": "gold"}}"#.into()),
        (
            Doc,
            r#"{"settle": 1, "queue": {"tier": "basic", "requires_session": true}}"#.into(),
        ),
        (
            Doc,
            r#"{"settle": 1, "queue": {"tier": "basic", "duplicate_detection_window_ms": 60000}}"#
                .into(),
        ),
        (
            Doc,
            r#"{"settle": 1, "queue": {"max_size_bytes": 0}}"#.into(),
        ),
        (
            Doc,
            r#"{"settle": 1, "queue": {"auto_delete_on_idle_ms": 1}}"#.into(),
        ),
        (
            Doc,
            r#"{"settle": 1, "queue": {"duplicate_detection_window_ms": 1}}"#.into(),
        ),
        // Actors.
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "fail_rate": 2}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "then": "keep"}"#,
                "",
            ),
        ),
        (Doc, sc("", r#"{"kind": "receiver", "name": ""}"#, "")),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "sender", "name": "S", "mode": "throttled"}"#,
                "",
            ),
        ),
        (
            Doc,
            sc("", r#"{"kind": "sender", "name": "S", "mode": "fast"}"#, ""),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "sender", "name": "S", "max_in_flight": 4}"#,
                "",
            ),
        ),
        (
            Doc,
            r#"{"settle": 1, "title": "a", "run_until_ms": 1e30}"#.into(),
        ),
        (
            Doc,
            sc(
                "",
                &format!(
                    r#"{{"kind": "sender", "name": "S", "session_ids": [{}]}}"#,
                    many(10_001, r#""a""#)
                ),
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "sender", "name": "S", "session_ids": [""]}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                &format!(
                    r#"{{"kind": "sender", "name": "S", "body": "{}"}}"#,
                    big(1024 * 1024 + 1)
                ),
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "processing_ms": [5, 1]}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "poison": {"body_contains": ""}}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "sessions": true, "prefetch": 5}"#,
                "",
            ),
        ),
        (Doc, sc("", r#"{"kind": "robot", "name": "R"}"#, "")),
        // Steps.
        (Doc, step(r#""do": "receive", "by": "R", "mode": "fast""#)),
        (
            Doc,
            step(r#""do": "complete", "by": "R", "msg": "m", "seq": 1"#),
        ),
        (Doc, step(r#""do": "complete", "by": "R""#)),
        (Doc, step(r#""do": "send", "by": "S", "id": """#)),
        (
            Doc,
            step(&format!(
                r#""do": "send", "by": "S", "id": "m", "body": "{}""#,
                big(1024 * 1024 + 1)
            )),
        ),
        (Doc, step(r#""do": "schedule", "by": "S", "id": "m""#)),
        (Doc, step(r#""do": "send", "by": "", "id": "m""#)),
        (
            Doc,
            step(&format!(
                r#""do": "receive_deferred", "by": "R", "seqs": [{}]"#,
                many(10_001, "1")
            )),
        ),
        (
            Doc,
            step(r#""do": "receive_deferred", "by": "R", "seqs": []"#),
        ),
        (
            Doc,
            ent(
                r#""q": {"type": "queue"}"#,
                r#""do": "update_queue", "by": "O", "lock_duration_ms": 10000"#,
            ),
        ),
        (Doc, step(r#""do": "sned", "by": "S""#)),
        (Doc, step(r#""do": "add_rule", "by": "O""#)),
        // Properties.
        (
            Doc,
            step(&format!(
                r#""do": "send", "by": "S", "id": "m", "properties": {{{}}}"#,
                (0..1001)
                    .map(|i| format!(r#""k{i}": 1"#))
                    .collect::<Vec<_>>()
                    .join(",")
            )),
        ),
        (
            Doc,
            step(&format!(
                r#""do": "send", "by": "S", "id": "m", "properties": {{"k": "{}"}}"#,
                big(33 * 1024)
            )),
        ),
        (
            Doc,
            step(&format!(
                r#""do": "send", "by": "S", "id": "m", "properties": {{"k": "{0}", "l": "{0}", "m": "{0}"}}"#,
                big(30 * 1024)
            )),
        ),
        (
            Doc,
            step(r#""do": "send", "by": "S", "id": "m", "properties": {"k": 1e400}"#),
        ),
        (
            Doc,
            step(r#""do": "send", "by": "S", "id": "m", "properties": {"k": [1]}"#),
        ),
        // Entities.
        (
            Doc,
            ent(
                r#""q": {"type": "queue", "zz": 1}"#,
                r#""do": "send", "by": "S", "to": "q", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                r#""a b": {"type": "queue"}"#,
                r#""do": "send", "by": "S", "to": "q", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                r#""main": {"type": "queue"}"#,
                r#""do": "send", "by": "S", "to": "q", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                r#""t": {"type": "topic", "subscriptions": {"a b": {}}}"#,
                r#""do": "send", "by": "S", "to": "t", "id": "m""#,
            ),
        ),
        (Doc, r#"{"settle": 1, "entities": {}}"#.into()),
        (
            Doc,
            ent(
                r#""q": {}"#,
                r#""do": "send", "by": "S", "to": "q", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                r#""t": {"type": "topic", "tier": "basic"}"#,
                r#""do": "send", "by": "S", "to": "t", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                r#""q": {"type": "stack"}"#,
                r#""do": "send", "by": "S", "to": "q", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "update_entity", "by": "O", "entity": "zz", "lock_duration_ms": 10000"#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "update_entity", "by": "O", "entity": "t", "tier": "basic""#,
            ),
        ),
        (
            Doc,
            ent(topic, r#""do": "send", "by": "S", "to": "zz", "id": "m""#),
        ),
        (Doc, ent(topic, r#""do": "send", "by": "S", "id": "m""#)),
        (
            Doc,
            ent(
                topic,
                r#""do": "send", "by": "S", "to": "t/subscriptions/s", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "receive", "by": "R", "from": "q", "sub_queue": "x""#,
            ),
        ),
        (Doc, ent(topic, r#""do": "receive", "by": "R""#)),
        (
            Doc,
            ent(topic, r#""do": "receive", "by": "R", "from": "main""#),
        ),
        (
            Doc,
            ent(topic, r#""do": "receive", "by": "R", "from": "t""#),
        ),
        (
            Doc,
            ent(topic, r#""do": "receive", "by": "R", "from": "zz""#),
        ),
        (
            Doc,
            step(r#""do": "update_entity", "by": "O", "entity": "q""#),
        ),
        (Doc, ent(topic, r#""do": "update_entity", "by": "O""#)),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "q", "rule": "r", "filter": {"true": {}}"#,
            ),
        ),
        (
            Doc,
            ent(topic, r#""do": "update_entity", "by": "O", "entity": "zz""#),
        ),
        // Rules.
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"correlation": {}}"#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {}"#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"true": {"a": 1}}"#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"sql": "a +"}"#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"maybe": {}}"#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"true": {}}, "action": "DO IT""#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"correlation": {"label": "x"}}, "action": "SET a = 1""#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"correlation": {"zz": "x"}}"#,
            ),
        ),
        (
            Doc,
            ent(
                r#""t": {"type": "topic", "subscriptions": {"s": {"rules": {"r": {}}}}}"#,
                r#""do": "send", "by": "S", "to": "t", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                r#""t": {"type": "topic", "subscriptions": {"s": {"rules": {"r": {"zz": 1, "filter": {"true": {}}}}}}}"#,
                r#""do": "send", "by": "S", "to": "t", "id": "m""#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "a b", "filter": {"true": {}}"#,
            ),
        ),
        (
            Doc,
            ent(
                r#""t": {"type": "topic", "subscriptions": {"s": {"rules": {"r": {"filter": {"true": {}}}, "R": {"filter": {"true": {}}}}}}}"#,
                r#""do": "send", "by": "S", "to": "t", "id": "m""#,
            ),
        ),
        // Lessons.
        (Doc, lesson(r#"{"notes": [{"at_ms": 0, "text": ""}]}"#)),
        (Doc, lesson(r#"{"notes": [{"on": {}, "text": "a"}]}"#)),
        (
            Doc,
            lesson(r#"{"notes": [{"on": {"event": "lunch"}, "text": "a"}]}"#),
        ),
        (
            Doc,
            lesson(r#"{"notes": [{"on": {"event": "sent", "nth": 0}, "text": "a"}]}"#),
        ),
        (Doc, lesson(r#"{"speed": 0, "notes": []}"#)),
        (
            Doc,
            lesson(r#"{"notes": [{"at_ms": 0, "on": {"event": "sent"}, "text": "a"}]}"#),
        ),
        (Doc, lesson(r#"{"notes": [{"text": "a"}]}"#)),
        (
            Doc,
            lesson(r#"{"notes": [{"at_ms": 0, "after_ms": 5, "text": "a"}]}"#),
        ),
        (
            Lesson,
            lesson(r#"{"notes": [{"on": {"event": "completed"}, "text": "a"}]}"#),
        ),
        (Lesson, lesson(r#"{"summary": ["{t:completed m1}"]}"#)),
        (Lesson, lesson(r#"{"summary": ["{rate:enqueued}"]}"#)),
        (Lesson, lesson(r#"{"summary": ["{delivery_count m1}"]}"#)),
        (
            Lesson,
            lesson(r#"{"summary": ["{locked_until_ms:enqueued m1}"]}"#),
        ),
        (Lesson, lesson(r#"{"summary": ["{elapsed Nobody}"]}"#)),
        (
            Lesson,
            lesson(r#"{"summary": ["{config:default_ttl_ms}"]}"#),
        ),
        (Lesson, entity_lesson("{config:lock_duration_ms}")),
        (Lesson, entity_lesson("{config:lock_duration_ms t}")),
        (Lesson, entity_lesson("{config:default_ttl_ms q}")),
        (Doc, lesson(r#"{"summary": ["{t:lunch m1}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{t:sent m1 #0}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{t:sent m1 m2}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{config:tier}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{final:main a b}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{elapsed}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{receivers x}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{nope}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{t:sent m1|hours}"]}"#)),
        (Doc, lesson(&format!(r#"{{"summary": ["{}"]}}"#, big(5000)))),
        (Doc, lesson(r#"{"summary": ["a } b"]}"#)),
        (Doc, lesson(r#"{"summary": ["a { b"]}"#)),
        (
            Doc,
            lesson(r#"{"summary": ["{config:lock_duration_ms zz}"]}"#),
        ),
        // Comparisons.
        (Compare, r#"{"settle": 1}"#.into()),
        (Compare, "{ no".into()),
        (Compare, r#"{"settle": 2, "compare": {}}"#.into()),
        (
            Compare,
            cmp(
                r#"[{"label": "a", "preset": "zz"}, {"label": "b", "preset": "lock-expiry"}]"#,
                "",
            ),
        ),
        (
            Compare,
            cmp(
                r#"[{"label": "a", "scenario": 5}, {"label": "b", "preset": "lock-expiry"}]"#,
                "",
            ),
        ),
        (
            Compare,
            cmp(
                TWO,
                r#", "expect": ["{a.final:main} > 1 + {b.final:main}"]"#,
            ),
        ),
        (Compare, cmp(TWO, r#", "expect": ["{a.final:main}"]"#)),
        (
            Compare,
            cmp(r#"[{"label": "a", "preset": "peek-lock"}]"#, ""),
        ),
        (
            Compare,
            cmp(
                r#"[{"preset": "peek-lock"}, {"label": "b", "preset": "lock-expiry"}]"#,
                "",
            ),
        ),
        (
            Compare,
            cmp(
                r#"[{"label": "a", "preset": "peek-lock", "scenario": {}}, {"label": "b", "preset": "lock-expiry"}]"#,
                "",
            ),
        ),
        (
            Compare,
            cmp(
                r#"[{"label": "a"}, {"label": "b", "preset": "lock-expiry"}]"#,
                "",
            ),
        ),
        (
            Compare,
            cmp(
                r#"[{"label": "a", "scenario": {"settle": 2}}, {"label": "b", "preset": "lock-expiry"}]"#,
                "",
            ),
        ),
        (Compare, cmp(TWO, r#", "difference": "{t:sent m1}""#)),
        (
            Shown,
            cmp(
                TWO,
                r#", "expect": ["{a.t:completed zz} > {b.t:completed zz}"]"#,
            ),
        ),
        // Reached with other documents.
        (
            Doc,
            sc(
                "",
                r#"{"kind": "sender", "name": "S", "count": 600000}, {"kind": "sender", "name": "T", "count": 600000}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "sessions": {}}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                r#""queue": {"requires_session": true},"#,
                r#"{"kind": "receiver", "name": "R", "sessions": {}, "prefetch": 5}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                &format!(
                    r#"{{"kind": "sender", "name": "S", "count": 100, "body": "{{n}}{}"}}"#,
                    big(1024 * 1000)
                ),
                "",
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "receive", "by": "R", "from": "q"}, {"at_ms": 1, "do": "receive", "by": "R", "from": "t/subscriptions/s""#,
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "sender", "name": "S", "reject_probability": 2}"#,
                "",
            ),
        ),
        (
            Doc,
            sc(
                "",
                r#"{"kind": "receiver", "name": "R", "outcome": "keep"}"#,
                "",
            ),
        ),
        (
            Doc,
            step(r#""do": "accept_session", "by": "R", "from": "elsewhere""#),
        ),
        (
            Doc,
            step(r#""do": "receive", "by": "R", "from": "elsewhere""#),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "accept_session", "by": "R", "from": "q/$deadletterqueue""#,
            ),
        ),
        (
            Doc,
            ent(
                topic,
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {"correlation": {"correlation_id": "x"}}, "action": "SET a = 1""#,
            ),
        ),
        (Doc, step(r#""do": "complete", "by": "R", "seq": 1.5"#)),
        (
            Doc,
            lesson(r#"{"notes": [{"on": {"event": "locked", "nth": 0}, "text": "a"}]}"#),
        ),
        (Doc, lesson(r#"{"summary": ["{t:locked m1 #0}"]}"#)),
        (Doc, lesson(r#"{"summary": ["{t:locked m1 m2}"]}"#)),
        (Broken, cmp(TWO, "")),
        (Compare, cmp(TWO, r#", "base": 5"#)),
        (
            Compare,
            cmp(
                TWO,
                r#", "difference": "d", "expect": ["{a.final:main} x > {b.final:main}"]"#,
            ),
        ),
        (
            Compare,
            cmp(TWO, r#", "difference": "d", "expect": ["{a.final:main}"]"#),
        ),
        (
            Shown,
            cmp(
                TWO,
                r#", "difference": "d", "expect": ["{a.t:completed zz} > {b.t:completed zz}"]"#,
            ),
        ),
    ]);
    // A filter's or an action's text outside the subset: each kind of problem, and of the
    // constructs refused and the things expected a few.
    let rule = |filter: &str, action: &str| {
        // No text here holds a quote or a backslash.
        let (filter, action) = (format!("\"{filter}\""), format!("\"{action}\""));
        ent(
            topic,
            &format!(
                r#""do": "add_rule", "by": "O", "entity": "t/subscriptions/s", "rule": "r", "filter": {{"sql": {filter}}}, "action": {action}"#
            ),
        )
    };
    for sql in [
        "a + 1 = 2",
        "a = 1 -- no",
        "a = @p",
        "[a] = 1",
        "a = 1e3",
        "a IN (b)",
        "a LIKE b",
        "a LIKE 'x' ESCAPE '!'",
        "f(a) = 1",
        "a = .5",
        "a = 1.",
        "EXISTS a",
        "a IS 1",
        "a",
        "a = 1 b",
        "(a = 1",
        "a = 1)",
        "a = 1 AND",
        "a IN ('x'",
        "a IN 'x'",
        "a = sys.",
        "a NOT b",
        "sys.Nope = 1",
        "x.a = 1",
        "a = 'open",
        "a = 1 ^ 2",
        "a = 99999999999999999999",
    ] {
        v.push((Doc, rule(sql, "SET a = 1")));
    }
    v.push((Doc, rule(&"a = 1 OR ".repeat(200), "SET a = 1")));
    v.push((Doc, rule(&format!("{}a = 1", "(".repeat(70)), "SET a = 1")));
    for action in [
        "SET sys.Label = 'x'",
        "SET a = b",
        "SET a = NULL",
        "SET a 1",
        "DROP a",
        "SET a = 1 SET",
    ] {
        v.push((Doc, rule("a = 1", action)));
    }
    v
}

/// Problems no document reaches today, made by hand as the reader makes them: each says why.
fn by_hand() -> Vec<FormatError> {
    let made =
        |path: &str, problem: &str, id: &'static str, args: &[(&'static str, &str)]| FormatError {
            path: path.into(),
            problem: problem.into(),
            said: Some(settle_scenario::Said {
                id,
                args: args.iter().map(|(k, v)| (*k, (*v).to_string())).collect(),
                within: None,
            }),
        };
    // What a lesson's run cannot answer, inside the placeholder that asked.
    let fact = |problem: &str, id: &'static str, args: &[(&'static str, &str)]| {
        let inner = made("", problem, id, args);
        FormatError {
            path: "$.lesson.summary[0]".into(),
            problem: format!("{{x}}: {problem}"),
            said: Some(settle_scenario::Said {
                id: "in-placeholder",
                args: vec![("src", "x".into()), ("error", problem.into())],
                within: Some(Box::new(inner)),
            }),
        }
    };
    Vec::from([
        // settle_core's own checks of a queue's settings, which the reader's come before
        // (`read::config_error` is tested with them in the scenario crate).
        made(
            "$.queue.default_ttl_ms",
            "1 is below the minimum 1000",
            "below-minimum",
            &[("n", "1"), ("min", "1000")],
        ),
        made(
            "$.queue.max_size_bytes",
            "must be at least 1",
            "at-least-one",
            &[],
        ),
        made(
            "$.queue.x",
            "a new problem",
            "config",
            &[("error", "a new problem")],
        ),
        // Only a build without the `entities` feature (the playground's) says it.
        made(
            "$.entities",
            settle_scenario::ONLY_RUN_HAS_ENTITIES,
            "entities-only-run",
            &[],
        ),
        // `update_entity` names an entity that `entity` has found already.
        made("$.script[0]", "no such entity", "no-such-entity", &[]),
        // A condition's side is one placeholder, checked when it is read.
        made(
            "$.compare.expect[0]",
            "no placeholder",
            "no-placeholder",
            &[],
        ),
        // Every JSON number is an i64 or an f64 in this build of serde_json.
        made(
            "$.script[0].properties.k",
            "number out of range",
            "property-number-range",
            &[],
        ),
        // A run always has its queue, its records their time and a final record each entity's
        // lists; a placeholder's entity and variant are checked when it is read.
        fact("the run has no queue", "fact-no-queue", &[]),
        fact(
            "no queue, topic or subscription named \"zz\"",
            "fact-no-entity",
            &[("name", "zz")],
        ),
        fact("the record has no time", "fact-no-time", &[]),
        fact(
            "\"q\" has no main list in the final record",
            "fact-no-final-list",
            &[("name", "q"), ("list", "main")],
        ),
        fact("no run to read it from", "fact-no-run", &[]),
    ])
}

/// The English problem's words that may stay in a translation: the format's keys, enum
/// spellings, ids, API and file-format names.
const KEPT: [&str; 74] = [
    // SQL's keywords, and the scopes of a property.
    "sys",
    "user",
    "SET",
    "REMOVE",
    "IN",
    "LIKE",
    "ESCAPE",
    "EXISTS",
    "NULL",
    "AND",
    "OR",
    "NOT",
    "IS",
    "null",
    "UTF",
    "FEFF",
    "JSON",
    "SQL",
    "OP",
    "min",
    "max",
    "at_ms",
    "size_bytes",
    "update_queue",
    "update_entity",
    "entities",
    "queue",
    "topic",
    "msg",
    "seq",
    "sessions",
    "max_in_flight",
    "mode",
    "scheduled_enqueue_ms",
    "sequential",
    "pipelined",
    "throttled",
    "fire_and_forget",
    "presettled",
    "complete",
    "abandon",
    "dead_letter",
    "defer",
    "sender",
    "receiver",
    "peek_lock",
    "receive_and_delete",
    "basic",
    "standard",
    "premium",
    "main",
    "settle",
    "presets",
    "true",
    "false",
    "sql",
    "correlation",
    "last",
    "raw",
    "compare",
    "scenario",
    "preset",
    "base",
    "label",
    "event",
    "subscriptions",
    "name",
    "run",
    "lesson",
    "render",
    "export",
    "on",
    "ms",
    "e.g",
];

/// Words of a language that are spelt as English ones are: Czech "entity" (of an entity,
/// entita) and "playground", the name the Czech page gives the playground.
const ALSO_THEIRS: [(Lang, &str); 2] = [(Lang::Cs, "entity"), (Lang::Cs, "playground")];

/// The words of `text` (runs of letters, digits, `_` and `.`, with a letter, of two
/// characters or more), less the words of `args`' values.
fn words(text: &str, args: &[(&str, String)]) -> Vec<String> {
    let split = |t: &str| -> Vec<String> {
        t.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .map(|w| w.trim_matches('.'))
            .filter(|w| w.len() > 1 && w.chars().any(|c| c.is_ascii_alphabetic()))
            .map(String::from)
            .collect()
    };
    let theirs: Vec<String> = args
        .iter()
        .flat_map(|(_, v)| split(v))
        .flat_map(|w| w.split('.').map(String::from).collect::<Vec<_>>())
        .collect();
    split(text)
        .into_iter()
        .filter(|w| {
            !w.split('.')
                .all(|p| p.len() < 2 || theirs.iter().any(|t| t == p))
        })
        .collect()
}

#[test]
fn every_problem_of_the_format_is_said_in_each_language() {
    let mut errors: Vec<FormatError> = cases()
        .into_iter()
        .map(|(how, doc)| refused(how, &doc))
        .collect();
    errors.extend(by_hand());
    let en = settle_i18n::whole(Lang::En);
    let others = [Lang::ZhHans, Lang::Cs, Lang::Ru].map(|l| (l, settle_i18n::whole(l)));
    let mut said_ids = std::collections::BTreeSet::new();
    let mut left = Vec::new();
    for e in &errors {
        let said = e
            .said
            .as_ref()
            .unwrap_or_else(|| panic!("{e}: not said in words"));
        // The document's words: every variable, but a problem within's English, whose own
        // variables count instead.
        let mut args: Vec<(&str, String)> = Vec::new();
        let mut inner = Some(e);
        while let Some(x) = inner {
            let s = x
                .said
                .as_ref()
                .unwrap_or_else(|| panic!("{x}: not said in words"));
            said_ids.insert(s.id);
            inner = s.within.as_deref();
            args.extend(
                s.args
                    .iter()
                    .filter(|(k, _)| !(inner.is_some() && *k == "error"))
                    .cloned(),
            );
        }
        assert_eq!(
            settle_i18n::format_error(&en, e),
            e.to_string(),
            "{}",
            said.id
        );
        let english = words(&e.problem, &args);
        for (lang, tr) in &others {
            let told = settle_i18n::format_error(tr, e);
            let problem = told
                .strip_prefix(&format!("{}: ", e.path))
                .unwrap_or_else(|| panic!("{lang}: {told}"));
            assert_ne!(problem, e.problem, "{lang}: {told}");
            assert!(!problem.contains("format-"), "{lang}: {told}");
            for w in words(problem, &args) {
                if english.contains(&w)
                    && !KEPT.contains(&w.as_str())
                    && !ALSO_THEIRS.contains(&(*lang, w.as_str()))
                {
                    left.push(format!("{lang}, {}: \"{w}\" is English: {told}", said.id));
                }
            }
        }
    }
    assert!(left.is_empty(), "{}", left.join("\n"));
    let messages: Vec<String> = settle_i18n::compiled::read(Part::Format.english())
        .unwrap()
        .into_iter()
        .filter_map(|m| m.id.strip_prefix("format-").map(str::to_owned))
        .collect();
    let unmet: Vec<&String> = messages
        .iter()
        .filter(|id| !said_ids.contains(id.as_str()))
        .collect();
    assert!(unmet.is_empty(), "no case says {unmet:?}");
    let unknown: Vec<&&str> = said_ids
        .iter()
        .filter(|id| !messages.iter().any(|m| m == **id))
        .collect();
    assert!(unknown.is_empty(), "not in en/format.ftl: {unknown:?}");
}

/// The two problems that end in the list of what exists (placeholders, ops) are said whole,
/// quoting at most 40 characters of the input, however long it is.
#[test]
fn the_longest_problems_are_said_whole() {
    let long = "x".repeat(500);
    for e in [
        refused(
            How::Doc,
            &lesson(&format!(r#"{{"summary": ["{{{long}}}"]}}"#)),
        ),
        refused(
            How::Doc,
            &format!(r#"{{"settle": 1, "script": [{{"at_ms": 0, "do": "{long}", "by": "a"}}]}}"#),
        ),
    ] {
        assert!(!e.problem.ends_with('…'), "{e}");
        assert!(e.problem.ends_with(')'), "{e}");
        assert!(e.problem.contains(&format!("{}…", "x".repeat(40))), "{e}");
        assert!(e.problem.chars().count() < 400, "{e}");
        for lang in [Lang::ZhHans, Lang::Cs, Lang::Ru] {
            let told = settle_i18n::format_error(&settle_i18n::whole(lang), &e);
            assert!(!told.ends_with('…'), "{told}");
        }
    }
}

/// A problem the reader cuts short (no error line is longer than `MAX_ERROR_CHARS`, however
/// long the input) is cut as short in each language.
#[test]
fn a_problem_cut_short_is_cut_as_short_in_each_language() {
    let max = settle_scenario::limits::MAX_ERROR_CHARS;
    let known = "k, ".repeat(max);
    let mut problem: String = format!("unknown placeholder {{nope}} (known: {known})")
        .chars()
        .take(max)
        .collect();
    problem.push('…');
    let e = FormatError {
        path: "$.lesson.summary[0]".into(),
        problem,
        said: Some(settle_scenario::Said {
            id: "unknown-placeholder",
            args: vec![("src", "nope".into()), ("known", known)],
            within: None,
        }),
    };
    assert_eq!(
        settle_i18n::format_error(&settle_i18n::whole(Lang::En), &e),
        e.to_string()
    );
    let ru = settle_i18n::format_error(&settle_i18n::whole(Lang::Ru), &e);
    assert!(
        ru.starts_with("$.lesson.summary[0]: неизвестный заполнитель {nope}"),
        "{ru}"
    );
    assert!(ru.ends_with('…'), "{ru}");
    let problem = ru.strip_prefix("$.lesson.summary[0]: ").unwrap();
    assert_eq!(problem.chars().count(), max + 1, "{ru}");
}

/// No problem of the scenario crate is English only: every `FormatError` it makes carries a
/// message (`read::err_said`), none is made without one.
#[test]
fn the_scenario_reader_says_every_problem_in_words() {
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenario/src"
    ))];
    let mut bare = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir)
            .expect("the scenario's sources")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for (i, line) in text.lines().enumerate() {
                let at = format!("{}:{}", path.display(), i + 1);
                if line.contains("said: None") {
                    bare.push(at.clone());
                }
                let mut rest = line;
                while let Some(j) = rest.find("err(") {
                    let before = rest[..j].chars().last();
                    if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                        bare.push(at.clone());
                    }
                    rest = &rest[j + 4..];
                }
            }
        }
    }
    assert!(bare.is_empty(), "a problem without its message: {bare:?}");
}

/// A program that compiles in no `format` part for English (the playground, the viewer) says
/// a refused document's problem as the error's display: the same words.
#[test]
fn without_the_format_part_english_is_the_errors_display() {
    let play = settle_i18n::Tr::english(&[Part::Play.english()]);
    for (how, doc) in cases() {
        let e = refused(how, &doc);
        assert_eq!(settle_i18n::format_error(&play, &e), e.to_string());
    }
}
