//! Function declarations: a signature (typed parameters, optional variadic
//! parameter) plus a Rust closure.
//!
//! ```
//! use hcl::eval::{FuncDef, ParamType};
//! use hcl::Value;
//!
//! let add = FuncDef::builder()
//!     .param("a", ParamType::Number)
//!     .param("b", ParamType::Number)
//!     .build(|args| {
//!         let a = args[0].as_f64().unwrap();
//!         let b = args[1].as_f64().unwrap();
//!         Ok(Value::from(a + b))
//!     });
//! assert_eq!(add.call(vec![Value::from(1), Value::from("2")]).unwrap(), Value::from(3));
//! assert!(add.call(vec![Value::from(1)]).is_err());
//! ```

use std::fmt;
use std::sync::Arc;

use super::limits::{Budget, Limits};
use crate::value::{Type, Value};

/// What a function returns: a value, or why it refuses the call (the
/// evaluator adds the place, the function's name and its parameter's).
pub type FuncResult = std::result::Result<Value, FuncError>;

/// Why a function refuses a call: an argument it refuses (cty's
/// `function.ArgError`), reported as `Invalid function argument` at that
/// argument; a limit of the evaluation exceeded; or any other failure,
/// reported as `Error in function call` at the function's name. A message
/// (`String`, `&str`) converts to a failure of the call, so `?` and
/// `.into()` work on a function's own errors.
///
/// ```
/// use hcl::eval::{Context, FuncDef, FuncError, ParamType};
/// use hcl::Value;
/// let mut ctx = Context::new();
/// ctx.declare_func("half", FuncDef::builder()
///     .param("n", ParamType::Number)
///     .build(|a| match a[0].as_i64() {
///         Some(n) if n % 2 == 0 => Ok(Value::from(n / 2)),
///         Some(_) => Err(FuncError::arg(0, "an even number is required")),
///         None => Err("not a whole number".into()),
///     }));
/// let err = hcl::eval::evaluate_str("half(1 + 2)", &ctx).unwrap_err();
/// assert_eq!(err.message(), "Invalid function argument: Invalid value for \"n\" parameter: an even number is required.");
/// assert_eq!(err.column(), Some(6)); // at the argument
/// let err = hcl::eval::evaluate_str("half(0.5)", &ctx).unwrap_err();
/// assert_eq!(err.message(), "Error in function call: Call to function \"half\" failed: not a whole number.");
/// assert_eq!(err.column(), Some(1)); // at `half(`
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FuncError {
    /// Argument `index` (0-based, among all the call's arguments, a
    /// variadic parameter's too) is refused: `message` says why.
    Arg {
        /// Which argument.
        index: usize,
        /// Why (cty's words: `a number is required`).
        message: String,
    },
    /// A limit of the evaluation ([`Limits`]) would be exceeded.
    Limit(String),
    /// The call fails: why.
    Call(String),
}

impl FuncError {
    /// Argument `index` refused, for the reason `message`.
    pub fn arg(index: usize, message: impl Into<String>) -> FuncError {
        FuncError::Arg {
            index,
            message: message.into(),
        }
    }

    /// Why, without the argument's place.
    pub fn message(&self) -> &str {
        match self {
            FuncError::Arg { message, .. }
            | FuncError::Limit(message)
            | FuncError::Call(message) => message,
        }
    }
}

impl From<String> for FuncError {
    fn from(message: String) -> FuncError {
        FuncError::Call(message)
    }
}

impl From<crate::value::convert::ConvertError> for FuncError {
    fn from(e: crate::value::convert::ConvertError) -> FuncError {
        FuncError::Call(e.to_string())
    }
}

impl From<&str> for FuncError {
    fn from(message: &str) -> FuncError {
        FuncError::Call(message.to_owned())
    }
}

