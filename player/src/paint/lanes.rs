//! The queue's lanes as rows of the page (the playground's lanes and the embeds' viewer's):
//! one `<li>` per message, updated in place when its message changes.

use crate::sim::Row;
use crate::words::instant;
use settle_core::Instant;
use settle_i18n::{Arg, t, tf};

/// What a lane's item says under its id.
fn lane_meta(r: &Row) -> String {
    let meta = match (&r.holder, r.due_ms) {
        (Some(h), _) => tf(
            "lane-item-locked",
            &[
                ("seq", Arg::from(r.seq)),
                ("delivery", Arg::from(r.delivery_count + 1)),
                ("client", Arg::from(h.as_str())),
            ],
        ),
        (None, Some(due)) => tf(
            "lane-item-due",
            &[
                ("seq", Arg::from(r.seq)),
                ("t", Arg::from(instant(Instant::from_millis(due)))),
            ],
        ),
        (None, None) => tf(
            "lane-item",
            &[
                ("seq", Arg::from(r.seq)),
                ("count", Arg::from(r.delivery_count)),
            ],
        ),
    };
    match &r.entity {
        Some(e) => format!(
            "{} · {meta}",
            tf("lane-in-entity", &[("entity", Arg::from(e.as_str()))])
        ),
        None => meta,
    }
}

/// The queue's lanes, in the snapshot's order: test id (also the message of its title), kind
/// (its class), and the message of what an empty one says.
pub const LANES: [(&str, &str, &str); 5] = [
    ("lane-available", "available", "lane-available-empty"),
    ("lane-locked", "locked", "lane-locked-empty"),
    ("lane-deferred", "deferred", "lane-deferred-empty"),
    ("lane-scheduled", "scheduled", "lane-scheduled-empty"),
    ("lane-dead-letter", "dead", "lane-dead-letter-empty"),
];

/// Lane `i`'s title and what it says when empty, in the installed language.
#[must_use]
pub fn lane_words(i: usize) -> (String, String) {
    let (title, _, empty) = LANES[i];
    (t(title), t(empty))
}

/// A lane's item on the page: `<li class="msg msg-KIND"><button …>id, meta, extras</button></li>`.
pub struct LaneRow {
    li: web_sys::Element,
    button: web_sys::Element,
    id: web_sys::Element,
    meta: web_sys::Element,
    /// The session, reason and description spans, when the item has them.
    extras: Vec<web_sys::Element>,
}

impl crate::paint::rows::Row for LaneRow {
    type Item = Row;
    /// The lane's kind (its class).
    type Ctx = &'static str;
    type Key = crate::stage::model::MsgKey;

    fn key(r: &Row) -> Self::Key {
        r.key
    }

    fn build(doc: &web_sys::Document) -> Option<Self> {
        let li = crate::paint::rows::element(doc, "li", "", "")?;
        let button = crate::paint::rows::element(doc, "button", "msg-btn", "")?;
        let id = crate::paint::rows::element(doc, "span", "msg-id", "")?;
        let meta = crate::paint::rows::element(doc, "span", "msg-meta", "")?;
        button.append_child(&id).ok()?;
        button.append_child(&meta).ok()?;
        li.append_child(&button).ok()?;
        Some(Self {
            li,
            button,
            id,
            meta,
            extras: Vec::new(),
        })
    }

    fn element(&self) -> &web_sys::Element {
        &self.li
    }

    fn update(&mut self, doc: &web_sys::Document, old: Option<&Row>, r: &Row, kind: &&'static str) {
        if old.is_none() {
            self.li.set_class_name(&format!("msg msg-{kind}"));
        }
        let differs = |f: fn(&Row, &Row) -> bool| old.is_none_or(|o| f(o, r));
        if differs(|o, r| o.id != r.id || o.key != r.key) {
            self.id.set_text_content(Some(&r.id));
            let _ = self.button.set_attribute(
                "aria-label",
                &tf("lane-inspect", &[("id", Arg::from(r.id.as_str()))]),
            );
            let _ = self.button.set_attribute("data-key", &r.key.to_string());
        }
        // What `lane_meta` reads.
        if differs(|o, r| {
            (o.seq, o.delivery_count, o.due_ms, &o.entity, &o.holder)
                != (r.seq, r.delivery_count, r.due_ms, &r.entity, &r.holder)
        }) {
            self.meta.set_text_content(Some(&lane_meta(r)));
        }
        if differs(|o, r| o.recent != r.recent) {
            let _ = self.li.class_list().toggle_with_force("recent", r.recent);
        }
        if differs(|o, r| {
            (&o.session, &o.reason, &o.description) != (&r.session, &r.reason, &r.description)
        }) {
            for e in self.extras.drain(..) {
                e.remove();
            }
            let extras = [
                (
                    "msg-meta",
                    r.session
                        .as_ref()
                        .map(|x| tf("lane-item-session", &[("session", Arg::from(x.as_str()))])),
                ),
                ("msg-reason", r.reason.clone()),
                ("msg-desc", r.description.clone()),
            ];
            for (class, text) in extras {
                if let Some(e) =
                    text.and_then(|t| crate::paint::rows::element(doc, "span", class, &t))
                {
                    let _ = self.button.append_child(&e);
                    self.extras.push(e);
                }
            }
        }
    }
}
