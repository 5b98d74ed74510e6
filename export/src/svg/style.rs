//! The picture's style sheet (light and dark schemes, the cursor's animation), its icons and
//! arrowheads, and the class each kind of segment is drawn with.

use super::model::SegKind;

pub(super) const STYLE: &str = "\
svg{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}\
text{fill:#1f2328;font-size:11px}\
.mu{fill:#59636e}.h1{font-size:19px;font-weight:600}.b{font-weight:600;font-size:12px}\
.sm{font-size:10.5px}.in{fill:#fff;font-size:10.5px}.iw{fill:#1f2328;font-size:10px}\
.bg{fill:#fff;stroke:#d0d7de}.ln{fill:#f6f8fa}.gr{stroke:#eaeef2}.ax{stroke:#8c959f}\
.w{fill:#eaeef2;stroke:#afb8c1}.xp{fill:#fff8c5;stroke:#9a6700;stroke-dasharray:2 2}.sc{fill:none;stroke:#6e7781;stroke-dasharray:3 2}\
.dq{fill:#f3ecff;stroke:#8250df}.lk{fill:#0969da}.pf{fill:#54aeff}\
.dlq{fill:#ffebe9;stroke:#cf222e}.ss{fill:none;stroke:#bf8700;stroke-width:1.5;stroke-dasharray:5 2}\
.dd{stroke:#0550ae;stroke-width:2}.tl{stroke:#0969da;stroke-dasharray:2 2;opacity:.55}\
.den{fill:#afb8c1}.den1{fill:#54aeff}.den2{fill:#ff8182}\
.c{fill:none;stroke-width:1.2}.c-sn{stroke:#6e7781}.c-lk{stroke:#0969da}.c-bk{stroke:#bc4c00}.c-dl{stroke:#cf222e}\
.k-sn{color:#1f2328}.k-mu{color:#6e7781}.k-no{color:#cf222e}.k-ok{color:#1a7f37}.k-ab{color:#9a6700}\
.k-df{color:#8250df}.k-dl{color:#cf222e}.k-ex{color:#bc4c00}.k-lk{color:#0969da}\
.gl{fill:#fff;stroke:#fff}\
@media (prefers-color-scheme:dark){\
text{fill:#e6edf3}.mu{fill:#9198a1}.in{fill:#fff}.iw{fill:#e6edf3}\
.bg{fill:#0d1117;stroke:#3d444d}.ln{fill:#151b23}.gr{stroke:#262c36}.ax{stroke:#656c76}\
.w{fill:#262c36;stroke:#656c76}.xp{fill:#2e2a1a;stroke:#d29922}.sc{stroke:#9198a1}.dq{fill:#271b47;stroke:#ab7df8}.lk{fill:#1f6feb}.pf{fill:#388bfd}\
.dlq{fill:#3c1618;stroke:#f85149}.ss{stroke:#d29922}.dd{stroke:#79c0ff}.tl{stroke:#4493f8}\
.den{fill:#656c76}.den1{fill:#388bfd}.den2{fill:#f85149}\
.c-sn{stroke:#9198a1}.c-lk{stroke:#4493f8}.c-bk{stroke:#db6d28}.c-dl{stroke:#f85149}\
.k-sn{color:#e6edf3}.k-mu{color:#9198a1}.k-no{color:#f85149}.k-ok{color:#3fb950}.k-ab{color:#d29922}\
.k-df{color:#ab7df8}.k-dl{color:#f85149}.k-ex{color:#db6d28}.k-lk{color:#4493f8}\
.gl{fill:#0d1117;stroke:#0d1117}}";

pub(super) const ANIM_STYLE: &str = "\
.rv{transform-origin:168px 0;animation:rv 14s linear infinite}\
.cur{stroke:#cf222e;stroke-width:1.5;animation:cu 14s linear infinite}\
@keyframes rv{0%{transform:scaleX(0)}80%,100%{transform:scaleX(1)}}\
@keyframes cu{0%{transform:translateX(0)}80%,100%{transform:translateX(792px)}}\
@media (prefers-color-scheme:dark){.cur{stroke:#f85149}}\
@media (prefers-reduced-motion:reduce){.rv{animation:none}.cur{display:none}}";

