//! An editable document: parse → edit → print, where everything not edited
//! comes back byte for byte (the first step of round-trip rewriting).
//!
//! The text is the document: each edit replaces byte ranges of it (an
//! attribute's expression, an item with the comment lines above it) and
//! parses the result again, so the tree always describes the text and an
//! edit that would not parse is refused, leaving the document as it was.
//! Items are found by address, as `hcl edit` takes them: block types and
//! labels, then an attribute name, joined by dots
//! (`resource.aws_instance.web.ami`, `module.vpc.version`, a top-level
//! `name`); a label holding a dot is quoted (`resource."a.b".c.x`).
//!
//! ```
//! use hcl::edit::{Address, Document};
//!
//! let mut doc = Document::parse("module \"vpc\" {\n  source  = \"x\"\n  version = \"1.0\"\n}\n").unwrap();
//! let version = Address::parse("module.vpc.version").unwrap();
//! assert_eq!(doc.get_attribute(&version), ["\"1.0\""]);
//! doc.set_attribute(&version, "\"2.0\"").unwrap();
//! assert_eq!(doc.to_string(), "module \"vpc\" {\n  source  = \"x\"\n  version = \"2.0\"\n}\n");
//! ```

use std::fmt;

use unicode_segmentation::UnicodeSegmentation;

use crate::syntax::{Block, Body, Structure};
use crate::{ConfigFile, Error, ErrorKind, Result, Span};

/// An address: block types and labels, then (for an attribute) its name.
///
/// ```
/// let a = hcl::edit::Address::parse(r#"resource."a.b".c.x"#).unwrap();
/// assert_eq!(a.segments(), ["resource", "a.b", "c", "x"]);
/// assert_eq!(a.to_string(), r#"resource."a.b".c.x"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    segments: Vec<String>,
}

impl Address {
    /// Reads `a.b."c.d".e`: segments joined by dots, a segment with a dot
    /// (or a quote, escaped `\"`) written in quotes.
    ///
    /// # Errors
    /// An empty address or segment, or an unclosed quote.
    pub fn parse(s: &str) -> Result<Address> {
        let mut segments = Vec::new();
        let mut chars = s.chars().peekable();
        loop {
            let mut seg = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                loop {
                    match chars.next() {
                        None => return Err(bad_address(s, "an unclosed quote")),
                        Some('"') => break,
                        Some('\\') => seg.extend(chars.next()),
                        Some(c) => seg.push(c),
                    }
                }
                if !matches!(chars.peek(), None | Some('.')) {
                    return Err(bad_address(s, "a quoted segment must end at a dot"));
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c == '.' {
                        break;
                    }
                    seg.push(c);
                    chars.next();
                }
                if seg.is_empty() {
                    return Err(bad_address(s, "an empty segment"));
                }
            }
            segments.push(seg);
            match chars.next() {
                None => break,
                Some(_) => continue,
            }
        }
        Ok(Address { segments })
    }

    /// The segments.
    pub fn segments(&self) -> &[String] {
        &self.segments
    }
}

#[cold]
fn bad_address(s: &str, why: &str) -> Error {
    Error::new(ErrorKind::Parse, format!("invalid address `{s}`: {why}"))
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            if s.contains('.') || s.contains('"') || s.is_empty() {
                write!(f, "\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))?;
            } else {
                f.write_str(s)?;
            }
        }
        Ok(())
    }
}

/// A config file to edit; printing it ([`fmt::Display`]) gives its text,
/// byte for byte what was parsed except where it was edited.
pub struct Document {
    file: ConfigFile<'static>,
}

/// A block or attribute found by address: the byte ranges of the item and
/// of its expression (attributes), in the document's text.
struct Found {
    item: Span,
    expr: Option<Span>,
    /// For a block: its body's span.
    body: Option<Span>,
}

impl Document {
    /// Parses `src`.
    ///
    /// # Errors
    /// A parse error, with line, column and snippet.
    pub fn parse(src: &str) -> Result<Document> {
        Ok(Document {
            file: ConfigFile::parse_with(src.to_owned(), &Default::default())?,
        })
    }

    /// The text.
    pub fn text(&self) -> &str {
        self.file.source()
    }

