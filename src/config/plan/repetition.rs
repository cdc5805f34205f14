//! `count` and `for_each`: the instance keys of a resource or a module
//! call, with Terraform's errors for values it refuses.

use crate::error::{Error, ErrorKind};
use crate::eval::Typed;
use crate::syntax::Span;
use crate::value::meta::{self, Meta};
use crate::value::{Type, Value};

/// The key of one instance: `[0]` under `count`, `["k"]` under
/// `for_each`, none for a single instance. Displayed as Terraform writes it
/// in an address:
///
/// ```
/// use hcl::config::InstanceKey;
/// assert_eq!(InstanceKey::Int(2).to_string(), "[2]");
/// assert_eq!(InstanceKey::Str("a\"b".into()).to_string(), "[\"a\\\"b\"]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstanceKey {
    /// `count.index`.
    Int(u64),
    /// `each.key`.
    Str(String),
}

impl InstanceKey {
    /// The key as a value (`index` in the plan's JSON).
    pub fn to_value(&self) -> Value {
        match self {
            InstanceKey::Int(i) => Value::from(*i),
            InstanceKey::Str(s) => Value::from(s.as_str()),
        }
    }
}

impl std::fmt::Display for InstanceKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InstanceKey::Int(i) => write!(f, "[{i}]"),
            InstanceKey::Str(s) => {
                // HCL's quoting, as Terraform's addresses have it.
                let mut q = String::with_capacity(s.len());
                crate::syntax::escape_quoted(&mut q, s);
                write!(f, "[\"{q}\"]")
            }
        }
    }
}

/// How a resource or a module call repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Repeat {
    One,
    Count,
    ForEach,
}

/// The instances a `count` or `for_each` value gives: keys, with
/// `each.value` for `for_each`.
pub(super) type Instances = Vec<(InstanceKey, Option<Typed>)>;

#[cold]
fn invalid(summary: &str, detail: String, span: Span) -> Error {
    Error::described(ErrorKind::Eval, summary, detail).at_span(span)
}

/// The instances of `count = VALUE` (`span`: the expression), or
/// Terraform's error; at most `max` of them.
pub(super) fn count(v: Typed, span: Span, max: usize) -> Result<Instances, Error> {
    const SUMMARY: &str = "Invalid count argument";
    if !v.is_known() {
        return Err(invalid(
            SUMMARY,
            "The \"count\" value depends on resource attributes that cannot be determined until apply, so Terraform cannot predict how many instances will be created. To work around this, use the -target argument to first apply only the resources that the count depends on.".into(),
            span,
        ));
    }
    let n = match v.value() {
        Value::Null => {
            return Err(invalid(
                SUMMARY,
                "The given \"count\" argument value is null. An integer is required.".into(),
                span,
            ))
        }
        Value::Number(n) => n.clone(),
        Value::String(s) => match crate::value::Number::parse(s.as_str()) {
            Some(n) => n,
            None => {
                return Err(Error::described(
                    ErrorKind::Eval,
                    "Incorrect value type",
                    "Invalid expression value: a number is required.",
                )
                .at_span(span))
            }
        },
        _ => {
            return Err(Error::described(
                ErrorKind::Eval,
                "Incorrect value type",
                "Invalid expression value: number required.",
            )
            .at_span(span))
        }
    };
    let Some(i) = n.as_i64().filter(|_| n.is_integer()) else {
        return Err(invalid(
            SUMMARY,
            "The given \"count\" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.".into(),
            span,
        ));
    };
    if i < 0 {
        return Err(invalid(
            SUMMARY,
            "The given \"count\" argument value is unsuitable: must be greater than or equal to zero.".into(),
            span,
        ));
    }
    let n = usize::try_from(i).unwrap_or(usize::MAX);
    if n > max {
        return Err(too_many(n, max, span));
    }
    Ok((0..n as u64).map(|i| (InstanceKey::Int(i), None)).collect())
}

#[cold]
pub(super) fn too_many(n: usize, max: usize, span: Span) -> Error {
    Error::described(
        ErrorKind::Limit,
        "Too many instances",
        format_args!(
            "{n} instances asked for, more than the limit of {max} (PlanOptions::max_instances)."
        ),
    )
    .at_span(span)
}

/// The instances of `for_each = VALUE` (`span`: the expression), or
/// Terraform's error.
pub(super) fn for_each(v: Typed, span: Span, max: usize) -> Result<Instances, Error> {
    const SUMMARY: &str = "Invalid for_each argument";
    let (value, m) = v.into_meta();
    let ty = meta::of(&value, &m).into_owned();
    if meta::is_unknown(&m) {
        let detail = match ty {
            Type::Map(_) | Type::Object(_) => "The \"for_each\" map includes keys derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to define the map keys statically in your configuration and place apply-time results only in the map values.\n\nAlternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge.",
            _ => "The \"for_each\" set includes values derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to use a map value where the keys are defined statically in your configuration and where only the values contain apply-time results.\n\nAlternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge.",
        };
        return Err(invalid(SUMMARY, detail.into(), span));
    }
    if value.is_null() {
        return Err(invalid(
            SUMMARY,
            "The given \"for_each\" argument value is unsuitable: the given \"for_each\" argument value is null. A map, or set of strings is allowed.".into(),
            span,
        ));
    }
    let mut out: Instances = Vec::new();
    match (&ty, value) {
        (Type::Map(_) | Type::Object(_), Value::Object(map)) => {
            if map.len() > max {
                return Err(too_many(map.len(), max, span));
            }
            for (i, (k, v)) in map.into_iter().enumerate() {
                let t = meta::attr(&m, k.as_str(), i, &v);
                out.push((InstanceKey::Str(k.as_str().to_owned()), Some(Typed::from_meta(v, t))));
            }
        }
        (Type::Set(e), Value::Array(items)) => {
            if **e != Type::String && **e != Type::Dynamic {
                return Err(invalid(
                    "Invalid for_each set argument",
                    format!("The given \"for_each\" argument value is unsuitable: \"for_each\" supports maps and sets of strings, but you have provided a set containing type {}.", crate::value::ty::friendly_name(e, "dynamic")),
                    span,
                ));
            }
            if items.len() > max {
                return Err(too_many(items.len(), max, span));
            }
            for (i, v) in items.into_iter().enumerate() {
                let t = meta::item(&m, i, &v);
                if matches!(t, Some(Meta::Unknown(..))) {
                    return Err(invalid(
                        SUMMARY,
                        "The \"for_each\" set includes values derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.".into(),
                        span,
                    ));
                }
                let key = match &v {
                    Value::String(s) => s.as_str().to_owned(),
                    Value::Null => {
                        return Err(invalid(
                            "Invalid for_each set argument",
                            "The given \"for_each\" argument value is unsuitable: \"for_each\" sets must not contain null values.".into(),
                            span,
                        ))
                    }
                    other => other.to_string(),
                };
                out.push((InstanceKey::Str(key), Some(Typed::from_meta(v, t))));
            }
        }
        _ => {
            return Err(invalid(
                SUMMARY,
                format!("The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type {}.", crate::value::ty::friendly_name(&ty, "dynamic")),
                span,
            ))
        }
    }
    Ok(out)
}
