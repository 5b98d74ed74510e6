//! The parts of a published snapshot that drive most of the page's reactive views (lanes, log,
//! receivers' panels, the queue's card), each published only when it changed, and off screen
//! at a slower pace while the clock runs.

use leptos::prelude::*;
use settle_player::sim::{self, LogLine, ReceiverView, Snapshot};

/// The parts of a published snapshot that drive most of the page's reactive views (the lanes'
/// rows, the log's lines, each receiver's panel: thousands of memos and effects at 50
/// receivers), each a signal of its own, set only when it changed. Through the one snapshot
/// signal every publication made Leptos walk all of them (it marks every node downstream of a
/// changed signal, then checks each), whatever had changed: 30–40 ms twice a second at 50
/// busy receivers.
#[derive(Clone, Copy)]
pub struct Parts {
    /// Available, locked, deferred, scheduled, dead-letter.
    pub lanes: [RwSignal<sim::Lane>; 5],
    pub log: RwSignal<Vec<LogLine>>,
    /// Earlier log lines not on the page while the clock runs (see [`LOG_RUNNING`]).
    pub log_earlier: RwSignal<usize>,
    /// The receivers' names, in order.
    pub receivers: RwSignal<Vec<String>>,
    /// Each receiver's panel, in the order they were first published.
    pub(crate) panels: StoredValue<Vec<Panel>>,
    /// Where the next round of off-screen panels starts (see [`Parts::publish`]).
    pub(crate) turn: StoredValue<usize>,
    /// The queue card's lanes and the log, each following a running clock at every
    /// publication while on screen, at every [`OFFSCREEN_EVERY`]th while not.
    pub(crate) cards: StoredValue<Cards>,
}

/// The lists that follow a running clock less often off screen.
#[derive(Default)]
pub(crate) struct Cards {
    pub(crate) queue: Follow<[sim::Lane; 5]>,
    pub(crate) log: Follow<(Vec<LogLine>, usize)>,
}

/// While the clock runs, a list off screen (the queue card's lanes, the log) follows every
/// this many publications (every 2 s); it is brought up to date when it comes into view and
/// when the clock stops. At 10,000 messages and 100×, every row of the lanes and the log
/// changed at each publication: a CPU profile put about 5 ms of a publication's 18–22 ms of
/// thread CPU in patching the lanes' rows alone, where nobody could see them.
pub(crate) const OFFSCREEN_EVERY: u32 = 4;

/// What a list of the page shows next: a value it shows now, or holds back while it is off
/// screen and the clock runs.
pub(crate) struct Follow<T> {
    /// On screen or near it (until the browser says otherwise, and always where it cannot).
    pub(crate) seen: bool,
    /// The focus is in it: whoever moved there (with the keyboard, a screen reader) reads it
    /// now, wherever it is on the page, so it follows every publication.
    pub(crate) focused: bool,
    /// A newer value than the one shown, held back.
    pub(crate) pending: Option<T>,
    /// Publications held back since the last one shown.
    pub(crate) skipped: u32,
}

impl<T> Default for Follow<T> {
    fn default() -> Self {
        Self {
            seen: true,
            focused: false,
            pending: None,
            skipped: 0,
        }
    }
}

impl<T> Follow<T> {
    /// A publication's `value`: what to show now (`all`: the clock stands), if anything.
    pub(crate) fn offer(&mut self, value: T, all: bool) -> Option<T> {
        if all || self.seen || self.focused || self.skipped + 1 >= OFFSCREEN_EVERY {
            self.pending = None;
            self.skipped = 0;
            Some(value)
        } else {
            self.pending = Some(value);
            self.skipped += 1;
            None
        }
    }

    /// The list came into view (`seen`) or left it: what it held back, to show now.
    pub(crate) fn seen(&mut self, seen: bool) -> Option<T> {
        self.seen = seen;
        self.show_held(seen)
    }

    /// The focus came into the list or left it: what it held back, to show now.
    pub(crate) fn focused(&mut self, focused: bool) -> Option<T> {
        self.focused = focused;
        self.show_held(focused)
    }

    fn show_held(&mut self, now: bool) -> Option<T> {
        if now {
            self.skipped = 0;
            self.pending.take()
        } else {
            None
        }
    }
}

