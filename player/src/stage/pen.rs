//! A picture as a list of drawing commands: the stage's drawing code writes to a [`Pen`] with
//! the canvas 2D vocabulary, and the page hands the finished list to `public/stage-paint.js`,
//! which replays it on the canvas, in a worker that owns the canvas where the browser allows
//! (`transferControlToOffscreen`), so that neither the drawing calls nor the rasterising of
//! the canvas take the page's main thread. Plain Rust: the list can be read in native tests.
//!
//! The encoding is a flat list of numbers: an opcode ([`Op`]), then its arguments. Text
//! arguments are two numbers, the start and length (UTF-16 code units) of the text in the
//! list's string. The pen leaves out a state change that sets what is already set (each
//! picture starts from an unknown state, so its first setting of each is always written).
//!
//! Layers: 0 is the visible canvas; 1 and 2 are canvases the replayer keeps off the page (the
//! stage caches its backdrop and its tokens at rest there). [`Pen::layer`] selects where the
//! following commands draw, [`Pen::size`] sizes a layer (which clears it and its state), and
//! [`Pen::blit`] copies a layer into the selected one at the origin.

/// The commands, with the numbers `stage-paint.js` knows them by (keep both in step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Op {
    /// layer
    Layer = 0,
    /// layer, width, height (device px)
    Size = 1,
    /// layer
    Blit = 2,
    /// a b c d e f
    Transform = 3,
    /// text
    FillStyle = 4,
    /// text
    StrokeStyle = 5,
    /// alpha
    Alpha = 6,
    /// width
    LineWidth = 7,
    /// (none)
    BeginPath = 8,
    /// x y
    MoveTo = 9,
    /// x y
    LineTo = 10,
    /// x y radius start end
    Arc = 11,
    /// x1 y1 x2 y2 radius
    ArcTo = 12,
    /// (none)
    ClosePath = 13,
    /// (none)
    Fill = 14,
    /// (none)
    Stroke = 15,
    /// x y w h
    FillRect = 16,
    /// text x y
    FillText = 17,
    /// text
    TextAlign = 18,
    /// text
    TextBaseline = 19,
    /// text
    Font = 20,
    /// n, then n numbers
    LineDash = 21,
}

/// The state a canvas context keeps that the pen tracks, to write each change only once.
#[derive(Clone, Debug, Default, PartialEq)]
struct State {
    fill: Option<String>,
    stroke: Option<String>,
    alpha: Option<f64>,
    line_width: Option<f64>,
    align: Option<&'static str>,
    baseline: Option<&'static str>,
    font: Option<String>,
    dashed: Option<bool>,
}

/// A picture being written.
#[derive(Debug, Default)]
pub struct Pen {
    /// Opcodes and arguments, in single precision: half the bytes of doubles to copy and hand
    /// to the painter every frame (a picture of the busy stage is about 7,000 numbers), and
    /// exact for every opcode, offset and length, and for coordinates to far below a pixel.
    ops: Vec<f32>,
    text: String,
    /// UTF-16 length of `text`.
    text_len: usize,
    state: State,
    layer: u8,
}

impl Pen {
    /// An empty picture.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether nothing was written.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// The commands and their text, for the replayer.
    #[must_use]
    pub fn picture(&self) -> (&[f32], &str) {
        (&self.ops, &self.text)
    }

    /// Starts a new picture (keeping the buffers: a picture is written every frame).
    pub fn clear(&mut self) {
        self.ops.clear();
        self.text.clear();
        self.text_len = 0;
        self.state = State::default();
        self.layer = 0;
    }

    /// How many commands of kind `op` were written (for tests and measurements).
    #[must_use]
    pub fn count(&self, op: Op) -> usize {
        self.commands().filter(|(o, _)| *o == op).count()
    }

