//! [`Limits`]: a budget on the size of the values one evaluation may build,
//! so that a small hostile expression (`[for a in range(1024) : [for b in
//! range(1024) : [for c in range(1024) : c]]]`, `indent(1000000, ...)` in a
//! loop, a `join` with a huge separator) fails with an
//! [`ErrorKind::Limit`](crate::ErrorKind::Limit) error instead of exhausting
//! memory.
//!
//! The budget is a value, [`Budget`], made when an
//! [`Evaluate::evaluate`](super::Evaluate::evaluate) call starts and handed
//! down through the evaluation (functions such as `templatestring` that
//! evaluate again get it too; the deserializer makes one for the whole
//! document, so all its attributes share it). It is charged where values
//! are multiplied: every element a `for`
//! expression stores, every value a function returns, and the text a
//! template `%{ for }` directive produces. Functions whose result can be
//! much larger than their arguments (`join`, `indent`, `replace`, `format`,
//! `formatlist`, `setproduct`, ...) check the size they are about to
//! build against what is left before allocating. Values are counted each
//! time they are stored or returned, so nested `for` expressions count an
//! inner element once per level: the budget bounds the work of an
//! evaluation, not only its result.

use std::cell::Cell;

use super::fail::{Fail, R};
use crate::error::{Error, ErrorKind};
use crate::syntax::Span;
use crate::value::{Key, Value};

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
    ///
    /// ```
    /// use hcl::eval::{Limits, DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_STRING_BYTES};
    /// let l = Limits::new();
    /// assert_eq!((l.element_limit(), l.string_limit()), (DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_STRING_BYTES));
    /// assert_eq!(l, Limits::default());
    /// ```
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
    ///
    /// ```
    /// use hcl::eval::{evaluate_str, Context, Limits};
    /// let ctx = Context::new().with_limits(Limits::new().max_elements(20));
    /// assert!(evaluate_str("[for i in range(5) : i]", &ctx).is_ok());
    /// assert_eq!(evaluate_str("[for i in range(50) : i]", &ctx).unwrap_err().kind(), hcl::ErrorKind::Limit);
    /// ```
    pub fn max_elements(mut self, n: usize) -> Self {
        self.max_elements = n;
        self
    }

    /// Sets how many bytes of strings an evaluation may build (default 256 MiB).
    ///
    /// ```
    /// use hcl::eval::{evaluate_str, Context, Limits};
    /// let ctx = Context::new().with_limits(Limits::new().max_string_bytes(100));
    /// assert!(evaluate_str("join(\",\", [\"a\", \"b\"])", &ctx).is_ok());
    /// let err = evaluate_str("join(\"\", [for i in range(200) : \"x\"])", &ctx).unwrap_err();
    /// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
    /// ```
    pub fn max_string_bytes(mut self, n: usize) -> Self {
        self.max_string_bytes = n;
        self
    }

    /// The element limit.
    ///
    /// ```
    /// assert_eq!(hcl::eval::Limits::new().max_elements(7).element_limit(), 7);
    /// ```
    pub fn element_limit(&self) -> usize {
        self.max_elements
    }

    /// The string-bytes limit.
    ///
    /// ```
    /// assert_eq!(hcl::eval::Limits::new().max_string_bytes(1024).string_limit(), 1024);
    /// ```
    pub fn string_limit(&self) -> usize {
        self.max_string_bytes
    }
}

/// What is left of the size budget of one evaluation. Shared by
/// reference with everything the evaluation calls; not `Sync`, as an
/// evaluation runs on one thread.
#[derive(Debug)]
pub(crate) struct Budget {
    limits: Limits,
    elements: Cell<usize>,
    bytes: Cell<usize>,
    /// A buffer for text that is printed, then copied into a value (the
    /// source of an expression kept unevaluated): one allocation for the
    /// evaluation instead of one per such value.
    text: std::cell::RefCell<String>,
}

