//! The one error type of the crate: [`Error`], with position and snippet.

use std::fmt;

mod diagnostic;
mod location;
pub(crate) mod path;
mod snippet;
mod span;

pub(crate) use diagnostic::diagnostics_of;
pub use diagnostic::{Diagnostic, Range, Severity};
pub(crate) use location::{columns, count_newlines, LineCursor};
pub use location::{Location, Locator};
use snippet::Snippet;
pub use span::Span;

/// The field names under which the deserializer offers a block's labels
/// (`hcl::de::LABEL`, `hcl::de::LABELS`): serde's messages about them speak
/// of labels.
pub(crate) const LABEL: &str = "__label";
pub(crate) const LABELS: &str = "__labels";

/// `Result<T, hcl::Error>`.
///
/// ```
/// fn port(src: &str) -> hcl::Result<u64> {
///     let v: hcl::Value = hcl::from_str(src)?;
///     Ok(v["port"].as_u64().unwrap_or(80))
/// }
/// assert_eq!(port("port = 8080\n").unwrap(), 8080);
/// assert!(port("port = \n").is_err());
/// ```
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong, broadly. `#[non_exhaustive]`: match with a wildcard.
///
/// ```
/// use hcl::ErrorKind;
/// assert_eq!(hcl::parse("a = [1, 2\n").unwrap_err().kind(), ErrorKind::Parse);
/// assert_eq!(hcl::Type::parse("lists").unwrap_err().kind(), ErrorKind::Type);
/// let err = hcl::eval::evaluate_str("1 + \"a\"", &Default::default()).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Eval);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is not valid HCL syntax.
    Parse,
    /// A nesting or size limit was exceeded.
    Limit,
    /// Evaluating an expression failed.
    Eval,
    /// A type specification is invalid (see [`crate::Type::parse`]).
    Type,
    /// Deserializing into a Rust type failed.
    De,
    /// Serializing a Rust value failed.
    Ser,
    /// Reading or writing failed.
    Io,
}

/// An error from parsing, evaluating, deserializing or serializing HCL.
///
/// Small (one pointer) so that `Result<T>` stays small. When the error
/// relates to a place in the source, [`line`](Error::line),
/// [`column`](Error::column) and [`span`](Error::span) say where, and
/// `Display` shows a rustc-style snippet:
///
/// ```
/// let err = hcl::parse("a = [1, 2\n").unwrap_err();
/// assert_eq!(err.line(), Some(1));
/// let shown = err.to_string();
/// assert!(shown.contains("1 | a = [1, 2"), "{shown}");
/// ```
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    kind: ErrorKind,
    message: String,
    span: Option<Span>,
    location: Option<Location>,
    /// The source line(s) for the snippet, with the caret range within the first line.
    snippet: Option<Snippet>,
    path: Option<String>,
    notes: Vec<(String, Option<Location>)>,
    /// Where the span ends (exclusive), once the source is known.
    end: Option<Location>,
    /// The name of the file the source comes from, if given.
    file: Option<String>,
    /// The diagnostics reported after this one, in order (each without
    /// further ones of its own).
    more: Vec<Error>,
    /// For a syntax error inside brackets that do not close where
    /// expected: the offset of the opening bracket (see
    /// [`Error::unclosed_bracket`]).
    unclosed: Option<usize>,
    /// An error, or a warning reported beside the errors.
    severity: Severity,
    /// Where the message's summary ends: the message is the summary, or
    /// `SUMMARY: DETAIL` ([`Error::summarized`]).
    summary_len: usize,
}

