//! [`BodyMut`]: the document's body, or a block's, to edit.

use super::expr_mut::ExprMut;
use super::layout::with_comments;
use super::locate::{attribute_in, block_in, body_at, Step};
use super::Document;
use crate::error::{Error, ErrorKind, Result};
use crate::syntax::Body;
use crate::syntax::Span;

/// A body in a [`Document`]: the file's, or a block's. Find blocks by type
/// and labels, attributes by name; set, add, insert, move and remove them.
///
/// ```
/// use hcl::edit::Document;
///
/// let src = "module \"vpc\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"5.0.0\"\n}\n";
/// let mut doc = Document::parse(src).unwrap();
/// let mut body = doc.body_mut();
/// let mut vpc = body.block_mut("module", &["vpc"]).unwrap();
/// vpc.set_attribute("version", "\"5.1.2\"").unwrap();
/// vpc.set_attribute("enable_nat_gateway", "true").unwrap();
/// assert_eq!(
///     doc.to_string(),
///     "module \"vpc\" {\n  source             = \"terraform-aws-modules/vpc/aws\"\n  version            = \"5.1.2\"\n  enable_nat_gateway = true\n}\n"
/// );
/// ```
#[derive(Debug)]
pub struct BodyMut<'d> {
    doc: &'d mut Document,
    path: Vec<Step>,
}

/// The blocks of one type in a body, one at a time (each a [`BodyMut`]):
/// `while let Some(mut block) = blocks.next() { ... }`.
///
/// ```
/// use hcl::edit::Document;
///
/// let mut doc = Document::parse("ingress {\n  port = 80\n}\n\ningress {\n  port = 443\n}\n").unwrap();
/// let mut body = doc.body_mut();
/// let mut blocks = body.blocks_mut("ingress");
/// while let Some(mut b) = blocks.next() {
///     b.set_attribute("protocol", "\"tcp\"").unwrap();
/// }
/// assert_eq!(
///     doc.to_string(),
///     "ingress {\n  port     = 80\n  protocol = \"tcp\"\n}\n\ningress {\n  port     = 443\n  protocol = \"tcp\"\n}\n"
/// );
/// ```
#[derive(Debug)]
pub struct BlocksMut<'d> {
    doc: &'d mut Document,
    path: Vec<Step>,
    ty: String,
    next: usize,
}

impl BlocksMut<'_> {
    /// The next block, or `None` after the last.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("b {}\nc {}\nb {}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut blocks = body.blocks_mut("b");
    /// let mut n = 0;
    /// while let Some(_) = blocks.next() {
    ///     n += 1;
    /// }
    /// assert_eq!(n, 2);
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<BodyMut<'_>> {
        let mut path = self.path.clone();
        path.push(Step::Block {
            ty: self.ty.clone(),
            labels: None,
            nth: self.next,
        });
        body_at(self.doc.body(), &path)?;
        self.next += 1;
        Some(BodyMut::new(self.doc, path))
    }
}

/// What a handle whose block is gone reads.
static GONE: Body<'static> = Body {
    structures: &[],
    span: Span { start: 0, end: 0 },
};

#[cold]
fn not_a_name(name: &str) -> Error {
    Error::new(
        ErrorKind::Parse,
        format!("`{name}` is not an attribute name"),
    )
}

fn labels_of(labels: &[&str]) -> Vec<String> {
    labels.iter().map(|l| (*l).to_owned()).collect()
}

impl<'d> BodyMut<'d> {
    pub(super) fn new(doc: &'d mut Document, path: Vec<Step>) -> Self {
        BodyMut { doc, path }
    }

    /// The body's node in the current tree. (A handle's path is found
    /// when the handle is made, and the edits made through it keep the
    /// block it names: this is never the empty body put in its place if it
    /// were gone.)
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("b {\n  x = 1\n  y = 2\n}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let b = body.block_mut("b", &[]).unwrap();
    /// assert_eq!(b.body().attributes().count(), 2);
    /// ```
    pub fn body(&self) -> &Body<'_> {
        self.node().unwrap_or(&GONE)
    }

