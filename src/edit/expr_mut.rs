//! [`ExprMut`]: an attribute's expression, or a part of one, to edit.

use super::layout::{line_end, line_start, with_comma, with_decor};
use super::locate::{expr_at, Step};
use super::Document;
use crate::error::{Error, ErrorKind, Result};
use crate::syntax::Span;
use crate::syntax::{ExprKind, Expression};

/// An expression in a [`Document`]: an attribute's value, an object's
/// item, a tuple's element or a call's argument. Replace it, or edit its
/// parts: an object's items by key, a tuple's elements or a call's
/// arguments by position. New parts are laid out as `terraform fmt` lays
/// them out; every other byte stays.
///
/// ```
/// use hcl::edit::Document;
///
/// let mut doc = Document::parse("locals {\n  tags = merge(var.tags, {\n    Team = \"core\"\n  })\n}\n").unwrap();
/// let mut body = doc.body_mut();
/// let mut locals = body.block_mut("locals", &[]).unwrap();
/// let mut tags = locals.attribute_mut("tags").unwrap();
/// tags.element_mut(1).unwrap().set_item("CostCenter", "\"42\"").unwrap();
/// tags.push_element("{ Owner = var.owner }").unwrap();
/// assert_eq!(
///     doc.to_string(),
///     "locals {\n  tags = merge(var.tags, {\n    Team       = \"core\"\n    CostCenter = \"42\"\n  }, { Owner = var.owner })\n}\n"
/// );
/// ```
#[derive(Debug)]
pub struct ExprMut<'d> {
    doc: &'d mut Document,
    path: Vec<Step>,
}

/// What a handle whose expression is gone reads.
static GONE: Expression<'static> = Expression {
    kind: ExprKind::Null,
    span: Span { start: 0, end: 0 },
};

/// An object's items, a tuple's elements or a call's arguments, in the
/// text: what lies between the brackets.
struct Seq {
    /// Just after the opening bracket.
    open: usize,
    /// The closing bracket.
    close: usize,
    /// Each part (an object's item from its key to its value).
    parts: Vec<Span>,
    object: bool,
    /// The last part ends with a heredoc's closing marker, which must end
    /// its line: what follows it goes on the next line.
    heredoc_last: bool,
}

impl<'d> ExprMut<'d> {
    pub(super) fn new(doc: &'d mut Document, path: Vec<Step>) -> Self {
        ExprMut { doc, path }
    }

