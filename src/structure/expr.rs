//! The expressions of the owned model, with their parts: traversals,
//! function calls, conditionals, operations, `for` expressions, templates,
//! objects and arrays (hcl-rs 0.20's `hcl::expr`, in its names).

use std::fmt;

use super::Identifier;
use crate::value::{Number, Value};

pub use crate::syntax::{BinaryOperator, UnaryOperator};

/// An object's items in the order written (hcl-rs's `Object`, a map kept as
/// a vector: keys are expressions, compared for equality only).
pub type Object<K, V> = vecmap::VecMap<K, V>;

/// An expression.
///
/// ```
/// use hcl::structure::{Expression, Variable};
/// let e: Expression = "hello".into();
/// assert_eq!(e, Expression::String("hello".into()));
/// assert_eq!(Expression::from(vec![1, 2]).to_string(), "[1, 2]");
/// assert_eq!(Expression::Variable(Variable::new("var").unwrap()).to_string(), "var");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Expression {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string with no interpolation or directive (its value, unescaped).
    String(String),
    /// `[a, b]`.
    Array(Vec<Expression>),
    /// `{ k = v }`.
    Object(Object<ObjectKey, Expression>),
    /// A template: a quoted string with interpolations or directives, or a
    /// heredoc.
    TemplateExpr(Box<TemplateExpr>),
    /// A variable: `name`.
    Variable(Variable),
    /// An expression followed by attribute accesses, indexes and splats.
    Traversal(Box<Traversal>),
    /// `name(args)`.
    FuncCall(Box<FuncCall>),
    /// `(expr)`.
    Parenthesis(Box<Expression>),
    /// `cond ? a : b`.
    Conditional(Box<Conditional>),
    /// A unary or binary operation.
    Operation(Box<Operation>),
    /// `[for ...]` or `{for ...}`.
    ForExpr(Box<ForExpr>),
}

/// An object key: a bare identifier, or any expression.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ObjectKey {
    /// `name = ...`
    Identifier(Identifier),
    /// `"name" = ...`, `(expr) = ...`
    Expression(Expression),
}

/// A template expression: the template's text between the quotes (escapes
/// and interpolations kept; a parsed one as the formatter writes it), or a
/// heredoc's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TemplateExpr {
    /// `"..."`: the text between the quotes.
    QuotedString(String),
    /// `<<EOT ... EOT`.
    Heredoc(Heredoc),
}

/// A heredoc template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heredoc {
    /// The marker (`EOT`).
    pub delimiter: Identifier,
    /// The lines between the opening and the closing marker, each with its
    /// newline.
    pub template: String,
    /// `<<` or `<<-`.
    pub strip: HeredocStripMode,
}

/// Whether a heredoc's common indentation is removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HeredocStripMode {
    /// `<<EOT`.
    #[default]
    None,
    /// `<<-EOT`.
    Indent,
}

/// A variable reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable(Identifier);

/// An expression followed by traversal operators: `a.b[0].*.c`.
#[derive(Debug, Clone, PartialEq)]
pub struct Traversal {
    /// What is traversed.
    pub expr: Expression,
    /// The operators, in order.
    pub operators: Vec<TraversalOperator>,
}

/// One traversal operator.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum TraversalOperator {
    /// `.*`
    AttrSplat,
    /// `[*]`
    FullSplat,
    /// `.name`
    GetAttr(Identifier),
    /// `[expr]`
    Index(Expression),
    /// `.0` (HIL's index).
    LegacyIndex(u64),
}

/// A function's name: `name`, or `namespace::name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FuncName {
    /// The namespaces (`provider::aws` in `provider::aws::arn_parse`).
    pub namespace: Vec<Identifier>,
    /// The name.
    pub name: Identifier,
}

/// A function call.
#[derive(Debug, Clone, PartialEq)]
pub struct FuncCall {
    /// The function.
    pub name: FuncName,
    /// The arguments.
    pub args: Vec<Expression>,
    /// Whether the last argument is expanded (`f(xs...)`).
    pub expand_final: bool,
}

/// `cond_expr ? true_expr : false_expr`.
#[derive(Debug, Clone, PartialEq)]
pub struct Conditional {
    /// The condition.
    pub cond_expr: Expression,
    /// The value when it holds.
    pub true_expr: Expression,
    /// The value when it does not.
    pub false_expr: Expression,
}

