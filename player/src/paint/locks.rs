//! The receivers' lock bars: built by Leptos when a lock changes (taken, renewed, lost), drawn
//! between those changes without it. The time left is not part of a held row: had it been,
//! every row would change at every publication, and Leptos would walk each row's memos and
//! effects (about 3,000 nodes at 50 receivers holding 4 each) twice a second.

use crate::words::{label, tenths};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The share of a lock under which its bar turns red.
pub const URGENT: f64 = 0.25;

/// What a lock bar shows at virtual `now` (ms): its words and the share of the lock left.
/// `until` is when the lock runs out (`None`: it is lost), `span` its full duration (ms).
pub fn face(until: Option<u64>, span: u64, now: u64) -> (String, f64) {
    match until {
        None => (label("lock-lost").to_string(), 0.0),
        Some(u) => {
            let left = u.saturating_sub(now);
            let share = (left as f64 / span.max(1) as f64).clamp(0.0, 1.0);
            (tenths("lock-left", left).to_string(), share)
        }
    }
}

/// A lock's share left as the bar's style (a transform: no layout).
pub fn scale(share: f64) -> String {
    format!("scaleX({share:.3})")
}

/// A bar on the page: its lock, its elements, and what it shows now.
struct Bar {
    id: u64,
    until: Option<u64>,
    span: u64,
    style: web_sys::CssStyleDeclaration,
    bar: web_sys::Element,
    /// The text node (Leptos made it with the first words and never changes it).
    text: web_sys::Node,
    shown: String,
    urgent: bool,
    /// The receiver whose panel holds the bar.
    group: Rc<str>,
    /// That panel is on screen (or near it): bars off screen are drawn when it comes into view.
    seen: bool,
}

thread_local! {
    static BARS: RefCell<Vec<Bar>> = const { RefCell::new(Vec::new()) };
    /// The virtual time the bars were last drawn for.
    static NOW: Cell<u64> = const { Cell::new(0) };
    /// The receivers whose panels are off screen, as the panels' observer last said
    /// ([`group_seen`]); where the browser has none, every bar is drawn every time.
    static HIDDEN: RefCell<Vec<Rc<str>>> = const { RefCell::new(Vec::new()) };
}

/// Tells the bars of receiver `group` whether its panel is on screen (or near it): the
/// panels' observer (`super::clients`) says so. A panel coming into view has its bars drawn
/// at once. The bars had an observer of their own: 200 more targets at 50 receivers holding
/// 4 each, checked in every frame that changed the page's text. Measured on the readout
/// frames of load-1k at 100x (two runs each): the observers' check 0.54–0.55 → 0.27–0.36 ms
/// a frame, the commit 0.57–0.59 → 0.32–0.43 ms.
pub fn group_seen(group: &str, seen: bool) {
    HIDDEN.with(|h| {
        let mut h = h.borrow_mut();
        let at = h.iter().position(|g| &**g == group);
        match (seen, at) {
            (true, Some(i)) => {
                h.swap_remove(i);
            }
            (false, None) => h.push(group.into()),
            _ => {}
        }
    });
    let now = NOW.with(Cell::get);
    BARS.with(|b| {
        for x in b.borrow_mut().iter_mut().filter(|x| &*x.group == group) {
            x.seen = seen;
            if seen {
                draw(x, now);
            }
        }
    });
}

pub use super::rows::next_id;

/// Registers bar `id` of receiver `group` (or updates its lock) and draws it for virtual `now`
/// (ms): `bar` is the bar's element, `label` the element whose first child is the text.
pub fn register(
    id: u64,
    (until, span): (Option<u64>, u64),
    bar: &web_sys::HtmlElement,
    label: &web_sys::Element,
    (now, group): &(u64, Rc<str>),
) {
    let Some(text) = label.first_child() else {
        return;
    };
    let seen = HIDDEN.with(|h| !h.borrow().iter().any(|g| g == group));
    let mut x = Bar {
        id,
        until,
        span,
        style: bar.style(),
        bar: bar.clone().into(),
        shown: text.node_value().unwrap_or_default(),
        text,
        urgent: bar.class_list().contains("urgent"),
        group: group.clone(),
        seen,
    };
    draw(&mut x, *now);
    BARS.with(|b| {
        let mut b = b.borrow_mut();
        if let Some(old) = b.iter().position(|x| x.id == id) {
            b.remove(old);
        }
        b.push(x);
    });
}
/// Forgets bar `id` (its row is gone).
pub fn unregister(id: u64) {
    BARS.with(|b| {
        let mut b = b.borrow_mut();
        if let Some(i) = b.iter().position(|x| x.id == id) {
            b.remove(i);
        }
    });
}

/// Redraws the bars for virtual `now` (ms): every one when `all` (the clock stands: what a
/// reader or a screen reader finds off screen is exact), else those on screen, the others
/// being drawn when they come into view. At 50 receivers holding 4 each most of the 200 bars
/// are off screen, and drawing them cost a relayout and a repaint of every card, twice a second.
pub fn paint(now: u64, all: bool) {
    NOW.with(|n| n.set(now));
    BARS.with(|b| {
        for x in b.borrow_mut().iter_mut().filter(|x| all || x.seen) {
            draw(x, now);
        }
    });
}

/// Draws one bar for virtual `now` (ms): two DOM calls at most.
fn draw(x: &mut Bar, now: u64) {
    let (text, share) = face(x.until, x.span, now);
    let _ = x.style.set_property("transform", &scale(share));
    let urgent = share < URGENT;
    if urgent != x.urgent {
        let _ = x.bar.class_list().toggle_with_force("urgent", urgent);
        x.urgent = urgent;
    }
    if text != x.shown {
        x.text.set_node_value(Some(&text));
        x.shown = text;
    }
}

#[cfg(test)]
mod tests {
    use super::face;

    #[test]
    fn a_bar_shows_the_time_left_in_tenths_and_its_share() {
        assert_eq!(
            face(Some(30_500), 30_000, 1_250),
            ("lock 29.2 s".into(), 29_250.0 / 30_000.0)
        );
        assert_eq!(face(Some(5_000), 5_000, 6_000), ("lock 0.0 s".into(), 0.0));
        assert_eq!(face(None, 5_000, 0), ("lock lost".into(), 0.0));
    }
}
