//! The structural language: `ConfigFile`, `Body`, `Attribute`, `Block`
//! and `OneLineBlock`.

use nom::branch::alt;
use nom::combinator::peek;
use nom::sequence::{preceded, terminated};
use nom::{Mode, OutputMode, Parser};

use crate::stack::with_stack;
use crate::syntax::{Attribute, Block, BlockLabel, Body, Ident, Span, Structure};

use super::combinator::{collect, enter, leaf, leave, nl_scope, stop, Emitting, ErrOf, Res};
use super::error::{Kind, Opener, PErr};
use super::expr::{simple_value, Expr};
use super::input::In;
use super::lexer::{
    at_newline, end_of_line, ident, ident_in, ident_starts_at, punct, ws_inline, ws_nl,
};
use super::template::StringLit;

/// `ConfigFile = Body`: the whole input.
pub(crate) struct ConfigFile;

impl<'a> Parser<In<'a>> for ConfigFile {
    type Output = Body<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Body<'a>> {
        // (From the input's start: after a byte order mark, if any.)
        let (from, len) = (i.at(), i.src().len());
        let (j, structures) = BodyItems { open: None }.process::<OM>(i)?;
        let out = OM::Output::map(structures, |structures| Body {
            structures,
            span: Span::new(from, len),
        });
        Ok((j, out))
    }
}

/// The attribute names of one body, for the check that each is defined
/// once: on the stack for the usual small body.
struct Names {
    small: [Span; 16],
    n: usize,
    more: Vec<Span>,
}

impl Names {
    fn new() -> Names {
        Names {
            small: [Span::default(); 16],
            n: 0,
            more: Vec::new(),
        }
    }

    #[inline]
    fn push(&mut self, span: Span) {
        if self.n < self.small.len() {
            self.small[self.n] = span;
            self.n += 1;
        } else {
            self.more.push(span);
        }
    }

    /// The first redefinition in source order, as an error.
    fn check(&self, src: &str) -> Option<PErr> {
        let text = |s: &Span| &src.as_bytes()[s.range()];
        if self.more.is_empty() {
            let names = &self.small[..self.n];
            for (k, second) in names.iter().enumerate() {
                if let Some(first) = names[..k].iter().find(|f| text(f) == text(second)) {
                    return Some(duplicate(*first, *second));
                }
            }
            return None;
        }
        // Sorted by name (stably: equal names stay in source order), each
        // name's second occurrence is its first redefinition; the earliest
        // of those is reported. No hashing, so no input is slow.
        let mut all: Vec<Span> = self.small.iter().chain(&self.more).copied().collect();
        all.sort_by(|a, b| text(a).cmp(text(b)));
        all.windows(2)
            .filter(|w| text(&w[0]) == text(&w[1]))
            .map(|w| (w[0], w[1]))
            .fold(None::<(Span, Span)>, |best, (first, second)| match best {
                Some((_, s)) if s.start() <= second.start() => best,
                _ => Some((first, second)),
            })
            .map(|(first, second)| duplicate(first, second))
    }
}

#[cold]
fn duplicate(first: Span, second: Span) -> PErr {
    PErr::span(Kind::Duplicate, second.start(), second.end()).opened_at(first.start())
}

/// `Body = (Attribute | Block | OneLineBlock)*`, up to the end of the
/// file (`open == None`) or the `}` closing the block opened at `open`
/// (the input is left at the `}`).
struct BodyItems {
    open: Option<usize>,
}

impl<'a> Parser<In<'a>> for BodyItems {
    type Output = &'a [Structure<'a>];
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, &'a [Structure<'a>]> {
        let cx = i.cx;
        let base = cx.mark::<Structure<'a>>();
        let mut names = Names::new();
        let mut i = i;
        loop {
            let (j, ()) = leaf::<OM, _>(ws_nl(i))?;
            i = j;
            match (j.cur(), self.open) {
                (_, None) if j.eof() => break,
                (_, Some(open)) if j.eof() => return stop::<_, OM>(unclosed_block(j, open)),
                (b'}', Some(_)) => break,
                _ => {}
            }
            let (j, name, item) = structure::<OM>(j)?;
            if let Some(span) = name {
                names.push(span);
            }
            OM::Output::map(item, |s| cx.push(s));
            i = j;
        }
        if let Some(e) = names.check(i.src()) {
            return stop::<_, OM>(e);
        }
        Ok((i, OM::Output::bind(|| cx.finish(base))))
    }
}