/// An operation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Operation {
    /// `-x`, `!x`.
    Unary(UnaryOp),
    /// `a op b`.
    Binary(BinaryOp),
}

/// A unary operation.
#[derive(Debug, Clone, PartialEq)]
pub struct UnaryOp {
    /// `-` or `!`.
    pub operator: UnaryOperator,
    /// The operand.
    pub expr: Expression,
}

/// A binary operation. A chain of them (`a + b + c ...`, each the left
/// operand of the next) is compared, cloned, shown with `{:?}` and dropped
/// without recursing down it, however long it is.
pub struct BinaryOp {
    /// The left operand.
    pub lhs_expr: Expression,
    /// The operator.
    pub operator: BinaryOperator,
    /// The right operand.
    pub rhs_expr: Expression,
}

/// A `for` expression: `[for k, v in coll : v if cond]` or
/// `{for k, v in coll : k => v... if cond}`.
#[derive(Debug, Clone, PartialEq)]
pub struct ForExpr {
    /// The key (or index) variable, if named.
    pub key_var: Option<Identifier>,
    /// The value variable.
    pub value_var: Identifier,
    /// What is iterated.
    pub collection_expr: Expression,
    /// The key of each item (an object `for`).
    pub key_expr: Option<Expression>,
    /// The value of each item.
    pub value_expr: Expression,
    /// Whether values of a key are grouped (`v...`).
    pub grouping: bool,
    /// The condition, if any.
    pub cond_expr: Option<Expression>,
}

// A number is never NaN (HCL has none), so equality of expressions is an
// equivalence, as object keys need.
impl Eq for Expression {}
impl Eq for ObjectKey {}
impl Eq for Traversal {}
impl Eq for TraversalOperator {}
impl Eq for FuncCall {}
impl Eq for Conditional {}
impl Eq for Operation {}
impl Eq for UnaryOp {}
impl Eq for BinaryOp {}
impl Eq for ForExpr {}

impl Variable {
    /// A variable named `name`.
    ///
    /// # Errors
    /// When `name` is not a valid identifier.
    pub fn new(name: impl Into<String>) -> crate::Result<Variable> {
        Identifier::new(name).map(Variable)
    }

    /// A variable named `name`, unchecked.
    pub fn unchecked(name: impl Into<String>) -> Variable {
        Variable(Identifier::unchecked(name))
    }

    /// Its name.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// Its name, owned.
    pub fn into_inner(self) -> Identifier {
        self.0
    }
}

impl From<Identifier> for Variable {
    fn from(i: Identifier) -> Variable {
        Variable(i)
    }
}

impl fmt::Display for Variable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FuncName {
    /// A function name without a namespace.
    pub fn new(name: impl Into<Identifier>) -> FuncName {
        FuncName {
            namespace: Vec::new(),
            name: name.into(),
        }
    }

    /// The same name in `namespace`.
    pub fn with_namespace<I, T>(mut self, namespace: I) -> FuncName
    where
        I: IntoIterator<Item = T>,
        T: Into<Identifier>,
    {
        self.namespace = namespace.into_iter().map(Into::into).collect();
        self
    }
}

impl<T: Into<Identifier>> From<T> for FuncName {
    fn from(name: T) -> FuncName {
        FuncName::new(name)
    }
}

impl FuncCall {
    /// A call of `name` with no arguments.
    pub fn new(name: impl Into<FuncName>) -> FuncCall {
        FuncCall {
            name: name.into(),
            args: Vec::new(),
            expand_final: false,
        }
    }
}

impl Traversal {
    /// `expr` followed by `operators`.
    pub fn new<E, I>(expr: E, operators: I) -> Traversal
    where
        E: Into<Expression>,
        I: IntoIterator,
        I::Item: Into<TraversalOperator>,
    {
        Traversal {
            expr: expr.into(),
            operators: operators.into_iter().map(Into::into).collect(),
        }
    }
}

impl Conditional {
    /// `cond ? t : f`.
    pub fn new(
        cond: impl Into<Expression>,
        t: impl Into<Expression>,
        f: impl Into<Expression>,
    ) -> Conditional {
        Conditional {
            cond_expr: cond.into(),
            true_expr: t.into(),
            false_expr: f.into(),
        }
    }
}

impl UnaryOp {
    /// `operator expr`.
    pub fn new(operator: UnaryOperator, expr: impl Into<Expression>) -> UnaryOp {
        UnaryOp {
            operator,
            expr: expr.into(),
        }
    }
}

