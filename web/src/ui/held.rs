//! A receiver's held messages: rows built and patched with plain DOM calls (`super::rows`),
//! not by Leptos.
//!
//! A row built by Leptos was a dozen reactive text and class bindings, seven event handlers, a
//! lock bar's effect and a `Show`; here it is about 40 DOM calls when it is new, a few when its
//! message changes (delivery count, deferred, lock lost) and none otherwise. The clicks of a
//! whole list are one listener on the list (`act`), which finds the row and the action from
//! `data-` attributes. Measured (frame-bench busy-10k at 1×, when 50 workers first take 4
//! messages each): the longest task went from 157–178 ms to 114–152 ms.
//! The rows are keyed by message (`HeldRow::key`), so a row that stays keeps its elements
//! (and focus).

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::{Arg, t, tf};
use settle_player::paint::locks;
use settle_player::paint::rows::{self, Registry, element};
use settle_player::sim::Command;
use settle_player::sim::{HeldRow, Settle};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// The settlements of a row's buttons: what, label's message, extra class.
const ACTIONS: [(Settle, &str, &str); 5] = [
    (Settle::Complete, "settle-complete", ""),
    (Settle::Abandon, "settle-abandon", ""),
    (Settle::DeadLetter, "settle-dead-letter", " danger"),
    (Settle::Defer, "settle-defer", ""),
    (Settle::Renew, "settle-renew-lock", ""),
];

/// What a button of a row asks for.
#[derive(Clone, Copy)]
enum RowAction {
    Inspect,
    Settle(Settle),
    Dismiss,
}

/// One row on the page.
struct Row {
    li: Element,
    inspect: Element,
    top: Element,
    meta: Element,
    deferred: Option<Element>,
    from_dlq: Option<Element>,
    actions: Element,
    /// The settlement buttons, each with what it does.
    settle: Vec<(Element, Settle)>,
    dismiss: Option<Element>,
    lock: u64,
    bar: HtmlElement,
    label: Element,
}

thread_local! {
    static LISTS: Registry<Row> = const { Registry::new() };
}

fn meta_text(h: &HeldRow) -> String {
    tf(
        "held-meta",
        &[
            ("seq", Arg::from(h.seq)),
            ("count", Arg::from(h.delivery_count)),
        ],
    )
}

/// A badge that is shown while `on`: created or removed in `parent`.
fn badge(
    doc: &Document,
    parent: &Element,
    slot: &mut Option<Element>,
    on: bool,
    class: &str,
    text: &str,
) {
    match (on, slot.as_ref()) {
        (true, None) => {
            *slot = element(doc, "span", class, text);
            if let Some(b) = slot.as_ref() {
                let _ = parent.append_child(b);
            }
        }
        (false, Some(b)) => {
            b.remove();
            *slot = None;
        }
        _ => {}
    }
}

/// The Dismiss button, there while the lock is lost.
fn dismiss(doc: &Document, row: &mut Row, lost: bool) {
    match (lost, row.dismiss.as_ref()) {
        (true, None) => {
            row.dismiss = element(doc, "button", "btn ghost", &t("held-dismiss"));
            if let Some(b) = row.dismiss.as_ref() {
                let _ = row.actions.append_child(b);
            }
        }
        (false, Some(b)) => {
            b.remove();
            row.dismiss = None;
        }
        _ => {}
    }
}

impl rows::Row for Row {
    type Item = HeldRow;
    /// The virtual time (ms) the lock bars are drawn for, and the receiver whose panel this is.
    type Ctx = (u64, Rc<str>);

    type Key = settle_player::stage::model::MsgKey;

    fn key(h: &HeldRow) -> Self::Key {
        h.key
    }

    fn build(doc: &Document) -> Option<Self> {
        let li = element(doc, "li", "held-msg", "")?;
        let top = element(doc, "div", "held-top", "")?;
        let inspect = element(doc, "button", "msg-id link", "")?;
        let meta = element(doc, "span", "msg-meta", "")?;
        top.append_child(&inspect).ok()?;
        top.append_child(&meta).ok()?;
        let lock = element(doc, "div", "lock", "")?;
        lock.set_attribute("role", "timer").ok()?;
        lock.set_attribute("aria-label", &t("held-lock-left"))
            .ok()?;
        let bar: HtmlElement = element(doc, "div", "lock-bar", "")?.dyn_into().ok()?;
        // The lock's words are drawn by `locks::register` (in `update`).
        let label = element(doc, "span", "lock-text", " ")?;
        lock.append_child(&bar).ok()?;
        lock.append_child(&label).ok()?;
        let actions = element(doc, "div", "actions", "")?;
        let mut settle = Vec::with_capacity(ACTIONS.len());
        for (what, text, class) in ACTIONS {
            let b = element(doc, "button", &format!("btn{class}"), &t(text))?;
            actions.append_child(&b).ok()?;
            settle.push((b, what));
        }
        li.append_child(&top).ok()?;
        li.append_child(&lock).ok()?;
        li.append_child(&actions).ok()?;
        Some(Self {
            li,
            inspect,
            top,
            meta,
            deferred: None,
            from_dlq: None,
            actions,
            settle,
            dismiss: None,
            lock: locks::next_id(),
            bar,
            label,
        })
    }

    fn element(&self) -> &Element {
        &self.li
    }

    fn gone(&self) {
        locks::unregister(self.lock);
    }