impl fmt::Display for FuncError {
    /// The message; an argument's refusal says which argument (by its
    /// position: the parameter's name is the function's to know).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FuncError::Arg { index, message } => write!(f, "argument {}: {message}", index + 1),
            FuncError::Limit(m) | FuncError::Call(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for FuncError {}

/// A function's one implementation (cty's `Impl`): it gets the call's
/// arguments ([`Args`]) and answers. [`FuncDefBuilder::build`] and
/// [`FuncDefBuilder::build_typed`] make one of a closure over values or
/// over typed values.
pub(crate) type Implementation = dyn Fn(Args<'_>) -> Result<Answer, FuncError> + Send + Sync;

/// A call's arguments as the implementation gets them: their values,
/// converted to the parameters' types; where the call kept them, their
/// metas and types and the type callback's answer; the evaluation's
/// budget; and for a function whose parameters take expressions (`try`,
/// `can`), the arguments' expressions.
pub(crate) struct Args<'a> {
    pub(crate) values: Vec<Value>,
    /// The arguments' metas where the call keeps them (empty: all known,
    /// of their literal types).
    pub(crate) metas: &'a [super::typing::Ty],
    /// The arguments' types where the call keeps them.
    pub(crate) types: &'a [Type],
    /// The type callback's answer, on a call whose arguments are known and
    /// typed (`None` on a direct call, or one without types).
    pub(crate) returns: Option<&'a super::typing::Returns>,
    pub(crate) budget: &'a Budget,
    /// The arguments' expressions, for a function whose parameters take
    /// them ([`FuncDefBuilder::takes_expressions`]); `None` called with
    /// values.
    pub(crate) expressions: Option<&'a super::call::ExpressionCall<'a>>,
}

impl<'a> Args<'a> {
    /// Values alone (a direct call; the others start from it).
    pub(crate) fn values(values: Vec<Value>, budget: &'a Budget) -> Args<'a> {
        Args {
            values,
            metas: &[],
            types: &[],
            returns: None,
            budget,
            expressions: None,
        }
    }

    /// The arguments as typed values, each with its meta (none: of its
    /// literal type).
    fn typed(values: Vec<Value>, metas: &[super::typing::Ty]) -> Vec<super::Typed> {
        let mut metas = metas.iter();
        values
            .into_iter()
            .map(|v| super::Typed::from_meta(v, metas.next().cloned().flatten()))
            .collect()
    }
}

/// What an implementation answers: a value (of the type the spec says,
/// or its literal type), a value with its meta, or a failure of an
/// argument's evaluation that the function lets through (`try` of a
/// reference to something undefined).
pub(crate) enum Answer {
    Value(Value),
    Typed(Value, super::typing::Ty),
    Failed(super::fail::Fail),
}

impl From<Value> for Answer {
    fn from(v: Value) -> Answer {
        Answer::Value(v)
    }
}

impl Answer {
    /// The value with its meta (none: of its literal type), or the
    /// failure let through.
    pub(crate) fn into_result(self) -> super::fail::R<(Value, super::typing::Ty)> {
        match self {
            Answer::Value(v) => Ok((v, None)),
            Answer::Typed(v, m) => Ok((v, m)),
            Answer::Failed(f) => Err(f),
        }
    }

    /// The value alone (a direct call, where nothing is evaluated and
    /// nothing fails but the function).
    fn into_value(self) -> FuncResult {
        match self {
            Answer::Value(v) | Answer::Typed(v, _) => Ok(v),
            Answer::Failed(f) => Err(FuncError::Call(f.into_error().to_string())),
        }
    }
}

/// hcl-rs's spelling of a parameter's type: it converts into the one
/// [`Type`] a parameter has ([`Param::ty`]). Arguments are converted as
/// Terraform converts them (a number or bool is accepted where a string is
/// wanted, a string holding a number where a number is wanted, ...).
///
/// ```
/// use hcl::eval::ParamType;
/// use hcl::Value;
/// let names = ParamType::Array(Box::new(ParamType::String));
/// assert_eq!(names.convert(Value::from(vec![1, 2])).unwrap(), Value::from(vec!["1", "2"]));
/// assert_eq!(names.to_string(), "list of string");
/// assert_eq!(ParamType::Bool.convert(Value::from("true")).unwrap(), Value::Bool(true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// Any value, unconverted (Terraform's `any`; as an element type,
    /// `Array(Any)` is `list(any)`, whose elements convert to one type).
    Any,
    /// `true`/`false`, or the strings `"true"`/`"false"`.
    Bool,
    /// A number, or a string holding one.
    Number,
    /// A string, or a number or bool (converted to its string form).
    String,
    /// A tuple/list/set whose elements all convert to the element type:
    /// Terraform's `list(T)`.
    Array(Box<ParamType>),
    /// An object/map whose values all convert to the element type:
    /// Terraform's `map(T)`.
    Object(Box<ParamType>),
}

impl fmt::Display for ParamType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamType::Any => f.write_str("any"),
            ParamType::Bool => f.write_str("bool"),
            ParamType::Number => f.write_str("number"),
            ParamType::String => f.write_str("string"),
            ParamType::Array(t) => write!(f, "list of {t}"),
            ParamType::Object(t) => write!(f, "map of {t}"),
        }
    }
}

impl ParamType {
    /// Converts `value` to this type, Terraform-style; `Err` says why not.
    ///
    /// # Errors
    /// When `value` does not convert to this type (a string that does not
    /// read as a number, a list where a string is wanted, ...): the message
    /// says what was required and what was given.
    ///
    /// ```
    /// use hcl::eval::ParamType;
    /// use hcl::Value;
    /// assert_eq!(ParamType::String.convert(Value::from(1.5)).unwrap(), Value::from("1.5"));
    /// assert_eq!(ParamType::String.convert(Value::from(1e20)).unwrap(), Value::from("100000000000000000000"));
    /// assert_eq!(ParamType::Number.convert(Value::from("42")).unwrap(), Value::from(42));
    /// assert!(ParamType::Number.convert(Value::from("x")).is_err());
    /// ```
    pub fn convert(&self, value: Value) -> Result<Value, String> {
        argument(value, &Type::from(self))
    }
}

