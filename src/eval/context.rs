//! [`Context`]: variables, functions and the evaluation mode.

use std::borrow::Cow;
use std::sync::OnceLock;

use super::func::FuncDef;
use super::limits::Limits;
use super::typing::Ty;
use super::typing::{Meta, Refine};
use super::Typed;
use crate::error::Error;
use crate::syntax::{TraversalOperator, TraversalOperatorKind};
use crate::value::{Key, Map, Type, Value};

/// What to do with expressions that refer to undefined variables or functions.
///
/// ```
/// use hcl::eval::{evaluate_str, Context, EvalMode};
/// assert!(evaluate_str("\"pre-${var.x}\"", &Context::new()).is_err());
/// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
/// assert_eq!(evaluate_str("\"pre-${var.x}\"", &ctx).unwrap(), hcl::Value::from("pre-${var.x}"));
/// assert_eq!(evaluate_str("1 + 1", &ctx).unwrap(), hcl::Value::from(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EvalMode {
    /// An undefined variable or function is an error (the default).
    #[default]
    Strict,
    /// An expression that depends on an undefined variable or function (or
    /// whose function call fails) is kept as a string holding its source as
    /// a template: `var.x` becomes `"${var.x}"`, `"pre-${var.x}"` stays
    /// `"pre-${var.x}"`. Everything else is evaluated. This is what
    /// `hcl json` uses.
    PreserveTemplates,
}

/// Variables and functions available to an expression, and the evaluation mode.
///
/// A context is cheap to create: the built-in functions live in a static
/// table and are looked up by name only when a call needs them. Child
/// scopes ([`Context::child`]) borrow their parent and hold only their own
/// variables; `for` expressions and template `for` directives use them.
///
/// ```
/// use hcl::eval::{Context, Evaluate};
/// use hcl::Value;
///
/// let mut ctx = Context::new();
/// ctx.declare_var("name", "world");
/// let v = hcl::eval::evaluate_str("\"hello ${name}\"", &ctx).unwrap();
/// assert_eq!(v, Value::from("hello world"));
/// ```
#[derive(Clone, Debug)]
pub struct Context<'p> {
    parent: Option<&'p Context<'p>>,
    vars: Map<Key, Value>,
    /// Metas of variables holding unknown values (see `typing`).
    metas: Map<String, Meta>,
    /// Up to two iteration variables of a `for`, borrowing the iterated
    /// value, with their recorded types.
    locals: [Option<Local<'p>>; 2],
    /// Variables that are objects of borrowed values (see [`Namespace`]).
    namespaces: Map<Key, Namespace<'p>>,
    funcs: Map<String, FuncDef>,
    builtins: Option<&'static Builtins>,
    mode: EvalMode,
    source: Option<&'p str>,
    limits: Limits,
    /// Inside a `for` (expression or directive): preserved sub-expressions
    /// could refer to iteration variables, so unknowns propagate to the `for`.
    in_iteration: bool,
    /// Whether deserializers expand `dynamic` blocks (see
    /// [`Context::with_dynamic_blocks`]).
    dynamic_blocks: bool,
    /// How an error about a file function this context does not allow
    /// says to allow it (see [`Context::set_allow_files_hint`]).
    files_hint: Option<&'static str>,
    /// The warnings of the evaluations in this context (kept by the root
    /// context; see [`Context::take_warnings`]).
    warnings: Warnings,
}

/// How many warnings a context keeps, at most.
pub const MAX_WARNINGS: usize = 100;

/// Warnings recorded by evaluations: each once (by position). A clone of a
/// context starts without any.
#[derive(Debug, Default)]
struct Warnings(std::sync::Mutex<Vec<crate::error::Error>>);