impl Error {
    /// An error of `kind` with `message` and no position; its diagnostic's
    /// summary is the whole message (see [`Error::summarized`] for a
    /// summary and a detail).
    ///
    /// ```
    /// use hcl::{Error, ErrorKind};
    /// let err = Error::new(ErrorKind::Eval, "something failed: badly");
    /// assert_eq!(err.message(), "something failed: badly");
    /// assert_eq!(err.line(), None);
    /// assert_eq!(err.to_string(), "something failed: badly");
    /// let d = err.diagnostics().next().unwrap();
    /// assert_eq!((d.summary.as_str(), d.detail.as_str()), ("something failed: badly", ""));
    /// ```
    #[cold]
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        let message = message.into();
        Error {
            inner: Box::new(ErrorImpl {
                kind,
                severity: Severity::Error,
                summary_len: message.len(),
                message,
                span: None,
                location: None,
                snippet: None,
                path: None,
                notes: Vec::new(),
                end: None,
                file: None,
                more: Vec::new(),
                unclosed: None,
            }),
        }
    }

    /// An error of `kind` whose diagnostic has this `summary` and `detail`
    /// (the message is `SUMMARY: DETAIL`, or the summary alone), whatever
    /// either holds.
    ///
    /// ```
    /// use hcl::{Error, ErrorKind};
    /// let err = Error::summarized(ErrorKind::Eval, "Cycle: a, b", "");
    /// let d = err.diagnostics().next().unwrap();
    /// assert_eq!((d.summary.as_str(), d.detail.as_str()), ("Cycle: a, b", ""));
    /// assert_eq!(err.message(), "Cycle: a, b");
    /// ```
    #[cold]
    pub fn summarized(kind: ErrorKind, summary: &str, detail: &str) -> Error {
        Error::described(kind, summary, detail)
    }

    /// [`Error::summarized`] with a detail to write: one message is built.
    #[cold]
    pub(crate) fn described(kind: ErrorKind, summary: &str, detail: impl fmt::Display) -> Error {
        use fmt::Write;
        let mut message = String::with_capacity(summary.len() + 64);
        message.push_str(summary);
        message.push_str(": ");
        let _ = write!(message, "{detail}");
        if message.len() == summary.len() + 2 {
            message.truncate(summary.len());
        }
        let mut e = Error::new(kind, message);
        e.inner.summary_len = summary.len();
        e
    }

    /// A new error of this one's kind, message and summary, without its
    /// place, notes or further diagnostics.
    #[cold]
    pub(crate) fn bare(&self) -> Error {
        let mut e = Error::new(self.kind(), self.message());
        e.inner.summary_len = self.inner.summary_len;
        e
    }

    /// This error, and every diagnostic after it, as a warning: a
    /// diagnostic that stops nothing, reported in the same list as errors.
    ///
    /// ```
    /// use hcl::{Error, ErrorKind, Severity};
    /// let w = Error::summarized(ErrorKind::Eval, "Deprecated", "use `b`").into_warning();
    /// assert_eq!(w.severity(), Severity::Warning);
    /// assert_eq!(w.to_string(), "warning: Deprecated: use `b`");
    /// let both = Error::new(ErrorKind::Eval, "Invalid operand");
    /// let d: Vec<Severity> = both.and(w).diagnostics().map(|d| d.severity).collect();
    /// assert_eq!(d, [Severity::Error, Severity::Warning]);
    /// ```
    #[cold]
    pub fn into_warning(mut self) -> Error {
        self.inner.severity = Severity::Warning;
        for e in &mut self.inner.more {
            e.inner.severity = Severity::Warning;
        }
        self
    }

    /// Whether this diagnostic (the first of the list) is an error or a
    /// warning.
    ///
    /// ```
    /// let err = hcl::parse("a = \n").unwrap_err();
    /// assert_eq!(err.severity(), hcl::Severity::Error);
    /// ```
    pub fn severity(&self) -> Severity {
        self.inner.severity
    }

    /// The diagnostic `d` as an error of `kind` (without a snippet: its
    /// source is not known).
    #[cold]
    pub(crate) fn of_diagnostic(kind: ErrorKind, d: &Diagnostic) -> Error {
        let mut e = Error::described(kind, &d.summary, &d.detail);
        e.inner.severity = d.severity;
        if let Some(r) = &d.range {
            e.inner.location = Some(r.start);
            e.inner.end = Some(r.end);
            e.inner.file = r.filename.clone();
        }
        e
    }

    /// This error at `span` (line, column and snippet come with
    /// [`Error::with_source`]).
    #[cold]
    pub(crate) fn at_span(mut self, span: Span) -> Error {
        self.inner.span = Some(span);
        self
    }

    /// An error of `kind` with `message` at `span` of `source` (line, column
    /// and snippet are computed now).
    ///
    /// ```
    /// use hcl::{Error, ErrorKind, Span};
    /// let src = "a = 1\nb = @\n";
    /// let err = Error::at(ErrorKind::Parse, "unexpected `@`", Span::new(10, 11), src);
    /// assert_eq!((err.line(), err.column()), (Some(2), Some(5)));
    /// assert_eq!(err.to_string(), "unexpected `@` at line 2, column 5\n  |\n2 | b = @\n  |     ^");
    /// ```
    #[cold]
    pub fn at(kind: ErrorKind, message: impl Into<String>, span: Span, source: &str) -> Error {
        let mut e = Error::new(kind, message);
        e.set_span(span, source);
        e
    }

    /// An error of `kind` with `message` at `span`, with no source available
    /// yet; call [`Error::with_source`] later to add line, column and snippet.
    ///
    /// ```
    /// use hcl::{Error, ErrorKind, Span};
    /// let err = Error::spanned(ErrorKind::Eval, "bad value", Span::new(10, 11));
    /// assert_eq!((err.span(), err.line()), (Some(Span::new(10, 11)), None));
    /// let err = err.with_source("a = 1\nb = @\n");
    /// assert_eq!((err.line(), err.column()), (Some(2), Some(5)));
    /// ```
    #[cold]
    pub fn spanned(kind: ErrorKind, message: impl Into<String>, span: Span) -> Error {
        let mut e = Error::new(kind, message);
        e.inner.span = Some(span);
        e
    }

    /// Fills in line, column and snippet from `source` if the error has a
    /// span but no location yet.
    ///
    /// ```
    /// use hcl::{Error, ErrorKind, Span};
    /// let src = "name = 42\n";
    /// let err = Error::spanned(ErrorKind::Eval, "a string is required", Span::new(7, 9)).with_source(src);
    /// assert_eq!(err.column(), Some(8));
    /// assert!(err.to_string().ends_with("1 | name = 42\n  |        ^^"), "{err}");
    /// ```
    #[cold]
    pub fn with_source(self, source: &str) -> Error {
        self.with_source_by(source, &|o| Location::of(source, o))
    }

    /// [`Error::with_source`], each place located in `source` by `locate`
    /// (one that knows where the lines of a large text start).
    #[cold]
    pub(crate) fn with_source_by(
        mut self,
        source: &str,
        locate: &dyn Fn(usize) -> Location,
    ) -> Error {
        if let (Some(span), None) = (self.inner.span, self.inner.location) {
            self.set_span_by(span, source, locate);
        }
        for e in &mut self.inner.more {
            if let (Some(span), None) = (e.inner.span, e.inner.location) {
                e.set_span_by(span, source, locate);
            }
        }
        self
    }

    /// Sets (replaces) the span, computing line, column and snippet from `source`.
    ///
    /// ```
    /// use hcl::{Error, ErrorKind, Span};
    /// let mut err = Error::new(ErrorKind::Eval, "unknown variable");
    /// err.set_span(Span::new(10, 11), "a = 1\nb = x\n");
    /// assert_eq!((err.line(), err.column(), err.offset()), (Some(2), Some(5), Some(10)));
    /// ```
    #[cold]
    pub fn set_span(&mut self, span: Span, source: &str) {
        self.set_span_by(span, source, &|o| Location::of(source, o));
    }

    fn set_span_by(&mut self, span: Span, source: &str, locate: &dyn Fn(usize) -> Location) {
        let loc = locate(span.start());
        let line_start = loc.offset
            - source[..loc.offset]
                .rfind('\n')
                .map_or(loc.offset, |p| loc.offset - p - 1);
        let line_end = source[loc.offset..]
            .find('\n')
            .map_or(source.len(), |p| loc.offset + p);
        let mut line_text = &source[line_start..line_end];
        if let Some(stripped) = line_text.strip_suffix('\r') {
            line_text = stripped;
        }
        let end_in_line = span.end().min(line_start + line_text.len()).max(loc.offset);
        let mut end_in_line = end_in_line;
        while !source.is_char_boundary(end_in_line) {
            end_in_line += 1;
        }
        let caret_len = columns(&source[loc.offset..end_in_line]).max(1);
        self.inner.span = Some(span);
        self.inner.location = Some(loc);
        self.inner.end = Some(locate(span.end().max(span.start())));
        self.inner.snippet = Some(Snippet::window(
            line_text,
            loc.offset - line_start,
            loc.column,
            caret_len,
        ));
    }

    /// The error of a text that starts at `start` of a file, placed in the
    /// file: its span, line, column and notes' places are the file's.
    #[cold]
    pub(crate) fn within(mut self, start: Location) -> Error {
        let e = &mut *self.inner;
        if let Some(span) = e.span {
            e.span = Some(Span::new(
                span.start() + start.offset,
                span.end() + start.offset,
            ));
        }
        e.location = e.location.map(|l| l.within(start));
        e.end = e.end.map(|l| l.within(start));
        for (_, at) in &mut e.notes {
            *at = at.map(|l| l.within(start));
        }
        e.more = std::mem::take(&mut e.more)
            .into_iter()
            .map(|m| m.within(start))
            .collect();
        self
    }

    /// Names the file the source comes from (shown by `Display` and in
    /// each [`Diagnostic`]'s range), for this diagnostic and those after it.
    ///
    /// ```
    /// let err = hcl::parse("a = [1, 2\n").unwrap_err().with_file("main.tf");
    /// assert!(err.to_string().contains("at main.tf:1:5"), "{err}");
    /// assert_eq!(err.file(), Some("main.tf"));
    /// ```
    #[cold]
    pub fn with_file(mut self, file: impl Into<String>) -> Error {
        let file = file.into();
        for e in &mut self.inner.more {
            e.inner.file = Some(file.clone());
        }
        self.inner.file = Some(file);
        self
    }

    /// Places each diagnostic, located in a text made of several files one
    /// after another (each starting a line), in its own file: `file_at`
    /// gives, for a byte offset of that text, the name of the file there
    /// and where the file starts in the text. Line, offset and span become
    /// the file's; the file is named.
    #[cold]
    pub(crate) fn in_files(
        mut self,
        file_at: &dyn Fn(usize) -> Option<(String, Location)>,
    ) -> Error {
        self.place_in_file(file_at);
        for e in &mut self.inner.more {
            e.place_in_file(file_at);
        }
        self
    }

    /// [`Error::in_files`] for this diagnostic alone.
    #[cold]
    fn place_in_file(&mut self, file_at: &dyn Fn(usize) -> Option<(String, Location)>) {
        let e = &mut *self.inner;
        let Some(at) = e.location.map(|l| l.offset).or(e.span.map(|s| s.start())) else {
            return;
        };
        let Some((name, start)) = file_at(at) else {
            return;
        };
        let back = |l: Location| l.in_file(start);
        e.span = e.span.map(|s| {
            Span::new(
                s.start().saturating_sub(start.offset),
                s.end().saturating_sub(start.offset),
            )
        });
        e.location = e.location.map(back);
        e.end = e.end.map(back);
        for (_, l) in &mut e.notes {
            *l = l.map(back);
        }
        e.file = Some(name);
    }

    /// The name of the file the source comes from, if given
    /// ([`Error::with_file`]).
    ///
    /// ```
    /// let err = hcl::parse("a = [1, 2\n").unwrap_err();
    /// assert_eq!(err.file(), None);
    /// assert_eq!(err.with_file("main.tf").file(), Some("main.tf"));
    /// ```
    pub fn file(&self) -> Option<&str> {
        self.inner.file.as_deref()
    }

    /// `e`'s diagnostics added after those of `slot` (the error of what
    /// failed so far, if anything did).
    #[cold]
    pub(crate) fn append(slot: &mut Option<Error>, e: Error) {
        *slot = Some(match slot.take() {
            Some(first) => first.and(e),
            None => e,
        });
    }

    /// This error followed by `other`'s diagnostics.
    ///
    /// ```
    /// use hcl::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::Eval, "a").and(Error::new(ErrorKind::Eval, "b"));
    /// assert_eq!(e.count(), 2);
    /// ```
    #[cold]
    pub fn and(mut self, mut other: Error) -> Error {
        let more = std::mem::take(&mut other.inner.more);
        self.inner.more.push(other);
        self.inner.more.extend(more);
        self
    }

    /// The diagnostics ordered by where they start, then end (Terraform's
    /// order); those without a position last, in their order; the errors
    /// before the warnings.
    #[cold]
    pub(crate) fn sorted(mut self) -> Error {
        if self.inner.more.is_empty() {
            return self;
        }
        let more = std::mem::take(&mut self.inner.more);
        let mut all: Vec<Error> = std::iter::once(self).chain(more).collect();
        all.sort_by_key(|e| {
            let (start, end) = e
                .span()
                .map_or((usize::MAX, usize::MAX), |s| (s.start(), s.end()));
            (e.inner.severity == Severity::Warning, start, end)
        });
        let mut it = all.into_iter();
        let mut first = it.next().unwrap_or_else(|| Error::new(ErrorKind::Eval, ""));
        first.inner.more = it.collect();
        first
    }

    /// This error's diagnostics as errors of one diagnostic each (each
    /// with its own position and snippet), in order.
    ///
    /// ```
    /// let err = hcl::eval::evaluate_str("[1 + \"a\", {}.b]", &Default::default()).unwrap_err();
    /// let columns: Vec<Option<usize>> = err.iter().map(|e| e.column()).collect();
    /// assert_eq!(columns, [Some(6), Some(13)]); // `"a"`, `.b`
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = &Error> {
        std::iter::once(self).chain(self.inner.more.iter())
    }

    /// This error's own diagnostic (without those after it), as `Display`
    /// shows it: with [`iter`](Error::iter), each diagnostic shown apart.
    ///
    /// ```
    /// let err = hcl::eval::evaluate_str("[1 + \"a\", {}.b]", &Default::default()).unwrap_err();
    /// let shown: Vec<String> = err.iter().map(|e| e.own().to_string()).collect();
    /// assert!(shown[0].starts_with("Invalid operand") && !shown[0].contains("Unsupported"));
    /// assert!(shown[1].starts_with("Unsupported attribute"));
    /// ```
    pub fn own(&self) -> impl fmt::Display + '_ {
        struct Own<'e>(&'e Error);
        impl fmt::Display for Own<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt_one(f)
            }
        }
        Own(self)
    }

    /// For a syntax error inside brackets that do not close where they
    /// should (`merge(a, b` then a new line): the byte offset of the
    /// opening bracket (`(`, `[` or `{`).
    ///
    /// ```
    /// let err = hcl::parse("a = merge(var.x, var.y\nb = 1\n").unwrap_err();
    /// assert_eq!(err.unclosed_bracket(), Some(9));
    /// assert_eq!(hcl::parse("a = @\n").unwrap_err().unclosed_bracket(), None);
    /// ```
    pub fn unclosed_bracket(&self) -> Option<usize> {
        self.inner.unclosed
    }

    /// [`Error::unclosed_bracket`] set.
    pub(crate) fn with_unclosed(mut self, open: usize) -> Error {
        self.inner.unclosed = Some(open);
        self
    }

    /// How many diagnostics the error holds (at least one).
    ///
    /// ```
    /// let err = hcl::eval::evaluate_str("[1 + \"a\", {}.b]", &Default::default()).unwrap_err();
    /// assert_eq!(err.count(), 2);
    /// assert_eq!(hcl::parse("a = [1, 2\n").unwrap_err().count(), 1);
    /// ```
    pub fn count(&self) -> usize {
        1 + self.inner.more.len()
    }

    /// Every diagnostic, in order: this error's first (what
    /// [`message`](Error::message), [`line`](Error::line) and
    /// [`column`](Error::column) describe), then those reported after it.
    ///
    /// ```
    /// let err = hcl::eval::evaluate_str("[tostring({}), 1 + \"a\"]", &Default::default()).unwrap_err();
    /// let summaries: Vec<String> = err.diagnostics().map(|d| d.summary).collect();
    /// assert_eq!(summaries, ["Invalid function argument", "Invalid operand"]);
    /// ```
    pub fn diagnostics(&self) -> impl Iterator<Item = Diagnostic> + '_ {
        self.iter().map(Error::diagnostic)
    }

    /// This error's own diagnostic.
    fn diagnostic(&self) -> Diagnostic {
        let e = &self.inner;
        let (summary, detail) = e.message.split_at(e.summary_len);
        let detail = detail.strip_prefix(": ").unwrap_or(detail);
        Diagnostic {
            severity: e.severity,
            summary: summary.to_owned(),
            detail: detail.to_owned(),
            range: e.location.map(|start| Range {
                filename: e.file.clone(),
                start,
                end: e.end.unwrap_or(start),
            }),
        }
    }

    /// Adds a note (e.g. "the bracket was opened here") shown after the main message.
    ///
    /// ```
    /// use hcl::{error::Location, Error, ErrorKind};
    /// let err = Error::new(ErrorKind::Eval, "duplicate attribute")
    ///     .with_note("first defined here", Some(Location { line: 1, column: 1, offset: 0 }));
    /// assert_eq!(err.to_string(), "duplicate attribute\nnote: first defined here (line 1, column 1)");
    /// ```
    #[cold]
    pub fn with_note(mut self, note: impl Into<String>, at: Option<Location>) -> Error {
        self.inner.notes.push((note.into(), at));
        self
    }

    /// Sets the field path (`resource.aws_instance.web.count`).
    ///
    /// (For every diagnostic the error holds.)
    ///
    /// ```
    /// use hcl::{Error, ErrorKind};
    /// let err = Error::new(ErrorKind::De, "invalid type").with_path("servers[1].port");
    /// assert_eq!(err.path(), Some("servers[1].port"));
    /// assert_eq!(err.to_string(), "servers[1].port: invalid type");
    /// ```
    #[cold]
    pub fn with_path(mut self, path: impl Into<String>) -> Error {
        let path = path.into();
        for e in &mut self.inner.more {
            e.inner.path = Some(path.clone());
        }
        self.inner.path = Some(path);
        self
    }

    /// The error's kind.
    ///
    /// ```
    /// let err = hcl::from_str::<hcl::Value>("a = ").unwrap_err();
    /// assert_eq!(err.kind(), hcl::ErrorKind::Parse);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.inner.kind
    }

    /// The message alone, without position or snippet.
    ///
    /// ```
    /// let err = hcl::eval::evaluate_str("{}.b", &Default::default()).unwrap_err();
    /// assert_eq!(err.message(), "Unsupported attribute: This object does not have an attribute named \"b\".");
    /// assert!(err.to_string().starts_with(err.message()));
    /// ```
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// 1-based line, if the error has a position.
    ///
    /// ```
    /// let err = hcl::parse("a = 1\nb = ?\n").unwrap_err();
    /// assert_eq!(err.line(), Some(2));
    /// assert_eq!(hcl::Error::new(hcl::ErrorKind::Eval, "no position").line(), None);
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.inner.location.map(|l| l.line)
    }

    /// 1-based column, if the error has a position.
    ///
    /// ```
    /// let err = hcl::parse("a = 1\nb = ?\n").unwrap_err();
    /// assert_eq!(err.column(), Some(5));
    /// ```
    pub fn column(&self) -> Option<usize> {
        self.inner.location.map(|l| l.column)
    }

    /// Byte offset, if the error has a position.
    ///
    /// ```
    /// use hcl::{Error, ErrorKind, Span};
    /// assert_eq!(hcl::parse("a = 1\nb = ?\n").unwrap_err().offset(), Some(10));
    /// let err = Error::spanned(ErrorKind::Eval, "no source yet", Span::new(4, 5));
    /// assert_eq!((err.offset(), err.line()), (Some(4), None));
    /// ```
    pub fn offset(&self) -> Option<usize> {
        self.inner
            .location
            .map(|l| l.offset)
            .or(self.inner.span.map(|s| s.start()))
    }

    /// The full location, if known.
    ///
    /// ```
    /// use hcl::error::Location;
    /// let err = hcl::parse("a = 1\nb = ?\n").unwrap_err();
    /// assert_eq!(err.location(), Some(Location { line: 2, column: 5, offset: 10 }));
    /// ```
    pub fn location(&self) -> Option<Location> {
        self.inner.location
    }

    /// The byte span, if the error relates to a place in the source.
    ///
    /// ```
    /// let src = "a = 1\nb = ?\n";
    /// let err = hcl::parse(src).unwrap_err();
    /// let span = err.span().unwrap();
    /// assert_eq!(&src[span.range()], "?");
    /// ```
    pub fn span(&self) -> Option<Span> {
        self.inner.span
    }

    /// The path to the field concerned, if any.
    ///
    /// ```
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Server { port: u16 }
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Config { servers: Vec<Server> }
    /// let err = hcl::from_str::<Config>("servers = [{ port = 80 }, { port = \"http\" }]\n").unwrap_err();
    /// assert_eq!(err.path(), Some("servers[1].port"));
    /// ```
    pub fn path(&self) -> Option<&str> {
        self.inner.path.as_deref()
    }

    /// The notes attached with [`Error::with_note`].
    ///
    /// ```
    /// let err = hcl::parse("a = [1, 2\nb = 3\n").unwrap_err();
    /// let (note, at) = err.notes().next().unwrap();
    /// assert_eq!(note, "`[` opened here");
    /// assert_eq!(at.map(|l| (l.line, l.column)), Some((1, 5)));
    /// ```
    pub fn notes(&self) -> impl Iterator<Item = (&str, Option<Location>)> {
        self.inner.notes.iter().map(|(n, l)| (n.as_str(), *l))
    }
}

