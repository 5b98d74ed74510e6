//! A stage on a canvas, frame by frame, with no reactive code: takes the simulation's changes,
//! moves the animator to the new layout and writes pictures that `public/stage-paint.js` paints
//! (in a worker that owns the canvas where the browser allows). The playground's frame loop
//! (`ui::stage`) and the lean viewer of read-only embeds (`crate::view`) both drive it.

use super::draw::{self, Backdrop, Palette};
use super::painter::{Painter, paint_attach};
use crate::cadence;
use crate::play::Played;
use crate::stage::anim::Animator;
use crate::stage::hit::{Hit, hit};
use crate::stage::layout::layout;
use crate::stage::model::Model;
use crate::stage::pen::Pen;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::HtmlCanvasElement;

/// Real ms between pictures when nothing moves but the lock rings.
const RING_MS: f64 = 100.0;

/// What the frame loop keeps between frames.
#[derive(Default)]
pub struct StageState {
    /// The canvas and the painter that replays the pictures on it (`public/stage-paint.js`).
    canvas: Option<(HtmlCanvasElement, Painter)>,
    /// The picture being written.
    pen: Pen,
    anim: Animator,
    model: Model,
    generation: Option<u64>,
    /// CSS size and device pixel ratio the canvas was sized for.
    size: (f64, f64, f64),
    /// Set by the canvas's resize observer.
    resized: std::rc::Rc<std::cell::Cell<bool>>,
    /// A new simulation (a loaded scenario): no journeys from the old one.
    replaced: bool,
    pal: Option<Palette>,
    pal_at: f64,
    reduced: bool,
    selected: Option<crate::stage::model::MsgKey>,
    /// Ids travelling now and highlighted now, as last written to the canvas.
    moving: (String, String),
    /// The places' outlines as last written to the canvas (`data-places`).
    places: String,
    drawn_at_virtual: Option<u64>,
    drawn_at_real: f64,
    /// When (real ms) the simulation's changes were last taken.
    taken_at: Option<f64>,
    /// What the painter's layers hold.
    layers: Layers,
    /// Whether the still layer (the backdrop with the tokens at rest) is up to date.
    still_ok: bool,
    was_busy: bool,
    observer: Option<(web_sys::ResizeObserver, Closure<dyn FnMut()>)>,
}

/// What the painter's canvases hold, as far as the stage knows: the size (device px) of the
/// visible canvas and the still layer, what the backdrop was drawn from (its size included), and
/// which tokens the still layer holds (the live layer leaves those out).
#[derive(Default)]
struct Layers {
    size: (u32, u32),
    backdrop_of: Option<(Backdrop, (f64, f64, f64))>,
    baked: std::collections::HashSet<crate::stage::model::Key>,
}

/// The painter's layers: the visible canvas, the backdrop, the backdrop with the tokens at rest.
const MAIN: u8 = 0;
const BACKDROP: u8 = 1;
const STILL: u8 = 2;

/// Writes one picture: the backdrop (places, wires, `+N`) when what it shows changed, the
/// tokens at rest over it when they changed (`!still_ok`), and every time the live part over
/// both (journeys, lock rings, endings) on the visible canvas. The layers spare the painter
/// most of the work of a picture: without a GPU a canvas rasterises every drawing call.
fn paint(
    lay: &mut Layers,
    still_ok: &mut bool,
    pen: &mut Pen,
    anim: &Animator,
    frame: &draw::Frame<'_>,
    size: (u32, u32),
    dpr: f64,
) {
    let (w, h) = (f64::from(size.0), f64::from(size.1));
    // A new size clears the canvases: the still layer is baked again (the backdrop too: its
    // key holds the size).
    let resized = lay.size != size;
    if resized {
        pen.size(MAIN, size.0, size.1);
        lay.size = size;
        *still_ok = false;
    }
    if !*still_ok {
        let of = (Backdrop::of(anim.layout()), (w, h, dpr));
        if lay.backdrop_of.as_ref() != Some(&of) {
            pen.layer(BACKDROP);
            pen.size(BACKDROP, size.0, size.1);
            pen.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
            draw::backdrop(pen, anim.layout(), frame);
            lay.backdrop_of = Some(of);
        }
        pen.layer(STILL);
        if resized {
            pen.size(STILL, size.0, size.1);
        }
        pen.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        pen.blit(BACKDROP);
        pen.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        lay.baked = draw::resting(pen, anim, frame);
        *still_ok = true;
    }
    pen.layer(MAIN);
    pen.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    pen.blit(STILL);
    pen.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    draw::live(pen, anim, frame, &lay.baked);
}

