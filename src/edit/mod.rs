//! An editable document: parse → edit → print, where everything not edited
//! comes back byte for byte (round-trip config rewriting).
//!
//! The text is the document: each edit replaces byte ranges of it and
//! parses the result again, so the tree always describes the text and an
//! edit that would not parse is refused, leaving the document as it was.
//! What an edit inserts is laid out as `terraform fmt` lays it out (by the
//! crate's formatter, which agrees with `terraform fmt` byte for byte on
//! the corpus), and the `=` signs and trailing comments of its group are
//! re-aligned; no other line changes. Comments belong to the item below
//! them: removing or moving an item takes its comment lines, never
//! another's.
//!
//! Two ways in:
//! - [`Document::body_mut`] gives a [`BodyMut`]: blocks by type and labels,
//!   attributes by name, and an [`ExprMut`] for an expression's parts (an
//!   object's items, a tuple's elements, a call's arguments);
//! - the methods of [`Document`] that take an [`Address`], as `hcl edit`
//!   takes them (`resource.aws_instance.web.ami`), acting on every match.
//!
//! New expressions and blocks are HCL text, or Rust values written by
//! [`crate::ser::to_expression_string`] and [`crate::ser::to_block_string`].
//!
//! ```
//! use hcl::edit::{Address, Document};
//!
//! let src = r#"# The network.
//! module "vpc" {
//!   source  = "terraform-aws-modules/vpc/aws"
//!   version = "5.0.0"
//!
//!   tags = merge(local.tags, {
//!     Name = "main"
//!   })
//! }
//! "#;
//! let mut doc = Document::parse(src).unwrap();
//! let mut body = doc.body_mut();
//! let mut vpc = body.block_mut("module", &["vpc"]).unwrap();
//! vpc.set_attribute("version", "\"5.1.2\"").unwrap();
//! let mut tags = vpc.attribute_mut("tags").unwrap();
//! let mut extra = tags.element_mut(1).unwrap();
//! let team = hcl::ser::to_expression_string(&["core", "infra"]).unwrap();
//! extra.set_item("Teams", &team).unwrap();
//! assert_eq!(doc.to_string(), r#"# The network.
//! module "vpc" {
//!   source  = "terraform-aws-modules/vpc/aws"
//!   version = "5.1.2"
//!
//!   tags = merge(local.tags, {
//!     Name  = "main"
//!     Teams = ["core", "infra"]
//!   })
//! }
//! "#);
//!
//! // By address, as `hcl edit attribute get` does.
//! let version = Address::parse("module.vpc.version").unwrap();
//! assert_eq!(doc.get_attribute(&version), ["\"5.1.2\""]);
//! ```
//!
//! The document is native syntax only: a JSON file has no comments or
//! layout to keep, so it is rewritten by reading it ([`crate::json`]) and
//! writing it back.

mod address;
mod body_mut;
mod expr_mut;
mod layout;
mod locate;

use std::fmt;

pub use address::Address;
pub use body_mut::{BlocksMut, BodyMut};
pub use expr_mut::ExprMut;

use layout::{line_end, line_start, with_decor};
use locate::{body_by_span, find_in, Found, Items};

use crate::error::{Error, ErrorKind, Result};
use crate::syntax::{Body, Structure};
use crate::syntax::{ConfigFile, Span};

/// A config file to edit; printing it ([`fmt::Display`]) gives its text,
/// byte for byte what was parsed except where it was edited.
///
/// ```
/// let mut doc = hcl::edit::Document::parse("# Size.\nsize = 1 # small\n").unwrap();
/// doc.body_mut().set_attribute("size", "2").unwrap();
/// assert_eq!(doc.to_string(), "# Size.\nsize = 2 # small\n");
/// ```
pub struct Document {
    file: ConfigFile<'static>,
}

/// Checks that `expr` is one expression (where it goes, a line end
/// follows it: a heredoc's closing marker needs one).
fn check_expression(expr: &str) -> Result<()> {
    crate::parser::parse_expression(&format!("{expr}\n")).map(drop)
}

