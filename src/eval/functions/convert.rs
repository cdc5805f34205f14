//! Type conversion functions, `try` and `can` (which take their arguments'
//! expressions), and the identities that stand for Terraform's marks.

use super::util::{self, convert_known, friendly_type, Ty};
use super::Registry;
use crate::error::Error;
use crate::eval::call::UnknownCall;
use crate::eval::fail::{Fail, R};
use crate::eval::func::{Answer, Args, TypeCall};

/// A conversion's typing of its known result from its argument and its
/// type.
type Typing = fn(&[Value], &[Type]) -> Result<Returns, FuncError>;
use crate::eval::typing;
use crate::eval::typing::{collection_of, list_element, map_element, Returns};
use crate::eval::unknown;
use crate::eval::{FuncDef, FuncError};
use crate::value::{Type, Value};

fn conv(v: Value, ty: Ty) -> Result<Value, FuncError> {
    let what = friendly_type(&v);
    convert_known(v, &ty).map_err(|e| {
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
        FuncError::arg(0, msg)
    })
}

/// The refusal of `tolist`, `toset`, `tomap` (converting to `to`) of a
/// value of type `what` whose elements have no single type.
fn no_single_type(what: &str, to: &Type) -> FuncError {
    let kind = match to {
        Type::Set(_) => "set",
        Type::Map(_) => "map",
        _ => "list",
    };
    FuncError::arg(
        0,
        format!("cannot convert {what} to {kind} of any single type"),
    )
}

/// `v` converted to the collection type `to` (`tolist`, `toset`,
/// `tomap`), its elements to the type they unify to.
fn collection_values(v: Value, to: &Type) -> Result<Value, FuncError> {
    let what = friendly_type(&v);
    let fail = || no_single_type(what, to);
    match (to, v) {
        (_, Value::Null) => Ok(Value::Null),
        (Type::List(_), v @ Value::Array(_)) => {
            util::to_list(v).map(Value::Array).map_err(|_| fail())
        }
        (Type::Set(_), v @ Value::Array(_)) => {
            util::to_set(v).map(Value::Array).map_err(|_| fail())
        }
        (Type::Map(_), v @ Value::Object(_)) => {
            util::to_map(v).map(Value::Object).map_err(|_| fail())
        }
        _ => Err(fail()),
    }
}

pub(crate) fn register(r: &mut Registry) {
    // A conversion's type callback: the argument's type must convert to
    // `to` (whatever the value: a typed null or an unknown too), then
    // `callback` types a known result; a result not known is of the type
    // the function declares, or (a collection conversion of a value not
    // wholly unknown) the callback's where it can tell.
    let conversion = |t: Type, to: Type, callback: Typing| {
        FuncDef::builder()
            .returns_nullable(t)
            .result_type(move |c| {
                typing::conversion_check(c.types.first(), &to)?;
                if c.known {
                    return callback(c.args, c.types);
                }
                if !to.is_collection() || c.unknown.first() != Some(&false) {
                    return Ok(Returns::Is(to.clone()));
                }
                Ok(match callback(c.args, c.types) {
                    Ok(r @ (Returns::Is(_) | Returns::Convert(_))) => r,
                    _ => Returns::Literal,
                })
            })
            .nullable_param("v", Type::Dynamic)
    };
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
    let collection_conversion = |to: Type, callback: Typing| {
        conversion(Type::Dynamic, to.clone(), callback)
            .on_unknown(conversion_unknown)
            .implement(move |a| collection(a, &to))
    };
    r.insert(
        "tolist",
        collection_conversion(Type::list(Type::Dynamic), tolist_type),
    );
    r.insert(
        "toset",
        collection_conversion(Type::set(Type::Dynamic), toset_type),
    );
    r.insert(
        "tomap",
        collection_conversion(Type::map(Type::Dynamic), tomap_type),
    );
    // They take their arguments' expressions, as go-cty/hcl's `tryfunc`
    // does; called directly, with values, `try` gives the first and `can`
    // true.
    r.insert(
        "try",
        FuncDef::builder()
            .returns_nullable(Type::Dynamic)
            .nullable_variadic("expressions", Type::Dynamic)
            .takes_expressions()
            .implement(try_expressions),
    );
    r.insert(
        "can",
        FuncDef::builder()
            .returns(Type::Bool)
            .nullable_param("expression", Type::Dynamic)
            .takes_expressions()
            .implement(can_expression),
    );
    // Terraform marks values sensitive or ephemeral; this crate carries no
    // marks, so these are identities and nothing is sensitive.
    for name in ["sensitive", "nonsensitive", "ephemeralasnull"] {
        r.insert(
            name,
            FuncDef::builder()
                .returns_nullable(Type::Dynamic)
                .result_type(identity_type)
                .nullable_param("v", Type::Dynamic)
                .build(|a| Ok(first(a))),
        );
    }
    r.insert(
        "issensitive",
        FuncDef::builder()
            .returns(Type::Bool)
            .nullable_param("v", Type::Dynamic)
            .build(|_| Ok(Value::Bool(false))),
    );
}

fn first(a: Vec<Value>) -> Value {
    a.into_iter().next().unwrap_or_default()
}

/// cty's type callback of `tostring`.
pub(crate) fn tostring_type(_: &[Value], _: &[Type]) -> Result<Returns, FuncError> {
    Ok(Returns::Is(Type::String))
}

/// cty's type callback of `tonumber`.
pub(crate) fn tonumber_type(_: &[Value], _: &[Type]) -> Result<Returns, FuncError> {
    Ok(Returns::Is(Type::Number))
}

/// cty's type callback of `tobool`.
pub(crate) fn tobool_type(_: &[Value], _: &[Type]) -> Result<Returns, FuncError> {
    Ok(Returns::Is(Type::Bool))
}

