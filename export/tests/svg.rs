//! The SVG story (`settle render --svg`): every preset and example renders to well-formed,
//! self-contained XML under the size ceiling, deterministically, with the marks the story needs.

mod scenarios;

use scenarios::{all_scenarios, root};
use settle_export::svg::{MAX_BYTES, svg, svg_animated};
use settle_scenario::{Scenario, parse};

/// Parses as XML and checks it refers to nothing outside itself and runs no script.
fn check_xml(name: &str, text: &str) {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{name}: not XML: {e}"));
    let svg = doc.root_element();
    assert_eq!(svg.tag_name().name(), "svg", "{name}");
    for n in doc.descendants().filter(roxmltree::Node::is_element) {
        let tag = n.tag_name().name();
        assert!(
            !matches!(tag, "script" | "foreignObject" | "image" | "a" | "iframe"),
            "{name}: <{tag}>"
        );
        for a in n.attributes() {
            let v = a.value();
            assert!(
                !a.name().starts_with("on"),
                "{name}: event handler {}",
                a.name()
            );
            if a.name() == "href" {
                assert!(v.starts_with('#'), "{name}: external reference {v}");
            }
            assert!(!v.contains("url(http"), "{name}: external url {v}");
        }
    }
    assert!(!text.contains("@import"), "{name}");
    assert!(!text.contains("@font-face"), "{name}");
}

#[test]
fn every_preset_and_example_renders_well_formed_small_and_deterministic() {
    for (name, sc) in all_scenarios() {
        for (kind, made) in [("static", svg(&sc)), ("animated", svg_animated(&sc))] {
            let text = made.unwrap();
            check_xml(&format!("{name} ({kind})"), &text);
            assert!(
                text.len() <= MAX_BYTES,
                "{name} ({kind}): {} bytes",
                text.len()
            );
            let doc = roxmltree::Document::parse(&text).unwrap();
            let title = doc
                .descendants()
                .find(|n| n.has_tag_name("title"))
                .and_then(|n| n.text())
                .unwrap_or_default();
            assert_eq!(title, sc.title, "{name}");
        }
        assert_eq!(
            svg(&sc).unwrap(),
            svg(&sc).unwrap(),
            "{name}: not deterministic"
        );
    }
}

/// Elements of the picture itself (not its legend).
fn drawn<'a, 'i>(
    doc: &'a roxmltree::Document<'i>,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    doc.descendants().filter(|n| {
        !n.ancestors()
            .any(|a| a.attribute("class") == Some("legend"))
    })
}

fn texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

fn preset(name: &str) -> Scenario {
    parse(settle_scenario::presets::preset(name).unwrap()).unwrap()
}

#[test]
fn poison_message_draws_a_dead_letter_arrow_with_its_reason() {
    let text = svg(&preset("poison-message")).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let arrows: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("c c-dl"))
        .collect();
    assert_eq!(arrows.len(), 1, "one message is dead-lettered");
    assert_eq!(arrows[0].attribute("marker-end"), Some("url(#a-dl)"));
    assert!(
        texts(&doc)
            .iter()
            .any(|t| t == "order-2 · MaxDeliveryCountExceeded"),
        "the dead-lettered message carries its reason"
    );
    // Three deliveries, each abandoned.
    let abandons = drawn(&doc)
        .filter(|n| n.attribute("href") == Some("#i-ab"))
        .count();
    assert_eq!(abandons, 3);
}

/// Pixels per virtual millisecond, from the axis labels "0 s" and the next tick.
fn axis(doc: &roxmltree::Document<'_>) -> (f64, f64) {
    let ticks: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("text-anchor") == Some("middle"))
        .filter_map(|n| {
            let t = n.text()?.strip_suffix(" s")?.parse::<f64>().ok()?;
            Some((t * 1000.0, n.attribute("x")?.parse::<f64>().ok()?))
        })
        .collect();
    let (t0, x0) = ticks[0];
    let (t1, x1) = ticks[1];
    assert_eq!(t0, 0.0);
    (x0, (x1 - x0) / (t1 - t0))
}

