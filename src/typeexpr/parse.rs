//! Terraform's type syntax read from expressions (`list(object({a =
//! string}))`, `optional(T, DEFAULT)`): the one parser of types and type
//! constraints.

use std::collections::BTreeMap;
use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::syntax::Span;
use crate::syntax::{ExprKind, Expression, ObjectKey};
use crate::value::{ConstraintAttribute as Attribute, Type, TypeConstraint};

impl Type {
    /// Parses Terraform's type syntax: `string`, `number`, `bool`, `any`
    /// (the dynamic pseudo-type), `list(T)`, `set(T)`, `map(T)`,
    /// `tuple([T, ...])`, `object({name = T, ...})` (`name: T` too), and the
    /// legacy bare `list`, `set` and `map` (of `any`), as Terraform accepts
    /// them. `optional(...)` attributes belong to type constraints, not to
    /// types, and are an error here.
    ///
    /// # Errors
    /// When `src` is not an expression, or not a type specification; the
    /// message is Terraform's.
    ///
    /// ```
    /// use hcl::Type;
    /// assert_eq!(Type::parse("map(any)").unwrap(), Type::map(Type::Dynamic));
    /// let err = Type::parse("list(string, number)").unwrap_err();
    /// assert_eq!(
    ///     err.message(),
    ///     "invalid type specification: the list type constructor requires one argument specifying the element type"
    /// );
    /// assert_eq!(err.column(), Some(1));
    /// ```
    pub fn parse(src: &str) -> Result<Type> {
        let parsed = crate::parser::parse_expression(src)?;
        Type::from_expression(parsed.expr()).map_err(|e| e.with_source(src))
    }

    /// The type an expression in Terraform's type syntax denotes (see
    /// [`Type::parse`]). Errors carry the expression's span, without
    /// source text (add it with [`Error::with_source`](crate::Error::with_source)).
    ///
    /// # Errors
    /// When the expression is not a type specification.
    ///
    /// ```
    /// use hcl::Type;
    /// let src = "a = list(string)\nb = object({x = optional(string)})\n";
    /// let file = hcl::parse(src).unwrap();
    /// let body = file.body();
    /// assert_eq!(Type::from_expression(&body.attribute("a").unwrap().expr).unwrap(), Type::list(Type::String));
    /// let err = Type::from_expression(&body.attribute("b").unwrap().expr).unwrap_err();
    /// assert!(err.message().ends_with("optional attributes are only for type constraints, not for exact types"));
    /// assert_eq!(err.with_source(src).line(), Some(2));
    /// ```
    pub fn from_expression(e: &Expression<'_>) -> Result<Type> {
        parse_type_expr(e, false).map(|c| c.ty())
    }
}

impl TypeConstraint {
    /// Parses Terraform's type constraint syntax: [`Type::parse`]'s
    /// syntax, plus `optional(T)` and `optional(T, DEFAULT)` as the type of
    /// an object attribute, at any depth. A default is a constant
    /// expression (no variables, no functions), converted to `T` here.
    ///
    /// # Errors
    /// When `src` is not an expression or not a type constraint, with
    /// line and column; the message follows Terraform's.
    ///
    /// ```
    /// use hcl::TypeConstraint;
    /// let c = TypeConstraint::parse("object({a = optional(number, \"7\")})").unwrap();
    /// assert_eq!(c.to_string(), "object({a = optional(number, 7)})");
    /// let err = TypeConstraint::parse("map(optional(string))").unwrap_err();
    /// assert!(err.message().contains("valid only as a modifier for object type attributes"));
    /// assert_eq!(err.column(), Some(5));
    /// ```
    pub fn parse(src: &str) -> Result<TypeConstraint> {
        let parsed = crate::parser::parse_expression(src)?;
        TypeConstraint::from_expression(parsed.expr()).map_err(|e| e.with_source(src))
    }

