//! Comments inside and after items: the gaps between tokens scanned for
//! them, and where each is written.

use super::*;

impl<'s> Printer<'s> {
    /// The `/* */` comments of `src[from..to]` (text within one line
    /// between two tokens), each followed (`leading`) or preceded by a
    /// space. Nothing when the text holds anything else.
    pub(super) fn inline_comments(&mut self, from: usize, to: usize, leading: bool) {
        let Some(src) = self.layout_src() else { return };
        if from > to || !span_ok(Span::new(from, to), src) {
            return;
        }
        if let Some(items) = scan_gap(&src[from..to], true) {
            self.write_inline_comments(&items, leading);
        }
    }

    /// Writes the comments among `items` on the current line, each followed
    /// (`leading`) or preceded by a space.
    pub(super) fn write_inline_comments(&mut self, items: &[GapItem<'s>], leading: bool) {
        for it in items {
            if let GapItem::Comment(text) = *it {
                if !leading {
                    self.w(" ");
                }
                self.w(text);
                if leading {
                    self.w(" ");
                }
            }
        }
    }

    /// A comment right after an opening bracket at `*cursor - 1` stays on
    /// its line; `cursor` moves past it.
    pub(super) fn bracket_comment(&mut self, src: Option<&'s str>, cursor: &mut usize) {
        if let Some((t, next)) = src.and_then(|src| trailing_comment(src, *cursor, false)) {
            self.trailing(Some(t));
            *cursor = next;
        }
    }

    /// `[]` or `{}`; with the source, comments inside are kept, one per line.
    pub(super) fn empty_brackets(&mut self, span: Span, open: u8, close: u8) {
        let (o, c) = if open == b'[' { ("[", "]") } else { ("{", "}") };
        // `terraform fmt` keeps `{\n}` and any comments and blank lines inside.
        let inside = self.bracketed_src(span, open, close).and_then(|src| {
            scan_gap(&src[span.start() + 1..span.end() - 1], true).filter(|g| {
                g.iter()
                    .any(|i| matches!(i, GapItem::Comment(_) | GapItem::Newline))
            })
        });
        match inside {
            // Only `/* */` comments, on the line: they stay there (spaced
            // from braces, not from brackets).
            Some(items) if !items.iter().any(|i| matches!(i, GapItem::Newline)) => {
                self.open(o);
                for it in &items {
                    if let GapItem::Comment(text) = *it {
                        if !self.after_open_bracket() {
                            self.w(" ");
                        }
                        self.w(text);
                    }
                }
                if o == "{" {
                    self.w(" ");
                }
                self.close(c);
            }
            Some(items) => {
                self.open(o);
                // A comment right after the bracket stays on its line.
                let mut items = &items[..];
                if let [GapItem::Comment(text), GapItem::Newline, ..] = items {
                    self.trailing(Some(Trailing {
                        text,
                        line_comment: !text.starts_with("/*"),
                    }));
                    items = &items[1..];
                }
                self.newline();
                self.gap_comments(items, false);
                self.close(c);
            }
            None => {
                self.w(o);
                self.w(c);
            }
        }
    }
}

/// A comment after an item on the same line.
#[derive(Clone, Copy)]
pub(crate) struct Trailing<'s> {
    pub(super) text: &'s str,
    /// `#`/`//` comments are aligned by hclwrite; `/* */` ones are not.
    pub(super) line_comment: bool,
}

/// What the text between two body items holds.
#[derive(Clone, Copy)]
pub(super) enum GapItem<'s> {
    Newline,
    Comment(&'s str),
}

/// Whether `span` is a real, usable span of `src`.
pub(super) fn span_ok(span: Span, src: &str) -> bool {
    span.start() <= span.end()
        && span.end() <= src.len()
        && !(span.start() == 0 && span.end() == 0 && !src.is_empty())
        && src.is_char_boundary(span.start())
        && src.is_char_boundary(span.end())
}

/// Splits whitespace-and-comments text into newlines and comments; `None`
/// if anything else is in it (the gap spans items that were removed).
pub(super) fn scan_gap(gap: &str, commas: bool) -> Option<Vec<GapItem<'_>>> {
    let b = gap.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\n' => {
                items.push(GapItem::Newline);
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b',' if commas => i += 1,
            b'#' => {
                let end = gap[i..].find('\n').map_or(b.len(), |e| i + e);
                items.push(GapItem::Comment(gap[i..end].trim_end_matches('\r')));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = gap[i..].find('\n').map_or(b.len(), |e| i + e);
                items.push(GapItem::Comment(gap[i..end].trim_end_matches('\r')));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = gap[i + 2..].find("*/")? + i + 4;
                items.push(GapItem::Comment(&gap[i..end]));
                i = end;
            }
            _ => return None,
        }
    }
    Some(items)
}

/// A comment on the same line after position `end`, and where the text
/// after it starts.
pub(super) fn trailing_comment(
    src: &str,
    end: usize,
    comma: bool,
) -> Option<(Trailing<'_>, usize)> {
    let rest = &src[end..];
    let mut skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    if comma && rest[skip..].starts_with(',') {
        skip += 1;
        skip += rest[skip..].len() - rest[skip..].trim_start_matches([' ', '\t']).len();
    }
    let r = &rest[skip..];
    let start = end + skip;
    if r.starts_with('#') || r.starts_with("//") {
        let len = r.find('\n').unwrap_or(r.len());
        let text = r[..len].trim_end_matches('\r');
        return Some((
            Trailing {
                text,
                line_comment: true,
            },
            start + len,
        ));
    }
    if let Some(body) = r.strip_prefix("/*") {
        let len = body.find("*/")? + 4;
        let text = &r[..len];
        // Only a block comment that ends its line and stays on it.
        let after = r[len..].trim_start_matches([' ', '\t', '\r']);
        if text.contains('\n') || !(after.is_empty() || after.starts_with('\n')) {
            return None;
        }
        return Some((
            Trailing {
                text,
                line_comment: false,
            },
            start + len,
        ));
    }
    None
}