impl Drop for StageState {
    fn drop(&mut self) {
        if let Some((_, p)) = &self.canvas {
            p.close();
        }
    }
}

impl StageState {
    /// Forgets the previous simulation's picture.
    pub fn replaced(&mut self) {
        self.replaced = true;
    }

    /// What is at `(x, y)` (CSS px within the canvas) in the picture at real time `real`, and
    /// the model the stage shows.
    pub fn hit_at(&self, x: f64, y: f64, real: f64) -> Option<(Hit, &Model)> {
        let rects = self.anim.hit_rects(real);
        hit(self.anim.layout(), &rects, x, y).map(|h| (h, &self.model))
    }
}

fn media(q: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.match_media(q).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Finds the canvas once it is in the document, and watches its size.
fn attach(s: &mut StageState, id: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(canvas) = doc
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    // Until the painter's script has run (it is deferred like the app's), try again next frame.
    let Ok(painter) = paint_attach(&canvas, false, true) else {
        return;
    };
    let resized = std::rc::Rc::clone(&s.resized);
    let cb = Closure::<dyn FnMut()>::new(move || resized.set(true));
    let _ = canvas.set_attribute("data-moving", "");
    let _ = canvas.set_attribute("data-highlight", "");
    let observer = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()).ok();
    if let Some(o) = &observer {
        o.observe(&canvas);
    }
    s.canvas = Some((canvas, painter));
    s.resized.set(true);
    s.observer = observer.map(|o| (o, cb));
}

/// One animation frame of a stage: takes the simulation's changes, moves the animator to
/// the new layout, draws.
/// `page_changes`: this frame changes the page's text (then a running clock's take waits a
/// frame: [`cadence::take_due`]). Returns the colours when they changed (the page's other
/// canvases follow them).
pub fn tick_side(
    s: &mut StageState,
    sim: &mut (impl Played + ?Sized),
    id: &str,
    real: f64,
    running: bool,
    page_changes: bool,
) -> Option<Palette> {
    if s.canvas.is_none() {
        attach(s, id);
    }
    // What changed in the simulation since the last frame.
    let (generation, virtual_ms, selected) =
        (sim.generation(), sim.now().as_millis(), sim.selected());
    let changed = s.generation != Some(generation) || s.replaced;
    let due = cadence::take_due(s.replaced, changed, running, page_changes, s.taken_at, real);
    let fresh = due.then(|| (sim.take_cues(), sim.stage_model()));
    if fresh.is_some() {
        s.taken_at = Some(real);
    }
    {
        let (canvas, painter) = s.canvas.clone()?;
        let mut recoloured = None;
        if s.pal.is_none() || real - s.pal_at > 1_000.0 {
            let pal = Palette::read();
            if s.pal.as_ref() != Some(&pal) {
                s.drawn_at_virtual = None;
                s.still_ok = false;
                recoloured = Some(pal.clone());
                // The clock's face reads its colours again too (a theme switch).
                super::face::restyle();
            }
            s.pal = Some(pal);
            s.pal_at = real;
            s.reduced = media("(prefers-reduced-motion: reduce)");
        }
        let mut relayout = false;
        if s.resized.get() {
            s.resized.set(false);
            let w = f64::from(canvas.client_width());
            let h = f64::from(canvas.client_height());
            let dpr = web_sys::window()
                .map_or(1.0, |w| w.device_pixel_ratio())
                .clamp(1.0, 3.0);
            if w > 0.0 && h > 0.0 && (w, h, dpr) != s.size {
                s.size = (w, h, dpr);
                relayout = true;
            }
        }
        let (w, h, dpr) = s.size;
        if w <= 0.0 {
            return recoloured;
        }
        let mut dirty = relayout || s.selected != selected;
        s.selected = selected;
        if let Some((cues, model)) = fresh {
            s.generation = Some(generation);
            if s.replaced || relayout {
                s.anim.reset(layout(&model, w, h), &model);
                s.replaced = false;
            } else if model != s.model {
                s.anim
                    .update(layout(&model, w, h), &model, &cues, real, s.reduced);
            }
            s.model = model;
            dirty = true;
        } else if relayout {
            s.anim.reset(layout(&s.model, w, h), &s.model);
        }
        let busy = s.anim.busy(real);
        let was_busy = std::mem::replace(&mut s.was_busy, busy);
        if dirty || (was_busy && !busy) {
            s.still_ok = false;
        }
        // Rings drain with virtual time: redraw when it moved, or anything is in motion (and
        // once more when motion ends, for the final picture).
        // When only the rings drain (nothing travels), ten pictures a second are plenty: a
        // ring moves less than a degree between them.
        let rings_due =
            running && s.drawn_at_virtual != Some(virtual_ms) && real - s.drawn_at_real >= RING_MS;
        let wanted = !s.still_ok || busy || rings_due || s.drawn_at_virtual.is_none();
        // A painter that has not drawn the last two pictures yet gets no third in the middle
        // of a motion: the next frame draws what is then current. A picture that shows a
        // change (a new model, the end of a motion, a selection, a size) goes unless four are
        // waiting: when no next frame comes (a clock that stands, a test's fake clock), the
        // last picture sent must be the one at rest.
        let room = if s.still_ok { 2.0 } else { 4.0 };
        if wanted
            && painter.backlog() < room
            && let Some(pal) = s.pal.as_ref()
        {
            s.drawn_at_virtual = Some(virtual_ms);
            s.drawn_at_real = real;
            let frame = draw::Frame {
                real,
                virtual_ms,
                lock_ms: s.model.lock_ms,
                selected,
                pal,
                dpr,
            };
            let size = ((w * dpr).round() as u32, (h * dpr).round() as u32);
            paint(
                &mut s.layers,
                &mut s.still_ok,
                &mut s.pen,
                &s.anim,
                &frame,
                size,
                dpr,
            );
            let (ops, text) = s.pen.picture();
            painter.paint(ops, text);
            s.pen.clear();
        }
        // Which tokens are travelling, and which are highlighted where they arrived (reduced
        // motion), for tests and tools (attributes written only when they change).
        let mut moving: Vec<&str> = Vec::new();
        let mut lit: Vec<&str> = Vec::new();
        for sp in s.anim.sprites(real).filter(|sp| sp.live) {
            if sp.travel.is_some() {
                moving.push(&sp.token.id);
            }
            if sp.highlight > 0.0 {
                lit.push(&sp.token.id);
            }
        }
        // Every frame, hundreds at 10,000 messages: the standard sort in place, not
        // `settle_core::order` (measured slower here).
        for v in [&mut moving, &mut lit] {
            v.sort_unstable();
            v.dedup();
        }
        // Where each place is (title and CSS px within the canvas), for tests and tools.
        if dirty {
            let places = s
                .anim
                .layout()
                .frames
                .iter()
                .map(|f| {
                    let r = f.rect;
                    format!("{}:{:.0},{:.0},{:.0},{:.0}", f.title, r.x, r.y, r.w, r.h)
                })
                .collect::<Vec<_>>()
                .join(";");
            if places != s.places {
                let _ = canvas.set_attribute("data-places", &places);
                s.places = places;
            }
        }
        let state = (moving.join(" "), lit.join(" "));
        if state != s.moving {
            let _ = canvas.set_attribute("data-moving", &state.0);
            let _ = canvas.set_attribute("data-highlight", &state.1);
            s.moving = state;
        }
        recoloured
    }
}

