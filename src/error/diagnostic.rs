//! A diagnostic in HCL's shape: severity, summary, detail and range.

use super::{Error, Location};

/// One diagnostic, in the shape of HCL's and of `terraform validate
/// -json`'s: severity, summary, detail and where.
///
/// ```
/// let err = hcl::eval::evaluate_str("[\n  tostring({}),\n]", &Default::default()).unwrap_err();
/// let d = err.diagnostics().next().unwrap();
/// assert_eq!(d.severity, hcl::Severity::Error);
/// assert_eq!(d.summary, "Invalid function argument");
/// assert_eq!(d.detail, "Invalid value for \"v\" parameter: cannot convert object to string.");
/// assert_eq!(d.range.unwrap().start.line, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// An error or a warning.
    pub severity: Severity,
    /// The short description (`Invalid function argument`).
    pub summary: String,
    /// The longer one (may be empty).
    pub detail: String,
    /// Where, when the diagnostic relates to a place in the source.
    pub range: Option<Range>,
}

/// The diagnostics of `errors`, each error placed by `place` first (its
/// source added).
#[cold]
pub(crate) fn diagnostics_of(
    errors: Vec<Error>,
    place: impl Fn(Error) -> Error,
) -> Vec<Diagnostic> {
    errors
        .into_iter()
        .flat_map(|e| place(e).diagnostics().collect::<Vec<_>>())
        .collect()
}

/// How serious a [`Diagnostic`] is.
///
/// ```
/// let err = hcl::parse("a = [1, 2\n").unwrap_err();
/// assert!(err.diagnostics().all(|d| d.severity == hcl::Severity::Error));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input can be used, but probably says something it does not mean.
    Warning,
}

/// Where a [`Diagnostic`] is: its file (when named), start and end (end
/// exclusive).
///
/// ```
/// let err = hcl::parse("a = 1\nb = ?\n").unwrap_err().with_file("main.tf");
/// let range = err.diagnostics().next().unwrap().range.unwrap();
/// assert_eq!(range.filename.as_deref(), Some("main.tf"));
/// assert_eq!((range.start.line, range.start.column, range.start.offset), (2, 5, 10));
/// assert_eq!((range.end.line, range.end.column, range.end.offset), (2, 6, 11));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The file's name, as given ([`Error::with_file`]).
    pub filename: Option<String>,
    /// Where it starts.
    pub start: Location,
    /// Where it ends (exclusive).
    pub end: Location,
}
