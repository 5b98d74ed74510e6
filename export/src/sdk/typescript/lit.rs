//! TypeScript literals: strings, application properties, the receive mode, and a message as a
//! `ServiceBusMessage` object literal.

use crate::sdk::lang::Lang;
use crate::sdk::text::str_lit;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use settle_core::{NewMessage, PropValue, Properties, ReceiveMode};

pub(super) fn s(v: &str) -> String {
    str_lit(v, Lang::TypeScript)
}

pub(super) fn props(p: &Properties) -> String {
    let items: Vec<String> = p
        .iter()
        .map(|(k, v)| {
            let v = match v {
                PropValue::Str(x) => s(x),
                PropValue::Int(i) => i.to_string(),
                PropValue::Float(f) if f.is_finite() => format!("{f:?}"),
                PropValue::Float(_) => "NaN".into(),
                PropValue::Bool(b) => b.to_string(),
            };
            format!("{}: {v}", s(k))
        })
        .collect();
    format!("{{ {} }}", items.join(", "))
}

/// A `ServiceBusMessage` object literal.
pub(super) fn message(m: &NewMessage) -> String {
    let mut f = vec![
        format!("body: {}", s(&m.body)),
        format!("messageId: {}", s(&m.id)),
    ];
    if let Some(sid) = &m.session_id {
        f.push(format!("sessionId: {}", s(sid)));
    }
    if !m.properties.is_empty() {
        f.push(format!("applicationProperties: {}", props(&m.properties)));
    }
    if let Some(t) = m.ttl {
        f.push(format!("timeToLive: {}", t.as_millis()));
    }
    if let Some(meta) = m.meta.as_deref() {
        for (k, v) in [
            ("correlationId", &meta.correlation_id),
            ("replyTo", &meta.reply_to),
            ("replyToSessionId", &meta.reply_to_session_id),
            ("subject", &meta.subject),
            ("contentType", &meta.content_type),
            ("to", &meta.to_address),
        ] {
            if let Some(v) = v {
                f.push(format!("{k}: {}", s(v)));
            }
        }
    }
    if let Some(at) = m.scheduled_enqueue {
        f.push(format!(
            "scheduledEnqueueTimeUtc: since({})",
            at.as_millis()
        ));
    }
    format!("{{ {} }}", f.join(", "))
}

pub(super) fn mode_lit(m: Option<ReceiveMode>) -> String {
    m.map_or("undefined".into(), |m| s(m.name()))
}
