//! Every syntax error of a file: after the first, the parser goes on at
//! the next top-level item, as Go's HCL recovers, and each broken item
//! gives one error. This runs only once a parse has failed: a file without
//! errors pays nothing.

use crate::error::{Error, ErrorKind};
use crate::syntax::Arena;

use super::ParseOptions;

/// `first`, the error of parsing `input`, followed by the errors of the
/// other broken top-level items (each the first error of that item, as
/// parsing it alone would report it), in the order of the file.
#[cold]
pub(crate) fn every_error(input: &str, options: &ParseOptions, first: Error) -> Error {
    recover(input, options, first).0
}

/// [`every_error`], and `input` with what failed read as blank (each
/// broken item's lines that were set aside, or the whole item where that
/// did not make it parse): the text of a partial tree, every item of
/// which has the offsets it has in `input`.
#[cold]
pub(crate) fn recover(input: &str, options: &ParseOptions, first: Error) -> (Error, String) {
    let mut blanked = input.to_owned();
    if first.kind() != ErrorKind::Parse {
        return (first, blanked);
    }
    let Some(at) = first.offset() else {
        return (first, blanked);
    };
    let mut all = first;
    let mut arena = Arena::new();
    let mut names = Vec::new();
    let mut from = super::bom_len(input);
    // The items are parsed one at a time (an item stops the parse at the
    // next one's start); a broken one is skipped to its end.
    while from < input.len() {
        let start = item_start(input, from);
        if start >= input.len() {
            break;
        }
        let r = super::parse_top_items(&arena, input, start, start + 1, &mut names, options)
            .map(|(_, next)| ((), next));
        arena.reset();
        match r {
            Ok((_, next)) if next > start => from = next,
            Ok(_) => break,
            Err(e) => {
                let e_at = e.offset().unwrap_or(start);
                // Brackets that never close: Go's HCL recovers by looking
                // for the closing bracket, which takes the rest of the
                // file; nothing after is reported.
                if e_at >= at && never_closes(input.as_bytes(), &e) {
                    if e_at > at && all.count() < MAX_ERRORS {
                        all = all.and(e);
                    }
                    let len = blanked.len();
                    blank(&mut blanked, start.min(len), len);
                    break;
                }
                let end = item_end(input.as_bytes(), start, e_at);
                // The first error was found by the whole parse; the errors
                // before it would be found again.
                if e_at >= at {
                    let (mut more, item) = errors_inside(input, options, start, end, e_at);
                    let stop = more.iter().position(|m| never_closes(input.as_bytes(), m));
                    if let Some(i) = stop {
                        more.truncate(i + 1);
                    }
                    let found = (e_at > at).then_some(e).into_iter().chain(more);
                    for e in found {
                        if all.count() < MAX_ERRORS {
                            all = all.and(e);
                        }
                    }
                    if stop.is_some() {
                        let len = blanked.len();
                        blank(&mut blanked, start.min(len), len);
                        break;
                    }
                    let end = end.min(blanked.len());
                    match item {
                        // The item parses with its broken lines set aside.
                        Some(text) => blanked.replace_range(start..end, &text[start..end]),
                        None => blank(&mut blanked, start, end),
                    }
                }
                if end <= start {
                    break;
                }
                from = end;
            }
        }
    }
    (all, blanked)
}