#[test]
fn lock_expiry_marks_the_expiry_at_its_virtual_time() {
    let text = svg(&preset("lock-expiry")).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let (x0, per_ms) = axis(&doc);
    let expiries: Vec<f64> = drawn(&doc)
        .filter(|n| n.attribute("href") == Some("#i-ex"))
        .map(|n| n.attribute("x").unwrap().parse().unwrap())
        .collect();
    assert_eq!(expiries.len(), 1);
    // R1 received m1 at 1 s with a 30 s lock: it expired at 31 s.
    let want = x0 + 31_000.0 * per_ms;
    assert!(
        (expiries[0] - want).abs() < 0.6,
        "expiry drawn at x={} but 31 s is x={want}",
        expiries[0]
    );
    // The redelivery carries its delivery count, and the late Complete is refused.
    let t = texts(&doc);
    assert!(t.iter().any(|s| s.starts_with("m1 · DC 2")), "{t:?}");
    assert!(
        t.iter().any(|s| s == "complete m1 → MessageLockLost"),
        "{t:?}"
    );
}

#[test]
fn golden_lock_expiry_example() {
    let text = std::fs::read_to_string(root().join("examples/lock-expiry.json")).unwrap();
    let got = svg(&parse(&text).unwrap()).unwrap();
    let path = root().join("export/tests/golden/lock-expiry.svg");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert!(
        got == want,
        "the SVG of examples/lock-expiry.json changed; look at it, then UPDATE_GOLDEN=1 cargo test -p settle-export --test svg"
    );
}

#[test]
fn hostile_text_is_escaped() {
    let hostile = "<script>alert(1)</script> & \"q\" 'a' \u{1}\u{7}\u{1b}]]> \u{fffe}";
    let json = serde_json_text(hostile);
    let sc = parse(&json).unwrap();
    for text in [svg(&sc).unwrap(), svg_animated(&sc).unwrap()] {
        check_xml("hostile", &text);
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert!(doc.descendants().all(|n| !n.has_tag_name("script")));
        // The text survives as text: the title exactly, less what XML cannot carry.
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap();
        assert!(
            title.starts_with("<script>alert(1)</script> & \"q\" 'a' "),
            "{title}"
        );
        assert!(title.contains("\u{2401}\u{2407}\u{241b}]]>"), "{title}");
        assert!(title.ends_with('\u{fffd}'), "{title}");
        let all = texts(&doc).join("\n");
        assert!(
            all.contains("<script>alert(1)</script>"),
            "ids and reasons are drawn as text"
        );
    }
}

/// A scenario whose title, ids, bodies, client names and reasons are all `s`.
fn serde_json_text(s: &str) -> String {
    let q = |v: &str| {
        let mut o = String::from("\"");
        for c in v.chars() {
            match c {
                '"' => o.push_str("\\\""),
                '\\' => o.push_str("\\\\"),
                c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
                c => o.push(c),
            }
        }
        o.push('"');
        o
    };
    let s = q(s);
    format!(
        r#"{{"settle":1,"title":{s},"description":{s},"queue":{{"max_delivery_count":2}},"run_until_ms":5000,"script":[
        {{"at_ms":0,"do":"send","by":{s},"id":{s},"body":{s}}},
        {{"at_ms":0,"do":"send","by":{s},"id":"m2","body":{s}}},
        {{"at_ms":100,"do":"receive","by":"R","max":2}},
        {{"at_ms":200,"do":"dead_letter","by":"R","msg":{s},"reason":{s},"description":{s}}},
        {{"at_ms":300,"do":"complete","by":"R","msg":{s}}}
        ]}}"#
    )
}

#[test]
fn a_huge_run_is_drawn_in_part_under_the_ceiling_and_says_so() {
    let json = r#"{"settle":1,"title":"Flood","run_until_ms":600000,"script":[],
      "actors":[{"kind":"sender","name":"Flood","mode":"pipelined","count":120000,"interval_ms":1},
                {"kind":"receiver","name":"W","concurrency":50,"processing_ms":[10,30]}]}"#;
    let sc = parse(json).unwrap();
    let text = svg(&sc).unwrap();
    check_xml("flood", &text);
    assert!(text.len() <= MAX_BYTES, "{} bytes", text.len());
    let doc = roxmltree::Document::parse(&text).unwrap();
    let t = texts(&doc).join("\n");
    assert!(t.contains("too long to draw whole"), "{t}");
    assert!(t.contains("the band shows how many over time"), "{t}");
}

// ---------------------------------------------------------------- several entities

#[cfg(feature = "entities")]
mod entities {
    use super::{check_xml, drawn, root, texts};
    use settle_export::svg::{MAX_BYTES, svg, svg_animated};
    use settle_scenario::parse;

    fn example(name: &str) -> String {
        let path = root().join(format!("examples/entities/{name}.json"));
        let text = std::fs::read_to_string(path).unwrap();
        svg(&parse(&text).unwrap()).unwrap()
    }