impl fmt::Debug for Error {
    /// As [`Display`](fmt::Display) (what `fn main() -> Result<(), hcl::Error>`
    /// prints when it fails); `{:#?}` shows the fields.
    ///
    /// ```
    /// let err = hcl::parse("a = [1, 2\n").unwrap_err();
    /// assert_eq!(format!("{err:?}"), err.to_string());
    /// assert!(format!("{err:#?}").starts_with("Error {"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            return fmt::Display::fmt(self, f);
        }
        f.debug_struct("Error")
            .field("kind", &self.inner.kind)
            .field("message", &self.inner.message)
            .field("location", &self.inner.location)
            .field("span", &self.inner.span)
            .field("path", &self.inner.path)
            .finish()
    }
}

impl fmt::Display for Error {
    /// `message at line L, column C` followed by a snippet:
    ///
    /// ```text
    /// Missing item separator: expected `,` or `]`, found `b` at line 2, column 1
    ///   |
    /// 2 | b = 3
    ///   | ^
    /// note: `[` opened here (line 1, column 5)
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_one(f)?;
        for e in &self.inner.more {
            f.write_str("\n\n")?;
            e.fmt_one(f)?;
        }
        Ok(())
    }
}

impl Error {
    /// This error's own diagnostic, as `Display` shows it.
    fn fmt_one(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.inner;
        if e.severity == Severity::Warning {
            f.write_str("warning: ")?;
        }
        if let Some(path) = &e.path {
            write!(f, "{path}: ")?;
        }
        f.write_str(&e.message)?;
        match (e.location, &e.file) {
            (Some(loc), Some(file)) => write!(f, " at {file}:{}:{}", loc.line, loc.column)?,
            (Some(loc), None) => write!(f, " at line {}, column {}", loc.line, loc.column)?,
            (None, Some(file)) => write!(f, " in {file}")?,
            (None, None) => {}
        }
        if let (Some(snip), Some(loc)) = (&e.snippet, e.location) {
            let num = loc.line.to_string();
            let pad = " ".repeat(num.len());
            write!(f, "\n{pad} |\n{num} | {}\n{pad} | ", snip.line_text)?;
            // Keep TABs so the caret lines up under the source text.
            for c in snip.line_text.chars().take(snip.caret_col - 1) {
                f.write_str(if c == '\t' { "\t" } else { " " })?;
            }
            for _ in 0..snip.caret_len {
                f.write_str("^")?;
            }
        }
        for (note, at) in &e.notes {
            write!(f, "\nnote: {note}")?;
            if let Some(at) = at {
                write!(f, " (line {}, column {})", at.line, at.column)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    #[cold]
    fn from(e: std::io::Error) -> Error {
        Error::new(ErrorKind::Io, e.to_string())
    }
}

impl serde::de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(ErrorKind::De, msg.to_string())
    }

    /// serde's message, its summary `invalid type`.
    #[cold]
    fn invalid_type(unexp: serde::de::Unexpected<'_>, exp: &dyn serde::de::Expected) -> Error {
        Error::described(
            ErrorKind::De,
            "invalid type",
            format_args!("{unexp}, expected {exp}"),
        )
    }

    /// serde's message, its summary `invalid value`.
    #[cold]
    fn invalid_value(unexp: serde::de::Unexpected<'_>, exp: &dyn serde::de::Expected) -> Error {
        Error::described(
            ErrorKind::De,
            "invalid value",
            format_args!("{unexp}, expected {exp}"),
        )
    }

    /// serde's message, without the fields that receive block labels
    /// (`__label`, `__labels`), which are not attributes to write.
    #[cold]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Error {
        let names: Vec<&str> = expected
            .iter()
            .copied()
            .filter(|f| *f != LABEL && *f != LABELS)
            .collect();
        let msg = match names.as_slice() {
            [] => format!("unknown field `{field}`, there are no fields"),
            [one] => format!("unknown field `{field}`, expected `{one}`"),
            [a, b] => format!("unknown field `{field}`, expected `{a}` or `{b}`"),
            many => {
                let list: Vec<String> = many.iter().map(|f| format!("`{f}`")).collect();
                format!(
                    "unknown field `{field}`, expected one of {}",
                    list.join(", ")
                )
            }
        };
        Error::new(ErrorKind::De, msg)
    }