/// `block` (body text) as `terraform fmt` lays it out, ending in a newline.
fn piece(block: &str) -> Result<String> {
    let parsed = ConfigFile::parse_with(block.to_owned(), &Default::default())?;
    let mut piece = crate::format::format_body_with_source(parsed.body(), parsed.source());
    if !piece.ends_with('\n') {
        piece.push('\n');
    }
    Ok(piece)
}

/// The error of a handle whose node an edit elsewhere took away.
#[cold]
fn gone() -> Error {
    Error::new(
        ErrorKind::Eval,
        "the edited item is no longer in the document",
    )
}

#[cold]
fn nothing_matches(what: &str, address: Option<&Address>) -> Error {
    Error::new(
        ErrorKind::Eval,
        format!(
            "no {what} matches `{}`",
            address.map(|a| a.to_string()).unwrap_or_default()
        ),
    )
}

impl Document {
    /// Parses `src`.
    ///
    /// # Errors
    /// A parse error, with line, column and snippet.
    ///
    /// ```
    /// let doc = hcl::edit::Document::parse("a = 1\n").unwrap();
    /// assert_eq!(doc.text(), "a = 1\n");
    /// let err = hcl::edit::Document::parse("a = \n").unwrap_err();
    /// assert_eq!(err.line(), Some(1));
    /// ```
    pub fn parse(src: &str) -> Result<Document> {
        Ok(Document {
            file: ConfigFile::parse_with(src.to_owned(), &Default::default())?,
        })
    }

    /// The text.
    ///
    /// ```
    /// let doc = hcl::edit::Document::parse("a   =  1 # kept as written\n").unwrap();
    /// assert_eq!(doc.text(), "a   =  1 # kept as written\n");
    /// ```
    pub fn text(&self) -> &str {
        self.file.source()
    }