/// The top-level items of a file from the input's position on, up to the
/// first that starts at or after `until` (or the end of the file): the
/// items, and the spans of the attribute names read, for a duplicate check
/// over the whole file ([`duplicate_names`]). Streaming evaluation parses a
/// file this way, a chunk at a time.
pub(crate) struct TopItems<'n> {
    pub(crate) until: usize,
    pub(crate) names: &'n mut Vec<Span>,
}

impl<'a> Parser<In<'a>> for TopItems<'_> {
    type Output = &'a [Structure<'a>];
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, &'a [Structure<'a>]> {
        let cx = i.cx;
        let base = cx.mark::<Structure<'a>>();
        let mut i = i;
        loop {
            let (j, ()) = leaf::<OM, _>(ws_nl(i))?;
            i = j;
            if j.eof() || j.at() >= self.until {
                break;
            }
            let (j, name, item) = structure::<OM>(j)?;
            if let Some(span) = name {
                self.names.push(span);
            }
            OM::Output::map(item, |s| cx.push(s));
            i = j;
        }
        Ok((i, OM::Output::bind(|| cx.finish(base))))
    }
}

/// The first attribute name of `names` (a body's, in source order) defined
/// twice, as an error.
pub(crate) fn duplicate_names(names: &[Span], src: &str) -> Option<PErr> {
    let mut all = Names::new();
    for &n in names {
        all.push(n);
    }
    all.check(src)
}

#[cold]
fn unclosed_block(at_end: In<'_>, open: usize) -> PErr {
    PErr::at(
        Kind::Unclosed(&(Opener::Block, "`}`")),
        at_end.to(at_end.src().len()),
    )
    .opened_at(open)
}

/// One attribute or block: the input after it, the attribute's name span
/// (for the duplicate check, in both modes) and the item.
#[allow(clippy::type_complexity)]
fn structure<'a, OM: OutputMode>(
    i: In<'a>,
) -> Result<
    (
        In<'a>,
        Option<Span>,
        <OM::Output as Mode>::Output<Structure<'a>>,
    ),
    ErrOf<OM>,
> {
    if !ident_starts_at(i.src(), i.at()) {
        return stop::<_, OM>(PErr::at(
            Kind::Expected("an attribute or block definition"),
            i,
        ));
    }
    let (j, name) = leaf::<OM, _>(ident_in(i, "an attribute or block name"))?;
    let (j, ()) = leaf::<OM, _>(ws_inline(j))?;
    match j.cur() {
        b'=' if j.byte(j.at() + 1) != b'=' => {
            let span = name.span;
            let (k, attr) = terminated(
                AttributeRest { name },
                end_of_line(&("a newline", "the attribute value")),
            )
            .process::<OM>(j)?;
            Ok((k, Some(span), OM::Output::map(attr, Structure::Attribute)))
        }
        b'{' | b'"' => {
            let (k, b) = BlockRest { ident: name }.process::<OM>(j)?;
            Ok((k, None, OM::Output::map(b, Structure::Block)))
        }
        _ if ident_starts_at(j.src(), j.at()) => {
            let (k, b) = BlockRest { ident: name }.process::<OM>(j)?;
            Ok((k, None, OM::Output::map(b, Structure::Block)))
        }
        _ => stop::<_, OM>(PErr::at(
            Kind::ExpectedAfter(&(
                "`=` (attribute) or a block label or `{` (block)",
                "the name",
            )),
            j,
        )),
    }
}

/// `Attribute = Identifier "=" Expression`, after the name (the newline is
/// the caller's); the input is at `=`.
struct AttributeRest<'a> {
    name: Ident<'a>,
}

impl<'a> Parser<In<'a>> for AttributeRest<'a> {
    type Output = Attribute<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Attribute<'a>> {
        let (j, ()) = leaf::<OM, _>(ws_inline(i.skip(1)))?;
        let (j, expr) = match simple_value::<OM>(j) {
            Some(r) => r,
            None => nl_scope(false, Expr).process::<OM>(j)?,
        };
        let name = self.name;
        let out = OM::Output::map(expr, |expr| Attribute { name, expr });
        Ok((j, out))
    }
}

