//! Where a piece of source text is: a byte range, as every syntax node and
//! every diagnostic carries one.

use std::fmt;

/// A half-open byte range `start..end` into the source text, in 32 bits
/// (the parser rejects inputs over 4 GiB).
///
/// ```
/// let src = "name = \"web\"\n";
/// let file = hcl::parse(src).unwrap();
/// let body = file.body();
/// let span = body.attribute("name").unwrap().expr.span;
/// assert_eq!((span.start(), span.end()), (7, 12));
/// assert_eq!(&src[span.range()], "\"web\"");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` (offsets beyond `u32::MAX` are cut to
    /// it).
    ///
    /// ```
    /// let s = hcl::Span::new(2, 5);
    /// assert_eq!(s.len(), 3);
    /// ```
    #[inline]
    pub const fn new(start: usize, end: usize) -> Span {
        Span {
            start: if start > u32::MAX as usize {
                u32::MAX
            } else {
                start as u32
            },
            end: if end > u32::MAX as usize {
                u32::MAX
            } else {
                end as u32
            },
        }
    }

    /// The offset of the first byte, as a `usize`.
    ///
    /// ```
    /// assert_eq!(hcl::Span::new(2, 5).start(), 2);
    /// ```
    #[inline]
    pub const fn start(&self) -> usize {
        self.start as usize
    }

    /// The offset one past the last byte, as a `usize`.
    ///
    /// ```
    /// assert_eq!(hcl::Span::new(2, 5).end(), 5);
    /// ```
    #[inline]
    pub const fn end(&self) -> usize {
        self.end as usize
    }

    /// Number of bytes covered.
    ///
    /// ```
    /// assert_eq!(hcl::Span::new(2, 5).len(), 3);
    /// assert_eq!(hcl::Span::new(5, 2).len(), 0);
    /// ```
    #[inline]
    pub const fn len(&self) -> usize {
        self.end.saturating_sub(self.start) as usize
    }

    /// Whether the span is empty.
    ///
    /// ```
    /// use hcl::Span;
    /// assert!(Span::new(3, 3).is_empty());
    /// assert!(!Span::new(3, 4).is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.end <= self.start
    }

    /// The smallest span covering both `self` and `other`.
    ///
    /// ```
    /// use hcl::Span;
    /// assert_eq!(Span::new(2, 5).to(Span::new(8, 10)), Span::new(2, 10));
    /// assert_eq!(Span::new(8, 10).to(Span::new(2, 5)), Span::new(2, 10));
    /// ```
    #[inline]
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// As a `Range<usize>`, for slicing the source.
    ///
    /// ```
    /// let src = "port = 8080";
    /// assert_eq!(&src[hcl::Span::new(7, 11).range()], "8080");
    /// ```
    #[inline]
    pub const fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<std::ops::Range<usize>> for Span {
    fn from(r: std::ops::Range<usize>) -> Span {
        Span::new(r.start, r.end)
    }
}

impl From<Span> for std::ops::Range<usize> {
    fn from(s: Span) -> std::ops::Range<usize> {
        s.range()
    }
}