/// Whether `e` is about a bracket that no bracket of its kind closes
/// later in `b` (pairs of the same kind counted, strings, heredocs and
/// comments skipped), as Go's HCL's recovery looks for it.
fn never_closes(b: &[u8], e: &Error) -> bool {
    let Some(open) = e.unclosed_bracket() else {
        return false;
    };
    let (opener, closer) = match b.get(open) {
        Some(b'(') => (b'(', b')'),
        Some(b'[') => (b'[', b']'),
        Some(b'{') => (b'{', b'}'),
        _ => return false,
    };
    let mut depth = 0usize;
    let mut i = open + 1;
    while i < b.len() {
        if let Some(end) = opaque_end(b, i) {
            i = end.max(i + 1);
            continue;
        }
        match b[i] {
            c if c == opener => depth += 1,
            c if c == closer => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
        i += 1;
    }
    true
}

/// `text[from..to]` read as blank: each byte a space, newlines kept.
fn blank(text: &mut String, from: usize, to: usize) {
    let spaces: String = text.as_bytes()[from..to]
        .iter()
        .map(|&c| if c == b'\n' { '\n' } else { ' ' })
        .collect();
    text.replace_range(from..to, &spaces);
}

/// Errors reported for a file, at most.
const MAX_ERRORS: usize = 1000;

/// Lines of one item set aside to find its further errors, at most.
const MAX_RETRIES: usize = 100;

/// The errors of the broken item from `start` to `end` after its first, at
/// `failed`: the lines inside the item that fail are set aside (read as
/// blank) — the failing line, or with the lines after it up to where the
/// brackets it opens close (a heredoc's too), or from a line before it
/// when it continues one — and the item parsed again, as long as each new
/// error comes after the last (the lines that open or close the item are
/// never set aside: the errors after them would be the parser's
/// confusion, not the file's).
fn errors_inside(
    input: &str,
    options: &ParseOptions,
    start: usize,
    end: usize,
    failed: usize,
) -> (Vec<Error>, Option<String>) {
    let mut found = Vec::new();
    let mut text = input
        .get(..end.min(input.len()))
        .unwrap_or_default()
        .to_owned();
    let first_line_end = line_break(text.as_bytes(), start);
    let mut at = failed;
    // Bytes the searches for what to set aside may read, in all: a few
    // times the item's size (what parsing it again costs anyway).
    let mut budget = 8 * (end - start) + 4096;
    let arena = Arena::new();
    for _ in 0..MAX_RETRIES {
        let Some((from, to)) = aside(text.as_bytes(), first_line_end, at, &mut budget) else {
            break;
        };
        // The lines read as blank (offsets and line breaks kept).
        blank(&mut text, from, to);
        let mut names = Vec::new();
        match super::parse_top_items(&arena, &text, start, start + 1, &mut names, options) {
            Ok(_) => return (found, Some(text)),
            Err(e) => match e.offset() {
                Some(next) if next > to => {
                    at = next;
                    found.push(e);
                }
                _ => break,
            },
        }
    }
    (found, None)
}

/// Lines searched back from a failure for the start of what to set aside,
/// at most.
const MAX_LINES_BACK: usize = 50;

/// The lines to set aside for the failure at `at` (after the item's first
/// line, which ends at `first_line_end`): from the start of the failing
/// line, or of the nearest line before it, to the end of the first line
/// where the brackets opened since then are closed, past `at`; `None` when
/// there is no such span inside the item, or `budget` (bytes to read) runs
/// out.
fn aside(b: &[u8], first_line_end: usize, at: usize, budget: &mut usize) -> Option<(usize, usize)> {
    let at = at.min(b.len());
    let mut from = b[..at]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1);
    for _ in 0..MAX_LINES_BACK {
        if from <= first_line_end {
            return None;
        }
        let (end, read) = aside_end(b, from, *budget);
        *budget = budget.checked_sub(read)?;
        match end {
            Some(to) if to >= at && to < b.len() => return Some((from, to)),
            _ => {}
        }
        // The line before.
        from = b[..from - 1]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
    }
    None
}

/// The end (its newline) of the first line, from the line start `from`, at
/// which every bracket opened since `from` is closed, strings, heredocs
/// and comments read as [`item_end`] reads them; `None` when a bracket
/// closes one opened before `from` or of another kind (the line closes
/// the item, or the brackets do not match), or the text ends first, or
/// `limit` bytes are read first; with the number of bytes read.
fn aside_end(b: &[u8], from: usize, limit: usize) -> (Option<usize>, usize) {
    let mut open: Vec<u8> = Vec::new();
    let mut i = from;
    let stop = b.len().min(from.saturating_add(limit));
    while i < stop {
        if let Some(end) = opaque_end(b, i) {
            i = end;
            continue;
        }
        match b[i] {
            c @ (b'{' | b'[' | b'(') => open.push(c),
            c @ (b'}' | b']' | b')') => {
                let opener = match c {
                    b'}' => b'{',
                    b']' => b'[',
                    _ => b'(',
                };
                if open.pop() != Some(opener) {
                    return (None, i - from);
                }
            }
            b'\n' if open.is_empty() => return (Some(i), i - from),
            _ => {}
        }
        i += 1;
    }
    (None, i - from)
}