    fn update(&mut self, doc: &Document, old: Option<&HeldRow>, h: &HeldRow, at: &(u64, Rc<str>)) {
        // What differs from the row shown (everything, for a new row).
        let differs = |f: fn(&HeldRow, &HeldRow) -> bool| old.is_none_or(|o| f(o, h));
        if differs(|o, h| o.id != h.id || o.key != h.key) {
            let _ = self.li.set_attribute(
                "aria-label",
                &tf("held-row", &[("id", h.id.as_str().into())]),
            );
            self.inspect.set_text_content(Some(&h.id));
            let _ = self.inspect.set_attribute(
                "aria-label",
                &tf("held-inspect", &[("id", h.id.as_str().into())]),
            );
        }
        if differs(|o, h| (o.seq, o.delivery_count) != (h.seq, h.delivery_count)) {
            self.meta.set_text_content(Some(&meta_text(h)));
        }
        if differs(|o, h| o.deferred != h.deferred) {
            let on = h.deferred;
            badge(
                doc,
                &self.top,
                &mut self.deferred,
                on,
                "badge deferred",
                &t("held-deferred"),
            );
        }
        if differs(|o, h| o.from_dlq != h.from_dlq) {
            let on = h.from_dlq;
            badge(
                doc,
                &self.top,
                &mut self.from_dlq,
                on,
                "badge dead",
                &t("held-from-dlq"),
            );
        }
        let lost = h.lock_until_ms.is_none();
        if differs(|o, h| o.lock_until_ms.is_none() != h.lock_until_ms.is_none()) {
            let _ = self.li.class_list().toggle_with_force("lost", lost);
            dismiss(doc, self, lost);
        }
        if differs(|o, h| (o.lock_until_ms, o.lock_span_ms) != (h.lock_until_ms, h.lock_span_ms)) {
            locks::register(
                self.lock,
                (h.lock_until_ms, h.lock_span_ms),
                &self.bar,
                &self.label,
                at,
            );
        }
    }
}

impl Row {
    /// What a click at `target` asks of this row, if it is on one of its buttons.
    fn action_at(&self, target: &Element) -> Option<RowAction> {
        let on = |b: &Element| b.contains(Some(target));
        if on(&self.inspect) {
            return Some(RowAction::Inspect);
        }
        if let Some((_, what)) = self.settle.iter().find(|(b, _)| on(b)) {
            return Some(RowAction::Settle(*what));
        }
        self.dismiss
            .as_ref()
            .is_some_and(on)
            .then_some(RowAction::Dismiss)
    }
}

/// Gives the focus of a row that left to `next` (the row after it, or before it) if it is
/// still there, or else to the receiver's heading.
fn refocus(ul: &Element, next: Option<Element>) {
    let target = match next.filter(|n| n.is_connected()) {
        Some(li) => li.query_selector("button"),
        None => ul
            .closest(".receiver")
            .and_then(|c| c.map_or(Ok(None), |c| c.query_selector("h2"))),
    };
    if let Ok(Some(e)) = target {
        let _ = e.unchecked_into::<HtmlElement>().focus();
    }
}

/// The messages receiver `name` holds, with their actions; dead-letter moves take `reason` and
/// `description` as they are when clicked.
#[component]
pub(super) fn HeldList(
    ctx: Ctx,
    name: String,
    held: Memo<Vec<HeldRow>>,
    reason: RwSignal<String>,
    description: RwSignal<String>,
) -> impl IntoView {
    let id = rows::next_id();
    let ul = NodeRef::<leptos::html::Ul>::new();
    let group: Rc<str> = name.as_str().into();
    // Whether a button of this list just settled (or dismissed) a message: its row leaves, and
    // the focus goes on (only then: a row that leaves on its own takes no focus elsewhere).
    let settled = StoredValue::new(false);
    Effect::new(move |_| {
        held.with(|rows| {
            if let Some(ul) = ul.get() {
                let now = ctx.snap.with_untracked(|s| s.now_ms);
                // A settled message's row leaves with the focus it held: the row after it (or
                // before it) takes it.
                let row = document()
                    .active_element()
                    .filter(|a| ul.contains(Some(a)))
                    .and_then(|a| a.closest("li").ok().flatten());
                let next = row.as_ref().and_then(|li| {
                    li.next_element_sibling()
                        .or_else(|| li.previous_element_sibling())
                });
                LISTS.with(|l| l.patch(id, &ul, rows, &(now, group.clone())));
                if settled.get_value() && row.is_some_and(|li| !li.is_connected()) {
                    refocus(&ul, next);
                }
                settled.set_value(false);
            }
        });
    });
    on_cleanup(move || LISTS.with(|l| l.forget(id)));
    let who = StoredValue::new(name.clone());
    let act = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        // The row's key (`HeldRow::key`) and what its button does, found among the rows.
        let clicked = LISTS.with(|l| l.find(id, |h, row| Some((h.key, row.action_at(&target)?))));
        let Some((key, action)) = clicked else {
            return;
        };
        let by = who.get_value();
        settled.set_value(!matches!(
            action,
            RowAction::Inspect | RowAction::Settle(Settle::Renew)
        ));
        ctx.command(match action {
            RowAction::Inspect => Command::Select(Some(key)),
            RowAction::Settle(what) => Command::Settle {
                by,
                key,
                what,
                reason: reason.get_untracked(),
                description: description.get_untracked(),
            },
            RowAction::Dismiss => Command::Dismiss { by, key },
        });
    };
    view! { <ul class="held" aria-label=tf("held-list", &[("name", name.into())]) node_ref=ul on:click=act></ul> }
}
