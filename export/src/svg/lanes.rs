//! The lanes: their display order (senders, then each place with its receivers and its
//! dead-letter queue), their heights stacked down the page, each lane's background, name and
//! counts, and the bars that group an entity's lanes.

use super::layout::{Detail, Frame, LaneLayout, Scale, W, layout_lane};
use super::model::{DLQ, QUEUE, Role};
use super::out::Out;
use super::story::Story;
use super::text::{fit, num};
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;
use settle_i18n::Arg;

/// Lanes in display order, and with entities each place's first and last position in it.
pub(super) fn lane_order(st: &Story) -> (Vec<usize>, Vec<(usize, usize, usize)>) {
    // Lanes in display order: senders, the queue, receivers and others, the dead-letter queue;
    // with entities, each entity's lane, its receivers and its dead-letter queue, in path order
    // (a topic then its subscriptions).
    let mut order: Vec<usize> = Vec::new();
    let clients: Vec<usize> = (0..st.lanes.len())
        .filter(|&i| st.lanes[i].role == Role::Client)
        .filter(|&i| !st.lanes[i].segs.is_empty() || !st.lanes[i].marks.is_empty())
        .collect();
    let sender_only = |i: &usize| !st.lanes[*i].is_receiver && st.lanes[*i].sends > 0;
    order.extend(clients.iter().copied().filter(sender_only));
    // With entities: each place's first and last position in `order`.
    let mut spans: Vec<(usize, usize, usize)> = Vec::new();
    if st.entities {
        for (p, place) in st.places.iter().enumerate() {
            let start = order.len();
            order.push(place.main);
            order.extend(
                clients
                    .iter()
                    .copied()
                    .filter(|&i| st.lanes[i].is_receiver && st.lanes[i].home == Some(p)),
            );
            order.extend(place.dlq);
            spans.push((p, start, order.len() - 1));
        }
        let rest: Vec<usize> = clients
            .iter()
            .copied()
            .filter(|i| !order.contains(i))
            .collect();
        order.extend(rest);
    } else {
        order.push(QUEUE);
        order.extend(clients.iter().copied().filter(|i| !sender_only(i)));
        order.push(DLQ);
    }
    (order, spans)
}

/// Each lane's layout, stacked down from `top`; and the bottom of the last.
pub(super) fn stack_lanes(
    st: &Story,
    order: &[usize],
    scale: &Scale,
    d: Detail,
    top: f64,
) -> (BTreeMap<usize, LaneLayout>, f64) {
    let mut layouts: BTreeMap<usize, LaneLayout> = BTreeMap::new();
    let mut ly = top;
    for &i in order {
        let mut l = layout_lane(&st.lanes[i], scale, d);
        l.y = ly;
        ly += l.h;
        layouts.insert(i, l);
    }
    (layouts, ly)
}

/// The room of a lane's name (px) in another language than English: what the English limit of
/// 22 characters gives, at 0.6 em a letter in 12 px.
pub(super) const TITLE_ROOM: f64 = 22.0 * 0.6 * 12.0;
/// The room of the line under it: the English limit of 30 characters, at 10.5 px.
const ROLE_ROOM: f64 = 30.0 * 0.6 * 10.5;

/// Lane backgrounds and names.
pub(super) fn lane_heads(o: &mut Out, st: &Story, f: &Frame) {
    let (order, layouts, end) = (&f.order, &f.layouts, f.scale.end);
    for (k, &i) in order.iter().enumerate() {
        let l = &layouts[&i];
        let lane = &st.lanes[i];
        if k % 2 == 0 {
            let _ = write!(
                o.s,
                "<rect class=\"ln\" x=\"1\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                num(l.y),
                num(W - 2.0),
                num(l.h)
            );
        }
        let role = lane_role(st, i, end);
        let title = match lane.role {
            Role::Client => fit(&st.words, &lane.name, 22, TITLE_ROOM, 12.0),
            Role::Main(p) => fit(&st.words, &lane_title(st, p), 22, TITLE_ROOM, 12.0),
            Role::Dlq(_) => {
                let t = st.words.t("story-lane-dead-letter");
                fit(&st.words, &t, 22, TITLE_ROOM, 12.0)
            }
        };
        o.text(16.0, l.y + 20.0, "b", &title);
        o.text(
            16.0,
            l.y + 34.0,
            "mu sm",
            &fit(&st.words, &role, 30, ROLE_ROOM, 10.5),
        );
    }
}