    /// The expression's node in the current tree. (A handle's path is
    /// found when the handle is made, and the edits made through it keep
    /// the node it names: this is never the `null` put in its place if it
    /// were gone.)
    ///
    /// ```
    /// use hcl::syntax::ExprKind;
    /// let mut doc = hcl::edit::Document::parse("a = [1, 2]\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let a = body.attribute_mut("a").unwrap();
    /// assert!(matches!(a.expr().kind, ExprKind::Tuple(t) if t.len() == 2));
    /// ```
    pub fn expr(&self) -> &Expression<'_> {
        self.node().unwrap_or(&GONE)
    }

    fn node(&self) -> Result<&Expression<'_>> {
        expr_at(self.doc.body(), &self.path).ok_or_else(super::gone)
    }

    /// The expression as written.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = {x=1} # c\n").unwrap();
    /// let mut body = doc.body_mut();
    /// assert_eq!(body.attribute_mut("a").unwrap().text(), "{x=1}");
    /// ```
    pub fn text(&self) -> &str {
        &self.doc.text()[self.expr().span.range()]
    }

    /// Replaces the expression with `expr` (native syntax).
    ///
    /// # Errors
    /// When `expr` is not one expression.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = 1 # one\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut a = body.attribute_mut("a").unwrap();
    /// a.set("2").unwrap();
    /// assert!(a.set("2 +").is_err());
    /// assert_eq!(doc.to_string(), "a = 2 # one\n");
    /// ```
    pub fn set(&mut self, expr: &str) -> Result<()> {
        super::check_expression(expr)?;
        let span = self.node()?.span;
        self.doc.edit(vec![(span, expr.to_owned())])
    }

    fn child(&mut self, step: Step) -> Option<ExprMut<'_>> {
        let mut path = self.path.clone();
        path.push(step);
        expr_at(self.doc.body(), &path)?;
        Some(ExprMut::new(self.doc, path))
    }

    /// The value of the object item `key`, if this is an object that has
    /// one (keys written as names or as quoted strings).
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("t = { Name = \"a\", \"b c\" = 1 }\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut t = body.attribute_mut("t").unwrap();
    /// t.item_mut("b c").unwrap().set("2").unwrap();
    /// assert!(t.item_mut("Other").is_none());
    /// assert_eq!(doc.to_string(), "t = { Name = \"a\", \"b c\" = 2 }\n");
    /// ```
    pub fn item_mut(&mut self, key: &str) -> Option<ExprMut<'_>> {
        self.child(Step::Item(key.to_owned()))
    }

    /// The tuple element or call argument at `index`.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = max(1, 5)\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut a = body.attribute_mut("a").unwrap();
    /// a.element_mut(1).unwrap().set("7").unwrap();
    /// assert!(a.element_mut(2).is_none());
    /// assert_eq!(doc.to_string(), "a = max(1, 7)\n");
    /// ```
    pub fn element_mut(&mut self, index: usize) -> Option<ExprMut<'_>> {
        self.child(Step::Elem(index))
    }

    fn seq(&self) -> Option<Seq> {
        let e = self.node().ok()?;
        let heredoc_last = match e.kind {
            ExprKind::Object(items) => items.last().map(|i| &i.value),
            ExprKind::Tuple(elems) => elems.last(),
            ExprKind::FuncCall(call) => call.args.last(),
            _ => None,
        }
        .is_some_and(|x| x.ends_with_heredoc());
        let (open, close, parts, object) = match e.kind {
            ExprKind::Object(items) => (
                e.span.start() + 1,
                e.span.end() - 1,
                items
                    .iter()
                    .map(|i| Span::new(i.key.span().start(), i.value.span.end()))
                    .collect(),
                true,
            ),
            ExprKind::Tuple(elems) => (
                e.span.start() + 1,
                e.span.end() - 1,
                elems.iter().map(|x| x.span).collect(),
                false,
            ),
            ExprKind::FuncCall(call) if !call.expand_final => (
                call.args_span.start() + 1,
                call.args_span.end() - 1,
                call.args.iter().map(|x| x.span).collect(),
                false,
            ),
            _ => return None,
        };
        Some(Seq {
            open,
            close,
            parts,
            object,
            heredoc_last,
        })
    }

    fn not_a(&self, what: &str) -> Error {
        Error::new(
            ErrorKind::Eval,
            format!("`{}` is not {what}", short(self.text())),
        )
    }

    /// Sets the object item `key` to `expr`: its value is replaced, or the
    /// item is added after the last one.
    ///
    /// # Errors
    /// When this is not an object, or `expr` is not one expression.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("t = {\n  a = 1\n}\nn = 2\n").unwrap();
    /// let mut body = doc.body_mut();
    /// body.attribute_mut("t").unwrap().set_item("bb", "true").unwrap();
    /// assert!(body.attribute_mut("n").unwrap().set_item("x", "1").is_err());
    /// assert_eq!(doc.to_string(), "t = {\n  a  = 1\n  bb = true\n}\nn = 2\n");
    /// ```
    pub fn set_item(&mut self, key: &str, expr: &str) -> Result<()> {
        if let Some(mut item) = self.item_mut(key) {
            return item.set(expr);
        }
        super::check_expression(expr)?;
        let seq = match self.seq() {
            Some(s) if s.object => s,
            _ => return Err(self.not_a("an object")),
        };
        // Bare when it reads back as a name (as the printer decides:
        // `{ for = 1 }` would open a `for` expression), else quoted.
        let key = if crate::syntax::is_ident(key) {
            key.to_owned()
        } else {
            let mut q = String::new();
            crate::syntax::push_quoted(&mut q, key);
            q
        };
        let edits = add(self.doc.text(), &seq, &format!("{key} = {expr}"));
        self.doc.edit(edits)
    }

    /// Removes the object item `key` (with the comment lines above it when
    /// it has its line to itself). Returns whether there was one.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("t = {\n  a = 1\n  b = 2\n}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut t = body.attribute_mut("t").unwrap();
    /// assert!(t.remove_item("a").unwrap());
    /// assert!(!t.remove_item("z").unwrap());
    /// assert_eq!(doc.to_string(), "t = {\n  b = 2\n}\n");
    /// ```
    pub fn remove_item(&mut self, key: &str) -> Result<bool> {
        let Some(seq) = self.seq().filter(|s| s.object) else {
            return Ok(false);
        };
        let ExprKind::Object(items) = self.expr().kind else {
            return Ok(false);
        };
        match items.iter().position(|i| i.key.literal_key() == Some(key)) {
            Some(i) => {
                let span = remove(self.doc.text(), &seq, i);
                self.doc.edit(vec![(span, String::new())])?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Adds `expr` after the last element of a tuple or the last argument
    /// of a call.
    ///
    /// # Errors
    /// When this is neither (or a call whose last argument is expanded
    /// with `...`), or `expr` is not one expression.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = [\"x\"]\nb = 1\n").unwrap();
    /// let mut body = doc.body_mut();
    /// body.attribute_mut("a").unwrap().push_element("\"y\"").unwrap();
    /// assert!(body.attribute_mut("b").unwrap().push_element("2").is_err());
    /// assert_eq!(doc.to_string(), "a = [\"x\", \"y\"]\nb = 1\n");
    /// ```
    pub fn push_element(&mut self, expr: &str) -> Result<()> {
        super::check_expression(expr)?;
        let seq = match self.seq() {
            Some(s) if !s.object => s,
            _ => return Err(self.not_a("a tuple or a function call")),
        };
        let edits = add(self.doc.text(), &seq, expr);
        self.doc.edit(edits)
    }

    /// Removes the tuple element or call argument at `index`. Returns
    /// whether there was one.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = [1, 2, 3]\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut a = body.attribute_mut("a").unwrap();
    /// assert!(a.remove_element(1).unwrap());
    /// assert!(!a.remove_element(5).unwrap());
    /// assert_eq!(doc.to_string(), "a = [1, 3]\n");
    /// ```
    pub fn remove_element(&mut self, index: usize) -> Result<bool> {
        match self.seq() {
            Some(seq) if !seq.object && index < seq.parts.len() => {
                let span = remove(self.doc.text(), &seq, index);
                self.doc.edit(vec![(span, String::new())])?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

/// The first line of `text`, cut short, for messages.
fn short(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    if line.chars().count() > 40 || line.len() < text.len() {
        let cut: String = line.chars().take(40).collect();
        format!("{cut}...")
    } else {
        line.to_owned()
    }
}

/// Where `new` goes after the last part of `seq`, in the style of the
/// parts before it: its own line when the closing bracket has its own line,
/// else after `, `; an empty object opens on lines of its own.
fn add(text: &str, seq: &Seq, new: &str) -> Vec<(Span, String)> {
    let inner = &text[seq.open..seq.close];
    let closing_line = line_start(text, seq.close);
    let closing_alone = text[closing_line..seq.close].trim().is_empty() && closing_line > seq.open;
    let Some(last) = seq.parts.last() else {
        return if closing_alone {
            vec![(Span::new(closing_line, closing_line), format!("{new}\n"))]
        } else if seq.object && inner.trim().is_empty() {
            vec![(Span::new(seq.open, seq.close), format!("\n{new}\n"))]
        } else {
            vec![(Span::new(seq.open, seq.close), new.to_owned())]
        };
    };
    let comma = with_comma(text, *last);
    let has_comma = comma != *last;
    if closing_alone {
        let at = line_end(text, comma.end()).min(closing_line.saturating_sub(1));
        let at = at.max(comma.end());
        if has_comma {
            vec![(Span::new(at, at), format!("\n{new},"))]
        } else if seq.object {
            vec![(Span::new(at, at), format!("\n{new}"))]
        } else if seq.heredoc_last {
            vec![(Span::new(at, at), format!("\n, {new}"))]
        } else {
            vec![
                (Span::new(last.end(), last.end()), ",".to_owned()),
                (Span::new(at, at), format!("\n{new}")),
            ]
        }
    } else if has_comma {
        vec![(Span::new(comma.end(), comma.end()), format!(" {new},"))]
    } else if seq.heredoc_last {
        vec![(Span::new(last.end(), last.end()), format!("\n, {new}"))]
    } else {
        vec![(Span::new(last.end(), last.end()), format!(", {new}"))]
    }
}

/// The range that removing part `i` of `seq` takes: its lines with their
/// comments when it has lines to itself, else the part and the separator
/// beside it.
fn remove(text: &str, seq: &Seq, i: usize) -> Span {
    let part = seq.parts[i];
    let comma = with_comma(text, part);
    let whole = with_decor(text, comma);
    if whole != comma {
        return whole;
    }
    match (seq.parts.get(i + 1), i.checked_sub(1).map(|p| seq.parts[p])) {
        (Some(next), _) => Span::new(part.start(), next.start()),
        (None, Some(prev)) => Span::new(prev.end(), part.end()),
        (None, None) => comma,
    }
}