    /// serde's message, naming what is missing as a block label when it
    /// is one.
    #[cold]
    fn missing_field(field: &'static str) -> Error {
        let msg = if field == LABEL || field == LABELS {
            "missing block label".to_owned()
        } else {
            format!("missing field `{field}`")
        };
        Error::new(ErrorKind::De, msg)
    }
}

impl serde::ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(ErrorKind::Ser, msg.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_are_counted_past_a_block_of_255_bytes() {
        let text = "a\n".repeat(1000) + "b";
        assert_eq!(count_newlines(text.as_bytes()), 1000);
        assert_eq!(count_newlines(&[b'\n'; 256]), 256);
        assert_eq!(count_newlines(b""), 0);
    }

    #[test]
    fn a_locator_agrees_with_location_of_in_any_order() {
        let texts = [
            "\u{feff}a = 1\nb = \"🇫🇷é\" + x\r\n\n  c = [1,\n2]\n",
            "one long line with é and 🇫🇷 and more text",
            "\n\n\n",
            "",
        ];
        for src in texts {
            let at = Locator::new(src);
            // Forward, backward, repeated and past-the-end offsets, some
            // inside a character.
            let mut state = 7u64;
            let mut offsets: Vec<usize> = (0..=src.len() + 2).collect();
            offsets.extend((0..=src.len()).rev());
            for _ in 0..200 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                offsets.push((state >> 33) as usize % (src.len() + 3));
            }
            for o in offsets {
                assert_eq!(at.locate(o), Location::of(src, o), "{src:?} at {o}");
            }
        }
    }

    #[test]
    fn location_counts_characters() {
        let src = "x = \"é\"\ny = 1";
        let l = Location::of(src, src.find('y').unwrap());
        assert_eq!((l.line, l.column), (2, 1));
        let l = Location::of(src, src.rfind('"').unwrap());
        assert_eq!((l.line, l.column), (1, 7));
    }

    #[test]
    fn display_has_snippet_and_caret() {
        let src = "a = 1\nb = @\n";
        let e = Error::at(ErrorKind::Parse, "unexpected `@`", Span::new(10, 11), src);
        assert_eq!(e.line(), Some(2));
        assert_eq!(e.column(), Some(5));
        assert_eq!(
            e.to_string(),
            "unexpected `@` at line 2, column 5\n  |\n2 | b = @\n  |     ^"
        );
    }

    #[test]
    fn long_lines_are_cut_to_a_window() {
        let src = format!("a = {} + @ {}\n", "x".repeat(1_000_000), "y".repeat(1000));
        let at = src.find('@').unwrap();
        let e = Error::at(
            ErrorKind::Parse,
            "unexpected `@`",
            Span::new(at, at + 1),
            &src,
        );
        assert_eq!(e.column(), Some(1_000_008));
        let shown = e.to_string();
        assert!(shown.len() < 400, "{shown}");
        let lines: Vec<&str> = shown.lines().collect();
        // The caret stands under the `@` of the cut line.
        let code = lines[2].find('|').unwrap() + 2;
        let caret = lines[3].find('^').unwrap();
        assert_eq!(&lines[2][code..code + 4], "...x");
        assert_eq!(lines[2].as_bytes()[caret], b'@');
        assert!(lines[2].ends_with("yyy..."));
    }

    #[test]
    fn error_is_one_pointer() {
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }
}
