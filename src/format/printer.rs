//! The line printer: writes tokens, then lays lines out exactly as
//! `hclwrite` (the engine of `terraform fmt`) would: indentation from the
//! net bracket count of each line and `=` alignment over chains of
//! consecutive assignment lines.

mod body;
mod comments;
mod expr;
mod rewrite;
mod template;

pub(crate) use comments::Trailing;
use comments::{scan_gap, span_ok, trailing_comment, GapItem};
use expr::first_token;

use crate::error::columns;
use crate::error::Span;
use crate::syntax::*;

/// Whether an expression may be spread over several lines.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Attribute values, elements of multi-line tuples/objects: non-empty
    /// objects go one item per line.
    Block,
    /// Inside function arguments (except a trailing multi-line one),
    /// operators, templates, ...: everything on one line.
    Inline,
}

/// A line held back until the alignment chains it belongs to are complete.
struct LineRec {
    indent: usize,
    start: usize,
    end: usize,
    nl: bool,
    /// `(lead_end, lead columns)` when the line is an assignment.
    assign: Option<(usize, usize)>,
    /// Where a trailing line comment starts (after one space).
    comment: Option<usize>,
}

/// Writes HCL text. Not public: used through [`crate::format`].
pub(crate) struct Printer<'s> {
    out: String,
    line: String,
    net: i32,
    /// `(lead_end, net before '=')` of the line's assignment.
    assign: Option<(usize, i32)>,
    indents: Vec<i32>,
    pending: Vec<LineRec>,
    pending_buf: String,
    /// Where the current line's trailing comment starts.
    comment_at: Option<usize>,
    /// Source text the tree was parsed from, for comments and blank lines.
    src: Option<&'s str>,
    /// Above zero inside template interpolations and directives (and values
    /// unwrapped from one), where the source's line breaks are not followed.
    no_layout: u32,
    /// Everything on one line, heredocs as quoted templates: an expression
    /// to be kept inside a template string.
    pub(crate) one_line: bool,
    /// Apply `terraform fmt`'s rewrites of attribute values.
    pub(crate) terraform: bool,
    /// Inside a `variable` block (for the `type` rewrite).
    in_variable: bool,
    /// Heredoc content state: indentation to add at line starts (`<<-`).
    hd_indent: Option<usize>,
    hd_line_start: bool,
    /// Directive nesting inside the current template.
    hd_nest: usize,
    /// Heredocs being written around this point (a heredoc can sit in an
    /// interpolation of another).
    hd_depth: usize,
    /// Where, in `line`, heredocs written inside another heredoc's content
    /// stand (content and closing marker): the outer heredoc's
    /// [`Printer::unmark_lines`] leaves their lines as they are.
    hd_inner: Vec<(usize, usize)>,
    /// The last template marker written ended with `~}`.
    hd_after_strip: bool,
    /// The last template piece written was a literal ending in a newline.
    hd_lit_nl: bool,
    /// The bracket count of the line where a heredoc kept from the source
    /// opened on it.
    heredoc_net: Option<i32>,
}