    /// The commands written so far, each with its arguments (text as the text itself).
    pub fn commands(&self) -> impl Iterator<Item = (Op, Vec<Arg>)> {
        let ops = self.ops.clone();
        let text: Vec<u16> = self.text.encode_utf16().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < ops.len() {
            let op = decode(f64::from(ops[i]));
            i += 1;
            let mut args = Vec::new();
            let num = |i: &mut usize| {
                let v = f64::from(ops[*i]);
                *i += 1;
                v
            };
            let txt = |i: &mut usize| {
                let (a, n) = (ops[*i] as usize, ops[*i + 1] as usize);
                *i += 2;
                Arg::Text(String::from_utf16_lossy(&text[a..a + n]))
            };
            match op {
                Op::BeginPath | Op::ClosePath | Op::Fill | Op::Stroke => {}
                Op::Layer | Op::Blit | Op::Alpha | Op::LineWidth => {
                    args.push(Arg::Num(num(&mut i)));
                }
                Op::MoveTo | Op::LineTo => {
                    for _ in 0..2 {
                        args.push(Arg::Num(num(&mut i)));
                    }
                }
                Op::Size => {
                    for _ in 0..3 {
                        args.push(Arg::Num(num(&mut i)));
                    }
                }
                Op::FillRect => {
                    for _ in 0..4 {
                        args.push(Arg::Num(num(&mut i)));
                    }
                }
                Op::Arc | Op::ArcTo => {
                    for _ in 0..5 {
                        args.push(Arg::Num(num(&mut i)));
                    }
                }
                Op::Transform => {
                    for _ in 0..6 {
                        args.push(Arg::Num(num(&mut i)));
                    }
                }
                Op::FillStyle | Op::StrokeStyle | Op::TextAlign | Op::TextBaseline | Op::Font => {
                    args.push(txt(&mut i))
                }
                Op::FillText => {
                    args.push(txt(&mut i));
                    args.push(Arg::Num(num(&mut i)));
                    args.push(Arg::Num(num(&mut i)));
                }
                Op::LineDash => {
                    let n = num(&mut i) as usize;
                    for _ in 0..n {
                        args.push(Arg::Num(num(&mut i)));
                    }
                }
            }
            out.push((op, args));
        }
        out.into_iter()
    }

    fn op(&mut self, op: Op, args: &[f64]) {
        self.ops.push(f32::from(op as u8));
        self.ops.extend(args.iter().map(|&a| a as f32));
    }

    /// Appends `s` to the text and writes its start and length.
    fn text_arg(&mut self, s: &str) {
        let start = self.text_len;
        let n = s.encode_utf16().count();
        self.text.push_str(s);
        self.text_len = start + n;
        self.ops.extend_from_slice(&[start as f32, n as f32]);
    }

    fn op_text(&mut self, op: Op, s: &str) {
        self.ops.push(f32::from(op as u8));
        self.text_arg(s);
    }

    /// Draws on layer `n` from here on.
    pub fn layer(&mut self, n: u8) {
        if std::mem::replace(&mut self.layer, n) != n || self.is_empty() {
            self.op(Op::Layer, &[f64::from(n)]);
            self.state = State::default();
        }
    }

    /// Sizes layer `n` (device px): clears it and resets its state.
    pub fn size(&mut self, n: u8, w: u32, h: u32) {
        self.op(Op::Size, &[f64::from(n), f64::from(w), f64::from(h)]);
        if self.layer == n {
            self.state = State::default();
        }
    }

    /// Copies layer `n` into the selected one, at the origin.
    pub fn blit(&mut self, n: u8) {
        self.op(Op::Blit, &[f64::from(n)]);
    }

    /// `setTransform(a, b, c, d, e, f)`.
    pub fn set_transform(&mut self, a: f64, b: f64, c: f64, d: f64, e: f64, f: f64) {
        self.op(Op::Transform, &[a, b, c, d, e, f]);
    }

    /// `fillStyle = s`.
    pub fn set_fill_style_str(&mut self, s: &str) {
        if self.state.fill.as_deref() != Some(s) {
            self.state.fill = Some(s.to_string());
            self.op_text(Op::FillStyle, s);
        }
    }

    /// `strokeStyle = s`.
    pub fn set_stroke_style_str(&mut self, s: &str) {
        if self.state.stroke.as_deref() != Some(s) {
            self.state.stroke = Some(s.to_string());
            self.op_text(Op::StrokeStyle, s);
        }
    }