/// A block label: `StringLit | Identifier`.
fn block_label<'a>() -> impl Parser<In<'a>, Output = BlockLabel<'a>, Error = PErr> {
    alt((
        preceded(peek(punct("\"")), StringLit)
            .map(|(value, span)| BlockLabel::String { value, span }),
        ident("a block label").map(BlockLabel::Ident),
    ))
}

/// `Block` / `OneLineBlock` after the type name: labels, `{`, the body, `}`
/// and the newline.
struct BlockRest<'a> {
    ident: Ident<'a>,
}

impl<'a> Parser<In<'a>> for BlockRest<'a> {
    type Output = Block<'a>;
    type Error = PErr;

    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, Block<'a>> {
        let (j, labels) = collect(terminated(block_label(), ws_inline)).process::<OM>(i)?;
        if j.cur() != b'{' {
            let after: &'static (&'static str, &'static str) = if j.at() == i.at() {
                &("a block label or `{`", "the block type")
            } else {
                &("a block label or `{`", "the block label")
            };
            return stop::<_, OM>(PErr::at(Kind::ExpectedAfter(after), j));
        }
        let open = j.at();
        let inner = enter::<OM>(j)?;
        let (k, ()) = leaf::<OM, _>(ws_inline(inner.skip(1)))?;
        let (k, structures) = with_stack(|| {
            if at_newline(k) {
                BodyItems { open: Some(open) }.process::<OM>(k)
            } else {
                one_line_body::<OM>(k, open)
            }
        })?;
        let close = k.at();
        let k = leave(k.skip(1), j);
        let (k, ()) =
            leaf::<OM, _>(end_of_line(&("a newline", "the block's closing `}`")).parse(k))?;
        let ident = self.ident;
        let out = OM::Output::combine(labels, structures, |labels, structures| Block {
            ident,
            labels,
            body: Body {
                structures,
                span: Span::new(open + 1, close),
            },
        });
        Ok((k, out))
    }
}

/// The inside of a one-line block `{ name = expr }` (or `{}`), leaving the
/// input at `}`.
fn one_line_body<'a, OM: OutputMode>(i: In<'a>, open: usize) -> Res<'a, OM, &'a [Structure<'a>]> {
    if i.cur() == b'}' {
        return Ok((i, OM::Output::bind(|| &[][..])));
    }
    if i.eof() {
        return stop::<_, OM>(unclosed_block(i, open));
    }
    if !ident_starts_at(i.src(), i.at()) {
        return stop::<_, OM>(PErr::at(
            Kind::Expected("an attribute, a newline or `}`"),
            i,
        ));
    }
    let (j, name) = ident("an attribute name").process::<Emitting<OM>>(i)?;
    let (j, ()) = leaf::<OM, _>(ws_inline(j))?;
    if !(j.cur() == b'=' && j.byte(j.at() + 1) != b'=') {
        if matches!(j.cur(), b'{' | b'"') || ident_starts_at(j.src(), j.at()) {
            return stop::<_, OM>(PErr::span(
                Kind::Message(&(
                    "Argument definition required",
                    "a single-line block can contain only a single attribute, not a nested block \
                     (put the nested block on its own line)",
                )),
                name.span.start(),
                name.span.end(),
            ));
        }
        return stop::<_, OM>(PErr::at(
            Kind::ExpectedAfter(&("`=`", "the attribute name")),
            j,
        ));
    }
    let (j, attr) = AttributeRest { name }.process::<OM>(j)?;
    let (j, ()) = leaf::<OM, _>(ws_inline(j))?;
    if j.cur() != b'}' {
        if j.eof() {
            return stop::<_, OM>(unclosed_block(j, open));
        }
        if j.cur() == b',' || j.cur() == b';' {
            return stop::<_, OM>(PErr::span(
                Kind::Message(&(
                    "Invalid single-argument block definition",
                    "a single-line block can contain only a single attribute; \
                     put each attribute on its own line",
                )),
                j.at(),
                j.at() + 1,
            ));
        }
        return stop::<_, OM>(PErr::at(Kind::OneLineBlockEnd, j));
    }
    let arena = i.cx.arena;
    Ok((
        j,
        OM::Output::map(attr, |a| arena.alloc_slice(&[Structure::Attribute(a)])),
    ))
}