/// What a lane's name is followed by: what it holds or what its client did.
fn lane_role(st: &Story, i: usize, end: u64) -> String {
    let lane = &st.lanes[i];
    let w = &st.words;
    match lane.role {
        Role::Main(p) if st.places[p].topic => {
            let published = ("published", Arg::from(lane.published));
            if lane.unrouted > 0 {
                let dropped = ("dropped", Arg::from(lane.unrouted));
                w.tf("story-role-topic-dropped", &[published, dropped])
            } else {
                w.tf("story-role-topic", &[published])
            }
        }
        Role::Main(p) => {
            let n = Arg::from(st.msgs.iter().filter(|m| m.place == p).count());
            match settle_core::namespace::split_subscription(&st.places[p].path) {
                _ if !st.entities => w.tf("story-role-messages", &[("count", n)]),
                Some((topic, _)) => w.tf(
                    "story-role-subscription",
                    &[("topic", Arg::from(topic)), ("count", n)],
                ),
                None => w.tf("story-role-queue", &[("count", n)]),
            }
        }
        Role::Dlq(_) => {
            let n = st.lanes[i]
                .segs
                .iter()
                .filter(|s| s.t0 <= end)
                .filter_map(|s| s.msg)
                .collect::<alloc::collections::BTreeSet<_>>()
                .len();
            let count = ("count", Arg::from(n));
            match lane.role {
                Role::Dlq(p) if st.entities => {
                    let path = &st.places[p].path;
                    let name = (
                        "name",
                        Arg::from(path.rsplit_once('/').map_or(path.as_str(), |x| x.1)),
                    );
                    if n == 0 {
                        w.tf("story-role-dead-letter-of-empty", &[name])
                    } else {
                        w.tf("story-role-dead-letter-of", &[name, count])
                    }
                }
                _ if n == 0 => w.t("story-role-dead-letter-empty"),
                _ => w.tf("story-role-dead-letter", &[count]),
            }
        }
        _ if lane.is_receiver => {
            let received = ("received", Arg::from(lane.received));
            if lane.completed > 0 {
                let completed = ("completed", Arg::from(lane.completed));
                w.tf("story-role-receiver-completed", &[received, completed])
            } else {
                w.tf("story-role-receiver", &[received])
            }
        }
        _ if lane.sends > 0 => {
            let sent = ("sent", Arg::from(lane.sends));
            if lane.refused > 0 {
                let refused = ("refused", Arg::from(lane.refused));
                w.tf("story-role-sender-refused", &[sent, refused])
            } else {
                w.tf("story-role-sender", &[sent])
            }
        }
        _ => w.t("story-role-client"),
    }
}

/// Entity groups: a bar beside a queue's or topic's lanes (a topic's spans its
/// subscriptions'), and a lighter one beside each subscription's.
pub(super) fn entity_bars(o: &mut Out, st: &Story, f: &Frame, spans: &[(usize, usize, usize)]) {
    let (order, layouts) = (&f.order, &f.layouts);
    for (k, &(p, a, b)) in spans.iter().enumerate() {
        let sub = settle_core::namespace::is_subscription(&st.places[p].path);
        let b = if sub {
            b
        } else {
            spans[k + 1..]
                .iter()
                .take_while(|x| st.places[x.0].path.contains("/subscriptions/"))
                .last()
                .map_or(b, |x| x.2)
        };
        let (top, bottom) = (&layouts[&order[a]], &layouts[&order[b]]);
        let _ = write!(
            o.s,
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"3\" height=\"{}\" rx=\"1.5\"/>",
            if sub { "gb2" } else { "gb" },
            if sub { 9 } else { 4 },
            num(top.y + 5.0),
            num(bottom.y + bottom.h - top.y - 10.0)
        );
    }
}

/// A queue's, topic's or subscription's lane title ("Queue" without `entities`).
pub(super) fn lane_title(st: &Story, p: usize) -> String {
    let place = &st.places[p];
    if !st.entities {
        return st.words.t("story-lane-queue");
    }
    let (id, name) = match place.path.split_once("/subscriptions/") {
        Some((_, sub)) => ("story-lane-subscription", sub),
        None if place.topic => ("story-lane-topic", place.path.as_str()),
        None => ("story-lane-queue-named", place.path.as_str()),
    };
    st.words.tf(id, &[("name", Arg::from(name))])
}