    /// `globalAlpha = a`.
    pub fn set_global_alpha(&mut self, a: f64) {
        if self.state.alpha != Some(a) {
            self.state.alpha = Some(a);
            self.op(Op::Alpha, &[a]);
        }
    }

    /// `lineWidth = w`.
    pub fn set_line_width(&mut self, w: f64) {
        if self.state.line_width != Some(w) {
            self.state.line_width = Some(w);
            self.op(Op::LineWidth, &[w]);
        }
    }

    /// `textAlign = s`.
    pub fn set_text_align(&mut self, s: &'static str) {
        if self.state.align != Some(s) {
            self.state.align = Some(s);
            self.op_text(Op::TextAlign, s);
        }
    }

    /// `textBaseline = s`.
    pub fn set_text_baseline(&mut self, s: &'static str) {
        if self.state.baseline != Some(s) {
            self.state.baseline = Some(s);
            self.op_text(Op::TextBaseline, s);
        }
    }

    /// `font = s`.
    pub fn set_font(&mut self, s: &str) {
        if self.state.font.as_deref() != Some(s) {
            self.state.font = Some(s.to_string());
            self.op_text(Op::Font, s);
        }
    }

    /// `setLineDash(xs)`.
    pub fn set_line_dash(&mut self, xs: &[f64]) {
        let on = !xs.is_empty();
        // A dash pattern is always written (patterns differ); "no dash" only when one may be set.
        if on || self.state.dashed != Some(false) {
            self.state.dashed = Some(on);
            self.ops.push(f32::from(Op::LineDash as u8));
            self.ops.push(xs.len() as f32);
            self.ops.extend(xs.iter().map(|&x| x as f32));
        }
    }

    /// `beginPath()`.
    pub fn begin_path(&mut self) {
        self.op(Op::BeginPath, &[]);
    }

    /// `closePath()`.
    pub fn close_path(&mut self) {
        self.op(Op::ClosePath, &[]);
    }

    /// `moveTo(x, y)`.
    pub fn move_to(&mut self, x: f64, y: f64) {
        self.op(Op::MoveTo, &[x, y]);
    }

    /// `lineTo(x, y)`.
    pub fn line_to(&mut self, x: f64, y: f64) {
        self.op(Op::LineTo, &[x, y]);
    }

    /// `arc(x, y, r, start, end)` (clockwise).
    pub fn arc(&mut self, x: f64, y: f64, r: f64, start: f64, end: f64) {
        self.op(Op::Arc, &[x, y, r.max(0.0), start, end]);
    }

    /// `arcTo(x1, y1, x2, y2, r)`.
    pub fn arc_to(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, r: f64) {
        self.op(Op::ArcTo, &[x1, y1, x2, y2, r.max(0.0)]);
    }

    /// `fill()`.
    pub fn fill(&mut self) {
        self.op(Op::Fill, &[]);
    }

    /// `stroke()`.
    pub fn stroke(&mut self) {
        self.op(Op::Stroke, &[]);
    }

    /// `fillRect(x, y, w, h)`.
    pub fn fill_rect(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.op(Op::FillRect, &[x, y, w, h]);
    }

    /// `fillText(s, x, y)`.
    pub fn fill_text(&mut self, s: &str, x: f64, y: f64) {
        self.ops.push(f32::from(Op::FillText as u8));
        self.text_arg(s);
        self.ops.extend_from_slice(&[x as f32, y as f32]);
    }
}

/// An argument of a command, as [`Pen::commands`] reads it back.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A number.
    Num(f64),
    /// A text.
    Text(String),
}

fn decode(x: f64) -> Op {
    const ALL: [Op; 22] = [
        Op::Layer,
        Op::Size,
        Op::Blit,
        Op::Transform,
        Op::FillStyle,
        Op::StrokeStyle,
        Op::Alpha,
        Op::LineWidth,
        Op::BeginPath,
        Op::MoveTo,
        Op::LineTo,
        Op::Arc,
        Op::ArcTo,
        Op::ClosePath,
        Op::Fill,
        Op::Stroke,
        Op::FillRect,
        Op::FillText,
        Op::TextAlign,
        Op::TextBaseline,
        Op::Font,
        Op::LineDash,
    ];
    ALL[x as usize]
}