/// How many off-screen receiver panels follow each publication while the clock runs (the
/// rest wait their turn; every one is brought up to date when it comes into view or the clock
/// stops). At 50 busy receivers every panel changed at every publication, and patching the
/// 40-odd nobody could see cost most of it: 30–45 ms twice a second at 100×.
pub(crate) const OFFSCREEN_PER_PUBLICATION: usize = 4;

/// How many log lines, newest first, the page shows while the clock runs (all of them, up to
/// [`sim::LOG_CAP`], when it stands). The log's box shows about a dozen; at 100× with 50 busy
/// workers every one of 300 lines was new at each publication, rewritten twice a second where
/// nobody could scroll to them before they were replaced (about 3 ms of each publication).
pub(crate) const LOG_RUNNING: usize = 40;

/// A receiver's panel as the page shows it.
pub(crate) struct Panel {
    pub(crate) name: String,
    pub(crate) shown: ArcRwSignal<ReceiverView>,
    /// A newer view than `shown`, held back while the panel is off screen.
    pub(crate) pending: Option<ReceiverView>,
    /// On screen or near it (until the browser says otherwise, and always where it cannot).
    pub(crate) seen: bool,
    /// The focus is in it (see [`Follow::focused`]).
    pub(crate) focused: bool,
}

impl Panel {
    /// A panel showing `view`, taken to be on screen until the browser says otherwise.
    pub(crate) fn new(name: String, view: ReceiverView) -> Self {
        Self {
            name,
            shown: ArcRwSignal::new(view),
            pending: None,
            seen: true,
            focused: false,
        }
    }

    /// Shows `pending`, if any.
    pub(crate) fn flush(&mut self) {
        if let Some(v) = self.pending.take()
            && self.shown.with_untracked(|old| *old != v)
        {
            self.shown.set(v);
        }
    }
}

impl Parts {
    pub(crate) fn new() -> Self {
        Self {
            lanes: std::array::from_fn(|_| RwSignal::new(sim::Lane::default())),
            log: RwSignal::new(Vec::new()),
            log_earlier: RwSignal::new(0),
            receivers: RwSignal::new(Vec::new()),
            panels: StoredValue::new(Vec::new()),
            turn: StoredValue::new(0),
            cards: StoredValue::new(Cards::default()),
        }
    }

    /// Moves the parts out of `snap` into their signals, setting only those that changed.
    /// While the clock runs (`all` false), a receiver panel off screen is brought up to date
    /// only in its turn, [`OFFSCREEN_PER_PUBLICATION`] at a time, and the queue card's lanes
    /// and the log, off screen, at every [`OFFSCREEN_EVERY`]th publication; with `all`,
    /// everything is.
    pub(crate) fn publish(self, snap: &mut Snapshot, all: bool) {
        let lanes = [
            std::mem::take(&mut snap.available),
            std::mem::take(&mut snap.locked),
            std::mem::take(&mut snap.deferred),
            std::mem::take(&mut snap.scheduled),
            std::mem::take(&mut snap.dead_letter),
        ];
        if let Some(lanes) = self
            .cards
            .try_update_value(|c| c.queue.offer(lanes, all))
            .flatten()
        {
            self.show_lanes(lanes);
        }
        let earlier = if all {
            0
        } else {
            snap.log.len().saturating_sub(LOG_RUNNING)
        };
        snap.log.truncate(snap.log.len() - earlier);
        let log = (std::mem::take(&mut snap.log), earlier);
        if let Some(log) = self
            .cards
            .try_update_value(|c| c.log.offer(log, all))
            .flatten()
        {
            self.show_log(log);
        }
        let views = std::mem::take(&mut snap.receivers);
        let names: Vec<String> = views.iter().map(|v| v.name.clone()).collect();
        let turn = self.turn.get_value();
        let next = self.panels.try_update_value(|known| {
            known.retain(|p| names.contains(&p.name));
            for v in views {
                match known.iter_mut().find(|p| p.name == v.name) {
                    Some(p) => {
                        p.pending = Some(v);
                        if p.seen || p.focused || all {
                            p.flush();
                        }
                    }
                    None => known.push(Panel::new(v.name.clone(), v)),
                }
            }
            // The off-screen panels' turn: the next few after the last one brought up.
            let n = known.len();
            let mut left = OFFSCREEN_PER_PUBLICATION;
            let mut next = turn;
            for k in 0..n {
                if left == 0 {
                    break;
                }
                let i = (turn + k) % n;
                if known[i].pending.is_some() {
                    known[i].flush();
                    left -= 1;
                    next = i + 1;
                }
            }
            next
        });
        if let Some(next) = next {
            self.turn.set_value(next);
        }
        set_if_changed(self.receivers, names);
    }

