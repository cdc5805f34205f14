//! [`Limits`]: a budget on the size of the values one evaluation may build,
//! so that a small hostile expression (`[for a in range(1024) : [for b in
//! range(1024) : [for c in range(1024) : c]]]`, `indent(1000000, ...)` in a
//! loop, a `join` with a huge separator) fails with an
//! [`ErrorKind::Limit`](crate::ErrorKind::Limit) error instead of exhausting
//! memory.
//!
//! The budget is taken when the outermost [`Evaluate::evaluate`](super::Evaluate::evaluate)
//! call starts (functions such as `templatefile` that evaluate again share
//! it; the deserializer takes one for the whole document, so all its
//! attributes share it) and charged where values are multiplied: every element a `for`
//! expression stores, every value a function returns, and the text a
//! template `%{ for }` directive produces. Functions whose result can be
//! much larger than their arguments (`join`, `indent`, `replace`, `format`,
//! `formatlist`, `setproduct`, ...) check the size they are about to
//! build against what is left before allocating. Values are counted each
//! time they are stored or returned, so nested `for` expressions count an
//! inner element once per level: the budget bounds the work of an
//! evaluation, not only its result.

use std::cell::Cell;

use super::expr::{Fail, R};
use crate::error::{Error, ErrorKind};
use crate::syntax::Span;
use crate::value::Value;

/// Size limits of one evaluation (see [`Context::set_limits`](super::Context::set_limits)).
///
/// * [`Limits::max_elements`]: values (numbers, strings, elements of
///   arrays and objects...) stored by `for` expressions and returned by
///   functions; default **10,000,000**.
/// * [`Limits::max_string_bytes`]: bytes of strings (object keys included)
///   built the same way, plus the text of template `%{ for }` directives;
///   default **256 MiB**.
///
/// Terraform's own `range` stops at 1,024 elements, and `setproduct`
/// refuses products of more than 10,000,000 elements whatever the limits.
///
/// ```
/// use hcl::eval::{evaluate_str, Context, Limits};
/// use hcl::ErrorKind;
///
/// let src = "[for a in range(1000) : [for b in range(1000) : [for c in range(1000) : c]]]";
/// let err = evaluate_str(src, &Context::new()).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Limit);
///
/// let small = Context::new().with_limits(Limits::new().max_elements(100));
/// assert!(evaluate_str("[for i in range(10) : i]", &small).is_ok());
/// let err = evaluate_str("[for i in range(1000) : i]", &small).unwrap_err();
/// assert!(err.message().contains("limit exceeded"), "{err}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    max_elements: usize,
    max_string_bytes: usize,
}

/// Default of [`Limits::max_elements`].
pub const DEFAULT_MAX_ELEMENTS: usize = 10_000_000;
/// Default of [`Limits::max_string_bytes`] (256 MiB).
pub const DEFAULT_MAX_STRING_BYTES: usize = 256 << 20;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_elements: DEFAULT_MAX_ELEMENTS,
            max_string_bytes: DEFAULT_MAX_STRING_BYTES,
        }
    }
}

impl Limits {
    /// The default limits: 10,000,000 elements, 256 MiB of strings.
    pub fn new() -> Self {
        Self::default()
    }

    /// No limits (for trusted input only).
    ///
    /// ```
    /// let l = hcl::eval::Limits::unlimited();
    /// assert_eq!(l.element_limit(), usize::MAX);
    /// ```
    pub fn unlimited() -> Self {
        Limits {
            max_elements: usize::MAX,
            max_string_bytes: usize::MAX,
        }
    }

    /// Sets how many values an evaluation may store in collections built by
    /// `for` expressions or return from functions (default 10,000,000).
    pub fn max_elements(mut self, n: usize) -> Self {
        self.max_elements = n;
        self
    }

    /// Sets how many bytes of strings an evaluation may build (default 256 MiB).
    pub fn max_string_bytes(mut self, n: usize) -> Self {
        self.max_string_bytes = n;
        self
    }

    /// The element limit.
    pub fn element_limit(&self) -> usize {
        self.max_elements
    }

    /// The string-bytes limit.
    pub fn string_limit(&self) -> usize {
        self.max_string_bytes
    }
}

/// What is left of the budget of the evaluation running on this thread.
#[derive(Clone, Copy)]
struct Budget {
    limits: Limits,
    elements: usize,
    bytes: usize,
}

thread_local! {
    static BUDGET: Cell<Option<Budget>> = const { Cell::new(None) };
}

/// Started by the outermost evaluation on a thread; ends its budget.
pub(crate) struct Guard {
    outermost: bool,
}

/// Starts the budget of an evaluation with `limits` (nested evaluations
/// keep the running one).
pub(crate) fn begin(limits: Limits) -> Guard {
    BUDGET.with(|b| {
        if b.get().is_some() {
            Guard { outermost: false }
        } else {
            b.set(Some(Budget {
                limits,
                elements: limits.max_elements,
                bytes: limits.max_string_bytes,
            }));
            Guard { outermost: true }
        }
    })
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.outermost {
            BUDGET.with(|b| b.set(None));
        }
    }
}

