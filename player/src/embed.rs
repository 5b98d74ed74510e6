//! The shape of an embed (`?embed`): a slim clock bar, the caption in a fixed number of lines,
//! and the stage at a fixed aspect ratio. Its height follows from its width alone, so a docs
//! page can give the iframe its height in advance (the Embed button's snippet does), and it
//! never changes while the embed plays.
//!
//! These numbers are the one source of the embed's vertical sizes: [`Shape::properties`] are
//! set as custom properties on the embed's `<body>`, and `web/style.css` lays the embed out with
//! them.

/// The vertical sizes of an embed, CSS px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// The clock bar's height (its bottom border included).
    pub bar: f64,
    /// Space above the caption, below the stage, and on the left and right.
    pub pad: f64,
    /// Lines reserved for the caption, and the height of one.
    pub cap_lines: f64,
    pub cap_line: f64,
    /// The caption's font size.
    pub cap_font: f64,
    /// The caption box's padding (top and bottom each) plus its border (top and bottom each).
    pub cap_pad: f64,
    /// Between the caption and the stage.
    pub gap: f64,
    /// The stage's width over its height.
    pub ratio: (u32, u32),
}

/// The normal embed: 16:9, three caption lines.
pub const NORMAL: Shape = Shape {
    bar: 44.0,
    pad: 8.0,
    cap_lines: 3.0,
    cap_line: 22.0,
    cap_font: 16.0,
    cap_pad: 7.0,
    gap: 6.0,
    ratio: (16, 9),
};

/// `?compact=1`: a wider stage and two smaller caption lines (at most 480 px tall at 800 px).
pub const COMPACT: Shape = Shape {
    bar: 38.0,
    pad: 6.0,
    cap_lines: 2.0,
    cap_line: 19.0,
    cap_font: 14.0,
    cap_pad: 5.0,
    gap: 4.0,
    ratio: (7, 3),
};

impl Shape {
    /// The shape for a mode.
    #[must_use]
    pub fn of(compact: bool) -> Self {
        if compact { COMPACT } else { NORMAL }
    }

    /// The caption box's height.
    #[must_use]
    pub fn caption(&self) -> f64 {
        self.cap_lines * self.cap_line + 2.0 * self.cap_pad
    }

    /// The stage's height at an embed `width` px wide.
    #[must_use]
    pub fn stage(&self, width: f64) -> f64 {
        let (a, b) = self.ratio;
        (width - 2.0 * self.pad).max(0.0) * f64::from(b) / f64::from(a)
    }

    /// The embed's whole height at `width` px wide, rounded up to a whole pixel.
    #[must_use]
    pub fn height(&self, width: f64) -> u32 {
        let h = self.bar + self.pad + self.caption() + self.gap + self.stage(width) + self.pad;
        // Within a hundredth of a pixel of a whole one is that one (float noise, not a line).
        (h - 0.01).ceil().max(0.0) as u32
    }

    /// The custom properties `web/style.css` lays an embed out with: (name, value).
    #[must_use]
    pub fn properties(&self) -> [(&'static str, String); 8] {
        let (a, b) = self.ratio;
        let px = |v: f64| format!("{v}px");
        [
            ("--bar-h", px(self.bar)),
            ("--pad", px(self.pad)),
            ("--cap-h", px(self.caption())),
            ("--cap-line", px(self.cap_line)),
            ("--cap-font", px(self.cap_font)),
            ("--cap-pad", px(self.cap_pad)),
            ("--gap", px(self.gap)),
            ("--ratio", format!("{a} / {b}")),
        ]
    }
}

/// Keeps an embed's clock bar whole: when its controls do not fit its width (a longer
/// language, a narrow frame), the bar drops the step buttons, then the speed and Controls, then
/// lets its title shrink away, rather than clip any control (`tight-1` to `tight-3` in
/// `web/style.css`). Checked now (the page is mounted) and whenever the bar or one of its
/// controls changes size (a resize, a label written later); a page that is no embed has none.
pub fn keep_bar_whole() {
    use wasm_bindgen::JsCast;
    const STEPS: [&str; 3] = ["tight-1", "tight-2", "tight-3"];
    fn bar() -> Option<web_sys::Element> {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(".embed header.top").ok().flatten())
    }
    fn fit() {
        let Some(top) = bar() else { return };
        let classes = top.class_list();
        for class in STEPS {
            let _ = classes.remove_1(class);
        }
        for class in STEPS {
            if top.scroll_width() <= top.client_width() + 1 {
                break;
            }
            let _ = classes.add_1(class);
        }
    }
    let Some(top) = bar() else { return };
    fit();
    let watch = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(fit);
    if let Ok(observer) = web_sys::ResizeObserver::new(watch.as_ref().unchecked_ref()) {
        observer.observe(&top);
        if let Ok(controls) = top.query_selector_all("button, select, .clock-time") {
            for i in 0..controls.length() {
                if let Some(e) = controls.item(i).and_then(|n| n.dyn_into().ok()) {
                    observer.observe(&e);
                }
            }
        }
    }
    watch.forget();
}

