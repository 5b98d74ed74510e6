//! A receiver's held messages: rows built and patched with plain DOM calls, not by Leptos.
//!
//! A row built by Leptos (a dozen reactive text and class bindings, seven event handlers, a lock
//! bar's effect, a `Show`) cost about 1 ms of main thread: when 50 automated workers first take
//! 4 messages each, 200 rows were one task of 200–390 ms, and at 100× every publication changed
//! most rows. Here a row is about 40 DOM calls when it is new, a few when its message changes
//! (delivery count, deferred, lock lost) and none otherwise; the clicks of a whole list are one
//! listener on the list (`act`), which finds the row and the action from `data-` attributes.
//! The rows are keyed by sequence number, so a row that stays keeps its elements (and focus).

use super::locks;
use crate::Ctx;
use crate::sim::{HeldRow, Settle};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// The actions of a row's buttons: `data-act` value, label, extra class.
const ACTIONS: [(&str, &str, &str); 5] = [
    ("complete", "Complete", ""),
    ("abandon", "Abandon", ""),
    ("dead-letter", "Dead-letter", " danger"),
    ("defer", "Defer", ""),
    ("renew", "Renew lock", ""),
];

/// One row on the page and what it shows.
struct Row {
    shown: HeldRow,
    li: Element,
    top: Element,
    meta: Element,
    deferred: Option<Element>,
    from_dlq: Option<Element>,
    actions: Element,
    dismiss: Option<Element>,
    lock: u64,
    bar: HtmlElement,
    label: Element,
}

/// A list on the page: its element and its rows, in order.
struct List {
    id: u64,
    ul: Element,
    rows: Vec<Row>,
}

