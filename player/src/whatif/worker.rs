//! A sweep worker: the What-if page's wasm run in a Web Worker, one of several that share a
//! sweep's points. It speaks one message each way:
//! - in: `{ run, doc, vary: ["NAME=A..B:STEP", …], seeds, points: [index, …] }`;
//! - out: `{ ready: true }` once, when it listens; then `{ run, i, row }` for each point (`row`
//!   the JSON text of a [`Row`](settle_scenario::sweep::Row)), then `{ run, done: true }`, or
//!   `{ run, error }` if the job cannot run.
//!
//! A worker runs its points one after another in one task, and then waits for the next job:
//! the page cancels by terminating it.

use settle_scenario::Budget;
use settle_scenario::sweep::{Sweep, Vary};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Listens for jobs (the worker's `main`).
pub(super) fn serve(scope: web_sys::DedicatedWorkerGlobalScope) {
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let data = e.data();
            let run = js_sys::Reflect::get(&data, &"run".into()).unwrap_or(JsValue::NULL);
            let post = |k: &str, v: &JsValue, more: Option<(&str, JsValue)>| {
                let o = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&o, &"run".into(), &run);
                let _ = js_sys::Reflect::set(&o, &k.into(), v);
                if let Some((k, v)) = more {
                    let _ = js_sys::Reflect::set(&o, &k.into(), &v);
                }
                let _ = reply_to.post_message(&o);
            };
            match job(&data, &mut |i, row| {
                post("i", &JsValue::from(i), Some(("row", row.into())));
            }) {
                Ok(()) => post("done", &true.into(), None),
                Err(why) => post("error", &why.into(), None),
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let ready = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&ready, &"ready".into(), &true.into());
    let _ = scope.post_message(&ready);
}

/// Runs the points of one job, handing each row (as JSON text) to `out`.
fn job(data: &JsValue, out: &mut impl FnMut(u32, String)) -> Result<(), String> {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let doc: serde_json::Value = serde_json::from_str(&get("doc").as_string().unwrap_or_default())
        .map_err(|e| e.to_string())?;
    let vary = js_sys::Array::from(&get("vary"))
        .iter()
        .map(|v| Vary::parse(&v.as_string().unwrap_or_default()))
        .collect::<Result<Vec<_>, _>>()?;
    let seeds = get("seeds").as_f64().unwrap_or(1.0) as u32;
    let sweep = Sweep::new(vary, seeds).map_err(|e| e.to_string())?;
    let all = sweep.points();
    for i in js_sys::Array::from(&get("points")).iter() {
        let i = i.as_f64().unwrap_or(-1.0) as usize;
        let values = all.get(i).ok_or("no such point")?.clone();
        let sc = sweep.scenario(&doc, &values).map_err(|e| e.to_string())?;
        let row = sweep.row(sc, values, Budget::DEFAULT);
        out(i as u32, row.to_value().to_string());
    }
    Ok(())
}
