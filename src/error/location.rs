//! Where an offset is in its text: line, column (in grapheme clusters)
//! and byte offset, found once per text in source order.

use unicode_segmentation::UnicodeSegmentation;

/// A position in the source: 1-based line and column (in characters), and byte offset.
///
/// ```
/// use hcl::error::Location;
/// let src = "flag = \"🇫🇷\" + x";
/// let l = Location::of(src, src.find('+').unwrap());
/// assert_eq!(l, Location { line: 1, column: 12, offset: 18 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in grapheme clusters as Go's HCL and
    /// Terraform count it (a TAB is one column, so is `é` written as `e`
    /// and a combining accent, so is a flag emoji).
    pub column: usize,
    /// 0-based byte offset.
    pub offset: usize,
}

impl Location {
    /// Computes the location of byte `offset` in `source`. Offsets past the
    /// end are clamped; offsets inside a character go to its start.
    ///
    /// ```
    /// let loc = hcl::error::Location::of("a = 1\nb = x\n", 10);
    /// assert_eq!((loc.line, loc.column), (2, 5));
    /// ```
    pub fn of(source: &str, offset: usize) -> Location {
        LineCursor::default().locate(source, offset)
    }

    /// The location `self`, a place in a text that starts at `start` of a
    /// file, has in the file.
    pub(crate) fn within(self, start: Location) -> Location {
        Location {
            line: self.line + start.line - 1,
            column: if self.line == 1 {
                self.column + start.column - 1
            } else {
                self.column
            },
            offset: self.offset + start.offset,
        }
    }

    /// The reverse of [`Location::within`]: the location `self`, a place
    /// in a text made of files one after another, has in the file that
    /// starts at `start` of it (each file starting a line).
    pub(crate) fn in_file(self, start: Location) -> Location {
        Location {
            line: self.line.saturating_sub(start.line - 1).max(1),
            column: self.column,
            offset: self.offset.saturating_sub(start.offset),
        }
    }
}

impl Default for Location {
    /// The start of a text: line 1, column 1, offset 0.
    fn default() -> Location {
        Location {
            line: 1,
            column: 1,
            offset: 0,
        }
    }
}

/// The [`Location`]s of many offsets in one text: locating offsets in
/// source order reads the text once, however many there are (each offset
/// is found from the last one located), so a million references or
/// errors cost one pass. [`Location::of`] is one offset alone.
///
/// ```
/// use hcl::error::Locator;
/// let src = "a = 1\nb = var.x + var.y\n";
/// let at = Locator::new(src);
/// let x = at.locate(src.find("var.x").unwrap());
/// let y = at.locate(src.find("var.y").unwrap());
/// assert_eq!((x.line, x.column, y.line, y.column), (2, 5, 2, 13));
/// // Any order works; an offset before the last one costs its distance.
/// assert_eq!(at.locate(0).line, 1);
/// ```
pub struct Locator<'s> {
    source: &'s str,
    cursor: LineCursor,
}

impl<'s> Locator<'s> {
    /// A locator of offsets in `source`.
    pub fn new(source: &'s str) -> Locator<'s> {
        Locator {
            source,
            cursor: LineCursor::default(),
        }
    }

    /// The text offsets are located in.
    pub fn source(&self) -> &'s str {
        self.source
    }

    /// The [`Location`] of byte `offset` (clamped to the text, and to the
    /// start of a character), as [`Location::of`] gives it.
    pub fn locate(&self, offset: usize) -> Location {
        self.cursor.locate(self.source, offset)
    }
}

/// The columns `s` takes, in grapheme clusters (as HCL counts columns,
/// and hclwrite to align `=` and comments) in a line's text or part of it.
pub(crate) fn columns(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.graphemes(true).count()
    }
}

/// How many `\n` bytes `bytes` has: counted in bytes a block at a time
/// (which compilers vectorize; a `usize` per byte does not).
pub(crate) fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

/// Locations of offsets in one text, asked for in any order: each is
/// found from the last one asked for (lines counted from there, and the
/// column too when it is further on the same line), so locating offsets
/// in source order reads the text once.
#[derive(Default)]
pub(crate) struct LineCursor {
    /// The last offset located, the start of its line, the line's number
    /// (0-based) and the offset's column (0 before the first).
    at: std::cell::Cell<Cursor>,
}

#[derive(Clone, Copy, Default)]
struct Cursor {
    offset: usize,
    line_start: usize,
    line: usize,
    column: usize,
}

impl LineCursor {
    /// A cursor at `line_start`, where line `line` (0-based) starts: what
    /// it locates after it, it finds from there.
    pub(crate) fn at_line(line_start: usize, line: usize) -> LineCursor {
        LineCursor {
            at: std::cell::Cell::new(Cursor {
                offset: line_start,
                line_start,
                line,
                column: 0,
            }),
        }
    }

    /// The [`Location`] of byte `offset` in `source` (clamped to it, and to
    /// the start of a character).
    pub(crate) fn locate(&self, source: &str, offset: usize) -> Location {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let bytes = source.as_bytes();
        let mut c = self.at.get();
        if c.offset > source.len() {
            c = Cursor::default();
        }
        // A byte order mark that starts the text takes no column (as HCL,
        // which skips it, counts).
        let line_text_start = |line_start: usize| {
            if line_start == 0 && offset >= 3 && source.starts_with('\u{feff}') {
                3
            } else {
                line_start
            }
        };
        let mut resume = None;
        if offset >= c.offset {
            let between = &bytes[c.offset..offset];
            match between.iter().rposition(|&b| b == b'\n') {
                Some(p) => {
                    c.line += count_newlines(between);
                    c.line_start = c.offset + p + 1;
                }
                // The same line, further on, from a place that is surely
                // between two grapheme clusters (two ASCII characters,
                // not CR LF).
                None if c.column > 0
                    && c.offset > line_text_start(c.line_start)
                    && bytes.get(c.offset).is_some_and(u8::is_ascii)
                    && bytes[c.offset - 1].is_ascii()
                    && bytes[c.offset - 1] != b'\r' =>
                {
                    resume = Some((c.offset, c.column));
                }
                None => {}
            }
        } else if offset < c.line_start {
            c.line -= count_newlines(&bytes[offset..c.line_start]);
            c.line_start = bytes[..offset]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
        }
        let column = match resume {
            Some((from, column)) => column + columns(&source[from..offset]),
            None => 1 + columns(&source[line_text_start(c.line_start)..offset]),
        };
        c.offset = offset;
        c.column = column;
        self.at.set(c);
        Location {
            line: c.line + 1,
            column,
            offset,
        }
    }
}