impl Budget {
    /// A full budget of `limits`.
    pub(crate) fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            elements: Cell::new(limits.max_elements),
            bytes: Cell::new(limits.max_string_bytes),
            text: std::cell::RefCell::new(String::new()),
        }
    }

    /// Runs `f` on the evaluation's empty text buffer (on a new one if the
    /// buffer is in use).
    pub(crate) fn with_text<R>(&self, f: impl FnOnce(&mut String) -> R) -> R {
        match self.text.try_borrow_mut() {
            Ok(mut buf) => {
                buf.clear();
                f(&mut buf)
            }
            Err(_) => f(&mut String::new()),
        }
    }

    /// Takes `elements` and `bytes` from what is left.
    fn take(&self, elements: usize, bytes: usize) -> Result<(), Exceeded> {
        if elements > self.elements.get() {
            self.elements.set(0);
            return Err(Exceeded::Elements(self.limits.max_elements));
        }
        if bytes > self.bytes.get() {
            self.bytes.set(0);
            return Err(Exceeded::Bytes(self.limits.max_string_bytes));
        }
        self.elements.set(self.elements.get() - elements);
        self.bytes.set(self.bytes.get() - bytes);
        Ok(())
    }

    /// Charges a value stored or returned at `span` (its whole size).
    #[inline]
    pub(crate) fn charge_value(&self, v: &Value, span: Span) -> R<()> {
        let (elements, bytes) = match v {
            Value::String(s) => (1, s.len()),
            Value::Array(a) if a.is_empty() => (1, 0),
            Value::Array(_) | Value::Object(_) => size(v),
            _ => (1, 0),
        };
        self.take(elements, bytes).map_err(|e| limit_error(e, span))
    }

    /// Charges `bytes` of string text produced at `span`.
    #[inline]
    pub(crate) fn charge_bytes(&self, bytes: usize, span: Span) -> R<()> {
        self.take(0, bytes).map_err(|e| limit_error(e, span))
    }

    /// For functions, before they allocate: is a result of `elements`
    /// values and `bytes` bytes of strings within what is left?
    pub(crate) fn check(&self, elements: usize, bytes: usize) -> Result<(), super::FuncError> {
        if elements > self.elements.get() {
            let e = Exceeded::Elements(self.limits.max_elements);
            return Err(super::FuncError::Limit(e.message()));
        }
        if bytes > self.bytes.get() {
            let e = Exceeded::Bytes(self.limits.max_string_bytes);
            return Err(super::FuncError::Limit(e.message()));
        }
        Ok(())
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
        format!("{SUMMARY}: {}", self.detail())
    }

    fn detail(self) -> String {
        match self {
            Exceeded::Elements(n) => format!(
                "this evaluation would build more than {n} values (Limits::max_elements)"
            ),
            Exceeded::Bytes(n) => format!(
                "this evaluation would build more than {n} bytes of strings (Limits::max_string_bytes)"
            ),
        }
    }
}

/// The summary of a limit error.
const SUMMARY: &str = "limit exceeded";

#[cold]
#[inline(never)]
fn limit_error(e: Exceeded, span: Span) -> Fail {
    Fail::Err(
        Error::described(ErrorKind::Limit, SUMMARY, e.detail()).at_span(span),
        super::fail::Placeholder::Dynamic,
    )
}

/// Whether `e` says the evaluation's resources are spent (its budget of
/// values or bytes, its depth or stack: every limit error of an
/// evaluation): evaluation stops there, where after other errors it goes
/// on.
pub(crate) fn is_exhaustion(e: &crate::error::Error) -> bool {
    e.kind() == crate::error::ErrorKind::Limit
}

/// (values, string bytes) of `v`, without recursion.
fn size(v: &Value) -> (usize, usize) {
    enum It<'a> {
        A(std::slice::Iter<'a, Value>),
        O(crate::value::map::Iter<'a, Key, Value>),
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
        let mut inner = crate::value::Map::new();
        inner.insert("k", Value::from("z"));
        let mut outer = crate::value::Map::new();
        outer.insert(
            "a",
            Value::Array(vec![
                Value::from(1),
                Value::from("xy"),
                Value::Object(inner),
            ]),
        );
        let v = Value::Object(outer);
        // {a: [1, "xy", {k: "z"}]}: 6 values; "a" + "xy" + "k" + "z" = 5 bytes.
        assert_eq!(size(&v), (6, 5));
    }

    #[test]
    fn a_budget_is_spent_once() {
        let b = Budget::new(Limits::new().max_elements(3));
        assert!(b.take(2, 0).is_ok());
        assert!(b.check(1, 0).is_ok());
        assert!(b.check(2, 0).is_err());
        assert!(b.take(2, 0).is_err());
        assert!(b.take(1, 0).is_err(), "an exceeded budget stays spent");
    }
}