impl From<&ParamType> for Type {
    /// The type a parameter of this spelling takes: `Array` a list and
    /// `Object` a map of the element type, as Terraform's `list(...)` and
    /// `map(...)` (whose elements convert to one type), `Any` the dynamic
    /// pseudo-type (any value, unconverted).
    fn from(p: &ParamType) -> Type {
        match p {
            ParamType::Any => Type::Dynamic,
            ParamType::Bool => Type::Bool,
            ParamType::Number => Type::Number,
            ParamType::String => Type::String,
            ParamType::Array(t) => Type::list(Type::from(&**t)),
            ParamType::Object(t) => Type::map(Type::from(&**t)),
        }
    }
}

impl From<ParamType> for Type {
    fn from(p: ParamType) -> Type {
        Type::from(&p)
    }
}

/// A known argument `v` converted to its parameter's type `t` as HCL
/// converts it before a call, failing in cty's words: a string that does
/// not read as a number is not "a number", any other value not of a
/// primitive type at all.
pub(crate) fn argument(v: Value, t: &Type) -> Result<Value, String> {
    if *t == Type::Dynamic || v.is_null() || crate::value::convert::unchanged(&v, t) {
        return Ok(v);
    }
    if t.is_primitive() {
        let from_string = matches!(v, Value::String(_));
        return crate::value::convert::convert_known(v, t)
            .map_err(|_| crate::value::ty::primitive_required(from_string, &t.to_string()));
    }
    // A value whose type does not convert is refused in the words of the
    // types (`element 0: string required`), as HCL refuses it.
    let given = crate::value::ty::literal_type(&v);
    if !crate::value::ty::conversion_exists(&given, t, true) {
        return Err(crate::value::ty::mismatch_message(&given, t));
    }
    crate::value::convert::convert_known(v, t).map_err(|e| e.cty_words().into_owned())
}

/// One declared parameter: its name and its one type (cty's
/// `function.Parameter`). An argument converts to that type before the
/// call, as HCL converts it; a [`ParamType`] spells one of the types.
///
/// ```
/// use hcl::eval::{FuncDef, ParamType};
/// use hcl::Type;
/// use hcl::Value;
/// let f = FuncDef::builder()
///     .nullable_param("x", ParamType::Number)
///     .param("names", Type::list(Type::String))
///     .build(|a| Ok(a[1].clone()));
/// let p = &f.params()[0];
/// assert_eq!((p.name.as_str(), &p.ty, p.allow_null), ("x", &Type::Number, true));
/// assert_eq!(f.params()[1].ty.to_string(), "list(string)");
/// // Each element converts, as Terraform converts `[1, true]` to `list(string)`.
/// let names = f.call(vec![Value::Null, Value::from(vec![Value::from(1), Value::Bool(true)])]);
/// assert_eq!(names.unwrap(), Value::from(vec!["1", "true"]));
/// let err = f.call(vec![Value::Null, Value::from(vec![Value::Array(vec![])])]).unwrap_err();
/// assert_eq!(err, hcl::eval::FuncError::arg(1, "element 0: string required"));
/// ```
#[derive(Clone, Debug)]
pub struct Param {
    /// Name, used in error messages.
    pub name: String,
    /// The type an argument converts to (the dynamic pseudo-type: any
    /// value, unconverted).
    pub ty: Type,
    /// Whether `null` may be passed (default: no).
    pub allow_null: bool,
    /// Whether an argument of unknown type may reach the function (cty's
    /// `AllowDynamicType`); where not, such an argument makes the result an
    /// unknown of unknown type.
    pub(crate) allow_dynamic: bool,
    /// For a parameter that takes its argument's expression: the check
    /// of that expression.
    pub(crate) syntax_check: Option<SyntaxCheck>,
    /// Whether an unknown argument reaches the implementation (cty's
    /// `AllowUnknown`); where not, it makes the result unknown.
    pub(crate) allow_unknown: bool,
}