/// The start of the next top-level item at or after `from` (past spaces,
/// newlines and comments, as the lexer skips them; an unterminated
/// comment is where the next item's error is).
fn item_start(input: &str, from: usize) -> usize {
    super::lexer::skip_nl(input.as_bytes(), from).unwrap_or_else(|at| at)
}

/// The end of the broken top-level item that starts at `start` and fails
/// at `failed`: after the brace that closes it, or the end of its line for
/// an attribute; where its braces never close, the next line after the
/// failure that starts in the first column with something other than a
/// closing brace (a top-level item as `terraform fmt` writes it), or after
/// such a closing brace.
fn item_end(b: &[u8], start: usize, failed: usize) -> usize {
    let mut depth: i64 = 0;
    let mut i = start;
    while i < b.len() {
        if let Some(end) = opaque_end(b, i) {
            i = end;
            continue;
        }
        match b[i] {
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => {
                depth -= 1;
                if depth <= 0 && b[i] == b'}' {
                    return line_break(b, i);
                }
            }
            b'\n' if depth <= 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    // The braces never close: the next top-level line after the failure.
    let mut p = line_break(b, failed);
    while p < b.len() {
        let line = p + 1;
        match b.get(line) {
            Some(b'}') => return line_break(b, line),
            Some(c) if !c.is_ascii_whitespace() && *c != b'#' && *c != b'/' => return line,
            _ => p = line_break(b, line),
        }
    }
    b.len()
}

/// Where what starts at `i` and holds no brackets of the item's ends: a
/// comment (`#`, `//` to the line's end, `/* */`), a quoted string (its
/// interpolations' braces balanced), a heredoc (its closing line; `<<`
/// alone is passed); `None` for anything else.
fn opaque_end(b: &[u8], i: usize) -> Option<usize> {
    let next = b.get(i + 1).copied();
    Some(match (b[i], next) {
        (b'#', _) | (b'/', Some(b'/')) => line_break(b, i),
        (b'/', Some(b'*')) => super::lexer::block_comment_end(b, i).unwrap_or(b.len()),
        (b'"', _) => string_end(b, i + 1),
        (b'<', Some(b'<')) => heredoc_end(b, i + 2).unwrap_or(i + 2),
        _ => return None,
    })
}

/// The offset of the newline ending the line `i` is on (or the end;
/// the lexer's `line_end` is past it).
fn line_break(b: &[u8], i: usize) -> usize {
    b.get(i..)
        .and_then(|rest| rest.iter().position(|&c| c == b'\n'))
        .map_or(b.len(), |p| i + p)
}

/// After a quoted string whose content starts at `i`: past its closing
/// quote, its interpolations' braces balanced (with strings inside); a
/// string that does not close ends at its line's end.
fn string_end(b: &[u8], mut i: usize) -> usize {
    let mut interpolation = 0usize;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'\n' if interpolation == 0 => return i,
            b'"' if interpolation == 0 => return i + 1,
            b'"' => {
                i = string_end(b, i + 1);
                continue;
            }
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                interpolation += 1;
                i += 1;
            }
            b'{' if interpolation > 0 => interpolation += 1,
            b'}' if interpolation > 0 => interpolation -= 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// After a heredoc whose `<<` (or `<<-`) ends at `i`: past its closing
/// line; `None` when no heredoc starts there.
fn heredoc_end(b: &[u8], mut i: usize) -> Option<usize> {
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    let name_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
        i += 1;
    }
    let name = &b[name_start..i];
    if name.is_empty() || !matches!(b.get(i), Some(b'\n') | Some(b'\r')) {
        return None;
    }
    let mut p = line_break(b, i);
    while p < b.len() {
        let line = p + 1;
        let end = line_break(b, line);
        let text = &b[line..end];
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.trim_ascii() == name {
            return Some(end);
        }
        p = end;
    }
    Some(b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(src: &str) -> Vec<(usize, String)> {
        let first = crate::parser::parse(src).unwrap_err();
        first
            .iter()
            .map(|e| (e.line().unwrap_or(0), e.message().to_owned()))
            .collect()
    }

    #[test]
    fn each_broken_block_gives_its_error() {
        let src = "a {\n  x = = 1\n  y = 2\n}\n\nb {\n  z = 3\n}\n\nc {\n  w = 1 +\n}\n";
        let found = errors(src);
        let lines: Vec<usize> = found.iter().map(|e| e.0).collect();
        assert_eq!(lines, [2, 11], "{found:?}");
    }

    #[test]
    fn a_block_without_its_closing_brace_ends_at_the_next_top_level_line() {
        // Terraform reports line 2 and stops (the block never closes);
        // hcl2 goes on at the next top-level line.
        let src = "a {\n  x = = 1\n  y = 2\n\nb = 1 +\n";
        let lines: Vec<usize> = errors(src).iter().map(|e| e.0).collect();
        assert_eq!(lines, [2, 5]);
        // A `[` that nothing closes takes the rest of the file, as Go's
        // HCL's recovery does: `terraform validate` reports the one error.
        let src = "a {\n  x = [1,\n  y = 2\n\nb = 1 +\n";
        let lines: Vec<usize> = errors(src).iter().map(|e| e.0).collect();
        assert_eq!(lines, [3]);
    }

    #[test]
    fn errors_inside_one_block_are_each_reported() {
        let src = "a {\n  x = = 1\n  y = 2\n  z = 1 @\n  w {\n    v = [,1]\n  }\n}\n\nb = 1 +\n";
        let lines: Vec<usize> = errors(src).iter().map(|e| e.0).collect();
        assert_eq!(lines, [2, 4, 6, 10]);
    }

    /// The partial tree's attribute names in block `a`.
    fn kept(src: &str) -> Vec<String> {
        let (file, err) = crate::parser::parse_partial(src);
        assert!(err.is_some());
        let body = file.body();
        let names = body
            .blocks()
            .find(|b| b.ident.name == "a")
            .map(|b| {
                b.body
                    .attributes()
                    .map(|a| a.name.name.to_owned())
                    .collect()
            })
            .unwrap_or_default();
        names
    }

    #[test]
    fn a_broken_line_whose_brackets_go_on_is_set_aside_with_them() {
        let src = "a {\n  x = [1,,\n    2]\n  y = 2\n  z = 1 @\n  w = 3\n}\n";
        let lines: Vec<usize> = errors(src).iter().map(|e| e.0).collect();
        assert_eq!(lines, [2, 5]);
        assert_eq!(kept(src), ["y", "w"]);
    }

    #[test]
    fn a_broken_line_that_opens_a_heredoc_is_set_aside_with_it() {
        let src = "a {\n  x = foo(<<EOT\n  }\nEOT\n  , ,)\n  y = 2\n  z = [1 2]\n}\n";
        let lines: Vec<usize> = errors(src).iter().map(|e| e.0).collect();
        assert_eq!(lines, [5, 7]);
        assert_eq!(kept(src), ["y"]);
    }

    #[test]
    fn a_broken_continuation_line_is_set_aside_from_its_attribute() {
        let src = "a {\n  x = foo(1,\n    2 3)\n  y = 2\n}\n";
        let lines: Vec<usize> = errors(src).iter().map(|e| e.0).collect();
        assert_eq!(lines, [3]);
        assert_eq!(kept(src), ["y"]);
    }

    #[test]
    fn heredocs_and_strings_do_not_end_an_item() {
        let b = b"a {\n  x = <<EOT\n}\nEOT\n  y = \"}\"\n}\nb = 1\n";
        assert_eq!(item_end(b, 0, 5), b.len() - "b = 1\n".len() - 1);
    }
}