    pub(crate) fn show_lanes(self, lanes: [sim::Lane; 5]) {
        for (signal, lane) in self.lanes.iter().zip(lanes) {
            set_if_changed(*signal, lane);
        }
    }

    pub(crate) fn show_log(self, (lines, earlier): (Vec<LogLine>, usize)) {
        set_if_changed(self.log_earlier, earlier);
        set_if_changed(self.log, lines);
    }

    /// Tells whether the queue card is on screen (or near it): coming into view, it shows
    /// what it held back at once.
    pub fn queue_seen(self, seen: bool) {
        self.queue_with(|q| q.seen(seen));
    }

    /// Tells whether the log is on screen (or near it), as [`Parts::queue_seen`].
    pub fn log_seen(self, seen: bool) {
        self.log_with(|l| l.seen(seen));
    }

    /// Tells whether the focus is in the queue card: gaining it, the card shows what it held
    /// back at once, and follows every publication while it has it, on screen or not (a
    /// screen reader reads what has the focus: the accessibility tree must be current there).
    pub fn queue_focused(self, focused: bool) {
        self.queue_with(|q| q.focused(focused));
    }

    /// Tells whether the focus is in the log, as [`Parts::queue_focused`].
    pub fn log_focused(self, focused: bool) {
        self.log_with(|l| l.focused(focused));
    }

    /// Tells the queue card's [`Follow`] something, and shows what it gives back.
    fn queue_with(self, tell: impl FnOnce(&mut Follow<[sim::Lane; 5]>) -> Option<[sim::Lane; 5]>) {
        if let Some(lanes) = self
            .cards
            .try_update_value(|c| tell(&mut c.queue))
            .flatten()
        {
            self.show_lanes(lanes);
        }
    }

    /// Tells the log's [`Follow`] something, and shows what it gives back.
    fn log_with(
        self,
        tell: impl FnOnce(&mut Follow<(Vec<LogLine>, usize)>) -> Option<(Vec<LogLine>, usize)>,
    ) {
        if let Some(log) = self.cards.try_update_value(|c| tell(&mut c.log)).flatten() {
            self.show_log(log);
        }
    }

    /// Tells whether the panel of receiver `name` is on screen (or near it): one coming into
    /// view is brought up to date at once.
    pub fn panel_seen(self, name: &str, seen: bool) {
        self.panel_with(name, |p| {
            p.seen = seen;
            seen
        });
    }

    /// Tells whether the focus is in the panel of receiver `name`, as
    /// [`Parts::queue_focused`].
    pub fn panel_focused(self, name: &str, focused: bool) {
        self.panel_with(name, |p| {
            p.focused = focused;
            focused
        });
    }

    /// Tells the panel of receiver `name` something; it shows what it held back when `tell`
    /// says so.
    fn panel_with(self, name: &str, tell: impl FnOnce(&mut Panel) -> bool) {
        self.panels.update_value(|known| {
            if let Some(p) = known.iter_mut().find(|p| p.name == name)
                && tell(p)
            {
                p.flush();
            }
        });
    }

    /// The panel of the receiver `name` (an empty one if it is not published yet).
    pub fn receiver(self, name: &str) -> Signal<ReceiverView> {
        let found = self.panels.with_value(|known| {
            known
                .iter()
                .find(|p| p.name == name)
                .map(|p| p.shown.clone())
        });
        found
            .unwrap_or_else(|| {
                let p = Panel::new(name.to_string(), ReceiverView::named(name));
                let shown = p.shown.clone();
                self.panels.update_value(|known| known.push(p));
                shown
            })
            .into()
    }
}

/// Sets `signal` to `value` unless it holds that already (its views then do not run).
pub(crate) fn set_if_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|old| *old != value) {
        signal.set(value);
    }
}

