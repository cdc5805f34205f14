//! The parser's input type: the source text, a position in it, the nesting
//! budget left and whether newlines are whitespace here, as one small `Copy`
//! value threaded through nom's combinators.

use nom::{IResult, Needed};

use super::error::PErr;
use super::scratch::Cx;

/// What the grammar reads: the source (in the context, [`Cx::src`]) and the
/// position `pos` in it. Positions stay absolute, so a node's span is the
/// input's position before and after it. The input is 16 bytes, so it and
/// a result holding it travel in registers.
///
/// Besides the position the input carries the parser's context, so that
/// every production is a plain function of its input:
/// - `budget`: nesting levels still allowed ([`super::ParseOptions::max_depth`]
///   minus the brackets, blocks and templates open around this point);
/// - `nl`: whether newlines (and line comments) are whitespace here: true
///   inside `()`, `[]`, `${}` and `for` expressions, false in attribute
///   values and object items, where a newline ends the item.
/// - `cx`: the arena and scratch stacks the tree is built with.
#[derive(Clone, Copy)]
pub(crate) struct In<'a> {
    pub(crate) cx: &'a Cx<'a>,
    pub(crate) pos: u32,
    /// The nesting budget (low 16 bits) and the newline mode (bit 16), in
    /// one word: with no padding in the input, copying it is two plain
    /// 8-byte moves (a 15-byte copy was two overlapping ones, and the
    /// loads after them stalled on store forwarding).
    state: u32,
}

/// The newline-mode bit of [`In::state`].
const NL: u32 = 1 << 16;

impl<'a> In<'a> {
    /// The input at the start of `src` (at most `u32::MAX` bytes: checked by
    /// the entry points).
    pub(crate) fn new(cx: &'a Cx<'a>, max_depth: usize) -> In<'a> {
        In {
            cx,
            pos: 0,
            state: u32::from(u16::try_from(max_depth).unwrap_or(u16::MAX)),
        }
    }

    /// Nesting levels still allowed here.
    #[inline(always)]
    pub(crate) fn budget(self) -> u16 {
        self.state as u16
    }

    /// Whether newlines (and line comments) are whitespace here.
    #[inline(always)]
    pub(crate) fn nl(self) -> bool {
        self.state & NL != 0
    }

    /// One nesting level deeper (the caller checks that the budget is not 0).
    #[inline(always)]
    pub(crate) fn entered(self) -> In<'a> {
        In {
            state: self.state - 1,
            ..self
        }
    }

    /// The nesting budget and newline mode of `outer`, at this position.
    #[inline(always)]
    pub(crate) fn in_context_of(self, outer: In<'a>) -> In<'a> {
        In {
            state: outer.state,
            ..self
        }
    }

    /// The whole source text.
    #[inline(always)]
    pub(crate) fn src(self) -> &'a str {
        self.cx.src
    }

    /// The position as an offset.
    #[inline(always)]
    pub(crate) fn at(self) -> usize {
        self.pos as usize
    }

    /// The byte at the position, or 0 at the end.
    #[inline(always)]
    pub(crate) fn cur(self) -> u8 {
        self.byte(self.pos as usize)
    }

    /// The byte at offset `i`, or 0 past the end.
    #[inline(always)]
    pub(crate) fn byte(self, i: usize) -> u8 {
        match self.src().as_bytes().get(i) {
            Some(&c) => c,
            None => 0,
        }
    }

    /// The bytes from the position on.
    #[inline(always)]
    pub(crate) fn rest(self) -> &'a [u8] {
        &self.src().as_bytes()[(self.pos as usize).min(self.src().len())..]
    }

    /// Whether the position is at the end.
    #[inline(always)]
    pub(crate) fn eof(self) -> bool {
        self.pos as usize >= self.src().len()
    }

    /// The same context at offset `i`.
    #[inline(always)]
    pub(crate) fn to(self, i: usize) -> In<'a> {
        In {
            pos: i as u32,
            ..self
        }
    }

    /// The same context `n` bytes further.
    #[inline(always)]
    pub(crate) fn skip(self, n: usize) -> In<'a> {
        self.to(self.pos as usize + n)
    }

    /// With newlines as whitespace (`true`) or as item ends (`false`).
    #[inline(always)]
    pub(crate) fn with_nl(self, nl: bool) -> In<'a> {
        In {
            state: (self.state & !NL) | if nl { NL } else { 0 },
            ..self
        }
    }
}

impl<'a> nom::Input for In<'a> {
    type Item = u8;
    type Iter = std::iter::Copied<std::slice::Iter<'a, u8>>;
    type IterIndices = std::iter::Enumerate<Self::Iter>;

    #[inline]
    fn input_len(&self) -> usize {
        self.src().len().saturating_sub(self.pos as usize)
    }

    #[inline]
    /// The input as it is: positions are absolute and the end is the
    /// source's, so this input cannot be cut short. The grammar uses no
    /// combinator that cuts its input (`take`, `tag`, `recognize`, ...).
    fn take(&self, _index: usize) -> Self {
        *self
    }

    #[inline]
    fn take_from(&self, index: usize) -> Self {
        self.skip(index)
    }

    #[inline]
    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.take_from(index), self.take(index))
    }

    #[inline]
    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(u8) -> bool,
    {
        self.rest().iter().position(|&b| predicate(b))
    }

    #[inline]
    fn iter_elements(&self) -> Self::Iter {
        self.rest().iter().copied()
    }

    #[inline]
    fn iter_indices(&self) -> Self::IterIndices {
        self.iter_elements().enumerate()
    }

    #[inline]
    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        if self.input_len() >= count {
            Ok(count)
        } else {
            Err(Needed::new(count - self.input_len()))
        }
    }
}

impl nom::Offset for In<'_> {
    fn offset(&self, second: &Self) -> usize {
        second.pos.saturating_sub(self.pos) as usize
    }
}

/// A plain nom result over [`In`], for the leaf scanners.
pub(crate) type LeafResult<'a, O> = IResult<In<'a>, O, PErr>;