/// The check of an argument's expression, refusing it with a message.
pub(crate) type SyntaxCheck = fn(&crate::syntax::Expression<'_>) -> Result<(), String>;

impl Param {
    fn new(name: String, ty: Type, allow_null: bool) -> Param {
        Param {
            name,
            ty,
            allow_null,
            allow_dynamic: true,
            syntax_check: None,
            allow_unknown: false,
        }
    }
}

/// What a function's spec says of its result, as cty's `function.Spec`
/// does: its declared type, whether it may be null, and the one type
/// callback that checks the arguments' types and gives the result's type
/// from them; with what a call gives whose arguments are not all known,
/// and whether the parameters take expressions.
#[derive(Clone)]
pub(crate) struct Spec {
    /// The result's declared type; the dynamic pseudo-type when the
    /// arguments decide it.
    pub(crate) result: Type,
    /// Whether the result may be null (else an unknown result is known
    /// not to be null).
    pub(crate) nullable_result: bool,
    /// Whether a call whose arguments are known keeps their types (and
    /// runs the type callback): where the function has a type callback, a
    /// parameter of a collection or structural type, or an implementation
    /// over typed values (`build_typed`).
    pub(crate) typed: bool,
    /// The type callback (cty's `Type`): given the arguments, known or
    /// not, it refuses them or gives the result's type.
    pub(crate) type_callback: Option<TypeCallback>,
    /// What a call gives whose arguments are not all known, where that is
    /// more than an unknown of the result type.
    pub(crate) unknown: Option<super::call::UnknownHandler>,
    /// Whether the parameters take their arguments' expressions, which the
    /// implementation evaluates (`try`, `can`; go-cty/hcl's
    /// `customdecode.ExpressionClosureType`).
    pub(crate) expressions: bool,
}

impl fmt::Debug for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Spec")
            .field("result", &self.result)
            .field("nullable_result", &self.nullable_result)
            .field("typed", &self.typed)
            .finish_non_exhaustive()
    }
}

/// What a type callback is given, as cty's `Type` is given the arguments:
/// their values (one not wholly known is its null placeholder), their
/// types, which of them are wholly unknown, and whether all are known.
pub(crate) struct TypeCall<'a> {
    pub(crate) args: &'a [Value],
    pub(crate) types: &'a [Type],
    /// Which arguments are wholly unknown (one past the slice's end is
    /// known).
    pub(crate) unknown: &'a [bool],
    /// Whether every argument is wholly known.
    pub(crate) known: bool,
}

impl TypeCall<'_> {
    /// Argument `i` as the string it converts to, where every argument is
    /// known (HCL converts the arguments before cty's callback sees them).
    #[cfg_attr(not(any(feature = "regex", feature = "csv")), allow(dead_code))]
    pub(crate) fn known_string(&self, i: usize) -> Option<String> {
        let v = self.args.get(i).filter(|_| self.known)?;
        match crate::value::convert::convert_known(v.clone(), &Type::String) {
            Ok(Value::String(s)) => Some(s.into_string()),
            _ => None,
        }
    }
}

/// A type callback: the arguments' refusal, or how the result is typed.
pub(crate) type TypeCallback =
    Arc<dyn Fn(&TypeCall<'_>) -> Result<super::typing::Returns, FuncError> + Send + Sync>;

impl Default for Spec {
    /// A function about which nothing is declared (a user's): any result,
    /// perhaps null.
    fn default() -> Spec {
        Spec {
            result: Type::Dynamic,
            nullable_result: true,
            typed: false,
            type_callback: None,
            unknown: None,
            expressions: false,
        }
    }
}

/// A function: its signature and implementation. Cheap to clone (`Arc`).
///
/// ```
/// use hcl::eval::{Context, FuncDef, ParamType};
/// use hcl::Value;
/// let mut ctx = Context::new();
/// ctx.declare_func("double", FuncDef::builder()
///     .param("n", ParamType::Number)
///     .build(|a| Ok(Value::from(a[0].as_f64().unwrap() * 2.0))));
/// assert_eq!(hcl::eval::evaluate_str("double(21)", &ctx).unwrap(), Value::from(42));
/// ```
#[derive(Clone)]
pub struct FuncDef {
    params: Arc<[Param]>,
    variadic: Option<Arc<Param>>,
    spec: Arc<Spec>,
    implementation: Arc<Implementation>,
}

impl fmt::Debug for FuncDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FuncDef")
            .field("params", &self.params)
            .field("variadic", &self.variadic)
            .finish_non_exhaustive()
    }
}

impl FuncDef {
    /// Starts declaring a function.
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// use hcl::Value;
    /// let hello = FuncDef::builder()
    ///     .param("name", ParamType::String)
    ///     .build(|a| Ok(Value::from(format!("hello {}", a[0].as_str().unwrap()))));
    /// assert_eq!(hello.call(vec![Value::from("you")]).unwrap(), Value::from("hello you"));
    /// ```
    pub fn builder() -> FuncDefBuilder {
        FuncDefBuilder {
            params: Vec::new(),
            variadic: None,
            spec: Spec::default(),
        }
    }