#[cfg(test)]
#[cfg(test)]
mod tests {
    use super::*;
    use settle_core::Instant;
    use settle_player::sim::Sim;

    /// Ten receivers; each takes one message at 1 s.
    fn ten_receivers() -> Sim {
        let mut script = Vec::new();
        for i in 1..=10 {
            script.push(format!(
                r#"{{"at_ms":0,"do":"send","by":"S1","id":"m{i}"}}"#
            ));
        }
        for r in 1..=10 {
            script.push(format!(
                r#"{{"at_ms":1000,"do":"receive","by":"R{r}","max":1}}"#
            ));
        }
        let text = format!(
            r#"{{"settle":1,"seed":1,"queue":{{"lock_duration_ms":30000}},"script":[{}]}}"#,
            script.join(",")
        );
        Sim::load(&text).unwrap()
    }

    impl Parts {
        /// A snapshot of `sim` whose lanes and log are empty.
        fn blank(sim: &Sim) -> Snapshot {
            let mut snap = sim.snapshot();
            for lane in [
                &mut snap.available,
                &mut snap.locked,
                &mut snap.deferred,
                &mut snap.scheduled,
                &mut snap.dead_letter,
            ] {
                *lane = sim::Lane::default();
            }
            snap.log.clear();
            snap
        }
    }

    fn holding(parts: Parts) -> Vec<usize> {
        (1..=10)
            .map(|r| {
                parts
                    .receiver(&format!("R{r}"))
                    .with_untracked(|v| v.held.len())
            })
            .collect()
    }

    #[test]
    fn off_screen_receiver_panels_follow_a_running_clock_in_turns_and_at_once_when_seen_or_stopped()
    {
        let mut sim = ten_receivers();
        sim.advance_to(Instant::from_millis(500));
        let parts = Parts::new();
        parts.publish(&mut sim.snapshot(), true);
        assert_eq!(holding(parts), [0; 10]);
        // R1 and R2 on screen, the others not.
        for r in 3..=10 {
            parts.panel_seen(&format!("R{r}"), false);
        }
        sim.advance_to(Instant::from_millis(1500));
        parts.publish(&mut sim.snapshot(), false);
        let h = holding(parts);
        assert_eq!(h[..2], [1, 1], "panels on screen follow every publication");
        assert_eq!(
            h[2..].iter().sum::<usize>(),
            OFFSCREEN_PER_PUBLICATION,
            "{h:?}: off screen, {OFFSCREEN_PER_PUBLICATION} a publication"
        );
        // One coming into view is brought up to date at once.
        let late = (3..=10).find(|&r| h[r - 1] == 0).unwrap();
        parts.panel_seen(&format!("R{late}"), true);
        assert_eq!(holding(parts)[late - 1], 1);
        // The next publication brings the next ones, in turn.
        parts.publish(&mut sim.snapshot(), false);
        let before = h.iter().sum::<usize>() + 1;
        assert_eq!(
            holding(parts).iter().sum::<usize>(),
            (before + OFFSCREEN_PER_PUBLICATION).min(10)
        );
        // A clock that stands shows every panel as it is.
        parts.publish(&mut sim.snapshot(), true);
        assert_eq!(holding(parts), [1; 10]);
    }

