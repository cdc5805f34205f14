//! An input variable as Terraform declares one (`variable "v" { type =
//! ..., default = ..., nullable = ... }`) and gives it a value (`-var
//! v=RAW`, a `.tfvars` or `.pkrvars.hcl` file, or nothing).

use crate::error::{Error, ErrorKind, Result};
use crate::eval::{Context, Typed};
use crate::value::TypeConstraint;

/// A declared input variable: its type constraint, its default and
/// whether it may be null. [`Variable::value`] gives it a value as
/// Terraform does.
///
/// ```
/// use hcl::eval::{evaluate_typed_str, Context};
/// use hcl::typeexpr::Variable;
/// use hcl::{TypeConstraint, Value};
///
/// let c = TypeConstraint::parse("object({port = optional(number, 80)})").unwrap();
/// let default = evaluate_typed_str("{}", &Context::empty()).unwrap();
/// let v = Variable::new(c, Some(default), true).unwrap();
/// assert_eq!(v.value(None).unwrap().value()["port"], Value::from(80));
///
/// let given = v.parse_raw("{port = \"8080\"}").unwrap();
/// assert_eq!(v.value(Some(given)).unwrap().value()["port"], Value::from(8080));
/// ```
#[derive(Clone, Debug)]
pub struct Variable {
    constraint: TypeConstraint,
    default: Option<Typed>,
    nullable: bool,
}

impl Variable {
    /// Declares a variable. The default, if any, is converted to the
    /// constraint now (its optional attributes' defaults filled in).
    ///
    /// # Errors
    /// When the default does not convert to the constraint, or is null
    /// while `nullable` is false.
    ///
    /// ```
    /// use hcl::{eval::Typed, typeexpr::Variable, TypeConstraint, Value};
    /// let v = Variable::new(TypeConstraint::Number, Some(Typed::from(Value::from("5"))), false).unwrap();
    /// assert_eq!(v.default_value().unwrap().value(), &Value::from(5));
    /// let err = Variable::new(TypeConstraint::Number, Some(Typed::from(Value::from("five"))), true).unwrap_err();
    /// assert_eq!(err.message(), "invalid default value for variable: not compatible with the variable's type constraint: a number is required");
    /// assert!(Variable::new(TypeConstraint::Number, Some(Typed::from(Value::Null)), false).is_err());
    /// ```
    pub fn new(
        constraint: TypeConstraint,
        default: Option<Typed>,
        nullable: bool,
    ) -> Result<Variable> {
        let default = match default {
            None => None,
            Some(d) if d.is_known() && d.value().is_null() && !nullable => {
                return Err(Error::described(
                    ErrorKind::Eval,
                    "invalid default value for variable",
                    "a null default value is not valid when nullable = false",
                ))
            }
            Some(d) => Some(constraint.convert_typed(d).map_err(|e| {
                Error::described(
                    ErrorKind::Eval,
                    "invalid default value for variable",
                    format_args!(
                        "not compatible with the variable's type constraint: {}",
                        e.message()
                    ),
                )
            })?),
        };
        Ok(Variable {
            constraint,
            default,
            nullable,
        })
    }

    /// The type constraint.
    ///
    /// ```
    /// use hcl::{typeexpr::Variable, TypeConstraint};
    /// let v = Variable::new(TypeConstraint::parse("list(string)").unwrap(), None, true).unwrap();
    /// assert_eq!(v.constraint().to_string(), "list(string)");
    /// ```
    pub fn constraint(&self) -> &TypeConstraint {
        &self.constraint
    }

    /// The default, converted to the constraint.
    ///
    /// ```
    /// use hcl::{eval::Typed, typeexpr::Variable, TypeConstraint, Value};
    /// let c = TypeConstraint::parse("list(string)").unwrap();
    /// let v = Variable::new(c.clone(), Some(Typed::from(Value::from(vec![1]))), true).unwrap();
    /// assert_eq!(v.default_value().unwrap().value(), &Value::from(vec!["1"]));
    /// assert!(Variable::new(c, None, true).unwrap().default_value().is_none());
    /// ```
    pub fn default_value(&self) -> Option<&Typed> {
        self.default.as_ref()
    }

    /// Reads a value given on the command line (`-var v=RAW`) as Terraform
    /// does: a literal string when the constraint is `string`, `number` or
    /// `bool`, and otherwise an HCL expression, evaluated with no
    /// variables and no functions.
    ///
    /// # Errors
    /// When RAW is not a constant HCL expression (for a non-primitive
    /// constraint).
    ///
    /// ```
    /// use hcl::typeexpr::Variable;
    /// let s = Variable::new(hcl::TypeConstraint::String, None, true).unwrap();
    /// assert_eq!(s.parse_raw("[1, 2]").unwrap().value(), &hcl::Value::from("[1, 2]"));
    /// let l = Variable::new(hcl::TypeConstraint::parse("list(number)").unwrap(), None, true).unwrap();
    /// assert_eq!(l.parse_raw("[1, 2]").unwrap().value()[1], hcl::Value::from(2));
    /// ```
    pub fn parse_raw(&self, raw: &str) -> Result<Typed> {
        if self.constraint.is_primitive() {
            return Ok(Typed::from(crate::value::Value::from(raw)));
        }
        constant(raw)
    }