    /// The fixed parameters.
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// let f = FuncDef::builder()
    ///     .param("a", ParamType::String)
    ///     .param("b", ParamType::Number)
    ///     .build(|a| Ok(a[0].clone()));
    /// let names: Vec<_> = f.params().iter().map(|p| p.name.as_str()).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    /// The variadic parameter, if any.
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// let f = FuncDef::builder()
    ///     .param("sep", ParamType::String)
    ///     .variadic("parts", ParamType::String)
    ///     .build(|a| Ok(a[0].clone()));
    /// assert_eq!(f.variadic().unwrap().name, "parts");
    /// assert!(FuncDef::builder().build(|_| Ok(hcl::Value::Null)).variadic().is_none());
    /// ```
    pub fn variadic(&self) -> Option<&Param> {
        self.variadic.as_deref()
    }

    /// The parameter argument `i` goes to.
    pub(crate) fn param(&self, i: usize) -> Option<&Param> {
        self.params.get(i).or(self.variadic.as_deref())
    }

    /// What the function declares of its result.
    pub(crate) fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The same function with `wrap` applied to the values it answers.
    pub(crate) fn wrapped(&self, wrap: impl Fn(Value) -> Value + Send + Sync + 'static) -> FuncDef {
        let inner = Arc::clone(&self.implementation);
        FuncDef {
            implementation: Arc::new(move |args| {
                Ok(match inner(args)? {
                    Answer::Value(v) => Answer::Value(wrap(v)),
                    Answer::Typed(v, m) => Answer::Typed(wrap(v), m),
                    failed => failed,
                })
            }),
            ..self.clone()
        }
    }

    /// Checks arity, converts each argument to its parameter's type, and
    /// calls the implementation.
    ///
    /// # Errors
    /// A message naming the argument when arity or a type is wrong, or the
    /// implementation's own error.
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// use hcl::Value;
    /// let len = FuncDef::builder()
    ///     .param("s", ParamType::String)
    ///     .build(|a| Ok(Value::from(a[0].as_str().unwrap().len())));
    /// // 123 converts to the string "123".
    /// assert_eq!(len.call(vec![Value::from(123)]).unwrap(), Value::from(3));
    /// assert!(len.call(vec![]).is_err());
    /// assert!(len.call(vec![Value::Null]).is_err());
    /// ```
    pub fn call(&self, args: Vec<Value>) -> FuncResult {
        self.call_in(args, &Budget::new(Limits::default()))
    }

    /// [`FuncDef::call`] within an evaluation's budget.
    pub(crate) fn call_in(&self, args: Vec<Value>, budget: &Budget) -> FuncResult {
        self.answer(Args::values(args, budget))?.into_value()
    }

    /// The implementation's answer to `args`, their number checked and
    /// each value converted to its parameter's type (a null refused where
    /// the parameter takes none).
    pub(crate) fn answer(&self, mut args: Args<'_>) -> Result<Answer, FuncError> {
        let n = self.params.len();
        let given = args.values.len();
        if given < n || (self.variadic.is_none() && given > n) {
            let expected = if self.variadic.is_some() {
                format!("at least {n}")
            } else {
                n.to_string()
            };
            return Err(FuncError::Call(format!(
                "expected {expected} argument{}, got {given}",
                if n == 1 && self.variadic.is_none() {
                    ""
                } else {
                    "s"
                },
            )));
        }
        let metas = args.metas;
        if let Err(refusals) = self.convert_arguments(&mut args.values, metas) {
            if let Some(first) = refusals.into_iter().next() {
                return Err(first);
            }
        }
        // (A direct call's arguments have no metas to convert.)
        (self.implementation)(args)
    }

    /// The implementation's answer to `args`, converted already
    /// ([`convert_arguments`](Self::convert_arguments)).
    pub(crate) fn respond(&self, args: Args<'_>) -> Result<Answer, FuncError> {
        (self.implementation)(args)
    }

