//! Where edits go in the text, and how edited lines are laid out.
//!
//! An edit replaces byte ranges; what it inserts is then laid out by the
//! crate's one formatter (byte-identical to `terraform fmt` on the corpus):
//! the lines an edit touched take the formatter's version, and the lines of
//! their group (the non-blank lines around them at the same indentation)
//! take it where it differs only in the spacing between tokens, which is
//! how an edit re-aligns the `=` signs and trailing comments beside it. No
//! other line changes.

use crate::error::Span;

/// The offset where the line holding `at` starts.
pub(super) fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// The offset where the line holding `at` ends: its line end (`\n` or
/// `\r\n`), or the end of the text.
pub(super) fn line_end(text: &str, at: usize) -> usize {
    match text[at..].find('\n') {
        Some(i) if i > 0 && text.as_bytes()[at + i - 1] == b'\r' => at + i - 1,
        Some(i) => at + i,
        None => text.len(),
    }
}

/// The offset where the line after the one holding `at` starts (the end
/// of the text on the last line).
fn next_line(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
}

/// Whether a line's text is only a comment (or nothing).
fn is_comment_or_blank(line: &str) -> bool {
    let l = line.trim();
    l.is_empty() || l.starts_with('#') || l.starts_with("//")
}

/// `item` extended over a `,` that follows it (whitespace between).
pub(super) fn with_comma(text: &str, item: Span) -> Span {
    let rest = &text[item.end()..];
    let skipped = rest.len() - rest.trim_start().len();
    if rest[skipped..].starts_with(',') {
        Span::new(item.start(), item.end() + skipped + 1)
    } else {
        item
    }
}

/// Where an item's leading decor starts: the first of the comment lines
/// directly above it (no blank line between), or its line's start; `None`
/// when something else comes before it on its line.
fn decor_start(text: &str, item: Span) -> Option<usize> {
    let mut start = line_start(text, item.start());
    if !text[start..item.start()].trim().is_empty() {
        return None;
    }
    while start > 0 {
        let prev = line_start(text, start - 1);
        let line = text[prev..start].trim();
        if line.starts_with('#') || line.starts_with("//") {
            start = prev;
        } else {
            break;
        }
    }
    Some(start)
}

/// `item` with the comment lines directly above it, when it starts its
/// line: what a copy or a move of it takes.
pub(super) fn with_comments(text: &str, item: Span) -> Span {
    Span::new(decor_start(text, item).unwrap_or(item.start()), item.end())
}

/// The range an item takes with its decor: when it has its lines to itself,
/// the comment lines directly above it, the rest of its line (a trailing
/// comment), and the blank line that would be left at the start or the end
/// of its body; otherwise the item alone.
pub(super) fn with_decor(text: &str, item: Span) -> Span {
    let Some(mut start) = decor_start(text, item) else {
        // Not on a line of its own (an attribute of a one-line block).
        return item;
    };
    if !is_comment_or_blank(&text[item.end()..line_end(text, item.end())]) {
        return item;
    }
    let mut end = next_line(text, item.end());
    let before = text[..start].trim_end();
    let after = text[end..].trim_start();
    let first = before.is_empty() || before.ends_with(['{', '[', '(']);
    let last = after.is_empty() || after.starts_with(['}', ']', ')']);
    if last && !first && start > 0 {
        // No blank line is left before the closing brace.
        let prev = line_start(text, start - 1);
        if text[prev..start].trim().is_empty() {
            start = prev;
        }
    } else if !last && end < text.len() {
        // Nor after the opening one, nor two blank lines where the item
        // stood between two.
        let blank_above = start > 0 && text[line_start(text, start - 1)..start].trim().is_empty();
        if (first || blank_above) && text[end..line_end(text, end)].trim().is_empty() {
            end = next_line(text, end);
        }
    }
    Span::new(start, end)
}

/// The number of the line holding byte `at` (0-based).
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// `text` with the lines that `touched` (byte ranges of what edits
/// inserted) cover laid out as in `formatted`, and the lines of their
/// groups re-spaced as there; `None` when nothing changes or the two texts
/// do not have the same lines (the formatter keeps line breaks, so they
/// always do).
pub(super) fn lay_out(text: &str, formatted: &str, touched: &[(usize, usize)]) -> Option<String> {
    if text == formatted {
        return None;
    }
    let old: Vec<&str> = text.split('\n').collect();
    let new: Vec<&str> = formatted.split('\n').collect();
    if old.len() != new.len() {
        return None;
    }
    #[derive(Clone, Copy, PartialEq)]
    enum Take {
        Old,
        Spacing,
        New,
    }
    let indent = |l: &str| l.len() - l.trim_start().len();
    // A group: the non-blank lines around, at the same indentation (the
    // items of the same body or object).
    let sibling =
        |k: usize, of: usize| !old[k].trim().is_empty() && indent(new[k]) == indent(new[of]);
    let mut take = vec![Take::Old; old.len()];
    for &(s, e) in touched {
        let (first, last) = (line_of(text, s), line_of(text, e));
        for t in &mut take[first..=last] {
            *t = Take::New;
        }
        // Where something was removed, the group may be the one above.
        let above = if s == e && first > 0 {
            first - 1
        } else {
            first
        };
        let mut up = first;
        while up > 0 && sibling(up - 1, above) {
            up -= 1;
            if take[up] == Take::Old {
                take[up] = Take::Spacing;
            }
        }
        let mut down = last;
        while down + 1 < old.len() && sibling(down + 1, last) {
            down += 1;
            if take[down] == Take::Old {
                take[down] = Take::Spacing;
            }
        }
    }
    let mut out = String::with_capacity(formatted.len());
    for (i, (o, n)) in old.iter().zip(&new).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let respaced =
            || o[..indent(o)] == n[..indent(n)] && o.split_whitespace().eq(n.split_whitespace());
        out.push_str(match take[i] {
            Take::New => n,
            Take::Spacing if respaced() => n,
            _ => o,
        });
    }
    (out != text).then_some(out)
}