impl BinaryOp {
    /// `lhs operator rhs`.
    pub fn new(
        lhs: impl Into<Expression>,
        operator: BinaryOperator,
        rhs: impl Into<Expression>,
    ) -> BinaryOp {
        BinaryOp {
            lhs_expr: lhs.into(),
            operator,
            rhs_expr: rhs.into(),
        }
    }
}

impl PartialEq for BinaryOp {
    fn eq(&self, other: &BinaryOp) -> bool {
        let (mut a, mut b) = (self, other);
        loop {
            if a.operator != b.operator || a.rhs_expr != b.rhs_expr {
                return false;
            }
            match (
                super::write::as_binary(&a.lhs_expr),
                super::write::as_binary(&b.lhs_expr),
            ) {
                (Some(x), Some(y)) => (a, b) = (x, y),
                (None, None) => return a.lhs_expr == b.lhs_expr,
                _ => return false,
            }
        }
    }
}

impl fmt::Debug for BinaryOp {
    /// As a derived `Debug` shows it (on one line), each operation of a
    /// chain opened on the way down and closed with its right operand on
    /// the way up.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chain = vec![self];
        while let Some(inner) = super::write::as_binary(&chain[chain.len() - 1].lhs_expr) {
            chain.push(inner);
        }
        for (i, _) in chain.iter().enumerate() {
            f.write_str("BinaryOp { lhs_expr: ")?;
            if i + 1 < chain.len() {
                f.write_str("Operation(Binary(")?;
            }
        }
        if let Some(last) = chain.last() {
            write!(f, "{:?}", last.lhs_expr)?;
        }
        for (i, op) in chain.iter().enumerate().rev() {
            write!(
                f,
                ", operator: {:?}, rhs_expr: {:?} }}",
                op.operator, op.rhs_expr
            )?;
            if i > 0 {
                f.write_str("))")?;
            }
        }
        Ok(())
    }
}

impl Clone for BinaryOp {
    fn clone(&self) -> BinaryOp {
        // The chain's operations from the outermost in, then rebuilt from
        // its leftmost operand out.
        let mut chain = vec![self];
        while let Some(inner) = super::write::as_binary(&chain[chain.len() - 1].lhs_expr) {
            chain.push(inner);
        }
        let mut ops = chain.into_iter().rev();
        let Some(first) = ops.next() else {
            unreachable!("a chain holds its first operation")
        };
        let mut acc = BinaryOp {
            lhs_expr: first.lhs_expr.clone(),
            operator: first.operator,
            rhs_expr: first.rhs_expr.clone(),
        };
        for op in ops {
            acc = BinaryOp {
                lhs_expr: acc.into(),
                operator: op.operator,
                rhs_expr: op.rhs_expr.clone(),
            };
        }
        acc
    }
}

impl Drop for BinaryOp {
    fn drop(&mut self) {
        // Each left operand that is an operation is taken out before it is
        // dropped, so dropping goes along the chain, not down it.
        let mut next = std::mem::replace(&mut self.lhs_expr, Expression::Null);
        loop {
            let Expression::Operation(mut op) = next else {
                return;
            };
            match &mut *op {
                Operation::Binary(b) => next = std::mem::replace(&mut b.lhs_expr, Expression::Null),
                Operation::Unary(_) => return,
            }
        }
    }
}

impl Heredoc {
    /// A heredoc with marker `delimiter` holding `template` (its lines,
    /// each with its newline).
    pub fn new(delimiter: Identifier, template: impl Into<String>) -> Heredoc {
        Heredoc {
            delimiter,
            template: template.into(),
            strip: HeredocStripMode::None,
        }
    }

    /// The same heredoc with `strip`.
    pub fn with_strip_mode(mut self, strip: HeredocStripMode) -> Heredoc {
        self.strip = strip;
        self
    }
}

macro_rules! from_boxed {
    ($($t:ident => $variant:ident),* $(,)?) => {$(
        impl From<$t> for Expression {
            fn from(v: $t) -> Expression {
                Expression::$variant(Box::new(v))
            }
        }
    )*};
}

from_boxed! {
    TemplateExpr => TemplateExpr,
    Traversal => Traversal,
    FuncCall => FuncCall,
    Conditional => Conditional,
    Operation => Operation,
    ForExpr => ForExpr,
}

