//! Lists whose rows change wholesale while the clock runs (a receiver's held messages, the
//! log), built and patched with plain DOM calls instead of Leptos views.
//!
//! A row built by Leptos is a dozen reactive nodes (memos, render effects, event handlers);
//! at 100× every publication changed hundreds of them, and Leptos walked them all. Here a list
//! is one element Leptos made and a [`Rows`] that keeps, per row, its item and its elements:
//! a publication compares each item with the one shown and touches the DOM only where it
//! differs. Rows are keyed ([`Row::key`]), so a row that stays keeps its element (and focus);
//! a row that leaves is reused for a new one (updated in place, not built; unless it holds the
//! focus), so a log whose every line is new at a publication costs text updates, not 300 new
//! elements, and 50 workers at 100× that hold 200 new messages at each publication do not
//! build 200 rows.

use std::cell::{Cell, RefCell};
use web_sys::{Document, Element};

/// A row of a list: an item and the elements that show it.
pub trait Row: Sized + 'static {
    type Item: PartialEq + Clone;
    /// What names an item across publications.
    type Key: PartialEq + Copy;
    /// What names one item across publications.
    fn key(item: &Self::Item) -> Self::Key;
    /// New elements, empty: [`Row::update`] from `None` fills them.
    fn build(doc: &Document) -> Option<Self>;
    /// Brings the row from showing `old` (`None`: nothing, a new row) to showing `new`,
    /// writing only what differs.
    fn update(
        &mut self,
        doc: &Document,
        old: Option<&Self::Item>,
        new: &Self::Item,
        ctx: &Self::Ctx,
    );
    /// The row's outermost element.
    fn element(&self) -> &Element;
    /// The row leaves the page for good (unregister what it registered).
    fn gone(&self) {}
    /// What building and updating need beside the item (e.g. the virtual time).
    type Ctx;
}

/// A list on the page: its element and its rows, in order, each with the item it shows.
pub struct Rows<R: Row> {
    list: Element,
    rows: Vec<(R::Item, R)>,
}

impl<R: Row> Rows<R> {
    pub fn new(list: Element) -> Self {
        Self {
            list,
            rows: Vec::new(),
        }
    }

    /// Brings the list to show `items`, in their order.
    pub fn patch(&mut self, items: &[R::Item], ctx: &R::Ctx) {
        let Some(doc) = self.list.owner_document() else {
            return;
        };
        // Rows that stay, by key; rows that leave, in page order (reused from the last). Lists
        // are short (at most a few hundred rows): a linear search costs less code than a map.
        let mut staying = Vec::new();
        let mut leaving: Vec<(R::Item, R)> = Vec::new();
        // A leaving row that holds the focus is not reused: a focused button would act on
        // another item than the one it was focused for. It leaves the page.
        let focused = doc
            .active_element()
            .filter(|f| self.list.contains(Some(f.as_ref())));
        let mut dropped: Vec<(R::Item, R)> = Vec::new();
        for (item, row) in std::mem::take(&mut self.rows) {
            let k = R::key(&item);
            if items.iter().any(|it| R::key(it) == k) && !staying.iter().any(|(s, _)| *s == k) {
                staying.push((k, (item, row)));
            } else if focused
                .as_ref()
                .is_some_and(|f| row.element().contains(Some(f)))
            {
                dropped.push((item, row));
            } else {
                leaving.push((item, row));
            }
        }
        // From the last item up, each row is put right before the one after it, where it is
        // not there already.
        let mut after: Option<Element> = None;
        let mut out: Vec<(R::Item, R)> = Vec::with_capacity(items.len());
        for item in items.iter().rev() {
            let k = R::key(item);
            let (mut shown, mut row) = match staying.iter().position(|(s, _)| *s == k) {
                Some(i) => staying.swap_remove(i).1,
                None => match leaving.pop() {
                    Some(reused) => reused,
                    None => {
                        let Some(mut row) = R::build(&doc) else {
                            continue;
                        };
                        row.update(&doc, None, item, ctx);
                        (item.clone(), row)
                    }
                },
            };
            if shown != *item {
                row.update(&doc, Some(&shown), item, ctx);
                shown = item.clone();
            }
            let el = row.element();
            if el.next_element_sibling() != after
                || el.parent_element().as_ref() != Some(&self.list)
            {
                let _ = self
                    .list
                    .insert_before(el, after.as_ref().map(AsRef::as_ref));
            }
            after = Some(el.clone());
            out.push((shown, row));
        }
        for (_, row) in leaving.into_iter().chain(dropped) {
            row.element().remove();
            row.gone();
        }
        out.reverse();
        self.rows = out;
    }