impl Warnings {
    /// The list (a panic elsewhere while it was held leaves it usable).
    fn list(&self) -> std::sync::MutexGuard<'_, Vec<crate::error::Error>> {
        match self.0.lock() {
            Ok(l) => l,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

impl Clone for Warnings {
    fn clone(&self) -> Warnings {
        Warnings::default()
    }
}

/// An iteration variable: name, value and recorded type.
pub(crate) type Local<'p> = (&'p str, Cow<'p, Value>, Ty);

/// A variable whose value is an object of named parts, each a value the
/// context borrows (or holds) or a namespace in turn: what a program that
/// keeps many values declares to let expressions refer to a few of them
/// (`var.name`, `aws_instance.web.id`) without copying them into one
/// object. An expression that takes attributes of it reaches the part
/// itself; any other use (`var` alone, `var[k]`) sees the whole object,
/// built once, the first time it is needed.
#[derive(Clone, Debug)]
pub(crate) struct Namespace<'p> {
    parts: Vec<(Key, Part<'p>)>,
    whole: OnceLock<Typed>,
}

/// A part of a [`Namespace`].
#[derive(Clone, Debug)]
pub(crate) enum Part<'p> {
    /// A value.
    Value(Cow<'p, Typed>),
    /// An object of parts.
    Nested(Namespace<'p>),
}

impl<'p> Namespace<'p> {
    /// The object of `parts`, in their order.
    pub(crate) fn new(parts: Vec<(Key, Part<'p>)>) -> Namespace<'p> {
        Namespace {
            parts,
            whole: OnceLock::new(),
        }
    }

    /// The whole object.
    pub(crate) fn whole(&self) -> &Typed {
        self.whole.get_or_init(|| {
            Typed::object(self.parts.iter().map(|(k, p)| {
                let t = match p {
                    Part::Value(t) => t.as_ref().clone(),
                    Part::Nested(n) => n.whole().clone(),
                };
                (k.clone(), t)
            }))
        })
    }

    /// The value the leading attribute steps of `ops` reach (an attribute
    /// or a literal string key), and how many steps that took; `None`
    /// when they do not reach a value part.
    pub(crate) fn find(&self, ops: &[TraversalOperator<'_>]) -> Option<(usize, &Typed)> {
        let mut ns = self;
        for (n, op) in ops.iter().enumerate() {
            let Some(LiteralStep::Name(name)) = literal_step(op) else {
                return None;
            };
            match &ns.parts.iter().find(|(k, _)| k.as_str() == name)?.1 {
                Part::Value(t) => return Some((n + 1, t.as_ref())),
                Part::Nested(inner) => ns = inner,
            }
        }
        None
    }
}

/// A traversal step written as a literal.
pub(crate) enum LiteralStep<'a> {
    /// `.name` or `["name"]`.
    Name(&'a str),
    /// `[0]` or `.0`: the index, `None` when the number is not one.
    Index(Option<u64>),
}

/// The step `op` takes, when it is written as a literal.
pub(crate) fn literal_step<'a>(op: &TraversalOperator<'a>) -> Option<LiteralStep<'a>> {
    match &op.kind {
        TraversalOperatorKind::GetAttr(id) => Some(LiteralStep::Name(id.name)),
        TraversalOperatorKind::Index(ix) => match ix.kind {
            crate::syntax::ExprKind::String(k) => Some(LiteralStep::Name(k)),
            crate::syntax::ExprKind::Number(n) => Some(LiteralStep::Index(n.value().as_u64())),
            _ => None,
        },
        TraversalOperatorKind::LegacyIndex(n) => Some(LiteralStep::Index(Some(*n))),
        _ => None,
    }
}

/// What a name refers to in a context.
pub(crate) enum Found<'a, 'p> {
    /// A value and its meta.
    Value(&'a Value, Option<&'a Meta>),
    /// A namespace.
    Namespace(&'a Namespace<'p>),
}

impl Default for Context<'_> {
    fn default() -> Self {
        Context::new()
    }
}

/// The built-in functions a context reaches where nothing declared has the
/// name: a table the layer above the evaluator's core hands over
/// ([`Context::new`] is Terraform's).
#[derive(Debug)]
pub(crate) struct Builtins {
    /// The built-in of this name (without `core::`).
    pub(crate) find: fn(&str) -> Option<&'static FuncDef>,
    /// Every built-in's name, sorted.
    pub(crate) names: fn() -> &'static [&'static str],
    /// The crate feature that has a function this build lacks.
    pub(crate) feature_of: fn(&str) -> Option<&'static str>,
}

/// Terraform's functions that read files or the current directory: not
/// built in, allowed per context (`Context::allow_files`, feature `fs`).
pub const FILE_FUNCTIONS: &[&str] = &[
    "abspath",
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "templatefile",
];

impl<'p> Context<'p> {
    /// A context with the built-in functions `builtins` (none: `None`),
    /// no variables, in [`EvalMode::Strict`].
    pub(crate) fn with_builtins(builtins: Option<&'static Builtins>) -> Context<'p> {
        Context {
            parent: None,
            vars: Map::new(),
            metas: Map::new(),
            locals: [None, None],
            namespaces: Map::new(),
            funcs: Map::new(),
            builtins,
            mode: EvalMode::Strict,
            source: None,
            limits: Limits::new(),
            in_iteration: false,
            dynamic_blocks: false,
            files_hint: None,
            warnings: Warnings::default(),
        }
    }

    /// A context without any function (not even the built-ins, `try` and
    /// `can` among them: as in HCL, they are functions).
    ///
    /// ```
    /// let ctx = hcl::eval::Context::empty();
    /// assert!(hcl::eval::evaluate_str("max(1, 2)", &ctx).is_err());
    /// assert!(hcl::eval::evaluate_str("try(1, 2)", &ctx).is_err());
    /// ```
    pub fn empty() -> Context<'p> {
        Context::with_builtins(None)
    }

    /// Records the warning `message` builds, at `span`, in the root
    /// context: once per position, and at most [`MAX_WARNINGS`] (what an
    /// evaluation records costs nothing once that many are kept).
    #[cold]
    pub(crate) fn warn(
        &self,
        span: crate::syntax::Span,
        message: impl FnOnce() -> (&'static str, String),
    ) {
        let mut root = self;
        while let Some(p) = root.parent {
            root = p;
        }
        let mut list = root.warnings.list();
        if list.len() < MAX_WARNINGS && !list.iter().any(|x| x.span() == Some(span)) {
            let (summary, detail) = message();
            list.push(
                crate::error::Error::described(crate::error::ErrorKind::Eval, summary, detail)
                    .at_span(span)
                    .into_warning(),
            );
        }
    }

    /// The warnings of the evaluations made in this context and its
    /// children since the last call, taken, located in `source` (the text
    /// evaluated): in template-preserving mode, a call to a function the
    /// context does not have is kept as written and reported here, with
    /// HCL's "Did you mean" when a name is close.
    ///
    /// ```
    /// use hcl::eval::{Context, EvalMode};
    /// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    /// let src = "cpu = maxx(250, 500)\n";
    /// let v = hcl::eval::evaluate_body_str(src, &ctx).unwrap();
    /// assert_eq!(v["cpu"], hcl::Value::from("${maxx(250, 500)}"));
    /// let warnings = ctx.take_warnings(src);
    /// assert_eq!(warnings[0].severity, hcl::Severity::Warning);
    /// assert_eq!(warnings[0].range.as_ref().unwrap().start.column, 7);
    /// assert!(warnings[0].detail.contains("Did you mean \"max\"?"), "{:?}", warnings[0]);
    /// assert!(ctx.take_warnings(src).is_empty());
    /// ```
    pub fn take_warnings(&self, source: &str) -> Vec<crate::error::Diagnostic> {
        crate::error::diagnostics_of(self.take_warning_errors(), |e| e.with_source(source))
    }

    /// The warnings reported so far, as errors with spans, and forgets
    /// them (see [`Context::take_warnings`]).
    pub(crate) fn take_warning_errors(&self) -> Vec<Error> {
        std::mem::take(&mut *self.warnings.list())
    }

    /// A child scope: sees everything `self` sees; variables declared in it
    /// shadow the parent's and disappear with it.
    ///
    /// ```
    /// use hcl::eval::Context;
    /// let mut root = Context::new();
    /// root.declare_var("a", 1);
    /// let mut child = root.child();
    /// child.declare_var("a", 2);
    /// assert_eq!(child.var("a"), Some(&hcl::Value::from(2)));
    /// assert_eq!(root.var("a"), Some(&hcl::Value::from(1)));
    /// ```
    pub fn child(&'p self) -> Context<'p> {
        Context {
            parent: Some(self),
            vars: Map::new(),
            metas: Map::new(),
            locals: [None, None],
            namespaces: Map::new(),
            funcs: Map::new(),
            builtins: self.builtins,
            mode: self.mode,
            source: self.source,
            limits: self.limits,
            in_iteration: self.in_iteration,
            dynamic_blocks: self.dynamic_blocks,
            files_hint: self.files_hint,
            warnings: Warnings::default(),
        }
    }

    /// How the error for a file function this context does not allow
    /// tells its reader to allow it, in the words of the program they use
    /// (the `hcl` binary says `--allow-files DIR`, the Python package
    /// `allow_files=DIR`); by default `Context::allow_files(DIR)`.
    ///
    /// ```
    /// let mut ctx = hcl::eval::Context::new();
    /// let err = hcl::eval::evaluate_str("file(\"a.txt\")", &ctx).unwrap_err();
    /// assert!(err.message().contains("allow it with Context::allow_files(DIR)"), "{err}");
    /// ctx.set_allow_files_hint("--allow-files DIR");
    /// let err = hcl::eval::evaluate_str("file(\"a.txt\")", &ctx).unwrap_err();
    /// assert!(err.message().contains("allow it with --allow-files DIR"), "{err}");
    /// ```
    pub fn set_allow_files_hint(&mut self, hint: &'static str) {
        self.files_hint = Some(hint);
    }

    /// The words of [`Context::set_allow_files_hint`].
    pub(crate) fn allow_files_hint(&self) -> &'static str {
        let mut ctx = self;
        loop {
            if let Some(h) = ctx.files_hint {
                return h;
            }
            match ctx.parent {
                Some(p) => ctx = p,
                None => return "Context::allow_files(DIR)",
            }
        }
    }

    /// Makes deserializers reading a document in this context
    /// ([`hcl::from_str_with_context`](crate::from_str_with_context),
    /// [`Deserializer::with_context`](crate::Deserializer::with_context))
    /// expand its `dynamic` blocks first (see
    /// [`expand_dynamic`](crate::eval::expand_dynamic)), so a
    /// `Vec<Setting>` field receives the generated blocks.
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config { setting: Vec<Setting> }
    /// #[derive(serde::Deserialize)]
    /// struct Setting { name: String }
    ///
    /// let mut ctx = hcl::eval::Context::new().with_dynamic_blocks(true);
    /// ctx.declare_var("names", hcl::Value::from(vec!["a", "b"]));
    /// let src = "setting {\n  name = \"first\"\n}\ndynamic \"setting\" {\n  for_each = names\n  content {\n    name = setting.value\n  }\n}\n";
    /// let c: Config = hcl::from_str_with_context(src, &ctx).unwrap();
    /// let names: Vec<_> = c.setting.iter().map(|s| s.name.as_str()).collect();
    /// assert_eq!(names, ["first", "a", "b"]);
    /// ```
    pub fn with_dynamic_blocks(mut self, yes: bool) -> Self {
        self.dynamic_blocks = yes;
        self
    }

    /// Whether deserializers expand `dynamic` blocks (see
    /// [`Context::with_dynamic_blocks`]).
    ///
    /// ```
    /// let ctx = hcl::eval::Context::new();
    /// assert!(!ctx.expands_dynamic_blocks());
    /// assert!(ctx.with_dynamic_blocks(true).expands_dynamic_blocks());
    /// ```
    pub fn expands_dynamic_blocks(&self) -> bool {
        self.dynamic_blocks
    }

    /// A child scope holding iteration variables that borrow their values.
    pub(crate) fn iteration(&'p self, key: Option<Local<'p>>, value: Local<'p>) -> Context<'p> {
        Context {
            parent: Some(self),
            vars: Map::new(),
            metas: Map::new(),
            locals: [Some(value), key],
            namespaces: Map::new(),
            funcs: Map::new(),
            builtins: self.builtins,
            mode: self.mode,
            source: self.source,
            limits: self.limits,
            in_iteration: true,
            dynamic_blocks: self.dynamic_blocks,
            files_hint: self.files_hint,
            warnings: Warnings::default(),
        }
    }

    /// Whether unknown sub-expressions may be kept as templates here
    /// (template-preserving mode, outside `for` bodies).
    pub(crate) fn preserves(&self) -> bool {
        self.mode == EvalMode::PreserveTemplates && !self.in_iteration
    }

    /// Declares (or replaces) a variable in this scope.
    ///
    /// ```
    /// let mut ctx = hcl::eval::Context::new();
    /// ctx.declare_var("port", 80);
    /// ctx.declare_var("port", 8080);
    /// assert_eq!(hcl::eval::evaluate_str("port + 1", &ctx).unwrap(), hcl::Value::from(8081));
    /// ```
    pub fn declare_var(&mut self, name: impl Into<String>, value: impl Into<Value>) {
        let name = name.into();
        self.metas.shift_remove(&name);
        self.namespaces.shift_remove(name.as_str());
        self.vars.insert(name, value.into());
    }

    /// Declares a value that is not known yet (as Terraform's values that
    /// are "known after apply"), of type `ty` ([`Type::Dynamic`] for any
    /// type), at `path`: a variable name, or a dotted path into an object
    /// variable (`local.name`; the objects on the way are created, their
    /// other attributes kept). With `not_null`, the value is known not to
    /// be null. Unknown values flow through every operator, function and
    /// template as Terraform's do: see [`evaluate_typed`](super::evaluate_typed).
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context};
    /// use hcl::Type;
    /// let mut ctx = Context::new();
    /// ctx.declare_unknown("local.id", Type::String, true);
    /// let t = evaluate_typed_str("upper(local.id)", &ctx).unwrap();
    /// assert!(!t.is_known());
    /// assert_eq!(t.ty(), &Type::String);
    /// let t = evaluate_typed_str("local.id == null", &ctx).unwrap();
    /// assert_eq!(t.value(), &hcl::Value::Bool(false));
    /// ```
    pub fn declare_unknown(&mut self, path: &str, ty: Type, not_null: bool) {
        let refine = Refine {
            not_null,
            ..Refine::default()
        };
        let leaf = Meta::Unknown(ty, refine.into());
        let mut steps = path.split('.');
        let root = steps.next().unwrap_or_default().to_owned();
        let rest: Vec<&str> = steps.collect();
        if let Some(ns) = self.namespaces.shift_remove(root.as_str()) {
            // (Into the whole object.)
            let (v, m) = ns.whole().clone().into_meta();
            self.vars.insert(root.clone(), v);
            if let Some(m) = m {
                self.metas.insert(root.clone(), m);
            }
        }
        let value = self.vars.entry(root.clone()).or_insert(Value::Null);
        let mut meta = self.metas.shift_remove(&root);
        set_unknown_at(value, &mut meta, &rest, leaf);
        if let Some(m) = meta {
            self.metas.insert(root, m);
        }
    }

    /// Declares (or replaces) a variable with a typed value, which may be
    /// unknown or hold unknown values ([`Typed`](super::Typed)): what an
    /// evaluation gave, kept with its type.
    ///
    /// ```
    /// use hcl::eval::{evaluate_typed_str, Context, Typed};
    /// let mut ctx = Context::new();
    /// ctx.declare_typed("id", Typed::unknown(hcl::Type::String));
    /// let t = evaluate_typed_str("\"i-${id}\"", &ctx).unwrap();
    /// assert!(t.is_unknown());
    /// ```
    pub fn declare_typed(&mut self, name: impl Into<String>, value: super::Typed) {
        let name = name.into();
        self.namespaces.shift_remove(name.as_str());
        let (value, meta) = value.into_meta();
        match meta {
            Some(m) => {
                self.metas.insert(name.clone(), m);
            }
            None => {
                self.metas.shift_remove(&name);
            }
        }
        self.vars.insert(name, value);
    }

    /// Builder form of [`Context::declare_var`].
    ///
    /// ```
    /// use hcl::eval::Context;
    /// let ctx = Context::new().with_var("n", 2);
    /// assert_eq!(hcl::eval::evaluate_str("n * 21", &ctx).unwrap(), hcl::Value::from(42));
    /// ```
    pub fn with_var(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.declare_var(name, value);
        self
    }

    /// Declares every entry of `vars` (e.g. the entries of an object value,
    /// or `(name, value)` pairs) as a variable.
    ///
    /// ```
    /// use hcl::eval::Context;
    /// use hcl::Value;
    /// let mut ctx = Context::new();
    /// ctx.declare_vars([("a", Value::from(1)), ("b", Value::from(2))]);
    /// assert_eq!(hcl::eval::evaluate_str("a + b", &ctx).unwrap(), Value::from(3));
    /// ```
    pub fn declare_vars<K, V, I>(&mut self, vars: I)
    where
        K: Into<String>,
        V: Into<Value>,
        I: IntoIterator<Item = (K, V)>,
    {
        for (k, v) in vars {
            self.declare_var(k, v);
        }
    }

    /// Declares (or replaces) a function in this scope. A declared function
    /// takes precedence over a built-in function of the same name. Names may
    /// contain a namespace (`provider::aws::arn_parse`).
    ///
    /// ```
    /// use hcl::eval::{Context, FuncDef, ParamType};
    /// use hcl::Value;
    /// let mut ctx = Context::new();
    /// ctx.declare_func(
    ///     "double",
    ///     FuncDef::builder()
    ///         .param("n", ParamType::Number)
    ///         .build(|args| Ok(Value::from(args[0].as_f64().unwrap() * 2.0))),
    /// );
    /// assert_eq!(hcl::eval::evaluate_str("double(21)", &ctx).unwrap(), Value::from(42));
    /// ```
    pub fn declare_func(&mut self, name: impl Into<String>, func: FuncDef) {
        self.funcs.insert(name.into(), func);
    }

    /// Sets the evaluation mode (of this scope and the child scopes created after).
    ///
    /// ```
    /// use hcl::eval::{evaluate_str, Context, EvalMode};
    /// let mut ctx = Context::new();
    /// ctx.set_mode(EvalMode::PreserveTemplates);
    /// assert_eq!(evaluate_str("local.a", &ctx).unwrap(), hcl::Value::from("${local.a}"));
    /// ```
    pub fn set_mode(&mut self, mode: EvalMode) {
        self.mode = mode;
    }

    /// Builder form of [`Context::set_mode`].
    ///
    /// ```
    /// use hcl::eval::{Context, EvalMode};
    /// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    /// assert_eq!(hcl::eval::evaluate_str("var.x", &ctx).unwrap(), hcl::Value::from("${var.x}"));
    /// ```
    pub fn with_mode(mut self, mode: EvalMode) -> Self {
        self.mode = mode;
        self
    }

    /// The evaluation mode.
    ///
    /// ```
    /// use hcl::eval::{Context, EvalMode};
    /// assert_eq!(Context::new().mode(), EvalMode::Strict);
    /// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    /// assert_eq!(ctx.mode(), EvalMode::PreserveTemplates);
    /// ```
    pub fn mode(&self) -> EvalMode {
        self.mode
    }

    /// Sets the size limits of evaluations in this context (and the child
    /// scopes created after); see [`Limits`] for what is counted and the
    /// defaults (10,000,000 values, 256 MiB of strings).
    ///
    /// ```
    /// use hcl::eval::{evaluate_str, Context, Limits};
    /// let mut ctx = Context::new();
    /// ctx.set_limits(Limits::new().max_elements(100));
    /// assert!(evaluate_str("range(50)", &ctx).is_ok());
    /// assert_eq!(evaluate_str("range(1000)", &ctx).unwrap_err().kind(), hcl::ErrorKind::Limit);
    /// ```
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Builder form of [`Context::set_limits`].
    ///
    /// ```
    /// use hcl::eval::{evaluate_str, Context, Limits};
    /// let ctx = Context::new().with_limits(Limits::new().max_string_bytes(10));
    /// let err = evaluate_str("join(\"\", [for i in range(20) : \"x\"])", &ctx).unwrap_err();
    /// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The size limits of evaluations in this context.
    ///
    /// ```
    /// use hcl::eval::{Context, Limits};
    /// let ctx = Context::new().with_limits(Limits::new().max_elements(5));
    /// assert_eq!(ctx.limits().element_limit(), 5);
    /// assert_eq!(Context::new().limits().element_limit(), hcl::eval::DEFAULT_MAX_ELEMENTS);
    /// ```
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Gives the evaluator the source text the syntax tree was parsed from.
    /// It is used to keep unevaluated expressions exactly as written in
    /// [`EvalMode::PreserveTemplates`]; without it they are printed back
    /// from the tree.
    ///
    /// ```
    /// use hcl::eval::{Context, EvalMode, Evaluate};
    /// let src = "a = var.x  +  1\n";
    /// let file = hcl::parse(src).unwrap();
    /// let mut ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    /// assert_eq!(file.body().evaluate(&ctx).unwrap()["a"], hcl::Value::from("${var.x + 1}"));
    /// ctx.set_source(src);
    /// assert_eq!(file.body().evaluate(&ctx).unwrap()["a"], hcl::Value::from("${var.x  +  1}"));
    /// ```
    pub fn set_source(&mut self, source: &'p str) {
        self.source = Some(source);
    }

    /// Builder form of [`Context::set_source`].
    ///
    /// ```
    /// use hcl::eval::{Context, EvalMode, Evaluate};
    /// let src = "a = upper( var.x )\n";
    /// let file = hcl::parse(src).unwrap();
    /// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates).with_source(src);
    /// assert_eq!(file.body().evaluate(&ctx).unwrap()["a"], hcl::Value::from("${upper( var.x )}"));
    /// ```
    pub fn with_source(mut self, source: &'p str) -> Self {
        self.source = Some(source);
        self
    }

    /// The source text given with [`Context::set_source`], if any.
    ///
    /// ```
    /// let ctx = hcl::eval::Context::new();
    /// assert_eq!(ctx.source(), None);
    /// assert_eq!(ctx.with_source("a = 1").source(), Some("a = 1"));
    /// ```
    pub fn source(&self) -> Option<&'p str> {
        self.source
    }

    /// Whether built-in functions are available.
    ///
    /// ```
    /// assert!(hcl::eval::Context::new().has_builtins());
    /// assert!(!hcl::eval::Context::empty().has_builtins());
    /// ```
    pub fn has_builtins(&self) -> bool {
        self.builtins.is_some()
    }

    /// The built-in functions this context reaches, if any.
    pub(crate) fn builtins(&self) -> Option<&'static Builtins> {
        self.builtins
    }

    /// Looks a variable up in this scope and its parents.
    ///
    /// ```
    /// let ctx = hcl::eval::Context::new().with_var("a", "x");
    /// assert_eq!(ctx.var("a"), Some(&hcl::Value::from("x")));
    /// assert_eq!(ctx.var("b"), None);
    /// ```
    pub fn var(&self, name: &str) -> Option<&Value> {
        self.var_typed(name).map(|(v, _)| v)
    }

    /// Looks a variable up, with its recorded type (see `typing`).
    pub(crate) fn var_typed(&self, name: &str) -> Option<(&Value, Option<&Meta>)> {
        match self.lookup(name)? {
            Found::Value(v, t) => Some((v, t)),
            Found::Namespace(ns) => {
                let t = ns.whole();
                Some((t.value(), t.meta()))
            }
        }
    }

    /// Looks a name up in this scope and its parents.
    pub(crate) fn lookup(&self, name: &str) -> Option<Found<'_, 'p>> {
        let mut ctx = self;
        loop {
            for (n, v, t) in ctx.locals.iter().flatten() {
                if *n == name {
                    return Some(Found::Value(v, t.as_ref()));
                }
            }
            if !ctx.vars.is_empty() {
                if let Some(v) = ctx.vars.get(name) {
                    return Some(Found::Value(v, ctx.metas.get(name)));
                }
            }
            if !ctx.namespaces.is_empty() {
                if let Some(ns) = ctx.namespaces.get(name) {
                    return Some(Found::Namespace(ns));
                }
            }
            ctx = ctx.parent?;
        }
    }

    /// Declares (or replaces) a variable that is an object of parts (see
    /// [`Namespace`]).
    pub(crate) fn declare_namespace(&mut self, name: &str, ns: Namespace<'p>) {
        self.vars.shift_remove(name);
        self.metas.shift_remove(name);
        self.namespaces.insert(Key::from(name), ns);
    }

    /// A function declared with [`Context::declare_func`] in this scope or a parent.
    pub(crate) fn declared_func(&self, name: &str) -> Option<&FuncDef> {
        let mut ctx = self;
        loop {
            if !ctx.funcs.is_empty() {
                if let Some(f) = ctx.funcs.get(name) {
                    return Some(f);
                }
            }
            ctx = ctx.parent?;
        }
    }

    /// The names of the functions a call can reach: those declared in this
    /// scope and its parents, then the built-ins (for "Did you mean").
    pub(crate) fn function_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            names.extend(c.funcs.keys().map(String::as_str));
            ctx = c.parent;
        }
        if let Some(b) = self.builtins {
            names.extend((b.names)().iter().copied());
        }
        names
    }

    /// Looks a function up: functions declared in this scope and its
    /// parents first, then (unless the context is [`Context::empty`]) the
    /// built-ins, which are also reachable as `core::NAME`.
    ///
    /// ```
    /// use hcl::eval::Context;
    /// let ctx = Context::new();
    /// let upper = ctx.func("upper").unwrap();
    /// assert_eq!(upper.call(vec![hcl::Value::from("a")]).unwrap(), hcl::Value::from("A"));
    /// assert!(ctx.func("core::upper").is_some());
    /// assert!(ctx.func("no_such_function").is_none());
    /// assert!(Context::empty().func("upper").is_none());
    /// ```
    pub fn func(&self, name: &str) -> Option<&FuncDef> {
        if let Some(f) = self.declared_func(name) {
            return Some(f);
        }
        if let Some(b) = self.builtins {
            let bare = name.strip_prefix("core::").unwrap_or(name);
            // (Terraform's file functions are built-ins too, declared
            // when allowed: `core::templatefile` is `templatefile`.)
            if bare.len() < name.len() && FILE_FUNCTIONS.contains(&bare) {
                return self.declared_func(bare);
            }
            return (b.find)(bare);
        }
        None
    }
}

/// Puts an unknown value `leaf` at `path` inside `value` (whose meta is
/// `meta`), making objects on the way.
fn set_unknown_at(value: &mut Value, meta: &mut Option<Meta>, path: &[&str], leaf: Meta) {
    let Some((key, rest)) = path.split_first() else {
        *value = Value::Null;
        *meta = Some(leaf);
        return;
    };
    if !matches!(value, Value::Object(_)) || matches!(meta, Some(Meta::Unknown(..))) {
        *value = Value::Object(Map::new());
        *meta = None;
    }
    let Value::Object(map) = value else {
        return;
    };
    let mut items = match meta.take() {
        Some(Meta::Parts(_, items)) => items,
        _ => vec![None; map.len()],
    };
    let pos = match map.get_index_of(*key) {
        Some(pos) => pos,
        None => {
            map.insert(*key, Value::Null);
            items.push(None);
            map.len() - 1
        }
    };
    if let Some((_, v)) = map.get_index_mut(pos) {
        set_unknown_at(v, &mut items[pos], rest, leaf);
    }
    *meta = super::typing::object_of(map, items);
}