thread_local! {
    static LISTS: RefCell<Vec<List>> = const { RefCell::new(Vec::new()) };
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

fn element(doc: &Document, tag: &str, class: &str, text: &str) -> Option<Element> {
    let e = doc.create_element(tag).ok()?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    if !text.is_empty() {
        e.set_text_content(Some(text));
    }
    Some(e)
}

fn meta_text(h: &HeldRow) -> String {
    format!("seq {} · delivery {}", h.seq, h.delivery_count)
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
            row.dismiss = element(doc, "button", "btn ghost", "Dismiss");
            if let Some(b) = row.dismiss.as_ref() {
                let _ = b.set_attribute("data-act", "dismiss");
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

/// A new row for `h`, its lock bar drawn for virtual `now` (ms).
fn build(doc: &Document, h: &HeldRow, now: u64) -> Option<Row> {
    let li = element(doc, "li", "held-msg", "")?;
    li.set_attribute("aria-label", &format!("{} held", h.id))
        .ok()?;
    li.set_attribute("data-seq", &h.seq.to_string()).ok()?;
    let top = element(doc, "div", "held-top", "")?;
    let inspect = element(doc, "button", "msg-id link", &h.id)?;
    inspect.set_attribute("data-act", "inspect").ok()?;
    inspect
        .set_attribute("aria-label", &format!("Inspect {}", h.id))
        .ok()?;
    let meta = element(doc, "span", "msg-meta", &meta_text(h))?;
    top.append_child(&inspect).ok()?;
    top.append_child(&meta).ok()?;
    let (text, share) = locks::face(h.lock_until_ms, h.lock_span_ms, now);
    let lock = element(doc, "div", "lock", "")?;
    lock.set_attribute("role", "timer").ok()?;
    lock.set_attribute("aria-label", "Lock time left").ok()?;
    let bar: HtmlElement = element(doc, "div", "lock-bar", "")?.dyn_into().ok()?;
    let label = element(doc, "span", "lock-text", &text)?;
    let _ = bar
        .class_list()
        .toggle_with_force("urgent", share < locks::URGENT);
    lock.append_child(&bar).ok()?;
    lock.append_child(&label).ok()?;
    let actions = element(doc, "div", "actions", "")?;
    for (act, text, class) in ACTIONS {
        let b = element(doc, "button", &format!("btn{class}"), text)?;
        b.set_attribute("data-act", act).ok()?;
        actions.append_child(&b).ok()?;
    }
    li.append_child(&top).ok()?;
    li.append_child(&lock).ok()?;
    li.append_child(&actions).ok()?;
    let mut row = Row {
        shown: HeldRow::default(),
        li,
        top,
        meta,
        deferred: None,
        from_dlq: None,
        actions,
        dismiss: None,
        lock: locks::next_id(),
        bar,
        label,
    };
    update(doc, &mut row, h, now, true);
    Some(row)
}

/// Brings `row` to show `h` (only what changed).
fn update(doc: &Document, row: &mut Row, h: &HeldRow, now: u64, new: bool) {
    let old = row.shown.clone();
    if !new && (old.seq, old.delivery_count) != (h.seq, h.delivery_count) {
        row.meta.set_text_content(Some(&meta_text(h)));
    }
    if new || old.deferred != h.deferred {
        badge(
            doc,
            &row.top,
            &mut row.deferred,
            h.deferred,
            "badge deferred",
            "deferred",
        );
    }
    if new || old.from_dlq != h.from_dlq {
        badge(
            doc,
            &row.top,
            &mut row.from_dlq,
            h.from_dlq,
            "badge dead",
            "from DLQ",
        );
    }
    let lost = h.lock_until_ms.is_none();
    if new || old.lock_until_ms.is_none() != lost {
        let _ = row.li.class_list().toggle_with_force("lost", lost);
        dismiss(doc, row, lost);
    }
    if new || (old.lock_until_ms, old.lock_span_ms) != (h.lock_until_ms, h.lock_span_ms) {
        locks::register(
            row.lock,
            h.lock_until_ms,
            h.lock_span_ms,
            &row.bar,
            &row.label,
            now,
        );
    }
    row.shown = h.clone();
}

/// Brings list `id` (on element `ul`) to show `rows`, in their order.
fn patch(id: u64, ul: &Element, rows: &[HeldRow], now: u64) {
    let Some(doc) = ul.owner_document() else {
        return;
    };
    LISTS.with(|lists| {
        let mut lists = lists.borrow_mut();
        let at = match lists.iter().position(|l| l.id == id) {
            Some(at) => at,
            None => {
                lists.push(List {
                    id,
                    ul: ul.clone(),
                    rows: Vec::new(),
                });
                lists.len() - 1
            }
        };
        let list = &mut lists[at];
        let mut old = std::mem::take(&mut list.rows);
        old.retain(|r| {
            let keep = rows.iter().any(|h| h.seq == r.shown.seq);
            if !keep {
                r.li.remove();
                locks::unregister(r.lock);
            }
            keep
        });
        // From the last row up, each row is put before the one after it (if it is not there).
        let mut after: Option<Element> = None;
        let mut out = Vec::with_capacity(rows.len());
        for h in rows.iter().rev() {
            let row = match old.iter().position(|r| r.shown.seq == h.seq) {
                Some(i) => {
                    let mut row = old.swap_remove(i);
                    if row.shown != *h {
                        update(&doc, &mut row, h, now, false);
                    }
                    if row.li.next_element_sibling() != after {
                        let _ = list
                            .ul
                            .insert_before(&row.li, after.as_ref().map(|a| a.as_ref()));
                    }
                    row
                }
                None => {
                    let Some(row) = build(&doc, h, now) else {
                        continue;
                    };
                    let _ = list
                        .ul
                        .insert_before(&row.li, after.as_ref().map(|a| a.as_ref()));
                    row
                }
            };
            after = Some(row.li.clone());
            out.push(row);
        }
        out.reverse();
        list.rows = out;
    });
}

/// Forgets list `id` (its receiver is gone) and its rows' lock bars.
fn forget(id: u64) {
    LISTS.with(|lists| {
        let mut lists = lists.borrow_mut();
        if let Some(at) = lists.iter().position(|l| l.id == id) {
            for r in lists.remove(at).rows {
                locks::unregister(r.lock);
            }
        }
    });
}

/// What a click at `target` inside a list asks for: the row's sequence number and the action.
fn clicked(target: &Element) -> Option<(u64, String)> {
    let button = target.closest("button[data-act]").ok()??;
    let li = button.closest("li[data-seq]").ok()??;
    let seq = li.get_attribute("data-seq")?.parse().ok()?;
    Some((seq, button.get_attribute("data-act")?))
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
    let id = NEXT.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    let ul = NodeRef::<leptos::html::Ul>::new();
    Effect::new(move |_| {
        held.with(|rows| {
            if let Some(ul) = ul.get() {
                let now = ctx.snap.with_untracked(|s| s.now_ms);
                patch(id, &ul, rows, now);
            }
        });
    });
    on_cleanup(move || forget(id));
    let who = StoredValue::new(name.clone());
    let act = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some((seq, what)) = clicked(&target) else {
            return;
        };
        let w = who.get_value();
        let settle = |what: Settle| {
            let (w, rs, ds) = (
                who.get_value(),
                reason.get_untracked(),
                description.get_untracked(),
            );
            ctx.act(move |s| s.settle(&w, seq, what, &rs, &ds));
        };
        match what.as_str() {
            "inspect" => ctx.act(move |s| s.select(Some(seq))),
            "complete" => settle(Settle::Complete),
            "abandon" => settle(Settle::Abandon),
            "dead-letter" => settle(Settle::DeadLetter),
            "defer" => settle(Settle::Defer),
            "renew" => settle(Settle::Renew),
            "dismiss" => ctx.act(move |s| s.dismiss(&w, seq)),
            _ => {}
        }
    };
    view! { <ul class="held" aria-label=format!("Held by {name}") node_ref=ul on:click=act></ul> }
}