#[cfg(test)]
mod tests {
    use super::{Layers, Pen, STILL, paint};
    use crate::paint::draw::{Frame, Palette};
    use crate::stage::anim::Animator;
    use crate::stage::layout::layout;
    use crate::stage::model::sample::{base, k, with_available};
    use crate::stage::model::{Model, Place, Token};
    use crate::stage::pen::{Arg, Op};
    use crate::words::speak;
    use settle_i18n::Lang;

    /// m1 and m2 available, m3 held by R1 under a lock until 5 s.
    fn model() -> Model {
        let mut m = with_available(base(), &[1, 2]);
        m.receivers[0].held.push(Token {
            until_ms: Some(5_000),
            ..Token::new(3, "m3", 1)
        });
        m.whereabouts.push((k(3), Place::Receiver(0)));
        m
    }

    fn nums(pen: &Pen, op: Op) -> Vec<f64> {
        pen.commands()
            .filter(|(o, _)| *o == op)
            .filter_map(|(_, a)| match a.first() {
                Some(Arg::Num(n)) => Some(*n),
                _ => None,
            })
            .collect()
    }

    fn texts(pen: &Pen) -> Vec<String> {
        pen.commands()
            .filter(|(o, _)| *o == Op::FillText)
            .filter_map(|(_, a)| match a.into_iter().next() {
                Some(Arg::Text(t)) => Some(t),
                _ => None,
            })
            .collect()
    }