/// Icons, centred on the origin, coloured by `currentColor`.
pub(super) const DEFS: &str = "<defs>\
<g id=\"i-sn\"><circle r=\"4\" fill=\"currentColor\"/></g>\
<g id=\"i-du\"><circle r=\"4\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/></g>\
<g id=\"i-no\"><path d=\"M-4-4l8 8M4-4l-8 8\" stroke=\"currentColor\" stroke-width=\"2.2\" stroke-linecap=\"round\"/></g>\
<g id=\"i-ac\"><path d=\"M-4-5v10l8-5z\" fill=\"currentColor\"/></g>\
<g id=\"i-ok\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M-3.2 .2l2.2 2.2 4.2-4.4\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.7\"/></g>\
<g id=\"i-ab\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M2.8-1.2A3 3 0 1 0 1.6 2.6M3.4-3.8v2.8h-2.8\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.4\"/></g>\
<g id=\"i-df\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M-1.8-3v6M1.8-3v6\" stroke=\"#fff\" stroke-width=\"1.7\"/></g>\
<g id=\"i-dl\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M0-3.6v5.4M-2.6-.6L0 2l2.6-2.6M-3 3.6h6\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.4\"/></g>\
<g id=\"i-ex\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M0-3.8V0l2.4 1.6\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.5\"/></g>\
<g id=\"i-ll\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M.8-4.2L-2.2.6h2.2l-.8 3.6 3-4.8H0z\" fill=\"#fff\"/></g>\
<g id=\"i-tt\"><circle r=\"6.5\" fill=\"currentColor\"/><path d=\"M-2.6-3.6h5.2L-2.6 3.6h5.2z\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1.2\"/></g>\
<g id=\"i-rd\"><path d=\"M0-5.5L5.5 0 0 5.5-5.5 0z\" fill=\"currentColor\"/></g>\
<g id=\"i-rn\"><path d=\"M0-8v16\" stroke=\"currentColor\" stroke-width=\"1.5\"/><circle cy=\"-8\" r=\"2\" fill=\"currentColor\"/></g>\
<g id=\"i-pk\"><path d=\"M-6 0q6-6 12 0q-6 6-12 0z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.3\"/><circle r=\"1.8\" fill=\"currentColor\"/></g>\
<g id=\"i-ln\"><path d=\"M0-7v14M-3-7h6M-3 7h6\" stroke=\"currentColor\" stroke-width=\"1.6\"/></g>\
<g id=\"i-ad\"><rect x=\"-4.5\" y=\"-4.5\" width=\"9\" height=\"9\" rx=\"2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/><circle r=\"1.6\" fill=\"currentColor\"/></g>\
<marker id=\"a-sn\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-mu\" fill=\"currentColor\"/></marker>\
<marker id=\"a-lk\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-lk\" fill=\"currentColor\"/></marker>\
<marker id=\"a-bk\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-ex\" fill=\"currentColor\"/></marker>\
<marker id=\"a-dl\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L8 4 0 8z\" class=\"k-dl\" fill=\"currentColor\"/></marker>\
</defs>";

/// The icon of a topic's publication: one message branching into copies (documents with
/// `entities` only, so that one-queue pictures stay as they were).
pub(super) const ENTITY_DEFS: &str = "<style>.gb{fill:#8c959f}.gb2{fill:#d0d7de}\
@media (prefers-color-scheme:dark){.gb{fill:#656c76}.gb2{fill:#3d444d}}</style><defs>\
<g id=\"i-pb\"><circle cx=\"-3\" r=\"3\" fill=\"currentColor\"/><path d=\"M-3 0L4-5M-3 0L4 5M-3 0h8\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-linecap=\"round\"/></g>\
</defs>";

pub(super) fn seg_class(k: SegKind) -> &'static str {
    match k {
        SegKind::Waiting => "w",
        SegKind::Scheduled => "sc",
        SegKind::Deferred => "dq",
        SegKind::Locked => "lk",
        SegKind::Prefetched => "pf",
        SegKind::DeadLetter => "dlq",
        SegKind::Session => "ss",
    }
}