    /// The type constraint an expression in Terraform's syntax denotes
    /// (see [`TypeConstraint::parse`]). Errors carry the expression's
    /// span, without source text (add it with [`Error::with_source`]).
    ///
    /// # Errors
    /// When the expression is not a type constraint.
    ///
    /// ```
    /// use hcl::TypeConstraint;
    /// let src = "a = object({x = optional(string)})\nb = \"string\"\n";
    /// let file = hcl::parse(src).unwrap();
    /// let body = file.body();
    /// let c = TypeConstraint::from_expression(&body.attribute("a").unwrap().expr).unwrap();
    /// assert_eq!(c.to_string(), "object({x = optional(string)})");
    /// let err = TypeConstraint::from_expression(&body.attribute("b").unwrap().expr).unwrap_err();
    /// assert!(err.message().starts_with("invalid quoted type constraints"));
    /// assert_eq!(err.with_source(src).column(), Some(5));
    /// ```
    pub fn from_expression(e: &Expression<'_>) -> Result<TypeConstraint> {
        parse_type_expr(e, true)
    }
}

/// Type expressions nest at most this deep (the parser's own limit is
/// lower by default; this keeps hand-built trees safe too).
const MAX_DEPTH: usize = 256;

#[cold]
fn invalid(span: Span, detail: impl fmt::Display) -> Error {
    Error::described(
        ErrorKind::Type,
        "invalid type specification",
        format_args!("{detail}"),
    )
    .at_span(span)
}

/// The keyword a bare identifier spells (`string`, `list`, ...).
fn keyword<'a>(e: &Expression<'a>) -> Option<&'a str> {
    match &e.kind {
        ExprKind::Variable(name) => Some(name),
        ExprKind::Parenthesis(inner) => keyword(inner),
        _ => None,
    }
}

/// The one parser of Terraform's type syntax: a type constraint, with
/// `optional(...)` attributes when `optional` is allowed (for
/// [`Type::from_expression`], it is not).
pub(crate) fn parse_type_expr(e: &Expression<'_>, optional: bool) -> Result<TypeConstraint> {
    node(e, 0, optional)
}

fn node(e: &Expression<'_>, depth: usize, optional: bool) -> Result<TypeConstraint> {
    if depth > MAX_DEPTH {
        return Err(invalid(e.span, "the type is nested too deeply"));
    }
    if let Some(kw) = keyword(e) {
        return Ok(match kw {
            "string" => TypeConstraint::String,
            "number" => TypeConstraint::Number,
            "bool" => TypeConstraint::Bool,
            "any" => TypeConstraint::Any,
            // Terraform's legacy forms: `list` is `list(any)`.
            "list" => TypeConstraint::List(Box::new(TypeConstraint::Any)),
            "set" => TypeConstraint::Set(Box::new(TypeConstraint::Any)),
            "map" => TypeConstraint::Map(Box::new(TypeConstraint::Any)),
            "object" | "tuple" => return Err(invalid(e.span, needs_one_argument(kw))),
            other => {
                return Err(invalid(
                    e.span,
                    format_args!("the keyword \"{other}\" is not a valid type specification"),
                ))
            }
        });
    }
    let call = match &e.kind {
        ExprKind::FuncCall(call) if call.name.namespace.is_empty() => call,
        ExprKind::String(_) | ExprKind::Template(_) => {
            return Err(Error::described(ErrorKind::Type, "invalid quoted type constraints", "write the type without quotes (Terraform 0.11 and earlier required them)").at_span(e.span))
        }
        _ => return Err(invalid(e.span, "a type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string)")),
    };
    let name = call.name.name.name;
    match name {
        "string" | "number" | "bool" => {
            return Err(invalid(
                e.span,
                format_args!("primitive type keyword \"{name}\" does not expect arguments"),
            ))
        }
        "any" => {
            return Err(invalid(
                e.span,
                format_args!("type constraint keyword \"{name}\" does not expect arguments"),
            ))
        }
        "optional" => {
            return Err(invalid(
                e.span,
                "keyword \"optional\" is valid only as a modifier for object type attributes",
            ))
        }
        "list" | "set" | "map" | "object" | "tuple" => {}
        other => {
            return Err(invalid(
                e.span,
                format_args!("keyword \"{other}\" is not a valid type constructor"),
            ))
        }
    }
    let [arg] = call.args else {
        return Err(invalid(e.span, needs_one_argument(name)));
    };
    if call.expand_final {
        return Err(invalid(
            e.span,
            "a type constructor's argument cannot be expanded with `...`",
        ));
    }
    let arg = strip_parens(arg);
    let inner = |e: &Expression<'_>| node(e, depth + 1, optional).map(Box::new);
    Ok(match name {
        "list" => TypeConstraint::List(inner(arg)?),
        "set" => TypeConstraint::Set(inner(arg)?),
        "map" => TypeConstraint::Map(inner(arg)?),
        "tuple" => match &arg.kind {
            ExprKind::Tuple(items) => TypeConstraint::Tuple(
                items
                    .iter()
                    .map(|t| node(t, depth + 1, optional))
                    .collect::<Result<_>>()?,
            ),
            _ => return Err(invalid(arg.span, "the tuple type constructor requires a list of element types")),
        },
        _ => match &arg.kind {
            ExprKind::Object(items) => {
                let mut attrs = BTreeMap::new();
                for item in *items {
                    let (key, span) = match &item.key {
                        ObjectKey::Ident(id) => (id.name, id.span),
                        ObjectKey::Expression(k) => match keyword(k) {
                            Some(kw) => (kw, k.span),
                            None => {
                                return Err(invalid(
                                    k.span,
                                    "object constructor map keys must be attribute names",
                                ))
                            }
                        },
                    };
                    let attr = attribute(strip_parens(&item.value), depth + 1, optional)?;
                    if attrs.insert(key.to_owned(), attr).is_some() {
                        return Err(invalid(span, "object constructor map keys must be unique"));
                    }
                }
                TypeConstraint::Object(attrs)
            }
            _ => return Err(invalid(arg.span, "the object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types")),
        },
    })
}

