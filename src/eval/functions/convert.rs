//! Type conversion functions (`try` and `can` are special forms of the
//! evaluator), and the identities that stand for Terraform's marks.

use super::util::{self, convert, friendly_type, Ty};
use super::Registry;
use crate::eval::{FuncDef, ParamType};
use crate::value::{Type, Value};

fn conv(v: Value, ty: Ty) -> Result<Value, String> {
    let what = friendly_type(&v);
    convert(v, &ty).map_err(|e| {
        let msg = match e {
            // Which string did not read.
            util::ConvertError::NotPrimitive { .. } => e.to_string(),
            util::ConvertError::Other(_) => {
                let name = match ty {
                    Ty::Bool => "bool",
                    Ty::Number => "number",
                    _ => "string",
                };
                format!("cannot convert {what} to {name}")
            }
        };
        format!("invalid value for \"v\" parameter: {msg}")
    })
}

fn collection(v: Value, kind: &str) -> Result<Value, String> {
    let what = friendly_type(&v);
    let fail = || {
        format!(
            "invalid value for \"v\" parameter: cannot convert {what} to {kind} of any single type"
        )
    };
    match (kind, v) {
        (_, Value::Null) => Ok(Value::Null),
        ("list", v @ Value::Array(_)) => util::to_list(v).map(Value::Array).map_err(|_| fail()),
        ("set", v @ Value::Array(_)) => util::to_set(v).map(Value::Array).map_err(|_| fail()),
        ("map", v @ Value::Object(_)) => util::to_map(v).map(Value::Object).map_err(|_| fail()),
        _ => Err(fail()),
    }
}

pub(crate) fn register(r: &mut Registry) {
    let one = |t: Type| {
        FuncDef::builder()
            .returns_nullable(t)
            .typed()
            .nullable_param("v", ParamType::Any)
    };
    r.insert(
        "tobool",
        one(Type::Bool).build(|a| conv(first(a), Ty::Bool)),
    );
    r.insert(
        "tonumber",
        one(Type::Number).build(|a| conv(first(a), Ty::Number)),
    );
    r.insert(
        "tostring",
        one(Type::String).build(|a| conv(first(a), Ty::String)),
    );
    r.insert(
        "tolist",
        one(Type::Dynamic).build(|a| collection(first(a), "list")),
    );
    r.insert(
        "toset",
        one(Type::Dynamic).build(|a| collection(first(a), "set")),
    );
    r.insert(
        "tomap",
        one(Type::Dynamic).build(|a| collection(first(a), "map")),
    );
    // Terraform marks values sensitive or ephemeral; this crate carries no
    // marks, so these are identities and nothing is sensitive.
    for name in ["sensitive", "nonsensitive", "ephemeralasnull"] {
        r.insert(name, one(Type::Dynamic).build(|a| Ok(first(a))));
    }
    r.insert(
        "issensitive",
        FuncDef::builder()
            .returns(Type::Bool)
            .nullable_param("v", ParamType::Any)
            .build(|_| Ok(Value::Bool(false))),
    );
}

fn first(a: Vec<Value>) -> Value {
    a.into_iter().next().unwrap_or_default()
}
