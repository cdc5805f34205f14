//! The source line an error shows, cut to a window around its caret.

use unicode_segmentation::UnicodeSegmentation;

#[derive(Clone)]
pub(super) struct Snippet {
    pub(super) line_text: String,
    pub(super) caret_col: usize,
    pub(super) caret_len: usize,
}

impl Snippet {
    /// Characters shown before the caret, under it and after it at most:
    /// a long line (a minified file, a 1 MB identifier) is cut to a window
    /// around the error, marked with `...`.
    const BEFORE: usize = 60;
    const CARET: usize = 80;
    const AFTER: usize = 40;

    /// The snippet of `line`, the caret at byte `at` (column `column`) and
    /// `caret_len` columns long; columns are grapheme clusters. Carriage returns (a file
    /// with CR-only line endings is one long line) are shown as spaces.
    pub(super) fn window(line: &str, at: usize, column: usize, caret_len: usize) -> Snippet {
        let (head, tail) = line.split_at(at.min(line.len()));
        let mut text = String::new();
        let mut caret_col = column;
        let skip = (column - 1).saturating_sub(Self::BEFORE);
        if skip > 0 {
            text.push_str("...");
            caret_col = caret_col - skip + 3;
        }
        text.extend(head.graphemes(true).skip(skip));
        let caret_len = caret_len.min(Self::CARET);
        let mut rest = tail.graphemes(true);
        text.extend(rest.by_ref().take(caret_len + Self::AFTER));
        if rest.next().is_some() {
            text.push_str("...");
        }
        if text.contains('\r') {
            text = text.replace('\r', " ");
        }
        Snippet {
            line_text: text,
            caret_col,
            caret_len,
        }
    }
}