#[cfg(test)]
mod tests {
    use super::{Arg, Op, Pen};

    #[test]
    fn commands_read_back_as_written_with_their_text() {
        let mut p = Pen::new();
        p.layer(0);
        p.set_fill_style_str("#fff");
        p.fill_rect(0.0, 0.0, 10.0, 20.0);
        p.fill_text("m1 — ünïcode 🎉", 3.0, 4.0);
        p.set_line_dash(&[6.0, 5.0]);
        p.arc(1.0, 2.0, -3.0, 0.0, 1.0);
        let got: Vec<_> = p.commands().collect();
        assert_eq!(
            got,
            vec![
                (Op::Layer, vec![Arg::Num(0.0)]),
                (Op::FillStyle, vec![Arg::Text("#fff".into())]),
                (
                    Op::FillRect,
                    vec![Arg::Num(0.0), Arg::Num(0.0), Arg::Num(10.0), Arg::Num(20.0)]
                ),
                (
                    Op::FillText,
                    vec![
                        Arg::Text("m1 — ünïcode 🎉".into()),
                        Arg::Num(3.0),
                        Arg::Num(4.0)
                    ]
                ),
                (Op::LineDash, vec![Arg::Num(6.0), Arg::Num(5.0)]),
                // A negative radius would throw in the browser: clamped.
                (
                    Op::Arc,
                    vec![
                        Arg::Num(1.0),
                        Arg::Num(2.0),
                        Arg::Num(0.0),
                        Arg::Num(0.0),
                        Arg::Num(1.0)
                    ]
                ),
            ]
        );
        // The text's offsets are UTF-16 code units, as JavaScript's `substr` counts them.
        let (ops, text) = p.picture();
        assert_eq!(ops[ops.len() - 14..ops.len() - 12], [4.0, 15.0]);
        assert_eq!(text.encode_utf16().count(), 4 + 15);
        p.clear();
        assert!(p.is_empty());
    }

    #[test]
    fn a_state_change_that_changes_nothing_is_left_out() {
        let mut p = Pen::new();
        for _ in 0..3 {
            p.set_fill_style_str("red");
            p.set_global_alpha(0.5);
            p.set_line_width(2.0);
            p.set_text_align("center");
            p.set_font("12px x");
            p.set_line_dash(&[]);
        }
        // "No dash" is written once (the picture's state is not known at its start).
        assert_eq!(p.count(Op::FillStyle), 1);
        assert_eq!(p.count(Op::Alpha), 1);
        assert_eq!(p.count(Op::LineWidth), 1);
        assert_eq!(p.count(Op::TextAlign), 1);
        assert_eq!(p.count(Op::Font), 1);
        assert_eq!(p.count(Op::LineDash), 1);
        p.set_fill_style_str("blue");
        p.set_fill_style_str("red");
        assert_eq!(p.count(Op::FillStyle), 3);
        // Another layer has its own state: everything is written again there.
        p.layer(1);
        p.set_fill_style_str("red");
        assert_eq!(p.count(Op::FillStyle), 4);
        // Sizing the selected layer resets its state too.
        p.size(1, 10, 10);
        p.set_fill_style_str("red");
        assert_eq!(p.count(Op::FillStyle), 5);
        // A new picture starts from nothing known.
        p.clear();
        p.set_fill_style_str("red");
        assert_eq!(p.count(Op::FillStyle), 1);
    }

    /// The replayer knows every command by the number the pen writes, and nothing more.
    #[test]
    fn the_replayer_knows_every_command() {
        let js = include_str!("../../../public/stage-paint.js");
        let cases: Vec<u32> = js
            .split("case ")
            .skip(1)
            .filter_map(|c| c.split(':').next()?.trim().parse().ok())
            .collect();
        let ops: Vec<u32> = (0..22)
            .map(|i| u32::from(super::decode(f64::from(i)) as u8))
            .collect();
        assert_eq!(cases, ops, "stage-paint.js's cases, in order");
        assert_eq!(super::decode(21.0), Op::LineDash);
    }
}