    fn node(&self) -> Result<&Body<'_>> {
        body_at(self.doc.body(), &self.path).ok_or_else(super::gone)
    }

    /// The span of the body (`None` for the file's).
    fn span(&self) -> Result<Option<Span>> {
        Ok(match self.path.is_empty() {
            true => None,
            false => Some(self.node()?.span),
        })
    }

    /// The first block of type `ty` whose labels are `labels` (`&[]`: a
    /// block without labels).
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("r \"a\" {\n}\nr \"b\" {\n}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// body.block_mut("r", &["b"]).unwrap().set_attribute("n", "1").unwrap();
    /// assert!(body.block_mut("r", &["c"]).is_none());
    /// assert!(body.block_mut("r", &[]).is_none());
    /// assert_eq!(doc.to_string(), "r \"a\" {\n}\nr \"b\" {\n  n = 1\n}\n");
    /// ```
    pub fn block_mut(&mut self, ty: &str, labels: &[&str]) -> Option<BodyMut<'_>> {
        let labels = labels_of(labels);
        block_in(self.body(), ty, Some(&labels), 0)?;
        let mut path = self.path.clone();
        path.push(Step::Block {
            ty: ty.to_owned(),
            labels: Some(labels),
            nth: 0,
        });
        Some(BodyMut::new(self.doc, path))
    }

    /// The blocks of type `ty`, whatever their labels, in order.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("r \"a\" {\n  n = 1\n}\nr \"b\" {\n  n = 2\n}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut blocks = body.blocks_mut("r");
    /// while let Some(mut b) = blocks.next() {
    ///     b.remove_attribute("n").unwrap();
    /// }
    /// assert_eq!(doc.to_string(), "r \"a\" {\n}\nr \"b\" {\n}\n");
    /// ```
    pub fn blocks_mut(&mut self, ty: &str) -> BlocksMut<'_> {
        BlocksMut {
            path: self.path.clone(),
            doc: self.doc,
            ty: ty.to_owned(),
            next: 0,
        }
    }

    /// The expression of attribute `name`.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = [1, 2] # list\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let mut a = body.attribute_mut("a").unwrap();
    /// a.push_element("3").unwrap();
    /// assert!(body.attribute_mut("b").is_none());
    /// assert_eq!(doc.to_string(), "a = [1, 2, 3] # list\n");
    /// ```
    pub fn attribute_mut(&mut self, name: &str) -> Option<ExprMut<'_>> {
        attribute_in(self.body(), name)?;
        let mut path = self.path.clone();
        path.push(Step::Attr(name.to_owned()));
        Some(ExprMut::new(self.doc, path))
    }

    /// Sets attribute `name` to `expr` (native syntax): its expression is
    /// replaced, or the attribute is added after the body's last attribute,
    /// its `=` aligned with those around it.
    ///
    /// # Errors
    /// When `name` is not an identifier or `expr` is not one expression.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("name = \"a\"\n").unwrap();
    /// let mut body = doc.body_mut();
    /// body.set_attribute("name", "\"b\"").unwrap();
    /// body.set_attribute("count", "2").unwrap();
    /// assert!(body.set_attribute("bad name", "1").is_err());
    /// assert!(body.set_attribute("x", "1 +").is_err());
    /// assert_eq!(doc.to_string(), "name  = \"b\"\ncount = 2\n");
    /// ```
    pub fn set_attribute(&mut self, name: &str, expr: &str) -> Result<()> {
        if let Some(mut e) = self.attribute_mut(name) {
            return e.set(expr);
        }
        if !crate::syntax::is_identifier(name) {
            return Err(not_a_name(name));
        }
        super::check_expression(expr)?;
        let edit = self.doc.insertion(self.span()?, name, expr);
        self.doc.edit(vec![edit])
    }

    /// Removes attribute `name` with the comment lines directly above it.
    /// Returns whether there was one.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = 1\n# About b.\nb = 2\n").unwrap();
    /// let mut body = doc.body_mut();
    /// assert!(body.remove_attribute("b").unwrap());
    /// assert!(!body.remove_attribute("c").unwrap());
    /// assert_eq!(doc.to_string(), "a = 1\n");
    /// ```
    pub fn remove_attribute(&mut self, name: &str) -> Result<bool> {
        let Some(a) = attribute_in(self.body(), name) else {
            return Ok(false);
        };
        let span = a.span();
        self.doc.remove_items(vec![span])?;
        Ok(true)
    }

    /// Renames attribute `old` to `new` (its group re-aligned). Returns
    /// whether there was one.
    ///
    /// # Errors
    /// When `new` is not an identifier.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a   = 1\nbcd = 2\n").unwrap();
    /// let mut body = doc.body_mut();
    /// assert!(body.rename_attribute("a", "ab").unwrap());
    /// assert!(!body.rename_attribute("x", "y").unwrap());
    /// assert!(body.rename_attribute("bcd", "not a name").is_err());
    /// assert_eq!(doc.to_string(), "ab  = 1\nbcd = 2\n");
    /// ```
    pub fn rename_attribute(&mut self, old: &str, new: &str) -> Result<bool> {
        if !crate::syntax::is_identifier(new) {
            return Err(not_a_name(new));
        }
        let Some(a) = attribute_in(self.body(), old) else {
            return Ok(false);
        };
        let span = a.name.span;
        self.doc.edit(vec![(span, new.to_owned())])?;
        Ok(true)
    }

    /// Gives the first block of type `ty` labelled `labels` the labels
    /// `new` (written quoted). Returns whether there was one.
    ///
    /// ```
    /// use hcl::edit::Document;
    ///
    /// let mut doc = Document::parse("resource \"aws_s3_bucket\" \"old\" {\n}\n").unwrap();
    /// doc.body_mut().rename_block("resource", &["aws_s3_bucket", "old"], &["aws_s3_bucket", "logs"]).unwrap();
    /// assert_eq!(doc.to_string(), "resource \"aws_s3_bucket\" \"logs\" {\n}\n");
    /// ```
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    pub fn rename_block(&mut self, ty: &str, labels: &[&str], new: &[&str]) -> Result<bool> {
        let Some(b) = block_in(self.body(), ty, Some(&labels_of(labels)), 0) else {
            return Ok(false);
        };
        let mut text = String::new();
        for label in new {
            text.push(' ');
            crate::syntax::push_quoted(&mut text, label);
        }
        let end = b.labels.last().map_or(b.ident.span.end, |l| l.span().end);
        let span = Span {
            start: b.ident.span.end,
            end,
        };
        self.doc.edit(vec![(span, text)])?;
        Ok(true)
    }

    /// Inserts `block` (native syntax: a block, or any body text) before
    /// the body's item at `index` (its comment lines above stay with it),
    /// followed by a blank line; at or past the end, appends it as
    /// [`append_block`](Self::append_block) does.
    ///
    /// # Errors
    /// When `block` does not parse as a body.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = 1\nb = 2\n").unwrap();
    /// let mut body = doc.body_mut();
    /// body.insert_block(1, "c {}").unwrap();
    /// assert!(body.insert_block(0, "c {").is_err());
    /// assert_eq!(doc.to_string(), "a = 1\nc {}\n\nb = 2\n");
    /// ```
    pub fn insert_block(&mut self, index: usize, block: &str) -> Result<()> {
        let piece = super::piece(block)?;
        let Some(item) = self.body().structures.get(index) else {
            return self.append_block(block);
        };
        let at = with_comments(self.doc.text(), item.span()).start();
        self.doc
            .edit(vec![(Span::new(at, at), format!("{piece}\n"))])
    }

    /// Appends `block` (native syntax: a block, or any body text) at the
    /// end of the body, after a blank line.
    ///
    /// # Errors
    /// When `block` does not parse as a body.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = 1\n").unwrap();
    /// let mut body = doc.body_mut();
    /// body.append_block("b {\nx=1\n}").unwrap();
    /// assert!(body.append_block("= 1").is_err());
    /// assert_eq!(doc.to_string(), "a = 1\n\nb {\n  x = 1\n}\n");
    /// ```
    pub fn append_block(&mut self, block: &str) -> Result<()> {
        let piece = super::piece(block)?;
        let edit = self.doc.append_spot(self.span()?, &piece);
        self.doc.edit(vec![edit])
    }

    /// Removes every block of type `ty` labelled `labels`, each with the
    /// comment lines directly above it. Returns how many were removed.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("r \"a\" {}\nr \"b\" {}\nr \"a\" {}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// assert_eq!(body.remove_blocks("r", &["a"]).unwrap(), 2);
    /// assert_eq!(doc.to_string(), "r \"b\" {}\n");
    /// ```
    pub fn remove_blocks(&mut self, ty: &str, labels: &[&str]) -> Result<usize> {
        let labels = labels_of(labels);
        let items: Vec<Span> = (0..)
            .map_while(|n| block_in(self.body(), ty, Some(&labels), n))
            .map(|b| b.span())
            .collect();
        let n = items.len();
        self.doc.remove_items(items)?;
        Ok(n)
    }

    /// The text of the first block of type `ty` labelled `labels` with the
    /// comment lines directly above it, to insert elsewhere (a copy that
    /// keeps the comments).
    ///
    /// ```
    /// use hcl::edit::Document;
    ///
    /// let mut doc = Document::parse("# the bucket\nresource \"s3\" \"b\" {\n}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let copy = body.copy_block("resource", &["s3", "b"]).unwrap();
    /// body.append_block(&copy.replace("\"b\"", "\"c\"")).unwrap();
    /// assert_eq!(
    ///     doc.to_string(),
    ///     "# the bucket\nresource \"s3\" \"b\" {\n}\n\n# the bucket\nresource \"s3\" \"c\" {\n}\n"
    /// );
    /// ```
    pub fn copy_block(&self, ty: &str, labels: &[&str]) -> Option<String> {
        let b = block_in(self.body(), ty, Some(&labels_of(labels)), 0)?;
        Some(self.doc.text()[with_comments(self.doc.text(), b.span()).range()].to_owned())
    }

    /// Removes the first block of type `ty` labelled `labels` and gives its
    /// text with the comment lines directly above it, to insert elsewhere
    /// (a move that keeps the comments).
    ///
    /// ```
    /// use hcl::edit::Document;
    ///
    /// let mut doc = Document::parse("a = 1\n\n# the bucket\nresource \"s3\" \"b\" {\n}\n").unwrap();
    /// let mut body = doc.body_mut();
    /// let taken = body.take_block("resource", &["s3", "b"]).unwrap().unwrap();
    /// body.insert_block(0, &taken).unwrap();
    /// assert_eq!(doc.to_string(), "# the bucket\nresource \"s3\" \"b\" {\n}\n\na = 1\n");
    /// ```
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    pub fn take_block(&mut self, ty: &str, labels: &[&str]) -> Result<Option<String>> {
        let Some(b) = block_in(self.body(), ty, Some(&labels_of(labels)), 0) else {
            return Ok(None);
        };
        let (span, taken) = (b.span(), self.copy_block(ty, labels));
        self.doc.remove_items(vec![span])?;
        Ok(taken)
    }
}