    /// Converts each of `values` (their metas `metas`, where kept) to its
    /// parameter's type in place, as HCL converts every argument before a
    /// call, with the converted arguments' metas where one of them changed:
    /// the refusal of each that does not convert (at least one), or else of
    /// the first null where its parameter takes none.
    pub(crate) fn convert_arguments(
        &self,
        values: &mut [Value],
        metas: &[super::typing::Ty],
    ) -> Result<Option<Vec<super::typing::Ty>>, Vec<FuncError>> {
        let mut refusals = Vec::new();
        // The metas of the arguments converted, once one that has a meta
        // (its type is more than its value tells) is.
        let mut converted: Option<Vec<super::typing::Ty>> = None;
        for (i, arg) in values.iter_mut().enumerate() {
            let Some(param) = self.param(i) else { break };
            if param.ty == Type::Dynamic {
                continue;
            }
            let result = match metas.get(i) {
                Some(m @ Some(_)) => super::typing::convert(std::mem::take(arg), m, &param.ty)
                    .map(|(v, m)| {
                        converted.get_or_insert_with(|| metas.to_vec())[i] = m;
                        v
                    })
                    .map_err(|e| e.cty_words().into_owned()),
                _ => argument(std::mem::take(arg), &param.ty),
            };
            match result {
                Ok(v) => *arg = v,
                Err(m) => refusals.push(FuncError::arg(i, m)),
            }
        }
        if !refusals.is_empty() {
            return Err(refusals);
        }
        let metas = converted.as_deref().unwrap_or(metas);
        for (i, arg) in values.iter().enumerate() {
            // (An unknown argument's value is a null placeholder.)
            if arg.is_null() && self.param(i).is_some_and(|p| !p.allow_null) {
                let known = metas.get(i).map_or(true, super::typing::is_known);
                if known {
                    return Err(vec![FuncError::arg(i, "argument must not be null")]);
                }
            }
        }
        Ok(converted)
    }
}

/// Builder for [`FuncDef`].
///
/// ```
/// use hcl::eval::{FuncDef, FuncDefBuilder, ParamType};
/// let builder: FuncDefBuilder = FuncDef::builder().param("x", ParamType::Any);
/// let f = builder.build(|a| Ok(a[0].clone()));
/// assert_eq!(f.params().len(), 1);
/// ```
#[derive(Debug)]
pub struct FuncDefBuilder {
    params: Vec<Param>,
    variadic: Option<Param>,
    spec: Spec,
}

impl FuncDefBuilder {
    /// Adds a parameter that rejects `null`.
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// use hcl::Value;
    /// let f = FuncDef::builder()
    ///     .param("x", ParamType::Number)
    ///     .build(|a| Ok(a[0].clone()));
    /// assert_eq!(f.call(vec![Value::from("7")]).unwrap(), Value::from(7));
    /// assert!(f.call(vec![Value::Null]).is_err());
    /// ```
    pub fn param(mut self, name: impl Into<String>, ty: impl Into<Type>) -> Self {
        self.params.push(Param::new(name.into(), ty.into(), false));
        self
    }

    /// Adds a parameter that accepts `null`.
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// use hcl::Value;
    /// let f = FuncDef::builder()
    ///     .nullable_param("x", ParamType::Number)
    ///     .build(|a| Ok(Value::Bool(a[0].is_null())));
    /// assert_eq!(f.call(vec![Value::Null]).unwrap(), Value::Bool(true));
    /// ```
    pub fn nullable_param(mut self, name: impl Into<String>, ty: impl Into<Type>) -> Self {
        self.params.push(Param::new(name.into(), ty.into(), true));
        self
    }

    /// Sets the variadic parameter (rejects `null`).
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// use hcl::Value;
    /// let count = FuncDef::builder()
    ///     .variadic("xs", ParamType::Number)
    ///     .build(|a| Ok(Value::from(a.len())));
    /// assert_eq!(count.call(vec![Value::from(1), Value::from(2)]).unwrap(), Value::from(2));
    /// assert_eq!(count.call(vec![]).unwrap(), Value::from(0));
    /// assert!(count.call(vec![Value::Null]).is_err());
    /// ```
    pub fn variadic(mut self, name: impl Into<String>, ty: impl Into<Type>) -> Self {
        self.variadic = Some(Param::new(name.into(), ty.into(), false));
        self
    }

    /// Sets the variadic parameter (accepts `null`).
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// use hcl::Value;
    /// let nulls = FuncDef::builder()
    ///     .nullable_variadic("xs", ParamType::Any)
    ///     .build(|a| Ok(Value::from(a.iter().filter(|v| v.is_null()).count())));
    /// assert_eq!(nulls.call(vec![Value::Null, Value::from(1)]).unwrap(), Value::from(1));
    /// ```
    pub fn nullable_variadic(mut self, name: impl Into<String>, ty: impl Into<Type>) -> Self {
        self.variadic = Some(Param::new(name.into(), ty.into(), true));
        self
    }

    /// The parameter declared last (the variadic one once there is one).
    fn last(&mut self) -> Option<&mut Param> {
        self.variadic.as_mut().or(self.params.last_mut())
    }