    /// The syntax tree of the text.
    pub fn body(&self) -> &Body<'_> {
        self.file.body()
    }

    /// The expressions, as written, of the attributes at `address`.
    pub fn get_attribute(&self, address: &Address) -> Vec<&str> {
        self.find(address, false)
            .into_iter()
            .filter_map(|f| f.expr)
            .map(|e| &self.text()[e.range()])
            .collect()
    }

    /// The blocks at `address` (type and labels), as written.
    pub fn get_block(&self, address: &Address) -> Vec<&str> {
        self.find(address, true)
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
    /// When no block can take the attribute, or `expr` is not an expression.
    pub fn set_attribute(&mut self, address: &Address, expr: &str) -> Result<usize> {
        crate::parser::parse_expression(expr)?;
        let found = self.find(address, false);
        let mut edits: Vec<(Span, String)> = found
            .iter()
            .filter_map(|f| f.expr)
            .map(|e| (e, expr.to_owned()))
            .collect();
        if edits.is_empty() {
            let (parents, name) = match address.segments.split_last() {
                Some((name, [])) => (vec![None], name),
                Some((name, prefix)) => {
                    let prefix = Address {
                        segments: prefix.to_vec(),
                    };
                    let blocks: Vec<Option<Span>> =
                        self.find(&prefix, true).iter().map(|f| f.body).collect();
                    (blocks, name)
                }
                None => return Ok(0),
            };
            if parents.is_empty() {
                return Err(Error::new(
                    ErrorKind::Eval,
                    format!("no attribute or block matches `{address}`"),
                ));
            }
            for body in parents {
                edits.push(self.insertion(body, name, expr));
            }
        }
        let n = edits.len();
        let touched = self.apply(edits)?;
        self.align(&touched);
        Ok(n)
    }

    /// Removes the attributes at `address`, each with the comment lines
    /// directly above it and its line. Returns how many were removed.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    pub fn remove_attribute(&mut self, address: &Address) -> Result<usize> {
        self.remove(address, false)
    }

    /// Removes the blocks at `address`, each with the comment lines directly
    /// above it. Returns how many were removed.
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    pub fn remove_block(&mut self, address: &Address) -> Result<usize> {
        self.remove(address, true)
    }

    /// Removes the attributes (or blocks) at `address` with their comment
    /// lines, then aligns what borders them.
    fn remove(&mut self, address: &Address, blocks: bool) -> Result<usize> {
        let edits: Vec<(Span, String)> = self
            .find(address, blocks)
            .iter()
            .map(|f| (self.with_decor(f.item), String::new()))
            .collect();
        let n = edits.len();
        let touched = self.apply(edits)?;
        self.align(&touched);
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
        let parsed = ConfigFile::parse_with(block.to_owned(), &Default::default())?;
        let mut piece = crate::format::format_body_with_source(parsed.body(), parsed.source());
        if !piece.ends_with('\n') {
            piece.push('\n');
        }
        let text = self.text();
        let spots: Vec<(usize, String)> = match parent {
            None => {
                let sep = if text.is_empty() || text.ends_with("\n\n") {
                    ""
                } else if text.ends_with('\n') {
                    "\n"
                } else {
                    "\n\n"
                };
                vec![(text.len(), format!("{sep}{piece}"))]
            }
            Some(addr) => self
                .find(addr, true)
                .iter()
                .filter_map(|f| f.body)
                .map(|body| {
                    let close = body.end();
                    let ls = line_start(text, close);
                    let outer: String = text[ls..close]
                        .chars()
                        .take_while(|c| c.is_whitespace())
                        .collect();
                    let inner = format!("{outer}  ");
                    let indented: String = piece
                        .lines()
                        .map(|l| {
                            if l.is_empty() {
                                "\n".to_owned()
                            } else {
                                format!("{inner}{l}\n")
                            }
                        })
                        .collect();
                    let empty = text[body.range()].trim().is_empty();
                    // Before the closing brace's line (after a blank line
                    // when the body has content).
                    match (empty, text[ls..close].trim().is_empty()) {
                        (true, true) => (ls, indented),
                        (true, false) => (close, format!("\n{indented}{outer}")),
                        (false, _) => (ls, format!("\n{indented}")),
                    }
                })
                .collect(),
        };
        if spots.is_empty() {
            return Err(Error::new(
                ErrorKind::Eval,
                format!(
                    "no block matches `{}`",
                    parent.map(|a| a.to_string()).unwrap_or_default()
                ),
            ));
        }
        let n = spots.len();
        let edits = spots
            .into_iter()
            .map(|(at, with)| (Span::new(at, at), with))
            .collect();
        self.apply(edits)?;
        Ok(n)
    }

    /// Removes the blocks at `address` and gives their text, each with the
    /// comment lines directly above it (to [`Document::append`] elsewhere:
    /// a move that keeps the comments).
    ///
    /// # Errors
    /// When the result would not parse (it always does).
    pub fn take_block(&mut self, address: &Address) -> Result<Vec<String>> {
        let found = self.find(address, true);
        let mut texts = Vec::new();
        let mut edits = Vec::new();
        for f in &found {
            let whole = self.with_decor(f.item);
            texts.push(self.text()[whole.start()..f.item.end()].to_owned());
            edits.push((whole, String::new()));
        }
        self.apply(edits)?;
        Ok(texts)
    }

    /// Items matching `address`: attributes (`blocks` false) or blocks.
    fn find(&self, address: &Address, blocks: bool) -> Vec<Found> {
        let mut out = Vec::new();
        find_in(self.body(), &address.segments, blocks, &mut out, 0);
        out
    }

    /// The range an item takes with the comment lines directly above it and
    /// its own line's end.
    fn with_decor(&self, item: Span) -> Span {
        let text = self.text();
        let mut start = line_start(text, item.start());
        if !text[start..item.start()].trim().is_empty() {
            // Not on a line of its own (an attribute of a one-line block):
            // the item alone.
            return item;
        }
        // Comment lines directly above (no blank line between) belong to it.
        while start > 0 {
            let prev = line_start(text, start - 1);
            let line = text[prev..start].trim();
            if line.starts_with('#') || line.starts_with("//") {
                start = prev;
            } else {
                break;
            }
        }
        // The last item of a body (or of the file) takes the blank line
        // above it too, so that no blank line is left before the `}`.
        let last = {
            let after = &text[item.end()..];
            let after = after.find('\n').map_or("", |i| &after[i + 1..]);
            after.trim_start().is_empty() || after.trim_start().starts_with('}')
        };
        if last && start > 0 {
            let prev = line_start(text, start - 1);
            if text[prev..start].trim().is_empty() {
                start = prev;
            }
        }
        let end = match text[item.end()..].find('\n') {
            Some(i)
                if text[item.end()..item.end() + i].trim().is_empty()
                    || text[item.end()..item.end() + i]
                        .trim_start()
                        .starts_with('#')
                    || text[item.end()..item.end() + i]
                        .trim_start()
                        .starts_with("//") =>
            {
                item.end() + i + 1
            }
            Some(_) => item.end(),
            None => text.len(),
        };
        Span::new(start, end)
    }

    /// Where to add attribute `name = expr` in a block's body (`None`: the
    /// top level): after the body's last attribute, indented as the others.
    fn insertion(&self, body: Option<Span>, name: &str, expr: &str) -> (Span, String) {
        let text = self.text();
        let structures: &[Structure<'_>] = match body {
            None => self.body().structures,
            Some(span) => find_body(self.body(), span)
                .map(|b| b.structures)
                .unwrap_or_default(),
        };
        let last_attr = structures.iter().rev().find_map(|s| match s {
            Structure::Attribute(a) => Some(a.span()),
            Structure::Block(_) => None,
        });
        let indent = |at: usize| {
            let ls = line_start(text, at);
            text[ls..at]
                .chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect::<String>()
        };
        match (last_attr, body) {
            (Some(a), _) => {
                // After the attribute's line (and its trailing comment).
                let end = text[a.end()..]
                    .find('\n')
                    .map_or(text.len(), |i| a.end() + i);
                (
                    Span::new(end, end),
                    format!("\n{}{name} = {expr}", indent(a.start())),
                )
            }
            (None, Some(b)) => {
                // First in the body: after the `{` line.
                let open_line_end = b.start();
                let block_indent = indent(open_line_end.saturating_sub(1));
                let at = match text[open_line_end..].find('\n') {
                    Some(i) => open_line_end + i + 1,
                    None => open_line_end,
                };
                (
                    Span::new(at, at),
                    format!("{block_indent}  {name} = {expr}\n"),
                )
            }
            (None, None) => (Span::new(0, 0), format!("{name} = {expr}\n")),
        }
    }

    /// Replaces the ranges (which do not overlap) and parses the result;
    /// on a parse error nothing changes.
    /// Replaces the ranges (which do not overlap) and parses the result;
    /// on a parse error nothing changes. Returns the lines the edits touch
    /// in the new text.
    fn apply(&mut self, mut edits: Vec<(Span, String)>) -> Result<Vec<usize>> {
        if edits.is_empty() {
            return Ok(Vec::new());
        }
        edits.sort_by_key(|(s, _)| s.start);
        let old = self.text();
        let mut text = String::with_capacity(old.len());
        let mut touched = Vec::new();
        let mut at = 0;
        for (span, with) in &edits {
            text.push_str(&old[at..span.start()]);
            touched.push(text.matches('\n').count());
            text.push_str(with);
            at = span.end();
        }
        text.push_str(&old[at..]);
        self.file = ConfigFile::parse_with(text, &Default::default())?;
        Ok(touched)
    }

    /// Aligns the `=` of the groups of one-line attributes (consecutive
    /// lines, as `terraform fmt` groups them) that hold or border a
    /// touched line, changing only the lines whose spacing differs.
    fn align(&mut self, touched: &[usize]) {
        let mut edits = Vec::new();
        collect_alignment(self.body(), self.text(), touched, &mut edits, 0);
        // (Replacing spaces with spaces: the result always parses.)
        let _ = self.apply(edits);
    }
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Bodies nest at most this deep here (the parser's limit is lower).
const MAX_DEPTH: usize = 256;

fn find_in(body: &Body<'_>, segs: &[String], blocks: bool, out: &mut Vec<Found>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let Some((first, rest)) = segs.split_first() else {
        return;
    };
    for s in body.structures {
        match s {
            Structure::Attribute(a) if !blocks && rest.is_empty() && a.name.name == first => out
                .push(Found {
                    item: a.span(),
                    expr: Some(a.expr.span),
                    body: None,
                }),
            Structure::Block(b) if b.ident.name == first => {
                let n = b.labels.len();
                let labelled =
                    rest.len() >= n && b.labels.iter().zip(rest).all(|(l, s)| l.as_str() == s);
                if !labelled {
                    continue;
                }
                let after = &rest[n..];
                if after.is_empty() {
                    if blocks {
                        out.push(Found {
                            item: b.span(),
                            expr: None,
                            body: Some(b.body.span),
                        });
                    }
                } else {
                    find_in(&b.body, after, blocks, out, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// The body whose span is `span`.
fn find_body<'a>(body: &'a Body<'a>, span: Span) -> Option<&'a Body<'a>> {
    body.blocks().find_map(|b: &'a Block<'a>| {
        if b.body.span == span {
            Some(&b.body)
        } else {
            find_body(&b.body, span)
        }
    })
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

fn collect_alignment(
    body: &Body<'_>,
    text: &str,
    touched: &[usize],
    edits: &mut Vec<(Span, String)>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    // Groups: attributes on consecutive lines, each on one line; a group is
    // re-aligned when a touched line is in it or next to it.
    let mut group: Vec<(Span, Span)> = Vec::new(); // (name, gap before `=`)
    let mut lines: Vec<usize> = Vec::new();
    let mut last_line: Option<usize> = None;
    let flush =
        |group: &mut Vec<(Span, Span)>, lines: &mut Vec<usize>, edits: &mut Vec<(Span, String)>| {
            let near = |l: &usize| touched.iter().any(|t| t + 1 >= *l && *t <= l + 1);
            let dirty = lines.iter().any(near);
            lines.clear();
            if !dirty {
                group.clear();
                return;
            }
            let width = |s: &Span| text[s.range()].graphemes(true).count();
            let max = group.iter().map(|(n, _)| width(n)).max().unwrap_or(0);
            for (name, gap) in group.drain(..) {
                let want = " ".repeat(max - width(&name) + 1);
                if text[gap.range()] != want {
                    edits.push((gap, want));
                }
            }
        };
    for s in body.structures {
        match s {
            Structure::Attribute(a) => {
                let line = text[..a.name.span.start()].matches('\n').count();
                let one_line = !text[a.span().range()].contains('\n');
                let eq = text[a.name.span.end()..a.expr.span.start()].find('=');
                let contiguous = last_line.is_some_and(|l| l + 1 == line);
                if !contiguous {
                    flush(&mut group, &mut lines, edits);
                }
                match (one_line, eq) {
                    (true, Some(i)) => {
                        let gap = Span::new(a.name.span.end(), a.name.span.end() + i);
                        group.push((a.name.span, gap));
                        lines.push(line);
                        last_line = Some(line);
                    }
                    _ => {
                        flush(&mut group, &mut lines, edits);
                        last_line = None;
                    }
                }
            }
            Structure::Block(b) => {
                flush(&mut group, &mut lines, edits);
                last_line = None;
                collect_alignment(&b.body, text, touched, edits, depth + 1);
            }
        }
    }
    flush(&mut group, &mut lines, edits);
}
