//! Notices where the action happened: each area that can cause one shows it next to itself
//! (see [`Ctx::tell`]); `"top"` is the page's own (links opened, internal errors).

use crate::Ctx;
use leptos::prelude::*;
use settle_i18n::t;

/// The notice, if it belongs to `area`.
#[component]
pub(super) fn Notice(ctx: Ctx, area: &'static str) -> impl IntoView {
    let here = move || ctx.notice_area.get() == area && ctx.notice.with(Option::is_some);
    let error = move || ctx.notice.with(|n| n.as_ref().is_some_and(|n| n.1));
    view! {
        <Show when=here>
            <div class="notice" class:error=error role=move || if error() { "alert" } else { "status" }>
                <span>{move || ctx.notice.with(|n| n.as_ref().map(|n| n.0.clone()).unwrap_or_default())}</span>
                <button class="btn small" on:click=move |_| ctx.notice.set(None)>{t("notice-dismiss")}</button>
            </div>
        </Show>
    }
}