    #[test]
    fn the_queue_card_and_the_log_off_screen_follow_a_running_clock_every_few_publications() {
        let mut sim = ten_receivers();
        let parts = Parts::new();
        let total = |parts: Parts| parts.lanes[1].with_untracked(|l| l.total);
        let lines = |parts: Parts| parts.log.with_untracked(Vec::len);
        parts.publish(&mut Parts::blank(&sim), true);
        assert_eq!((total(parts), lines(parts)), (0, 0));
        sim.advance_to(Instant::from_millis(1500));
        let (locked, logged) = (
            sim.snapshot().locked.total,
            sim.snapshot().log.len().min(LOG_RUNNING),
        );
        assert!(locked > 0 && logged > 0, "{locked} locked, {logged} lines");
        // On screen: every publication.
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (locked, logged));
        // Off screen: held back, shown at every OFFSCREEN_EVERY-th publication.
        parts.queue_seen(false);
        parts.log_seen(false);
        parts.publish(&mut Parts::blank(&sim), true);
        assert_eq!(
            (total(parts), lines(parts)),
            (0, 0),
            "a standing clock's at once"
        );
        for k in 1..OFFSCREEN_EVERY {
            parts.publish(&mut sim.snapshot(), false);
            assert_eq!(
                (total(parts), lines(parts)),
                (0, 0),
                "publication {k} held back"
            );
        }
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (locked, logged));
        // Coming into view: what was held back, at once.
        parts.publish(&mut Parts::blank(&sim), true);
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (0, 0));
        parts.queue_seen(true);
        assert_eq!(total(parts), locked);
        assert_eq!(lines(parts), 0, "the log is still off screen");
        parts.log_seen(true);
        assert_eq!(lines(parts), logged);
    }

    #[test]
    fn a_list_or_panel_with_the_focus_is_current_wherever_it_is_on_the_page() {
        let mut sim = ten_receivers();
        let parts = Parts::new();
        let total = |parts: Parts| parts.lanes[1].with_untracked(|l| l.total);
        let lines = |parts: Parts| parts.log.with_untracked(Vec::len);
        parts.publish(&mut Parts::blank(&sim), true);
        parts.queue_seen(false);
        parts.log_seen(false);
        for r in 1..=10 {
            parts.panel_seen(&format!("R{r}"), false);
        }
        sim.advance_to(Instant::from_millis(1500));
        let (locked, logged) = (
            sim.snapshot().locked.total,
            sim.snapshot().log.len().min(LOG_RUNNING),
        );
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (0, 0), "held back off screen");
        // The focus comes into the log: it is current at once; the queue card is not.
        parts.log_focused(true);
        assert_eq!((total(parts), lines(parts)), (0, logged));
        parts.queue_focused(true);
        assert_eq!(total(parts), locked);
        // A receiver's panel off screen, not in its turn yet.
        let h = holding(parts);
        let late = (1..=10)
            .find(|&r| h[r - 1] == 0)
            .expect("a panel held back");
        parts.panel_focused(&format!("R{late}"), true);
        assert_eq!(holding(parts)[late - 1], 1);
        // While they have the focus, every publication.
        parts.publish(&mut Parts::blank(&sim), false);
        assert_eq!((total(parts), lines(parts)), (0, 0));
        // The focus leaves: off screen, held back again.
        parts.log_focused(false);
        parts.queue_focused(false);
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!((total(parts), lines(parts)), (0, 0));
    }

    #[test]
    fn a_running_clock_shows_the_newest_log_lines_and_counts_the_rest_until_it_stops() {
        let mut sim = ten_receivers();
        sim.advance_to(Instant::from_millis(2000));
        let full = sim.snapshot().log;
        assert!(full.len() > 10, "{} lines", full.len());
        let lines = |parts: Parts| {
            parts
                .log
                .with_untracked(|l| l.iter().map(|l| l.n).collect::<Vec<_>>())
        };
        let newest: Vec<u64> = full.iter().map(|l| l.n).collect();
        let parts = Parts::new();
        // Fewer lines than LOG_RUNNING: all of them, running or not.
        parts.publish(&mut sim.snapshot(), false);
        assert_eq!(lines(parts), newest);
        assert_eq!(parts.log_earlier.get_untracked(), 0);
        // A long log while the clock runs: the newest LOG_RUNNING, newest first, the rest counted.
        let mut snap = sim.snapshot();
        let many: Vec<LogLine> = (0..LOG_RUNNING as u64 + 25)
            .rev()
            .map(|n| LogLine {
                n,
                ..full[0].clone()
            })
            .collect();
        snap.log.clone_from(&many);
        parts.publish(&mut snap, false);
        let shown = lines(parts);
        assert_eq!(shown.len(), LOG_RUNNING);
        assert_eq!(shown[0], LOG_RUNNING as u64 + 24, "newest first");
        assert_eq!(parts.log_earlier.get_untracked(), 25);
        // When it stands, every line.
        let mut snap = sim.snapshot();
        snap.log = many;
        parts.publish(&mut snap, true);
        assert_eq!(lines(parts).len(), LOG_RUNNING + 25);
        assert_eq!(parts.log_earlier.get_untracked(), 0);
    }
}