/// `tolist`, `toset` and `tomap` (converting to `to`). Where the argument's
/// type is known, it converts to the type its elements unify to, each
/// element by its own
/// type (`tomap({a = toset([1]), b = ["5"]})` is a map of sets of
/// numbers), as cty converts.
fn collection(c: Args<'_>, to: &Type) -> Result<Answer, FuncError> {
    let v = first(c.values);
    let Some(Returns::Is(t)) = c.returns else {
        return collection_values(v, to).map(Answer::Value);
    };
    let got = typing::friendly(&c.types[0]);
    match typing::convert(v, &c.metas[0], t) {
        Ok((v, t)) => Ok(Answer::Typed(v, t)),
        Err(_) => Err(no_single_type(&got, to)),
    }
}

/// cty's type callback of `tolist`.
pub(crate) fn tolist_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    Ok(collection_of(types, list_element, Type::list))
}

/// cty's type callback of `toset`.
pub(crate) fn toset_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    match collection_of(types, typing::set_element, Type::set) {
        // (What has no element type is refused here: the values of a
        // set of lists and an empty list do not tell them apart.)
        Returns::Literal if matches!(types.first(), Some(Type::Tuple(_))) => Err(no_single_type(
            &typing::friendly(&types[0]),
            &Type::set(Type::Dynamic),
        )),
        r => Ok(r),
    }
}

/// cty's type callback of `tomap`.
pub(crate) fn tomap_type(_: &[Value], types: &[Type]) -> Result<Returns, FuncError> {
    Ok(collection_of(types, map_element, Type::map))
}

/// cty's type callback of `sensitive`, `nonsensitive`, `ephemeralasnull`:
/// their argument's type.
pub(crate) fn identity_type(c: &TypeCall<'_>) -> Result<Returns, FuncError> {
    Ok(match c.types.first() {
        Some(t) => Returns::Is(t.clone()),
        None if c.known => Returns::Literal,
        None => Returns::Is(Type::Dynamic),
    })
}

// What a call gives whose arguments are not all known (the specs'
// `on_unknown` and `unknown_type`).

/// What `tolist`, `toset`, `tomap` gives with arguments not all known.
pub(crate) fn conversion_unknown(c: &mut UnknownCall<'_>) -> R<Option<(Value, typing::Ty)>> {
    if !c.whole(0) {
        // (The type callback typed the result.)
        let target = match &c.returns {
            Returns::Is(t) | Returns::Convert(t) => t.clone(),
            Returns::Literal => return Err(c.fail("cannot convert the value")).map(Some),
        };
        let (args, metas, _) = c.take();
        let (v, t) = (args.into_iter().next(), metas.into_iter().next());
        return typing::convert(v.unwrap_or_default(), &t.flatten(), &target)
            .map_err(|e| c.fail(e))
            .map(Some);
    }
    Ok(None)
}

/// `try`: the value of the first argument that evaluates without an error
/// (an error of a reference to something undefined is not caught); a
/// value not wholly known could still fail later, so the result is then
/// an unknown of any type.
fn try_expressions(a: Args<'_>) -> Result<Answer, FuncError> {
    let Some(c) = a.expressions else {
        // Called with values: the first.
        return a
            .values
            .into_iter()
            .next()
            .map(Answer::Value)
            .ok_or_else(|| "at least one argument is required".into());
    };
    if c.args.is_empty() {
        return Err("at least one argument is required".into());
    }
    let mut failures = String::new();
    for i in 0..c.args.len() {
        match c.value(i) {
            // (Not refined: Terraform's `can(u) == null` is not known.)
            Ok((_, t)) if !typing::is_known(&t) => {
                let (v, t) = unknown::nullable(Type::Dynamic);
                return Ok(Answer::Typed(v, t));
            }
            Ok((v, t)) => return Ok(Answer::Typed(v, t)),
            Err(Fail::Err(e, _)) => try_failure(&mut failures, &e, c.source),
            Err(undefined) => return Ok(Answer::Failed(undefined)),
        }
    }
    Err(FuncError::Call(format!(
        "no expression succeeded:{failures}\n\nAt least one expression must produce a successful result"
    )))
}

/// `can`: whether its argument evaluates without an error (unknown while
/// the value is not wholly known).
fn can_expression(a: Args<'_>) -> Result<Answer, FuncError> {
    let Some(c) = a.expressions else {
        // Called with a value: it evaluated.
        return Ok(Answer::Value(Value::Bool(true)));
    };
    Ok(match c.value(0) {
        Ok((_, t)) if !typing::is_known(&t) => {
            let (v, t) = unknown::nullable(Type::Bool);
            Answer::Typed(v, t)
        }
        Ok(_) => Answer::Value(Value::Bool(true)),
        Err(Fail::Err(..)) => Answer::Value(Value::Bool(false)),
        Err(undefined) => Answer::Failed(undefined),
    })
}

/// One of the errors `try` lists, as HCL lists it: the summary, where (when
/// the source is known), and the detail on the next line.
#[cold]
fn try_failure(out: &mut String, error: &Error, source: Option<&str>) {
    use std::fmt::Write;
    for (e, d) in error.iter().zip(error.diagnostics()) {
        // (A diagnostic of a message alone is an `Error` with that detail.)
        let (summary, detail) = match d.detail.as_str() {
            "" => ("Error", d.summary.as_str()),
            detail => (d.summary.as_str(), detail),
        };
        let _ = write!(out, "\n- {summary}");
        if let (Some(src), Some(at)) = (source, e.span()) {
            let loc = crate::error::Location::of(src, at.start as usize);
            let _ = write!(out, " (at {}:{})", loc.line, loc.column);
        }
        let _ = write!(out, "\n  {detail}");
    }
}