/// The Embed button's lines for a scenario: the iframe of `view.html` in the directory `dir`
/// (empty, or ending in `/`) playing `target` (`&preset=NAME…`, or a link's fragment) in the
/// installed language, `width` px wide and exactly as tall as the embed is at that width (so
/// the whole stage shows without the script; narrower hosts shrink it, which only makes it
/// shorter), then the optional auto-height script. The page's Embed button and `settle embed`
/// print it.
#[must_use]
pub fn snippet(dir: &str, title: &str, target: &str, width: u32) -> String {
    let title = settle_i18n::tf("scenario-embed-title", &[("title", title.into())])
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    let height = NORMAL.height(f64::from(width));
    // The language goes with it; an English one follows its host's (embed.js passes the host's
    // `<html lang>`) or its reader's.
    let lang = match settle_i18n::lang() {
        settle_i18n::Lang::En => String::new(),
        l => format!("&lang={}", l.tag()),
    };
    format!(
        "<iframe data-settle src=\"{dir}view.html?embed&autoplay=1{lang}{target}\" title=\"{title}\" width=\"{width}\" height=\"{height}\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>\n<script src=\"{dir}embed.js\"></script>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_height_follows_from_the_width_alone() {
        // 800 px wide: 44 + 8 + 80 + 6 + 784 × 9/16 (441) + 8.
        assert_eq!(NORMAL.height(800.0), 587);
        assert_eq!(NORMAL.height(800.0), NORMAL.height(800.0));
        assert!(NORMAL.height(1000.0) > NORMAL.height(800.0));
        // A fractional stage height rounds up.
        assert_eq!(NORMAL.height(801.0), 588);
    }

    #[test]
    fn compact_is_at_most_480_px_tall_at_800_px_wide() {
        let h = COMPACT.height(800.0);
        assert!(h <= 480, "{h}");
        assert_eq!(Shape::of(true), COMPACT);
        assert_eq!(Shape::of(false), NORMAL);
    }

    #[test]
    fn the_style_sheet_gets_every_size() {
        let p = NORMAL.properties();
        for (k, v) in [
            ("--bar-h", "44px"),
            ("--cap-h", "80px"),
            ("--ratio", "16 / 9"),
            ("--pad", "8px"),
        ] {
            assert!(p.iter().any(|(a, b)| *a == k && b == v), "{p:?}");
        }
    }

    /// The iframe plays the target in the installed language, as tall as the embed is at its
    /// width, with its title escaped for an attribute; the script comes from the same directory.
    #[test]
    fn the_embed_lines_name_the_viewer_its_size_and_an_escaped_title() {
        let s = snippet("https://d/pg/", "Q&A \"x\" <y>", "&preset=abandon", 800);
        let height = NORMAL.height(800.0);
        assert_eq!(
            s,
            format!(
                "<iframe data-settle src=\"https://d/pg/view.html?embed&autoplay=1&preset=abandon\" title=\"Settle: Q&amp;A &quot;x&quot; &lt;y>\" width=\"800\" height=\"{height}\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>\n<script src=\"https://d/pg/embed.js\"></script>"
            )
        );
        let _ru = settle_i18n::speak(settle_i18n::Lang::Ru);
        assert!(snippet("", "t", "#s=x&t=0", 640).starts_with(
            "<iframe data-settle src=\"view.html?embed&autoplay=1&lang=ru#s=x&t=0\" title=\""
        ));
    }
}