    /// An unknown argument of the parameter declared last reaches the
    /// implementation (cty's `AllowUnknown`), which must then be one over
    /// typed values ([`build_typed`](Self::build_typed)); without it, an
    /// unknown argument makes the result an unknown value of the result's
    /// type, without a call.
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context, FuncDef, ParamType, Typed};
    /// use hcl::{Type, Value};
    /// let mut ctx = Context::new();
    /// // Whether its argument is known yet.
    /// ctx.declare_func(
    ///     "is_known",
    ///     FuncDef::builder()
    ///         .returns(Type::Bool)
    ///         .nullable_param("v", ParamType::Any)
    ///         .allow_unknown()
    ///         .build_typed(|a| Ok(Typed::from(Value::Bool(a[0].is_known())))),
    /// );
    /// ctx.declare_unknown("id", Type::String, true);
    /// assert_eq!(evaluate_typed_str("is_known(id)", &ctx).unwrap().value(), &Value::Bool(false));
    /// assert_eq!(evaluate_typed_str("is_known(1)", &ctx).unwrap().value(), &Value::Bool(true));
    /// ```
    pub fn allow_unknown(mut self) -> Self {
        if let Some(p) = self.last() {
            p.allow_unknown = true;
        }
        self
    }

    /// The result's type comes from the arguments' types by `f` (cty's
    /// type callback), for known and unknown arguments alike; a message
    /// from `f` refuses the arguments. A known result converts to that
    /// type; an unknown one is of it.
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context, FuncDef, ParamType};
    /// use hcl::Type;
    /// let mut ctx = Context::new();
    /// // A list of its argument's elements, typed as the argument's type says.
    /// ctx.declare_func(
    ///     "items",
    ///     FuncDef::builder()
    ///         .param("list", ParamType::Any)
    ///         .result_type_of(|types| match &types[0] {
    ///             Type::List(e) | Type::Set(e) => Ok(Type::list((**e).clone())),
    ///             t => Err(format!("a list or set is required, not {t}").into()),
    ///         })
    ///         .build(|a| Ok(a[0].clone())),
    /// );
    /// ctx.declare_unknown("names", Type::set(Type::String), true);
    /// let t = evaluate_typed_str("items(names)", &ctx).unwrap();
    /// assert!(t.is_unknown());
    /// assert_eq!(t.ty(), &Type::list(Type::String));
    /// let t = evaluate_typed_str("items(toset([\"b\", \"a\"]))", &ctx).unwrap();
    /// assert_eq!(t.ty(), &Type::list(Type::String));
    /// assert!(evaluate_typed_str("items(1)", &ctx).is_err());
    /// ```
    pub fn result_type_of<F>(self, f: F) -> Self
    where
        F: Fn(&[Type]) -> Result<Type, FuncError> + Send + Sync + 'static,
    {
        self.result_type(move |c| f(c.types).map(super::typing::Returns::Is))
    }

    /// The result's type comes from the arguments by the type `callback`
    /// (cty's `Type`), which may refuse them, on every call that keeps
    /// the arguments' types.
    pub(crate) fn result_type<F>(mut self, callback: F) -> Self
    where
        F: Fn(&TypeCall<'_>) -> Result<super::typing::Returns, FuncError> + Send + Sync + 'static,
    {
        self.spec.type_callback = Some(Arc::new(callback));
        self
    }

    /// An argument of unknown type makes the result an unknown of unknown
    /// type (the parameter declared last does not allow the dynamic
    /// pseudo-type).
    pub(crate) fn typed_argument(mut self) -> Self {
        if let Some(p) = self.last() {
            p.allow_dynamic = false;
        }
        self
    }

    /// The result is of type `t` and never null: a result of another type
    /// converts to it (a call that cannot is an error), and a call whose
    /// arguments are not known yet is an unknown `t`, known not to be null
    /// (without it: an unknown of any type, perhaps null). The dynamic
    /// pseudo-type (`Type::Dynamic`) leaves the result as it is.
    ///
    /// ```
    /// use hcl::eval::{Context, FuncDef, ParamType};
    /// use hcl::{Type, Value};
    /// let mut ctx = Context::new();
    /// ctx.declare_func(
    ///     "names",
    ///     FuncDef::builder()
    ///         .returns(Type::list(Type::String))
    ///         .param("n", ParamType::Number)
    ///         .build(|a| Ok(Value::from(vec![Value::from(1); a[0].as_u64().unwrap_or(0) as usize]))),
    /// );
    /// let t = hcl::eval::evaluate_typed_str("names(2)", &ctx).unwrap();
    /// assert_eq!((t.value(), t.ty().to_string()), (&Value::from(vec!["1", "1"]), "list(string)".into()));
    /// ctx.declare_unknown("n", Type::Number, true);
    /// let t = hcl::eval::evaluate_typed_str("names(n)", &ctx).unwrap();
    /// assert!(t.is_unknown());
    /// assert_eq!(t.ty().to_string(), "list(string)");
    /// ```
    pub fn returns(mut self, t: Type) -> Self {
        self.spec.result = t;
        self.spec.nullable_result = false;
        self
    }

    /// As [`returns`](Self::returns), but the result may be null.
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context, FuncDef, ParamType};
    /// use hcl::{Type, Value};
    /// let mut ctx = Context::new();
    /// ctx.declare_func("maybe", FuncDef::builder()
    ///     .returns_nullable(Type::String)
    ///     .param("b", ParamType::Bool)
    ///     .build(|a| Ok(if a[0].as_bool() == Some(true) { Value::from(1) } else { Value::Null })));
    /// let t = evaluate_typed_str("maybe(true)", &ctx).unwrap();
    /// assert_eq!((t.value(), t.ty()), (&Value::from("1"), &Type::String));
    /// assert!(evaluate_typed_str("maybe(false)", &ctx).unwrap().value().is_null());
    /// ```
    pub fn returns_nullable(mut self, t: Type) -> Self {
        self.spec.result = t;
        self.spec.nullable_result = true;
        self
    }

    /// A call whose arguments are not all known goes to `handler` (after
    /// the checks of the arguments' types).
    pub(crate) fn on_unknown(mut self, handler: super::call::UnknownHandler) -> Self {
        self.spec.unknown = Some(handler);
        self
    }

    /// The parameter declared last takes its argument's expression, which
    /// `check` refuses with a message or not; the argument is then
    /// evaluated as the others are (`templatestring`: its template must be
    /// a reference).
    pub(crate) fn syntax_check(mut self, check: SyntaxCheck) -> Self {
        if let Some(p) = self.last() {
            p.syntax_check = Some(check);
        }
        self
    }

    /// The function's parameters take their arguments' expressions, which
    /// its implementation evaluates ([`Args::expressions`]; `try`, `can`).
    pub(crate) fn takes_expressions(mut self) -> Self {
        self.spec.expressions = true;
        self
    }

    /// Finishes with the implementation.
    ///
    /// ```
    /// use hcl::eval::{FuncDef, ParamType};
    /// use hcl::Value;
    /// let fail = FuncDef::builder()
    ///     .param("msg", ParamType::String)
    ///     .build(|a| Err(a[0].as_str().unwrap().into()));
    /// assert_eq!(fail.call(vec![Value::from("no")]).unwrap_err().message(), "no");
    /// ```
    pub fn build<F>(mut self, func: F) -> FuncDef
    where
        F: Fn(Vec<Value>) -> FuncResult + Send + Sync + 'static,
    {
        // (Values alone cannot be unknown: only an implementation over typed
        // values sees unknown arguments.)
        for p in self.params.iter_mut().chain(&mut self.variadic) {
            p.allow_unknown = false;
        }
        self.implement(move |a| func(a.values))
    }

    /// Finishes with an implementation over typed values: it sees each
    /// argument's type (a typed null, a list rather than a tuple) and,
    /// where the parameter [allows them](Self::allow_unknown), unknown
    /// arguments; its result converts to the declared result type. Called
    /// directly ([`FuncDef::call`]), its arguments are of their literal
    /// types.
    ///
    /// ```
    /// use hcl::eval::{evaluate_str, Context, FuncDef, ParamType, Typed};
    /// use hcl::Value;
    /// let mut ctx = Context::new();
    /// ctx.declare_func("type_of", FuncDef::builder()
    ///     .nullable_param("v", ParamType::Any)
    ///     .build_typed(|a| Ok(Typed::from(Value::from(a[0].ty().to_string())))));
    /// assert_eq!(evaluate_str("type_of(tolist([1]))", &ctx).unwrap(), Value::from("list(number)"));
    /// assert_eq!(evaluate_str("type_of([1])", &ctx).unwrap(), Value::from("tuple([number])"));
    /// ```
    pub fn build_typed<F>(mut self, func: F) -> FuncDef
    where
        F: Fn(Vec<super::Typed>) -> std::result::Result<super::Typed, FuncError>
            + Send
            + Sync
            + 'static,
    {
        self.spec.typed = true;
        self.implement(move |a| {
            let (v, m) = func(Args::typed(a.values, a.metas))?.into_meta();
            Ok(Answer::Typed(v, m))
        })
    }

    /// Finishes with the implementation over the call's [`Args`] (a
    /// built-in's: it sees the budget, and where the call keeps them the
    /// arguments' types and the type callback's answer).
    pub(crate) fn implement<F, A>(self, implementation: F) -> FuncDef
    where
        F: Fn(Args<'_>) -> Result<A, FuncError> + Send + Sync + 'static,
        A: Into<Answer>,
    {
        let mut spec = self.spec;
        let structural = |p: &Param| !p.ty.is_primitive() && p.ty != Type::Dynamic;
        spec.typed |= spec.type_callback.is_some()
            || self.params.iter().chain(&self.variadic).any(structural);
        FuncDef {
            params: self.params.into(),
            variadic: self.variadic.map(Arc::new),
            spec: Arc::new(spec),
            implementation: Arc::new(move |args| implementation(args).map(Into::into)),
        }
    }
}
