//! Type conversion functions (`try` and `can` are special forms of the
//! evaluator), and the identities that stand for Terraform's marks.

use super::util::{self, convert, friendly_type, Ty};
use super::Registry;
use crate::eval::func::TypeCallback;
use crate::eval::typing::{collection_of, list_element, map_element, Returns};
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
    let one = |t: Type, callback: TypeCallback| {
        FuncDef::builder()
            .returns_nullable(t)
            .type_callback(callback)
            .nullable_param("v", ParamType::Any)
    };
    let conversion = |t: Type, to: Type, callback: TypeCallback| one(t, callback).converts_to(to);
    r.insert(
        "tobool",
        conversion(Type::Bool, Type::Bool, tobool_type).build(|a| conv(first(a), Ty::Bool)),
    );
    r.insert(
        "tonumber",
        conversion(Type::Number, Type::Number, tonumber_type).build(|a| conv(first(a), Ty::Number)),
    );
    r.insert(
        "tostring",
        conversion(Type::String, Type::String, tostring_type).build(|a| conv(first(a), Ty::String)),
    );
    r.insert(
        "tolist",
        conversion(Type::Dynamic, Type::list(Type::Dynamic), tolist_type)
            .unknown_type(crate::eval::unknown_call::tolist_unknown_type)
            .on_unknown(crate::eval::unknown_call::conversion_unknown)
            .build(|a| collection(first(a), "list")),
    );
    r.insert(
        "toset",
        conversion(Type::Dynamic, Type::set(Type::Dynamic), toset_type)
            .unknown_type(crate::eval::unknown_call::toset_unknown_type)
            .on_unknown(crate::eval::unknown_call::conversion_unknown)
            .build(|a| collection(first(a), "set")),
    );
    r.insert(
        "tomap",
        conversion(Type::Dynamic, Type::map(Type::Dynamic), tomap_type)
            .unknown_type(crate::eval::unknown_call::tomap_unknown_type)
            .on_unknown(crate::eval::unknown_call::conversion_unknown)
            .build(|a| collection(first(a), "map")),
    );
    // Terraform marks values sensitive or ephemeral; this crate carries no
    // marks, so these are identities and nothing is sensitive.
    for name in ["sensitive", "nonsensitive", "ephemeralasnull"] {
        r.insert(
            name,
            one(Type::Dynamic, identity_type)
                .unknown_type(crate::eval::unknown_call::identity_unknown_type)
                .build(|a| Ok(first(a))),
        );
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

/// cty's type callback of `tostring`.
pub(crate) fn tostring_type(_: &[Value], _: &[Type]) -> Result<Returns, String> {
    Ok(Returns::Is(Type::String))
}

/// cty's type callback of `tonumber`.
pub(crate) fn tonumber_type(_: &[Value], _: &[Type]) -> Result<Returns, String> {
    Ok(Returns::Is(Type::Number))
}

/// cty's type callback of `tobool`.
pub(crate) fn tobool_type(_: &[Value], _: &[Type]) -> Result<Returns, String> {
    Ok(Returns::Is(Type::Bool))
}

/// cty's type callback of `tolist`.
pub(crate) fn tolist_type(_: &[Value], types: &[Type]) -> Result<Returns, String> {
    Ok(collection_of(types, list_element, Type::list))
}

/// cty's type callback of `toset`.
pub(crate) fn toset_type(_: &[Value], types: &[Type]) -> Result<Returns, String> {
    Ok(collection_of(types, list_element, Type::set))
}

/// cty's type callback of `tomap`.
pub(crate) fn tomap_type(_: &[Value], types: &[Type]) -> Result<Returns, String> {
    Ok(collection_of(types, map_element, Type::map))
}

/// cty's type callback of `sensitive`, `nonsensitive`, `ephemeralasnull`.
pub(crate) fn identity_type(_: &[Value], types: &[Type]) -> Result<Returns, String> {
    Ok(types.first().cloned().map_or(Returns::Literal, Returns::Is))
}
