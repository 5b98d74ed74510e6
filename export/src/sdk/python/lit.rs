//! Python literals: strings, booleans, durations, application properties and JSON values, the
//! receive mode, and a message as a `ServiceBusMessage(...)` expression.

use crate::sdk::lang::Lang;
use crate::sdk::text::str_lit;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use settle_core::{NewMessage, PropValue, Properties, ReceiveMode};

pub(super) fn s(v: &str) -> String {
    str_lit(v, Lang::Python)
}

pub(super) fn ms_delta(ms: u64) -> String {
    format!("timedelta(milliseconds={ms})")
}

pub(super) fn props(p: &Properties) -> String {
    let items: Vec<String> = p
        .iter()
        .map(|(k, v)| {
            let v = match v {
                PropValue::Str(x) => s(x),
                PropValue::Int(i) => i.to_string(),
                PropValue::Float(f) if f.is_finite() => format!("{f:?}"),
                PropValue::Float(_) => "float(\"nan\")".into(),
                PropValue::Bool(b) => if *b { "True" } else { "False" }.into(),
            };
            format!("{}: {v}", s(k))
        })
        .collect();
    format!("{{{}}}", items.join(", "))
}

/// A `ServiceBusMessage(...)` expression.
pub(super) fn message(m: &NewMessage) -> String {
    let mut args = vec![s(&m.body), format!("message_id={}", s(&m.id))];
    if let Some(sid) = &m.session_id {
        args.push(format!("session_id={}", s(sid)));
    }
    if !m.properties.is_empty() {
        args.push(format!("application_properties={}", props(&m.properties)));
    }
    if let Some(t) = m.ttl {
        args.push(format!("time_to_live={}", ms_delta(t.as_millis())));
    }
    if let Some(meta) = m.meta.as_deref() {
        for (k, v) in [
            ("correlation_id", &meta.correlation_id),
            ("reply_to", &meta.reply_to),
            ("reply_to_session_id", &meta.reply_to_session_id),
            ("subject", &meta.subject),
            ("content_type", &meta.content_type),
            ("to", &meta.to_address),
        ] {
            if let Some(v) = v {
                args.push(format!("{k}={}", s(v)));
            }
        }
    }
    if let Some(at) = m.scheduled_enqueue {
        args.push(format!(
            "scheduled_enqueue_time_utc=Clock.start_utc + {}",
            ms_delta(at.as_millis())
        ));
    }
    format!("ServiceBusMessage({})", args.join(", "))
}

pub(super) fn mode_lit(m: Option<ReceiveMode>) -> String {
    m.map_or("None".into(), |m| s(m.name()))
}

/// A JSON string, number or boolean as a Python literal.
pub(super) fn json_lit(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(x) => s(x),
        serde_json::Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        other => other.to_string(),
    }
}

pub(super) fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}