    /// The syntax tree of the text.
    ///
    /// ```
    /// let doc = hcl::edit::Document::parse("a = 1\nb {}\n").unwrap();
    /// assert_eq!(doc.body().attributes().count(), 1);
    /// assert_eq!(doc.body().blocks().count(), 1);
    /// ```
    pub fn body(&self) -> &Body<'_> {
        self.file.body()
    }

    /// The file's body, to edit.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a = 1\n").unwrap();
    /// doc.body_mut().set_attribute("bb", "true").unwrap();
    /// assert_eq!(doc.to_string(), "a  = 1\nbb = true\n");
    /// ```
    pub fn body_mut(&mut self) -> BodyMut<'_> {
        BodyMut::new(self, Vec::new())
    }

    /// Formats the whole document as `terraform fmt` does.
    ///
    /// ```
    /// let mut doc = hcl::edit::Document::parse("a=1\nbbb = { x=2 }\n").unwrap();
    /// doc.fmt();
    /// assert_eq!(doc.to_string(), "a   = 1\nbbb = { x = 2 }\n");
    /// ```
    pub fn fmt(&mut self) {
        let text = crate::format::format_body_with_source(self.body(), self.text());
        if text != self.text() {
            if let Ok(file) = ConfigFile::parse_with(text, &Default::default()) {
                self.file = file;
            }
        }
    }

    /// The expressions, as written, of the attributes at `address`.
    ///
    /// ```
    /// use hcl::edit::{Address, Document};
    /// let doc = Document::parse("b \"x\" {\n  n = 1 + 1\n}\nb \"y\" {\n  n = 2\n}\n").unwrap();
    /// assert_eq!(doc.get_attribute(&Address::parse("b.x.n").unwrap()), ["1 + 1"]);
    /// assert!(doc.get_attribute(&Address::parse("b.z.n").unwrap()).is_empty());
    /// ```
    pub fn get_attribute(&self, address: &Address) -> Vec<&str> {
        self.find(address, Items::Attributes)
            .into_iter()
            .filter_map(|f| f.expr)
            .map(|e| &self.text()[e.range()])
            .collect()
    }

    /// The blocks at `address` (type and labels, or only the first labels:
    /// `resource.aws_instance` names every `aws_instance` resource), as
    /// written.
    ///
    /// ```
    /// use hcl::edit::{Address, Document};
    /// let doc = Document::parse("r \"a\" \"x\" {}\nr \"a\" \"y\" {}\nr \"b\" \"z\" {}\n").unwrap();
    /// let blocks = doc.get_block(&Address::parse("r.a").unwrap());
    /// assert_eq!(blocks, ["r \"a\" \"x\" {}", "r \"a\" \"y\" {}"]);
    /// ```
    pub fn get_block(&self, address: &Address) -> Vec<&str> {
        self.find(address, Items::BlocksByPrefix)
            .into_iter()
            .map(|f| &self.text()[f.item.range()])
            .collect()
    }

    /// Sets the attributes at `address` to `expr` (native syntax); where
    /// there is none, adds one to each block the address without its last
    /// segment names (or to the top level). The `=` of the attributes
    /// around it are aligned as `terraform fmt` aligns them. Returns how
    /// many attributes were set or added.
    ///
    /// # Errors
    /// When no block can take the attribute (an error of kind
    /// [`ErrorKind::Eval`]), or `expr` is not an expression.
    ///
    /// ```
    /// use hcl::edit::{Address, Document};
    /// let mut doc = Document::parse("b {\n  name = \"x\"\n}\n").unwrap();
    /// let n = doc.set_attribute(&Address::parse("b.count").unwrap(), "3").unwrap();
    /// assert_eq!(n, 1);
    /// assert_eq!(doc.to_string(), "b {\n  name  = \"x\"\n  count = 3\n}\n");
    /// assert!(doc.set_attribute(&Address::parse("c.count").unwrap(), "3").is_err());
    /// assert!(doc.set_attribute(&Address::parse("b.count").unwrap(), "3 +").is_err());
    /// ```
    pub fn set_attribute(&mut self, address: &Address, expr: &str) -> Result<usize> {
        check_expression(expr)?;
        let found = self.find(address, Items::Attributes);
        let mut edits: Vec<(Span, String)> = found
            .iter()
            .filter_map(|f| f.expr)
            .map(|e| (e, expr.to_owned()))
            .collect();
        if edits.is_empty() {
            let (parents, name) = match address.segments().split_last() {
                Some((name, [])) => (vec![None], name),
                Some((name, prefix)) => {
                    let prefix = Address::from_segments(prefix.to_vec());
                    let blocks: Vec<Option<Span>> = self
                        .find(&prefix, Items::Blocks)
                        .iter()
                        .map(|f| f.body)
                        .collect();
                    (blocks, name)
                }
                None => return Ok(0),
            };
            if parents.is_empty() {
                return Err(nothing_matches("attribute or block", Some(address)));
            }
            for body in parents {
                edits.push(self.insertion(body, name, expr));
            }
        }
        let n = edits.len();
        self.edit(edits)?;
        Ok(n)
    }

    /// Removes the attributes at `address`, each with the comment lines
    /// directly above it and its line. Returns how many were removed.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    ///
    /// ```
    /// use hcl::edit::{Address, Document};
    /// let mut doc = Document::parse("a = 1\n# About b.\nb = 2\nc = 3\n").unwrap();
    /// assert_eq!(doc.remove_attribute(&Address::parse("b").unwrap()).unwrap(), 1);
    /// assert_eq!(doc.to_string(), "a = 1\nc = 3\n");
    /// ```
    pub fn remove_attribute(&mut self, address: &Address) -> Result<usize> {
        self.remove(address, Items::Attributes)
    }

    /// Removes the blocks at `address` (as [`get_block`](Self::get_block)
    /// names them), each with the comment lines directly above it. Returns
    /// how many were removed.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    ///
    /// ```
    /// use hcl::edit::{Address, Document};
    /// let mut doc = Document::parse("a = 1\n\n# Old.\nr \"x\" {}\nr \"y\" {}\n").unwrap();
    /// assert_eq!(doc.remove_block(&Address::parse("r").unwrap()).unwrap(), 2);
    /// assert_eq!(doc.to_string(), "a = 1\n");
    /// ```
    pub fn remove_block(&mut self, address: &Address) -> Result<usize> {
        self.remove(address, Items::BlocksByPrefix)
    }

    /// Removes the attributes (or blocks) at `address` with their comment
    /// lines.
    fn remove(&mut self, address: &Address, what: Items) -> Result<usize> {
        let items: Vec<Span> = self.find(address, what).iter().map(|f| f.item).collect();
        let n = items.len();
        self.remove_items(items)?;
        Ok(n)
    }

    /// Appends `block` (native syntax: one block, or any body text) at the
    /// end of each block `parent` names (`None`: the file), after a blank
    /// line, indented as that body is. Returns how many places took it.
    ///
    /// ```
    /// use hcl::edit::{Address, Document};
    /// let mut doc = Document::parse("resource \"a\" \"x\" {\n  n = 1\n}\n").unwrap();
    /// let parent = Address::parse("resource.a.x").unwrap();
    /// doc.append(Some(&parent), "lifecycle {\n  prevent_destroy = true\n}\n").unwrap();
    /// assert_eq!(
    ///     doc.to_string(),
    ///     "resource \"a\" \"x\" {\n  n = 1\n\n  lifecycle {\n    prevent_destroy = true\n  }\n}\n"
    /// );
    /// ```
    ///
    /// # Errors
    /// When `block` does not parse as a body, or `parent` names no block.
    pub fn append(&mut self, parent: Option<&Address>, block: &str) -> Result<usize> {
        let piece = piece(block)?;
        let bodies: Vec<Option<Span>> = match parent {
            None => vec![None],
            Some(addr) => self
                .find(addr, Items::Blocks)
                .iter()
                .filter_map(|f| f.body.map(Some))
                .collect(),
        };
        if bodies.is_empty() {
            return Err(nothing_matches("block", parent));
        }
        let edits: Vec<(Span, String)> = bodies
            .into_iter()
            .map(|b| self.append_spot(b, &piece))
            .collect();
        let n = edits.len();
        self.edit(edits)?;
        Ok(n)
    }

    /// Removes the blocks at `address` and gives their text, each with the
    /// comment lines directly above it (to [`Document::append`] elsewhere:
    /// a move that keeps the comments).
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    ///
    /// ```
    /// use hcl::edit::{Address, Document};
    /// let mut doc = Document::parse("# Web.\nr \"web\" {\n  n = 1\n}\n").unwrap();
    /// let taken = doc.take_block(&Address::parse("r.web").unwrap()).unwrap();
    /// assert_eq!(taken, ["# Web.\nr \"web\" {\n  n = 1\n}"]);
    /// assert_eq!(doc.to_string(), "");
    /// ```
    pub fn take_block(&mut self, address: &Address) -> Result<Vec<String>> {
        let found = self.find(address, Items::BlocksByPrefix);
        let mut texts = Vec::new();
        for f in &found {
            texts.push(self.text()[layout::with_comments(self.text(), f.item).range()].to_owned());
        }
        self.remove(address, Items::BlocksByPrefix)?;
        Ok(texts)
    }

    /// Items matching `address`: attributes or blocks (`what`).
    fn find(&self, address: &Address, what: Items) -> Vec<Found> {
        let mut out = Vec::new();
        find_in(self.body(), address.segments(), what, &mut out, 0);
        out
    }

    /// Where to add attribute `name = expr` in a block's body (`None`: the
    /// top level): after the body's last attribute.
    fn insertion(&self, body: Option<Span>, name: &str, expr: &str) -> (Span, String) {
        let text = self.text();
        let structures: &[Structure<'_>] = body_by_span(self.body(), body)
            .map(|b| b.structures)
            .unwrap_or_default();
        let last_attr = structures.iter().rev().find_map(|s| match s {
            Structure::Attribute(a) => Some(a.span()),
            Structure::Block(_) => None,
        });
        match (last_attr, body) {
            (Some(a), _) => {
                // After the attribute's line (and its trailing comment).
                let end = line_end(text, a.end());
                (Span::new(end, end), format!("\n{name} = {expr}"))
            }
            (None, Some(b)) => {
                // First in the body: after the `{` line.
                let at = match text[b.start()..].find('\n') {
                    Some(i) => b.start() + i + 1,
                    None => b.start(),
                };
                (Span::new(at, at), format!("{name} = {expr}\n"))
            }
            (None, None) => (Span::new(0, 0), format!("{name} = {expr}\n")),
        }
    }

    /// Where `piece` (laid-out body text ending in a newline) goes to be
    /// appended to a body (`None`: the file's): after a blank line, before
    /// the closing brace's line.
    fn append_spot(&self, body: Option<Span>, piece: &str) -> (Span, String) {
        let text = self.text();
        let Some(body) = body else {
            let sep = if text.is_empty() || text.ends_with("\n\n") {
                ""
            } else if text.ends_with('\n') {
                "\n"
            } else {
                "\n\n"
            };
            return (Span::new(text.len(), text.len()), format!("{sep}{piece}"));
        };
        let close = body.end();
        let ls = line_start(text, close);
        let empty = text[body.range()].trim().is_empty();
        let (at, with) = match (empty, text[ls..close].trim().is_empty()) {
            (true, true) => (ls, piece.to_owned()),
            (true, false) => (close, format!("\n{piece}")),
            (false, true) => (ls, format!("\n{piece}")),
            (false, false) => (close, format!("\n\n{piece}")),
        };
        (Span::new(at, at), with)
    }

    /// Replaces the ranges (which do not overlap), parses the result and
    /// lays out what was inserted; on a parse error nothing changes.
    fn edit(&mut self, mut edits: Vec<(Span, String)>) -> Result<()> {
        // Replacing text with the same text changes nothing (not even the
        // layout of its lines).
        edits.retain(|(span, with)| self.text()[span.range()] != *with);
        if edits.is_empty() {
            return Ok(());
        }
        edits.sort_by_key(|(s, _)| s.start);
        let old = self.text();
        // New lines end as the file's first line does.
        if old
            .find('\n')
            .is_some_and(|i| i > 0 && old.as_bytes()[i - 1] == b'\r')
        {
            for (_, with) in &mut edits {
                *with = with.replace("\r\n", "\n").replace('\n', "\r\n");
            }
        }
        let mut text = String::with_capacity(old.len());
        let mut touched = Vec::with_capacity(edits.len());
        let mut at = 0;
        for (span, with) in &edits {
            text.push_str(&old[at..span.start()]);
            let start = text.len();
            text.push_str(with);
            touched.push((start, text.len()));
            at = span.end();
        }
        text.push_str(&old[at..]);
        self.replace(text, &touched)
    }

    /// Removes `items` (spans of sibling items), each with its decor
    /// ([`with_decor`]) as the text the others left decides it: from the
    /// last back, so that the offsets of those before stay valid, and with
    /// one parse at the end.
    fn remove_items(&mut self, mut items: Vec<Span>) -> Result<()> {
        if items.is_empty() {
            return Ok(());
        }
        items.sort_by_key(|s| std::cmp::Reverse(s.start));
        let mut text = self.text().to_owned();
        // Each removal's place, as its distance from the end of the text:
        // a removal before a place leaves that distance as it is.
        let mut places: Vec<usize> = Vec::with_capacity(items.len());
        for item in items {
            let r = with_decor(&text, item);
            let (before, after) = (text.len(), text.len() - r.len());
            // The places this removal reaches into (its decor can take the
            // blank line where the one after it was) move to its start; they
            // are the last recorded, the nearest.
            for d in places.iter_mut().rev() {
                let at = before - *d;
                if at >= r.end() {
                    break;
                }
                *d = after - at.min(r.start());
            }
            text.replace_range(r.range(), "");
            places.push(after - r.start());
        }
        let touched: Vec<(usize, usize)> = places
            .into_iter()
            .map(|d| (text.len() - d, text.len() - d))
            .collect();
        self.replace(text, &touched)
    }

    /// Makes `text` the document's text, the ranges `touched` laid out as
    /// [`layout::lay_out`] lays them out; on a parse error nothing changes.
    fn replace(&mut self, text: String, touched: &[(usize, usize)]) -> Result<()> {
        self.file = ConfigFile::parse_with(text, &Default::default())?;
        let formatted = crate::format::format_body_with_source(self.body(), self.text());
        if let Some(laid_out) = layout::lay_out(self.text(), &formatted, touched) {
            // Only spacing changed: the result parses.
            if let Ok(file) = ConfigFile::parse_with(laid_out, &Default::default()) {
                self.file = file;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Document")
            .field("text", &self.text())
            .finish()
    }
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}
