//! Type conversion functions (`try` and `can` are special forms of the
//! evaluator), and the identities that stand for Terraform's marks.

use super::util::{self, convert, friendly_type, Ty};
use super::Registry;
use crate::eval::expr::R;
use crate::eval::func::TypeCallback;
use crate::eval::typing;
use crate::eval::typing::{collection_of, list_element, map_element, Returns};
use crate::eval::unknown_call::UnknownCall;
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
    // The collection conversions: an unknown result is of the type they
    // convert to, and a known collection holding unknowns converts.
    let collection_conversion = |to: Type, callback: TypeCallback, kind: &'static str| {
        conversion(Type::Dynamic, to, callback)
            .unknown_type(conversion_target_type)
            .on_unknown(conversion_unknown)
            .build(move |a| collection(first(a), kind))
    };
    r.insert(
        "tolist",
        collection_conversion(Type::list(Type::Dynamic), tolist_type, "list"),
    );
    r.insert(
        "toset",
        collection_conversion(Type::set(Type::Dynamic), toset_type, "set"),
    );
    r.insert(
        "tomap",
        collection_conversion(Type::map(Type::Dynamic), tomap_type, "map"),
    );
    // Terraform marks values sensitive or ephemeral; this crate carries no
    // marks, so these are identities and nothing is sensitive.
    for name in ["sensitive", "nonsensitive", "ephemeralasnull"] {
        r.insert(
            name,
            one(Type::Dynamic, identity_type)
                .unknown_type(identity_unknown_type)
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

// What a call gives whose arguments are not all known (the specs'
// `on_unknown` and `unknown_type`).

/// What `tolist`, `toset`, `tomap` gives with arguments not all known.
pub(crate) fn conversion_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) {
        let def = c.def;
        let (args, metas, types) = c.take();
        let target = match typing::call_type(def.spec(), &args, &types) {
            Ok(typing::Returns::Is(t) | typing::Returns::Convert(t)) => t,
            _ => return Err(c.fail("cannot convert the value".into())).map(Some),
        };
        let (v, t) = (args.into_iter().next(), metas.into_iter().next());
        return typing::convert(v.unwrap_or_default(), &t.flatten(), &target)
            .map_err(|e| c.fail(e.into()))
            .map(Some);
    }
    Ok(None)
}

/// The type of a collection conversion's unknown result: the collection
/// type it converts to (of any element type).
pub(crate) fn conversion_target_type(def: &FuncDef, _: &[Value], _: &[Type]) -> Type {
    def.spec().converts_to.clone().unwrap_or(Type::Dynamic)
}

/// The type of the unknown result of `sensitive`, `nonsensitive`, `ephemeralasnull`.
pub(crate) fn identity_unknown_type(_: &FuncDef, _: &[Value], types: &[Type]) -> Type {
    types.first().cloned().unwrap_or(Type::Dynamic)
}