/// An object attribute's type: a type constraint, or `optional(T)` /
/// `optional(T, DEFAULT)` where allowed.
fn attribute(value: &Expression<'_>, depth: usize, optional: bool) -> Result<Attribute> {
    let call = match &value.kind {
        ExprKind::FuncCall(c) if c.name.namespace.is_empty() && c.name.name.name == "optional" => c,
        _ => return node(value, depth, optional).map(Attribute::required),
    };
    if !optional {
        return Err(invalid(
            value.span,
            "optional attributes are only for type constraints, not for exact types",
        ));
    }
    let (ty, default) = match call.args {
        [] => {
            return Err(invalid(
                value.span,
                "the optional attribute modifier requires the attribute type as its argument",
            ))
        }
        [ty] => (ty, None),
        [ty, default] => (ty, Some(default)),
        _ => {
            return Err(invalid(
                value.span,
                "the optional attribute modifier expects at most two arguments: the attribute type, and a default value",
            ))
        }
    };
    let constraint = node(strip_parens(ty), depth, optional)?;
    let default = match default {
        None => None,
        Some(d) => {
            // A constant: no variables and no functions, as Terraform.
            let v = super::constant_of(d)?;
            let v = constraint.convert_typed(v).map_err(|e| {
                Error::described(
                    ErrorKind::Type,
                    "invalid default value for optional attribute",
                    format_args!(
                        "not compatible with the attribute's type constraint: {}",
                        e.message()
                    ),
                )
                .at_span(d.span)
            })?;
            Some(v.into_value())
        }
    };
    Ok(Attribute {
        constraint,
        optional: true,
        default,
    })
}

/// Terraform's detail for a type constructor (`list`, `set`, `map`,
/// `object`, `tuple`) without its one argument.
fn needs_one_argument(constructor: &str) -> &'static str {
    match constructor {
        "object" => "the object type constructor requires one argument specifying the attribute types and values as a map",
        "tuple" => "the tuple type constructor requires one argument specifying the element types as a list",
        "list" => "the list type constructor requires one argument specifying the element type",
        "set" => "the set type constructor requires one argument specifying the element type",
        _ => "the map type constructor requires one argument specifying the element type",
    }
}

fn strip_parens<'e, 'a>(mut e: &'e Expression<'a>) -> &'e Expression<'a> {
    while let ExprKind::Parenthesis(inner) = &e.kind {
        e = inner;
    }
    e
}