    /// A frame at virtual `ms` (locks of 5 s) in `pal`.
    fn frame_at(pal: &Palette, virtual_ms: u64) -> Frame<'_> {
        Frame {
            real: 0.0,
            virtual_ms,
            lock_ms: 5_000,
            selected: None,
            pal,
            dpr: 1.0,
        }
    }

    /// The texts of the first picture of `m` on a stage of `size` at virtual `ms`.
    fn first_picture(m: &Model, size: (u32, u32), virtual_ms: u64) -> Vec<String> {
        let mut a = Animator::default();
        a.reset(layout(m, f64::from(size.0), f64::from(size.1)), m);
        let pal = Palette::default();
        let (mut lay, mut still_ok, mut pen) = (Layers::default(), false, Pen::new());
        let frame = frame_at(&pal, virtual_ms);
        paint(&mut lay, &mut still_ok, &mut pen, &a, &frame, size, 1.0);
        texts(&pen)
    }

    /// Each picture draws only the layers whose content changed: the first sizes and draws
    /// all three; while only the clock moves, a picture is the still layer copied onto the
    /// canvas and the lock ring over it (no token at rest drawn again); a change of the tokens
    /// re-bakes the still layer over the kept backdrop; a new size redraws everything.
    #[test]
    fn a_picture_draws_only_the_layers_whose_content_changed() {
        let m = model();
        let (w, h) = (900.0, 500.0);
        let mut a = Animator::default();
        a.reset(layout(&m, w, h), &m);
        let pal = Palette::default();
        let frame = |virtual_ms| Frame {
            real: 0.0,
            virtual_ms,
            lock_ms: 5_000,
            selected: None,
            pal: &pal,
            dpr: 1.0,
        };
        let (mut lay, mut still_ok, mut pen) = (Layers::default(), false, Pen::new());
        // One picture, on a pen emptied of the last one.
        let picture = |lay: &mut Layers, ok: &mut bool, pen: &mut Pen, v: u64, size, dpr| {
            pen.clear();
            paint(lay, ok, pen, &a, &frame(v), size, dpr);
        };
        let size = (900, 500);

        picture(&mut lay, &mut still_ok, &mut pen, 0, size, 1.0);
        assert!(still_ok);
        assert_eq!(nums(&pen, Op::Size), [0.0, 1.0, 2.0]);
        assert_eq!(nums(&pen, Op::Layer), [1.0, 2.0, 0.0]);
        // The backdrop into the still layer, the still layer onto the canvas.
        assert_eq!(nums(&pen, Op::Blit), [1.0, f64::from(STILL)]);
        let first = texts(&pen);
        for id in ["m1", "m2", "m3", "S1", "R1"] {
            assert!(first.iter().any(|t| t == id), "{id} in {first:?}");
        }
        assert_eq!(lay.baked.len(), 3);

        // Only the clock moved: the canvas gets the still layer and the ring, nothing else.
        picture(&mut lay, &mut still_ok, &mut pen, 1_000, size, 1.0);
        assert!(nums(&pen, Op::Size).is_empty());
        assert_eq!(nums(&pen, Op::Layer), [0.0]);
        assert_eq!(nums(&pen, Op::Blit), [f64::from(STILL)]);
        let again = texts(&pen);
        assert!(
            !again
                .iter()
                .any(|t| ["m1", "m2", "m3", "S1", "R1"].contains(&t.as_str())),
            "{again:?}"
        );
        assert!(pen.count(Op::Arc) + pen.count(Op::FillRect) > 0, "the ring");

        // The tokens changed (same places): the still layer is re-baked, the backdrop kept.
        still_ok = false;
        picture(&mut lay, &mut still_ok, &mut pen, 1_000, size, 1.0);
        assert!(nums(&pen, Op::Size).is_empty());
        assert_eq!(nums(&pen, Op::Layer), [2.0, 0.0]);
        assert_eq!(nums(&pen, Op::Blit), [1.0, f64::from(STILL)]);

        // A new size: every layer is sized and drawn again.
        still_ok = false;
        picture(
            &mut lay,
            &mut still_ok,
            &mut pen,
            1_000,
            (1_800, 1_000),
            2.0,
        );
        assert_eq!(nums(&pen, Op::Size), [0.0, 1.0, 2.0]);
        assert_eq!(nums(&pen, Op::Layer), [1.0, 2.0, 0.0]);
    }

    /// A busy queue's counts change at every update; they are drawn with the tokens at rest,
    /// so a new count re-bakes the still layer but leaves the backdrop as it was (a backdrop
    /// redrawn at every update was a third of the painter's work at 10,000 messages).
    #[test]
    fn a_count_that_changes_is_drawn_again_without_the_backdrop() {
        let many = |n: u64| with_available(base(), &(1..=n).collect::<Vec<_>>());
        let (m1, m2) = (many(300), many(301));
        let plus = |m: &Model| {
            let l = layout(m, 900.0, 500.0);
            let o = l.overflow.first().expect("the lane overflows");
            format!("+{}", o.n)
        };
        let (before, after) = (plus(&m1), plus(&m2));
        assert_ne!(before, after);
        let mut a = Animator::default();
        a.reset(layout(&m1, 900.0, 500.0), &m1);
        let pal = Palette::default();
        let frame = frame_at(&pal, 0);
        // A picture whose still layer is to be drawn again (the tokens changed).
        let picture = |a: &Animator, lay: &mut Layers| {
            let (mut still_ok, mut pen) = (false, Pen::new());
            paint(lay, &mut still_ok, &mut pen, a, &frame, (900, 500), 1.0);
            pen
        };
        let mut lay = Layers::default();
        let pen = picture(&a, &mut lay);
        assert!(texts(&pen).contains(&before));
        a.update(layout(&m2, 900.0, 500.0), &m2, &[], 0.0, false);
        let pen = picture(&a, &mut lay);
        assert_eq!(nums(&pen, Op::Layer), [2.0, 0.0], "the backdrop is kept");
        let t = texts(&pen);
        assert!(t.contains(&after) && !t.contains(&before), "{t:?}");
    }

    /// A scheduled message says under it when it becomes active, on the clock's terms; with
    /// more than its lane can caption, none is (the tokens keep their room).
    #[test]
    fn a_scheduled_message_says_when_it_is_due() {
        let scheduled = |n: u64| {
            let mut m = base();
            for k in 1..=n {
                m.scheduled.push(Token {
                    due_ms: Some(60_000 + k * 1_500),
                    ..Token::new(10 + k, &format!("later-{k}"), 0)
                });
                m.whereabouts.push(((10 + k).into(), Place::Scheduled));
            }
            m
        };
        let t = first_picture(&scheduled(2), (1400, 800), 1_000);
        assert!(t.iter().any(|t| t == "due at 61.5 s"), "{t:?}");
        assert!(t.iter().any(|t| t == "due at 63.0 s"), "{t:?}");
        let t = first_picture(&scheduled(60), (1400, 800), 1_000);
        assert!(!t.iter().any(|t| t.starts_with("due at")), "{t:?}");
    }

    /// In Czech and Russian the stage writes its places' titles, when a scheduled message is
    /// due and a lock's seconds in the language, with its decimal comma.
    #[test]
    fn the_stage_speaks_czech_and_russian() {
        let mut m = model();
        m.scheduled.push(Token {
            due_ms: Some(61_500),
            ..Token::new(9, "later", 0)
        });
        m.whereabouts.push((k(9), Place::Scheduled));
        m.whereabouts.sort();
        let english = first_picture(&m, (1400, 800), 1_000);
        for want in ["Available", "due at 61.5 s", "4.0 s"] {
            assert!(english.iter().any(|t| t == want), "{want} in {english:?}");
        }
        for (lang, want) in [
            (
                Lang::Cs,
                ["K dispozici", "Naplánované", "od 61,5 s", "4,0 s"],
            ),
            (
                Lang::Ru,
                ["Доступные", "Запланированные", "в 61,5 с", "4,0 с"],
            ),
        ] {
            let _speaking = speak(lang);
            let t = first_picture(&m, (1400, 800), 1_000);
            for want in want {
                assert!(t.iter().any(|t| t == want), "{lang}: {want} in {t:?}");
            }
            assert!(!t.iter().any(|t| t.contains("due at")), "{lang}: {t:?}");
        }
    }

    /// A held copy names its entity ("m3 · work"): where the label has no room for both, the
    /// token shows the id whole and the caption under it the entity beside the time left.
    #[test]
    fn a_held_copy_too_narrow_for_its_entity_names_it_beside_the_time() {
        let mut m = with_available(base(), &[1, 2]);
        m.receivers[0].held.push(Token {
            until_ms: Some(5_000),
            ..Token::new(3, "m3 · work", 1)
        });
        m.whereabouts.push((k(3), Place::Receiver(0)));
        let texts = first_picture(&m, (900, 500), 1_000);
        assert!(texts.iter().any(|t| t == "m3"), "{texts:?}");
        assert!(texts.iter().any(|t| t == "work · 4.0 s"), "{texts:?}");
        assert!(!texts.iter().any(|t| t.starts_with("m3 ·")), "{texts:?}");
    }
}
