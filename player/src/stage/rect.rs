//! A rectangle in CSS pixels of the stage: what the layout places, the animator moves and the
//! hit test searches.

/// A rectangle in CSS pixels of the stage.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// A rectangle.
    #[must_use]
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Self {
        Self { x, y, w, h }
    }

    /// Right edge.
    #[must_use]
    pub fn right(self) -> f64 {
        self.x + self.w
    }

    /// Bottom edge.
    #[must_use]
    pub fn bottom(self) -> f64 {
        self.y + self.h
    }

    /// Centre point.
    #[must_use]
    pub fn center(self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Does it contain the point (edges included)?
    #[must_use]
    pub fn contains(self, x: f64, y: f64) -> bool {
        x >= self.x && x <= self.right() && y >= self.y && y <= self.bottom()
    }

    /// Shrunk by `d` on every side (grown when `d` is negative); never below zero size.
    #[must_use]
    pub fn inset(self, d: f64) -> Self {
        Self {
            x: self.x + d,
            y: self.y + d,
            w: (self.w - 2.0 * d).max(0.0),
            h: (self.h - 2.0 * d).max(0.0),
        }
    }

    /// Do the two overlap (sharing an edge is not overlapping)?
    #[must_use]
    pub fn overlaps(self, o: Self) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    /// Is `o` inside this one (with a tolerance for rounding)?
    #[must_use]
    pub fn encloses(self, o: Self) -> bool {
        const EPS: f64 = 1e-6;
        o.x >= self.x - EPS
            && o.y >= self.y - EPS
            && o.right() <= self.right() + EPS
            && o.bottom() <= self.bottom() + EPS
    }

    /// The linear interpolation between two rectangles, `t` in 0..=1.
    #[must_use]
    pub fn lerp(self, o: Self, t: f64) -> Self {
        let l = |a: f64, b: f64| a + (b - a) * t;
        Self {
            x: l(self.x, o.x),
            y: l(self.y, o.y),
            w: l(self.w, o.w),
            h: l(self.h, o.h),
        }
    }
}