    /// The bold lane titles, top to bottom.
    fn lane_titles(doc: &roxmltree::Document<'_>) -> Vec<String> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("b"))
            .filter(|n| n.attribute("x") == Some("16"))
            .map(|n| n.text().unwrap_or_default().to_string())
            .collect()
    }

    /// The connectors of one kind (`c-sn` sends and copies, `c-dl` dead-lettering) as
    /// (x, y from, y to).
    fn connectors(doc: &roxmltree::Document<'_>, kind: &str) -> Vec<(f64, f64, f64)> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(&format!("c {kind}")[..]))
            .map(|n| {
                let d = n.attribute("d").unwrap();
                let (m, v) = d[1..].split_once('V').unwrap();
                let (x, y) = m.split_once(' ').unwrap();
                (x.parse().unwrap(), y.parse().unwrap(), v.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn every_entity_example_renders_well_formed_small_and_deterministic() {
        for name in [
            "topic-fan-out",
            "poison-copy",
            "request-reply",
            "competing-consumers-subscription",
        ] {
            let path = root().join(format!("examples/entities/{name}.json"));
            let sc = parse(&std::fs::read_to_string(path).unwrap()).unwrap();
            for text in [svg(&sc).unwrap(), svg_animated(&sc).unwrap()] {
                check_xml(name, &text);
                assert!(text.len() <= MAX_BYTES, "{name}: {} bytes", text.len());
            }
            assert_eq!(svg(&sc).unwrap(), svg(&sc).unwrap(), "{name}");
        }
    }

    #[test]
    fn a_topic_and_its_subscriptions_get_lanes_and_the_copies_fan_out() {
        let text = example("topic-fan-out");
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert_eq!(
            lane_titles(&doc),
            [
                "S1",
                "Topic orders",
                "Subscription audit",
                "A1",
                "Dead-letter queue",
                "Subscription billing",
                "B1",
                "Dead-letter queue",
            ]
        );
        let t = texts(&doc);
        assert!(t.iter().any(|s| s == "2 published"), "{t:?}");
        assert!(t.iter().any(|s| s == "of orders · 2 messages"), "{t:?}");
        assert!(t.iter().any(|s| s == "of orders · 1 message"), "{t:?}");
        assert!(t.iter().any(|s| s == "×2 published"), "{t:?}");
        // Sends: S1 → topic (twice, at 0 s); copies: topic → audit (o1, o2), topic → billing
        // (o1's second copy, beside the first).
        let sends = connectors(&doc, "c-sn");
        assert_eq!(sends.len(), 5, "{sends:?}");
        let x0 = sends.iter().map(|c| c.0).fold(f64::MAX, f64::min);
        let beside: Vec<_> = sends.iter().filter(|c| c.0 == x0 + 4.0).collect();
        assert_eq!(
            beside.len(),
            1,
            "o1's second copy is drawn beside the first: {sends:?}"
        );
        // It reaches further down than the first copies: billing's lane is below audit's.
        let deepest = sends.iter().map(|c| c.2).fold(0.0, f64::max);
        assert_eq!(beside[0].2, deepest);
        assert_eq!(
            drawn(&doc)
                .filter(|n| n.attribute("href") == Some("#i-pb"))
                .count(),
            1,
            "one publish mark (two publications at one spot)"
        );
    }

    #[test]
    fn a_message_no_subscription_takes_is_drawn_dropped() {
        let doc = r#"{"settle": 1, "title": "Filtered out",
          "entities": {"orders": {"type": "topic", "subscriptions": {
            "eu": {"rules": {"eu": {"filter": {"correlation": {"properties": {"region": "eu"}}}}}},
            "big": {"rules": {"big": {"filter": {"sql": "total > 100"}}}}}}},
          "script": [
            {"at_ms": 0, "do": "send", "by": "S", "to": "orders", "id": "o1", "properties": {"region": "eu", "total": 500}},
            {"at_ms": 1000, "do": "send", "by": "S", "to": "orders", "id": "o2", "properties": {"region": "us", "total": 5}},
            {"at_ms": 2000, "do": "send", "by": "S", "to": "orders", "id": "o3", "properties": {"region": "eu", "total": 5}}
          ]}"#;
        let text = svg(&parse(doc).unwrap()).unwrap();
        check_xml("dropped", &text);
        let doc = roxmltree::Document::parse(&text).unwrap();
        let t = texts(&doc);
        assert!(t.iter().any(|s| s == "3 published, 1 dropped"), "{t:?}");
        assert!(
            t.iter().any(|s| s == "o2: no subscription, dropped"),
            "{t:?}"
        );
        assert!(t.iter().any(|s| s == "o1 → big, eu"), "{t:?}");
        assert!(t.iter().any(|s| s == "o3 → eu"), "{t:?}");
        assert!(
            t.iter()
                .any(|s| s == "o2 matched no subscription of orders: accepted, then dropped."),
            "{t:?}"
        );
        let dropped: Vec<_> = drawn(&doc)
            .filter(|n| n.attribute("href") == Some("#i-no"))
            .collect();
        assert_eq!(dropped.len(), 1);
        assert_eq!(dropped[0].attribute("class"), Some("k-ab"));
        // No copy of o2 goes anywhere: sends S → topic (3), copies of o1 (2) and o3 (1).
        assert_eq!(connectors(&doc, "c-sn").len(), 6);
        // The legend says what the mark means.
        assert!(
            t.iter().any(|s| s == "no subscription took it: dropped"),
            "{t:?}"
        );
    }

    #[test]
    fn a_reply_queue_is_drawn_beside_its_request_queue() {
        let text = example("request-reply");
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert_eq!(
            lane_titles(&doc),
            [
                "Queue requests",
                "Server",
                "Dead-letter queue",
                "Queue replies",
                "Client",
                "Dead-letter queue",
            ]
        );
        let t = texts(&doc);
        assert!(t.iter().any(|s| s == "req-1 · reply_to replies"), "{t:?}");
        assert!(
            t.iter().any(|s| s == "rep-1 · correlation_id req-1"),
            "{t:?}"
        );
        assert!(t.iter().any(|s| s == "of requests · empty"), "{t:?}");
    }

    #[test]
    fn a_poison_copy_is_dead_lettered_in_its_own_subscription() {
        let text = example("poison-copy");
        let doc = roxmltree::Document::parse(&text).unwrap();
        let t = texts(&doc);
        assert!(
            t.iter().any(|s| s == "of billing · 1 dead-lettered"),
            "{t:?}"
        );
        assert!(t.iter().any(|s| s == "of audit · empty"), "{t:?}");
        assert!(
            t.iter().any(|s| s.starts_with(
                "order-7 → dead-letter queue of billing, reason MaxDeliveryCountExceeded"
            )),
            "{t:?}"
        );
        // One dead-letter arrow, into the lowest lane (billing's dead-letter queue).
        let dl = connectors(&doc, "c-dl");
        assert_eq!(dl.len(), 1);
        // Three abandons (short lock spans end in a small dot of the abandon colour).
        let abandons = drawn(&doc)
            .filter(|n| n.attribute("class") == Some("k-ab"))
            .count();
        assert_eq!(abandons, 3);
    }

    #[test]
    fn docs_topic_fan_out_svg_is_the_rendered_example() {
        let got = example("topic-fan-out");
        let path = root().join("docs/topic-fan-out.svg");
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&path, &got).unwrap();
        }
        let want = std::fs::read_to_string(&path).unwrap();
        assert!(
            got == want,
            "docs/topic-fan-out.svg is not what `settle render examples/entities/topic-fan-out.json --svg` draws; look at it, then UPDATE_GOLDEN=1 cargo test --workspace --test svg"
        );
    }

    #[test]
    fn a_busy_topic_is_drawn_under_the_ceiling() {
        let json = r#"{"settle":1,"title":"Busy topic","run_until_ms":60000,
          "entities":{"orders":{"type":"topic","subscriptions":{"a":{},"b":{}}}},
          "actors":[{"kind":"sender","name":"S","to":"orders","mode":"pipelined","count":4000,"interval_ms":5},
                    {"kind":"receiver","name":"RA","from":"orders/subscriptions/a","concurrency":20,"processing_ms":[10,30]},
                    {"kind":"receiver","name":"RB","from":"orders/subscriptions/b","concurrency":20,"processing_ms":[10,30]}]}"#;
        let text = svg(&parse(json).unwrap()).unwrap();
        check_xml("busy topic", &text);
        assert!(text.len() <= MAX_BYTES, "{} bytes", text.len());
        let doc = roxmltree::Document::parse(&text).unwrap();
        let t = texts(&doc).join("\n");
        assert!(t.contains("4000 published"), "{t}");
        assert!(t.contains("the band shows how many over time"), "{t}");
    }
}
