//! Application properties in JSON (scenario-format.md, a message's `properties`): read with
//! the broker's limits and a JSON path in every error, and written back.

use crate::limits::{MAX_PROPERTIES, MAX_PROPERTIES_BYTES, MAX_PROPERTY_BYTES};
use crate::read::{R, err_said, type_key, type_name, wrong_type};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::ToString;
use serde_json::{Map, Number, Value};
use settle_core::{PropValue, Properties, Text};

pub(crate) fn properties(path: &str, v: &Value) -> R<Properties> {
    let Value::Object(map) = v else {
        return wrong_type(path, "object", v);
    };
    if map.len() > MAX_PROPERTIES {
        return err_said(
            path,
            format!("more than {MAX_PROPERTIES} properties"),
            "too-many-properties",
            &[("max", &MAX_PROPERTIES)],
        );
    }
    let mut out = BTreeMap::new();
    let mut total = 0usize;
    for (k, v) in map {
        let size = k.len().saturating_add(match v {
            Value::String(s) => s.len(),
            _ => 8,
        });
        if size > MAX_PROPERTY_BYTES {
            return err_said(
                &format!("{path}.{k}"),
                format!("a property (key and value) is at most {MAX_PROPERTY_BYTES} bytes"),
                "property-too-big",
                &[("max", &MAX_PROPERTY_BYTES)],
            );
        }
        total = total.saturating_add(size);
        if total > MAX_PROPERTIES_BYTES {
            return err_said(
                path,
                format!("the properties of one message are at most {MAX_PROPERTIES_BYTES} bytes"),
                "properties-too-big",
                &[("max", &MAX_PROPERTIES_BYTES)],
            );
        }
        let p = match v {
            Value::String(s) => PropValue::Str(s.as_str().into()),
            Value::Bool(b) => PropValue::Bool(*b),
            Value::Number(n) => match (n.as_i64(), n.as_f64()) {
                (Some(i), _) => PropValue::Int(i),
                (None, Some(f)) => PropValue::Float(f),
                _ => {
                    return err_said(
                        &format!("{path}.{k}"),
                        "number out of range",
                        "property-number-range",
                        &[],
                    );
                }
            },
            other => {
                return err_said(
                    &format!("{path}.{k}"),
                    format!(
                        "a property is a string, number or boolean, found {}",
                        type_name(other)
                    ),
                    "property-type",
                    &[("found", &type_key(other))],
                );
            }
        };
        out.insert(Text::from(k.as_str()), p);
    }
    Ok(Rc::new(out))
}

pub(crate) fn props(p: &Properties) -> Value {
    // Inserted one by one: collecting sorts first, a sort instance of its own in the wasm.
    let mut out = Map::new();
    for (k, v) in p.iter() {
        let v = match v {
            PropValue::Str(s) => Value::String(s.to_string()),
            PropValue::Int(i) => Value::Number((*i).into()),
            PropValue::Float(f) => Number::from_f64(*f).map_or(Value::Null, Value::Number),
            PropValue::Bool(b) => Value::Bool(*b),
        };
        out.insert(k.to_string(), v);
    }
    Value::Object(out)
}