    /// Every row leaves (the list is gone).
    pub fn clear(&mut self) {
        for (_, row) in self.rows.drain(..) {
            row.gone();
        }
    }
}

/// An element `tag` with `class` (if any) and `text` (if any).
pub fn element(doc: &Document, tag: &str, class: &str, text: &str) -> Option<Element> {
    let e = doc.create_element(tag).ok()?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    if !text.is_empty() {
        e.set_text_content(Some(text));
    }
    Some(e)
}

/// An IntersectionObserver and the callback that must live as long as it (`None` where the
/// browser has no IntersectionObserver).
pub type Visibility = Option<(
    web_sys::IntersectionObserver,
    wasm_bindgen::closure::Closure<dyn FnMut(js_sys::Array)>,
)>;

/// An IntersectionObserver that tells `seen` of each element it observes whether it is on
/// screen or within `margin` of it (at once when observed, then at every change).
pub fn visibility_observer(
    margin: &str,
    mut seen: impl FnMut(Element, bool) + 'static,
) -> Visibility {
    use wasm_bindgen::JsCast;
    let cb = wasm_bindgen::closure::Closure::<dyn FnMut(js_sys::Array)>::new(
        move |entries: js_sys::Array| {
            for e in entries.iter() {
                if let Ok(e) = e.dyn_into::<web_sys::IntersectionObserverEntry>() {
                    seen(e.target(), e.is_intersecting());
                }
            }
        },
    );
    let init = web_sys::IntersectionObserverInit::new();
    init.set_root_margin(margin);
    let o =
        web_sys::IntersectionObserver::new_with_options(cb.as_ref().unchecked_ref(), &init).ok()?;
    Some((o, cb))
}

thread_local! {
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

/// A number for a new list (the key of its [`Rows`] in a registry) or lock bar (`super::locks`).
pub fn next_id() -> u64 {
    NEXT.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    })
}

/// The lists of one kind of row on the page, by number: a `Rows` holds DOM elements (neither
/// `Send` nor `Sync`), so it lives here and the views keep only its number.
pub struct Registry<R: Row>(RefCell<Vec<(u64, Rows<R>)>>);

impl<R: Row> Default for Registry<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Row> Registry<R> {
    /// No lists yet (`const`: a registry lives in a `thread_local!`).
    pub const fn new() -> Self {
        Self(RefCell::new(Vec::new()))
    }

    /// Patches list `id` (on element `list`, registered the first time) to show `items`.
    pub fn patch(&self, id: u64, list: &Element, items: &[R::Item], ctx: &R::Ctx) {
        let mut lists = self.0.borrow_mut();
        let at = match lists.iter().position(|(i, _)| *i == id) {
            Some(at) => at,
            None => {
                lists.push((id, Rows::new(list.clone())));
                lists.len() - 1
            }
        };
        lists[at].1.patch(items, ctx);
    }

    /// The first answer `f` gives for a row of list `id` (with the item it shows).
    pub fn find<T>(&self, id: u64, mut f: impl FnMut(&R::Item, &R) -> Option<T>) -> Option<T> {
        let lists = self.0.borrow();
        let (_, rows) = lists.iter().find(|(i, _)| *i == id)?;
        rows.rows.iter().find_map(|(item, row)| f(item, row))
    }

    /// Forgets list `id` and its rows.
    pub fn forget(&self, id: u64) {
        let mut lists = self.0.borrow_mut();
        if let Some(at) = lists.iter().position(|(i, _)| *i == id) {
            lists.remove(at).1.clear();
        }
    }
}
