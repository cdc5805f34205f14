//! The structural language: bodies, attributes, blocks.

use crate::error::Location;
use crate::syntax::{Attribute, Block, BlockLabel, Body, Ident, Span, Structure};
use crate::{Error, ErrorKind, Result};

use super::lexer::{take_from, Parser};

impl<'a> Parser<'a> {
    /// `ConfigFile = Body` — the whole input.
    pub(crate) fn config_file(&mut self) -> Result<Body<'a>> {
        let structures = self.body_items(None)?;
        Ok(Body {
            structures,
            span: Span::new(0, self.b.len()),
        })
    }

    /// Like [`config_file`](Self::config_file) but drops each top-level
    /// item as soon as it is parsed: checks a file with memory for the
    /// largest item only.
    pub(crate) fn validate_file(&mut self) -> Result<()> {
        let mut names: Vec<Ident<'a>> = Vec::new();
        let mut seen: std::collections::HashMap<&'a str, usize> = std::collections::HashMap::new();
        while let Some(item) = self.next_structure(None)? {
            if let Structure::Attribute(a) = item {
                let name = a.name;
                let key: &'a str = &self.src[name.span.range()];
                if let Some(&first) = seen.get(key) {
                    return Err(self.duplicate(&names[first], &name));
                }
                seen.insert(key, names.len());
                names.push(name);
            }
        }
        Ok(())
    }

    /// `Body = (Attribute | Block | OneLineBlock)*`, up to the end of the
    /// file (`open == None`) or the `}` closing the block opened at `open`.
    fn body_items(&mut self, open: Option<usize>) -> Result<Vec<Structure<'a>>> {
        if open.is_none() {
            // The file's own list grows in place (large reallocations are
            // cheap remaps); nested bodies use the scratch stack.
            let mut items = Vec::new();
            while let Some(item) = self.next_structure(None)? {
                items.push(item);
            }
            self.check_duplicates(&items)?;
            return Ok(items);
        }
        let base = self.s_structures.len();
        while let Some(item) = self.next_structure(open)? {
            self.s_structures.push(item);
        }
        self.check_duplicates(&self.s_structures[base..])?;
        Ok(take_from(&mut self.s_structures, base))
    }

    /// The next item of a body, or `None` at its end.
    #[inline]
    fn next_structure(&mut self, open: Option<usize>) -> Result<Option<Structure<'a>>> {
        self.ws_nl()?;
        match self.b.get(self.pos) {
            None => {
                if let Some(open) = open {
                    return Err(self.unclosed_block(open));
                }
                Ok(None)
            }
            Some(b'}') if open.is_some() => Ok(None),
            _ => self.structure().map(Some),
        }
    }

    /// One attribute or block.
    fn structure(&mut self) -> Result<Structure<'a>> {
        let start = self.pos;
        if !self.ident_starts_at(start) {
            return Err(self.expected("an attribute or block definition", start));
        }
        let name = self.ident("an attribute or block name")?;
        self.ws_inline()?;
        match self.cur() {
            b'=' if self.at(self.pos + 1) != b'=' => {
                let attr = self.attribute_rest(name)?;
                self.end_of_line("the attribute value")?;
                Ok(Structure::Attribute(attr))
            }
            b'{' | b'"' => self.block_rest(name).map(Structure::Block),
            _ if self.ident_starts_at(self.pos) => self.block_rest(name).map(Structure::Block),
            _ => Err(self.expected_after(
                "`=` (attribute) or a block label or `{` (block)",
                "the name",
                self.pos,
            )),
        }
    }

    /// `"=" Expression` after an attribute name (the newline is the caller's).
    fn attribute_rest(&mut self, name: Ident<'a>) -> Result<Attribute<'a>> {
        self.pos += 1; // '='
        self.ws_inline()?;
        let saved = self.nl_ignore;
        self.nl_ignore = false;
        let expr = self.expression()?;
        self.nl_ignore = saved;
        let span = Span::new(name.span.start, expr.span.end);
        Ok(Attribute { name, expr, span })
    }

    /// Labels, `{`, body, `}` and the newline after a block type name.
    fn block_rest(&mut self, ident: Ident<'a>) -> Result<Block<'a>> {
        let base = self.s_labels.len();
        loop {
            match self.cur() {
                b'{' => break,
                b'"' => {
                    let (value, span) = self.string_lit()?;
                    self.s_labels.push(BlockLabel::String { value, span });
                }
                _ if self.ident_starts_at(self.pos) => {
                    let l = BlockLabel::Ident(self.ident("a block label")?);
                    self.s_labels.push(l);
                }
                _ => {
                    return Err(self.expected_after(
                        "a block label or `{`",
                        if self.s_labels.len() == base {
                            "the block type"
                        } else {
                            "the block label"
                        },
                        self.pos,
                    ))
                }
            }
            self.ws_inline()?;
        }
        let labels = take_from(&mut self.s_labels, base);
        let open = self.pos;
        self.enter(open)?;
        self.pos += 1;
        self.ws_inline()?;
        let body_start = open + 1;
        let structures = if self.at_newline() {
            self.body_items(Some(open))?
        } else {
            self.one_line_body(open)?
        };
        let close = self.pos;
        debug_assert_eq!(self.cur(), b'}');
        self.pos += 1;
        self.leave();
        self.end_of_line("the block's closing `}`")?;
        Ok(Block {
            span: Span::new(ident.span.start, close + 1),
            ident,
            labels,
            body: Body {
                structures,
                span: Span::new(body_start, close),
            },
            open_brace: Span::new(open, open + 1),
            close_brace: Span::new(close, close + 1),
        })
    }

    /// The inside of a one-line block `{ name = expr }` (or `{}`), leaving
    /// the position at `}`.
    fn one_line_body(&mut self, open: usize) -> Result<Vec<Structure<'a>>> {
        if self.cur() == b'}' {
            return Ok(Vec::new());
        }
        if self.eof() {
            return Err(self.unclosed_block(open));
        }
        if !self.ident_starts_at(self.pos) {
            return Err(self.expected("an attribute, a newline or `}`", self.pos));
        }
        let name = self.ident("an attribute name")?;
        self.ws_inline()?;
        if !(self.cur() == b'=' && self.at(self.pos + 1) != b'=') {
            if matches!(self.cur(), b'{' | b'"') || self.ident_starts_at(self.pos) {
                return Err(self.error(
                    "a single-line block can contain only a single attribute, not a nested block \
                     (put the nested block on its own line)",
                    name.span,
                ));
            }
            return Err(self.expected_after("`=`", "the attribute name", self.pos));
        }
        let attr = self.attribute_rest(name)?;
        self.ws_inline()?;
        if self.cur() != b'}' {
            if self.eof() {
                return Err(self.unclosed_block(open));
            }
            let msg = if self.cur() == b',' || self.cur() == b';' {
                "a single-line block can contain only a single attribute; \
                 put each attribute on its own line"
                    .to_owned()
            } else {
                let (found, _) = self.describe(self.pos);
                format!("expected `}}` to end the single-line block, found {found}")
            };
            return Err(self.error(msg, Span::new(self.pos, self.pos + 1)));
        }
        Ok(vec![Structure::Attribute(attr)])
    }

    #[cold]
    fn unclosed_block(&self, open: usize) -> Error {
        self.unclosed("block", open, 1, "`}`", self.b.len())
    }

    /// Each attribute name may be defined only once in a body.
    fn check_duplicates(&self, items: &[Structure<'a>]) -> Result<()> {
        // Small bodies: compare against the names seen so far, kept in a
        // stack array; large ones fall back to a hash map.
        let mut seen: [&[u8]; 16] = [&[]; 16];
        let mut n = 0;
        for item in items {
            let Structure::Attribute(a) = item else {
                continue;
            };
            let x = a.name.name.as_bytes();
            if n == seen.len() {
                return self.check_duplicates_large(items);
            }
            for y in &seen[..n] {
                if x.len() == y.len() && x == *y {
                    return Err(self.duplicate_of(items, a));
                }
            }
            seen[n] = x;
            n += 1;
        }
        Ok(())
    }

    #[inline(never)]
    fn check_duplicates_large(&self, items: &[Structure<'a>]) -> Result<()> {
        let mut seen: std::collections::HashSet<&str> =
            std::collections::HashSet::with_capacity(items.len());
        for item in items {
            if let Structure::Attribute(a) = item {
                if !seen.insert(a.name.as_str()) {
                    return Err(self.duplicate_of(items, a));
                }
            }
        }
        Ok(())
    }

    /// The error for `second`, a redefinition of an earlier attribute in `items`.
    #[cold]
    fn duplicate_of(&self, items: &[Structure<'a>], second: &Attribute<'a>) -> Error {
        let first = items
            .iter()
            .find_map(|s| match s {
                Structure::Attribute(a) if a.name.name == second.name.name => Some(&a.name),
                _ => None,
            })
            .unwrap_or(&second.name);
        self.duplicate(first, &second.name)
    }

    #[cold]
    fn duplicate(&self, first: &Ident<'a>, second: &Ident<'a>) -> Error {
        let loc = Location::of(self.src, first.span.start);
        Error::at(
            ErrorKind::Parse,
            format!(
                "attribute `{}` is defined twice (first on line {}, column {}); \
                 each attribute may be set only once",
                second.name, loc.line, loc.column
            ),
            second.span,
            self.src,
        )
        .with_note("first defined here", Some(loc))
    }
}