impl From<UnaryOp> for Expression {
    fn from(op: UnaryOp) -> Expression {
        Operation::Unary(op).into()
    }
}

impl From<BinaryOp> for Expression {
    fn from(op: BinaryOp) -> Expression {
        Operation::Binary(op).into()
    }
}

impl From<Heredoc> for Expression {
    fn from(h: Heredoc) -> Expression {
        TemplateExpr::Heredoc(h).into()
    }
}

impl From<Variable> for Expression {
    fn from(v: Variable) -> Expression {
        Expression::Variable(v)
    }
}

impl From<bool> for Expression {
    fn from(b: bool) -> Expression {
        Expression::Bool(b)
    }
}

impl From<Number> for Expression {
    fn from(n: Number) -> Expression {
        Expression::Number(n)
    }
}

macro_rules! from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Expression {
            fn from(n: $t) -> Expression {
                Expression::Number(Number::from(n))
            }
        }
    )*};
}

from_number!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);

impl From<&str> for Expression {
    fn from(s: &str) -> Expression {
        Expression::String(s.to_owned())
    }
}

impl From<String> for Expression {
    fn from(s: String) -> Expression {
        Expression::String(s)
    }
}

impl From<()> for Expression {
    fn from((): ()) -> Expression {
        Expression::Null
    }
}

impl<T: Into<Expression>> From<Option<T>> for Expression {
    fn from(v: Option<T>) -> Expression {
        v.map_or(Expression::Null, Into::into)
    }
}

impl<T: Into<Expression>> From<Vec<T>> for Expression {
    fn from(v: Vec<T>) -> Expression {
        Expression::Array(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Expression>> FromIterator<T> for Expression {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Expression {
        Expression::Array(iter.into_iter().map(Into::into).collect())
    }
}

impl<K: Into<ObjectKey>, V: Into<Expression>> FromIterator<(K, V)> for Expression {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Expression {
        Expression::Object(
            iter.into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }
}

impl From<Object<ObjectKey, Expression>> for Expression {
    fn from(o: Object<ObjectKey, Expression>) -> Expression {
        Expression::Object(o)
    }
}

impl From<Value> for Expression {
    /// The expression written for a value (strings stay strings).
    fn from(v: Value) -> Expression {
        match v {
            Value::Null => Expression::Null,
            Value::Bool(b) => Expression::Bool(b),
            Value::Number(n) => Expression::Number(n),
            Value::String(s) => Expression::String(s.into_string()),
            Value::Array(a) => Expression::Array(a.into_iter().map(Expression::from).collect()),
            Value::Object(o) => Expression::Object(
                o.into_iter()
                    .map(|(k, v)| (ObjectKey::from(k.into_string()), Expression::from(v)))
                    .collect(),
            ),
        }
    }
}

impl From<Identifier> for ObjectKey {
    fn from(i: Identifier) -> ObjectKey {
        ObjectKey::Identifier(i)
    }
}

impl From<&str> for ObjectKey {
    /// A key written bare where it is an identifier, else quoted.
    fn from(s: &str) -> ObjectKey {
        ObjectKey::from(s.to_owned())
    }
}

impl From<String> for ObjectKey {
    /// A key written bare where it is an identifier, else quoted.
    fn from(s: String) -> ObjectKey {
        if crate::syntax::is_ident(&s) {
            ObjectKey::Identifier(Identifier::unchecked(s))
        } else {
            ObjectKey::Expression(Expression::String(s))
        }
    }
}

impl From<Expression> for ObjectKey {
    fn from(e: Expression) -> ObjectKey {
        ObjectKey::Expression(e)
    }
}

impl From<Identifier> for TraversalOperator {
    fn from(i: Identifier) -> TraversalOperator {
        TraversalOperator::GetAttr(i)
    }
}

impl From<&str> for TraversalOperator {
    fn from(s: &str) -> TraversalOperator {
        TraversalOperator::GetAttr(s.into())
    }
}

impl From<Expression> for TraversalOperator {
    fn from(e: Expression) -> TraversalOperator {
        TraversalOperator::Index(e)
    }
}

impl From<u64> for TraversalOperator {
    fn from(i: u64) -> TraversalOperator {
        TraversalOperator::Index(Expression::from(i))
    }
}

impl fmt::Display for Expression {
    /// The expression as `terraform fmt` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::write::expression_text(self))
    }
}