impl<'s> Printer<'s> {
    pub(crate) fn new() -> Printer<'s> {
        Printer::with_capacity(256)
    }

    /// A printer that keeps the comments and blank lines found between
    /// body items in `src` (the text the tree was parsed from).
    pub(crate) fn with_source(src: &'s str) -> Printer<'s> {
        let mut p = Printer::with_capacity(src.len() + src.len() / 8 + 64);
        p.src = Some(src);
        p
    }

    pub(crate) fn with_capacity(cap: usize) -> Printer<'s> {
        Printer {
            out: String::with_capacity(cap),
            line: String::with_capacity(128),
            net: 0,
            assign: None,
            indents: Vec::with_capacity(16),
            pending: Vec::new(),
            pending_buf: String::new(),
            comment_at: None,
            src: None,
            no_layout: 0,
            one_line: false,
            terraform: false,
            in_variable: false,
            hd_indent: None,
            hd_line_start: false,
            hd_nest: 0,
            hd_depth: 0,
            hd_inner: Vec::new(),
            hd_after_strip: false,
            hd_lit_nl: false,
            heredoc_net: None,
        }
    }

    /// Finishes the output (flushing a pending line without a newline).
    pub(crate) fn finish(mut self) -> String {
        if !self.line.is_empty() {
            self.flush_line(false);
        }
        self.close_pending();
        self.out
    }

    /// Appends a token; at the start of a line (after a heredoc) leading
    /// spaces are dropped, as the line is indented on output.
    #[inline]
    pub(super) fn w(&mut self, s: &str) {
        if self.line.is_empty() {
            self.line.push_str(s.trim_start_matches(' '));
        } else {
            self.line.push_str(s);
        }
    }

    #[inline]
    pub(super) fn open(&mut self, s: &str) {
        self.net += 1;
        self.w(s);
    }

    #[inline]
    pub(super) fn close(&mut self, s: &str) {
        self.net -= 1;
        self.w(s);
    }

    /// Marks the current position as the end of an assignment's lead; the
    /// caller writes ` = ` next.
    #[inline]
    pub(super) fn mark_assign(&mut self) {
        if self.assign.is_none() && !self.line.is_empty() {
            self.assign = Some((self.line.len(), self.net));
        }
    }

    pub(crate) fn newline(&mut self) {
        self.flush_line(true);
    }

    pub(super) fn flush_line(&mut self, nl: bool) {
        if self.line.is_empty() {
            self.heredoc_net = None;
            self.close_pending();
            if nl {
                self.out.push('\n');
            }
            return;
        }
        // Brackets after a heredoc's opener do not count for indentation
        // (hclwrite stops counting there), but do for alignment.
        let net = self.heredoc_net.take().unwrap_or(self.net);
        if net > 0 {
            self.indents.push(net);
        } else if net < 0 {
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = self.indents.last_mut() else {
                    break;
                };
                if closed > *top {
                    closed -= *top;
                    self.indents.pop();
                } else if closed < *top {
                    *top -= closed;
                    closed = 0;
                } else {
                    self.indents.pop();
                    closed = 0;
                }
            }
        }
        let indent = 2 * (self.indents.len() - usize::from(net > 0));
        let assign = match self.assign {
            Some((lead_end, net_at)) if self.net - net_at == 0 => {
                Some((lead_end, indent + columns(&self.line[..lead_end])))
            }
            _ => None,
        };
        let comment = self.comment_at.take();
        if assign.is_none() && comment.is_none() {
            self.close_pending();
            push_spaces(&mut self.out, indent);
            self.out.push_str(&self.line);
            if nl {
                self.out.push('\n');
            }
        } else {
            let start = self.pending_buf.len();
            self.pending_buf.push_str(&self.line);
            self.pending.push(LineRec {
                indent,
                start,
                end: self.pending_buf.len(),
                nl,
                assign: assign.map(|(e, c)| (start + e, c)),
                comment: comment.map(|c| start + c),
            });
        }
        self.line.clear();
        self.net = 0;
        self.assign = None;
    }

    /// Writes the held-back lines, aligning `=` over runs of consecutive
    /// assignment lines and then trailing comments over runs of commented
    /// lines, as hclwrite does.
    pub(super) fn close_pending(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let n = self.pending.len();
        // Spaces before `=` for each line.
        let mut pad = vec![1usize; n];
        let mut i = 0;
        while i < n {
            if self.pending[i].assign.is_none() {
                i += 1;
                continue;
            }
            let mut j = i;
            let mut max = 0;
            while j < n {
                match self.pending[j].assign {
                    Some((_, cols)) => max = max.max(cols),
                    None => break,
                }
                j += 1;
            }
            for (k, p) in pad.iter_mut().enumerate().take(j).skip(i) {
                *p = max - self.pending[k].assign.map_or(0, |a| a.1) + 1;
            }
            i = j;
        }
        // Spaces before a trailing comment.
        let mut cpad = vec![1usize; n];
        let width = |p: &Printer<'_>, k: usize| -> usize {
            let r = &p.pending[k];
            let c = r.comment.unwrap_or(r.end);
            // The comment is preceded by one space, not counted.
            r.indent + columns(&p.pending_buf[r.start..c - 1]) + (pad[k] - 1)
        };
        let mut i = 0;
        while i < n {
            if self.pending[i].comment.is_none() {
                i += 1;
                continue;
            }
            let mut j = i;
            let mut max = 0;
            while j < n && self.pending[j].comment.is_some() {
                max = max.max(width(self, j));
                j += 1;
            }
            for (k, c) in cpad.iter_mut().enumerate().take(j).skip(i) {
                *c = max - width(self, k) + 1;
            }
            i = j;
        }
        for (k, r) in self.pending.iter().enumerate() {
            push_spaces(&mut self.out, r.indent);
            let body_end = r.comment.map_or(r.end, |c| c - 1);
            match r.assign {
                Some((lead_end, _)) => {
                    self.out.push_str(&self.pending_buf[r.start..lead_end]);
                    push_spaces(&mut self.out, pad[k]);
                    // Skip the single space written before `=`.
                    self.out.push_str(&self.pending_buf[lead_end + 1..body_end]);
                }
                None => self.out.push_str(&self.pending_buf[r.start..body_end]),
            }
            if let Some(c) = r.comment {
                push_spaces(&mut self.out, cpad[k]);
                self.out.push_str(&self.pending_buf[c..r.end]);
            }
            if r.nl {
                self.out.push('\n');
            }
        }
        self.pending.clear();
        self.pending_buf.clear();
    }

    /// The indentation (in columns) of lines opened by the current line.
    pub(super) fn inner_indent(&self) -> usize {
        2 * (self.indents.len() + 1)
    }
}

#[inline]
pub(crate) fn push_spaces(s: &mut String, n: usize) {
    const SP: &str = "                                                                ";
    let mut n = n;
    while n > SP.len() {
        s.push_str(SP);
        n -= SP.len();
    }
    s.push_str(&SP[..n]);
}