    /// The variable's value, given `given` (or nothing): converted to the
    /// constraint; with nothing given, the default; a null given to a
    /// variable that is not nullable takes the default.
    ///
    /// # Errors
    /// When no value is given and there is no default, when the value is
    /// null and may not be, or when it does not convert (the message names
    /// the path: `[1].port: a number is required`).
    ///
    /// ```
    /// use hcl::{typeexpr::Variable, TypeConstraint, Value};
    /// let v = Variable::new(TypeConstraint::parse("list(number)").unwrap(), None, true).unwrap();
    /// let given = v.parse_raw("[1, \"2\"]").unwrap();
    /// assert_eq!(v.value(Some(given)).unwrap().value(), &Value::from(vec![1, 2]));
    /// assert_eq!(v.value(None).unwrap_err().message(), "no value for required variable: it has no default");
    /// let bad = v.parse_raw("[\"x\"]").unwrap();
    /// assert_eq!(v.value(Some(bad)).unwrap_err().message(), "invalid value for input variable: [0]: a number is required");
    /// ```
    pub fn value(&self, given: Option<Typed>) -> Result<Typed> {
        self.resolve(given).map_err(|why| {
            let summary = match why {
                Unset::Required => "no value for required variable",
                _ => "invalid value for input variable",
            };
            Error::described(ErrorKind::Eval, summary, why.detail())
        })
    }

    /// [`Variable::value`], telling why there is none.
    pub(crate) fn resolve(&self, given: Option<Typed>) -> std::result::Result<Typed, Unset> {
        // (A null given where null is not allowed takes the default.)
        let null_given =
            matches!(&given, Some(g) if g.is_known() && g.value().is_null() && !self.nullable);
        let given = if null_given { None } else { given };
        match given {
            Some(g) => self
                .constraint
                .convert_typed(g)
                .map_err(|e| Unset::Invalid(e.message().to_owned())),
            None => match &self.default {
                Some(d) => Ok(d.clone()),
                None if null_given => Err(Unset::NotNullable),
                None => Err(Unset::Required),
            },
        }
    }
}

/// Why a variable has no value.
pub(crate) enum Unset {
    /// None given and no default.
    Required,
    /// Null given where null is not allowed, and no default.
    NotNullable,
    /// The value given does not convert (the conversion's message).
    Invalid(String),
}

impl Unset {
    /// Why, in Terraform's words (after what it is about: `[0]: a number
    /// is required`).
    pub(crate) fn detail(&self) -> &str {
        match self {
            Unset::Required => "it has no default",
            Unset::NotNullable => "the value is null, which is not allowed when nullable = false",
            Unset::Invalid(detail) => detail,
        }
    }
}

/// Evaluates a default expression as Terraform does: a constant, with no
/// variables and no functions.
///
/// # Errors
/// When the expression refers to a variable or calls a function.
///
/// ```
/// let d = hcl::typeexpr::constant("[1, \"a\"]").unwrap();
/// assert_eq!(d.ty().to_string(), "tuple([number, string])");
/// let err = hcl::typeexpr::constant("[1, var.x]").unwrap_err();
/// assert_eq!(err.message(), "variables not allowed: a constant is required here, but this refers to `var.x`");
/// assert_eq!(err.column(), Some(5));
/// ```
pub fn constant(src: &str) -> Result<Typed> {
    crate::eval::with_expression(src, &crate::parser::ParseOptions::default(), |parsed| {
        constant_of(parsed.expr()).map_err(|e| e.with_source(parsed.source()))
    })
}

/// A constant expression's value (see [`constant`]), from its syntax
/// tree; errors carry a span, without source text.
///
/// # Errors
/// As [`constant`]: when the expression refers to a variable (the error
/// is at the reference), or when evaluating it fails.
///
/// ```
/// let file = hcl::parse("default = [1, 2]\n").unwrap();
/// let body = file.body();
/// let t = hcl::typeexpr::constant_of(&body.attribute("default").unwrap().expr).unwrap();
/// assert_eq!(t.ty().to_string(), "tuple([number, number])");
/// ```
pub fn constant_of(expr: &crate::syntax::Expression<'_>) -> Result<Typed> {
    // (A literal, the commonest: its value, without a context.)
    if let Some(v) = expr.literal_value() {
        return Ok(Typed::from(v));
    }
    if let Some(r) = crate::analysis::references(expr).first() {
        return Err(Error::described(
            ErrorKind::Eval,
            "variables not allowed",
            format_args!("a constant is required here, but this refers to `{r}`"),
        )
        .at_span(r.span));
    }
    crate::eval::evaluate_typed(expr, &Context::empty())
}