/// Why a charge failed: which limit, and its value.
#[derive(Clone, Copy)]
enum Exceeded {
    Elements(usize),
    Bytes(usize),
}

impl Exceeded {
    fn message(self) -> String {
        match self {
            Exceeded::Elements(n) => format!(
                "limit exceeded: this evaluation would build more than {n} values (Limits::max_elements)"
            ),
            Exceeded::Bytes(n) => format!(
                "limit exceeded: this evaluation would build more than {n} bytes of strings (Limits::max_string_bytes)"
            ),
        }
    }
}

/// Takes `elements` and `bytes` from the running budget.
fn take(elements: usize, bytes: usize) -> Result<(), Exceeded> {
    BUDGET.with(|b| {
        let Some(mut budget) = b.get() else {
            return Ok(());
        };
        if elements > budget.elements {
            budget.elements = 0;
            b.set(Some(budget));
            return Err(Exceeded::Elements(budget.limits.max_elements));
        }
        if bytes > budget.bytes {
            budget.bytes = 0;
            b.set(Some(budget));
            return Err(Exceeded::Bytes(budget.limits.max_string_bytes));
        }
        budget.elements -= elements;
        budget.bytes -= bytes;
        b.set(Some(budget));
        Ok(())
    })
}

#[cold]
#[inline(never)]
fn limit_error(e: Exceeded, span: Span) -> Fail {
    Fail::Err(Error::spanned(ErrorKind::Limit, e.message(), span))
}

/// Charges a value stored or returned at `span` (its whole size).
#[inline]
pub(crate) fn charge_value(v: &Value, span: Span) -> R<()> {
    let (elements, bytes) = match v {
        Value::String(s) => (1, s.len()),
        Value::Array(a) if a.is_empty() => (1, 0),
        Value::Array(_) | Value::Object(_) => size(v),
        _ => (1, 0),
    };
    take(elements, bytes).map_err(|e| limit_error(e, span))
}

/// Charges `bytes` of string text produced at `span`.
#[inline]
pub(crate) fn charge_bytes(bytes: usize, span: Span) -> R<()> {
    take(0, bytes).map_err(|e| limit_error(e, span))
}

/// For functions, before they allocate: is a result of `elements` values
/// and `bytes` bytes of strings within what is left? (Outside an evaluation
/// the default limits apply.) The error text starts with `limit exceeded`.
pub(crate) fn check(elements: usize, bytes: usize) -> Result<(), String> {
    let budget = BUDGET.with(Cell::get).unwrap_or(Budget {
        limits: Limits::default(),
        elements: DEFAULT_MAX_ELEMENTS,
        bytes: DEFAULT_MAX_STRING_BYTES,
    });
    if elements > budget.elements {
        return Err(Exceeded::Elements(budget.limits.max_elements).message());
    }
    if bytes > budget.bytes {
        return Err(Exceeded::Bytes(budget.limits.max_string_bytes).message());
    }
    Ok(())
}

/// Whether a function's error message is a limit error (see [`check`]);
/// Terraform's own `range` limit (1,024 values) counts too.
pub(crate) fn is_limit_message(msg: &str) -> bool {
    msg.starts_with("limit exceeded") || msg.starts_with("more than 1024 values were generated")
}

/// (values, string bytes) of `v`, without recursion.
fn size(v: &Value) -> (usize, usize) {
    enum It<'a> {
        A(std::slice::Iter<'a, Value>),
        O(indexmap::map::Iter<'a, String, Value>),
    }
    let (mut elements, mut bytes) = (0usize, 0usize);
    let mut stack: Vec<It<'_>> = Vec::new();
    let mut next = Some(v);
    loop {
        let v = match next.take() {
            Some(v) => v,
            None => {
                let Some(top) = stack.last_mut() else {
                    break;
                };
                let item = match top {
                    It::A(it) => it.next(),
                    It::O(it) => it.next().map(|(k, v)| {
                        bytes = bytes.saturating_add(k.len());
                        v
                    }),
                };
                match item {
                    Some(v) => v,
                    None => {
                        stack.pop();
                        continue;
                    }
                }
            }
        };
        elements = elements.saturating_add(1);
        match v {
            Value::String(s) => bytes = bytes.saturating_add(s.len()),
            Value::Array(a) => stack.push(It::A(a.iter())),
            Value::Object(o) => stack.push(It::O(o.iter())),
            _ => {}
        }
    }
    (elements, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_counts_values_and_string_bytes() {
        let v: Value = crate::from_str("a = [1, \"xy\", {k = \"z\"}]\n").unwrap();
        // {a: [1, "xy", {k: "z"}]}: 6 values; "a" + "xy" + "k" + "z" = 5 bytes.
        assert_eq!(size(&v), (6, 5));
    }

    #[test]
    fn budget_is_per_outermost_evaluation() {
        let g = begin(Limits::new().max_elements(3));
        assert!(take(2, 0).is_ok());
        {
            let _nested = begin(Limits::unlimited());
            assert!(take(2, 0).is_err());
        }
        drop(g);
        assert!(take(100, 0).is_ok(), "no budget outside an evaluation");
    }
}
