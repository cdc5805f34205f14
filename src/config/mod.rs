//! Whole configurations: several files read as one body, as Go's HCL
//! merges them (`hcl.MergeFiles`) for Terraform, OpenTofu, Packer and
//! Nomad.
//!
//! [`Files`] reads files given by name and text, or a directory's files
//! chosen by extension ([`Files::read_dir`]), into one body: the items
//! of every file, in the order the files are given (a directory's in
//! file-name order). An attribute set in two files is an error naming
//! both places; native and JSON syntax mix. Every diagnostic names its
//! file, with the line and column in that file.
//!
//! ```
//! use std::collections::BTreeMap;
//! #[derive(serde::Deserialize)]
//! struct Module {
//!     variable: BTreeMap<String, Variable>,
//! }
//! #[derive(serde::Deserialize)]
//! struct Variable {
//!     default: Option<hcl::Value>,
//! }
//! let files = hcl::config::Files::parse([
//!     ("main.tf", "variable \"region\" {\n  default = \"eu\"\n}\n"),
//!     ("more.tf.json", r#"{"variable": {"zone": {"default": "a"}}}"#),
//! ])
//! .unwrap();
//! let m: Module = files.deserialize().unwrap();
//! assert_eq!(m.variable["region"].default, Some(hcl::Value::from("eu")));
//! assert_eq!(m.variable["zone"].default, Some(hcl::Value::from("a")));
//!
//! let err = hcl::config::Files::parse([("a.tf", "x = 1\n"), ("b.tf", "\nx = 2\n")]).unwrap_err();
//! assert_eq!(err.message(), "Duplicate argument: Argument \"x\" was already set at a.tf:1,1-2");
//! assert_eq!((err.file(), err.line()), (Some("b.tf"), Some(2)));
//! ```

mod condition;
mod dir;
mod module;
mod plan;
mod tool;

use serde::de::{Deserialize, DeserializeOwned};

pub use dir::{ext_is_json, is_ignored_file, DirFile, DirFiles, Listing, NOMAD, PACKER, TERRAFORM};
pub use module::{Inputs, Module};
pub use plan::{
    plan_dir, CheckKind, CheckStatus, Checked, CheckedInstance, InstanceKey, Mode, OutputValue,
    Plan, PlanOptions, Refactoring, RefactoringKind, ResourceInstance, ResourceMode,
};
pub use tool::Tool;

use crate::error::Location;
use crate::error::{Diagnostic, Error, ErrorKind, Result};
use crate::eval::Context;
use crate::parser::ParseOptions;
use crate::syntax::Span;
use crate::syntax::{Body, ConfigFile, Structure};

/// Several files read as one body (see the [module](self)).
///
/// ```
/// let files = hcl::config::Files::parse([("a.tf", "a = 1\n"), ("b.tf", "b {}\n")]).unwrap();
/// assert_eq!(files.body().structures.len(), 2);
/// assert_eq!(files.names().collect::<Vec<_>>(), ["a.tf", "b.tf"]);
/// ```
pub struct Files {
    /// The files' texts one after another (each ending with a newline),
    /// and the merged tree, whose spans are offsets in that text.
    merged: ConfigFile<'static>,
    files: Vec<FileInfo>,
    warnings: Vec<Diagnostic>,
    /// How many newlines the merged text has before each block of
    /// `LINE_BLOCK` bytes (and before its end), counted when a line is
    /// first asked for: a line is then the count before its block and
    /// those in the block up to it.
    newlines: std::sync::OnceLock<Vec<usize>>,
}

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Files")
            .field("names", &self.names().collect::<Vec<_>>())
            .field("body", self.body())
            .finish()
    }
}

/// One file of a [`Files`].
struct FileInfo {
    name: String,
    /// Where the file starts in the merged text.
    start: Location,
    /// Its length there.
    len: usize,
    json: bool,
}

impl Files {
    /// Reads `files` (name, text) as one body, in the order given; a name
    /// ending in `.json` is read as HCL's JSON syntax, any other as native
    /// syntax.
    ///
    /// # Errors
    /// Every syntax error of every file, then an attribute set in two
    /// files (Go's "Duplicate argument"); each naming its file.
    ///
    /// ```
    /// use hcl::config::Files;
    /// let files = Files::parse([("a.tf", "a = 1"), ("b.tf.json", r#"{"b": 2}"#)]).unwrap();
    /// assert_eq!(files.body().attributes().count(), 2);
    ///
    /// let err = Files::parse([("a.tf", "a = 1\n"), ("b.tf", "b = \n")]).unwrap_err();
    /// assert_eq!(err.file(), Some("b.tf"));
    /// ```
    pub fn parse<N: Into<String>, T: AsRef<str>>(
        files: impl IntoIterator<Item = (N, T)>,
    ) -> Result<Files> {
        Files::parse_with(files, &ParseOptions::default())
    }

    /// [`Files::parse`] with parse options.
    ///
    /// # Errors
    /// As [`Files::parse`].
    ///
    /// ```
    /// use hcl::config::Files;
    /// let opts = hcl::ParseOptions::new().max_depth(1);
    /// assert!(Files::parse_with([("a.tf", "a = [1]")], &opts).is_ok());
    /// let err = Files::parse_with([("a.tf", "a = [[1]]")], &opts).unwrap_err();
    /// assert_eq!(err.kind(), hcl::ErrorKind::Limit);
    /// ```
    pub fn parse_with<N: Into<String>, T: AsRef<str>>(
        files: impl IntoIterator<Item = (N, T)>,
        options: &ParseOptions,
    ) -> Result<Files> {
        let files: Vec<(String, T)> = files.into_iter().map(|(n, t)| (n.into(), t)).collect();
        let mut text = String::with_capacity(files.iter().map(|f| f.1.as_ref().len() + 1).sum());
        let mut placed = Vec::with_capacity(files.len());
        for (name, t) in files {
            let start = text.len();
            text.push_str(t.as_ref());
            let json = ext_is_json(&name);
            placed.push(end_file(&mut text, name, json, start));
        }
        Files::build(text, placed, Vec::new(), options)
    }

    /// Reads the files of `dir` that [`DirFiles`] chooses (no
    /// subdirectory), in file-name order, as one body; files skipped on
    /// purpose (Terraform's override files) are reported as warnings.
    ///
    /// # Errors
    /// An unreadable directory or file, a file that is not UTF-8, then as
    /// [`Files::parse`].
    ///
    /// ```
    /// use hcl::config::{DirFiles, Files};
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-read-dir-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("b.tf"), "b = 2\n").unwrap();
    /// std::fs::write(dir.join("a.tf.json"), r#"{"a": 1}"#).unwrap();
    /// let files = Files::read_dir(&dir, &DirFiles::terraform());
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// let files = files.unwrap();
    /// assert_eq!(files.body().attributes().count(), 2);
    /// assert!(files.names().next().unwrap().ends_with("a.tf.json"));
    /// assert!(Files::read_dir(&dir, &DirFiles::terraform()).is_err());
    /// ```
    pub fn read_dir(dir: impl AsRef<std::path::Path>, choose: &DirFiles) -> Result<Files> {
        Files::read_dir_with(dir, choose, &ParseOptions::default())
    }

    /// [`Files::read_dir`] with parse options.
    ///
    /// # Errors
    /// As [`Files::read_dir`].
    pub fn read_dir_with(
        dir: impl AsRef<std::path::Path>,
        choose: &DirFiles,
        options: &ParseOptions,
    ) -> Result<Files> {
        Files::read_listing_with(choose.list(dir)?, options)
    }

    /// Reads the files of a directory's [`Listing`] (see
    /// [`Files::read_dir`]); its warnings become the [`Files`]'.
    ///
    /// # Errors
    /// As [`Files::read_dir`].
    ///
    /// ```
    /// use hcl::config::{DirFiles, Files};
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-read-listing-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("main.tf"), "a = 1\n").unwrap();
    /// std::fs::write(dir.join("notes.txt"), "not read").unwrap();
    /// let listing = DirFiles::terraform().list(&dir).unwrap();
    /// let files = Files::read_listing(listing);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// let files = files.unwrap();
    /// assert_eq!(files.body().attributes().count(), 1);
    /// ```
    pub fn read_listing(listing: Listing) -> Result<Files> {
        Files::read_listing_with(listing, &ParseOptions::default())
    }

    fn read_listing_with(listing: Listing, options: &ParseOptions) -> Result<Files> {
        let cannot_read = |path: &std::path::Path, e: std::io::Error| {
            Error::described(ErrorKind::Io, &format!("cannot read {}", path.display()), e)
        };
        // Each file read straight into the one text the files are parsed
        // from: a group of files opened, each one's size asked of the open
        // file (no second walk of its path), room made for the group at
        // once, then each read and closed. (Groups of a bounded number of
        // files: a directory of thousands never holds as many open.)
        const OPEN_AT_ONCE: usize = 256;
        let mut bytes: Vec<u8> = Vec::new();
        let mut placed = Vec::with_capacity(listing.files.len());
        let mut files = listing.files.into_iter().peekable();
        let mut group = Vec::with_capacity(OPEN_AT_ONCE.min(placed.capacity()));
        while files.peek().is_some() {
            let mut room: usize = 0;
            for f in files.by_ref().take(OPEN_AT_ONCE) {
                let file = std::fs::File::open(&f.path).map_err(|e| cannot_read(&f.path, e))?;
                let size = file.metadata().map_or(0, |m| m.len());
                let size = usize::try_from(size).unwrap_or(usize::MAX);
                room = room.saturating_add(size).saturating_add(1);
                group.push((f, file, size));
            }
            if bytes.try_reserve_exact(room).is_err() {
                return Err(Error::described(
                    ErrorKind::Io,
                    "cannot read the configuration files",
                    format_args!("{room} bytes do not fit in memory"),
                ));
            }
            for (f, file, size) in group.drain(..) {
                let start = bytes.len();
                append_file(file, size, &mut bytes).map_err(|e| cannot_read(&f.path, e))?;
                let len = bytes.len() - start;
                if needs_newline(&bytes[start..]) {
                    bytes.push(b'\n');
                }
                placed.push((f.name, f.json, start, len));
            }
        }
        // (Checked once for all; an error is the file's own, as checking
        // that file alone gives it.)
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let i = placed.partition_point(|p| p.2 <= at).saturating_sub(1);
            let own = placed.get(i).and_then(|(name, _, start, len)| {
                let e = crate::parser::check_utf8(&bytes[*start..*start + *len]).err()?;
                Some(e.with_file(name.clone()))
            });
            // (The file holds the invalid byte: it is always found.)
            own.unwrap_or_else(|| Error::new(ErrorKind::Parse, "Invalid character encoding"))
        })?;
        Files::build(text, placed, listing.warnings, options)
    }

    /// The files in `text` (one after another, each from the start of a
    /// line: `placed` has each one's name, whether it is JSON, its offset
    /// and its length) parsed as one body.
    fn build(
        text: String,
        placed: Vec<(String, bool, usize, usize)>,
        warnings: Vec<Diagnostic>,
        options: &ParseOptions,
    ) -> Result<Files> {
        let mut infos = Vec::with_capacity(placed.len());
        let (mut line, mut counted) = (1, 0);
        for (name, json, offset, len) in placed {
            line += crate::error::count_newlines(&text.as_bytes()[counted..offset]);
            counted = offset;
            infos.push(FileInfo {
                name,
                start: Location {
                    line,
                    column: 1,
                    offset,
                },
                len,
                json,
            });
        }
        let place = |offset: usize| file_of(&infos, offset);
        let merged = ConfigFile::build(std::borrow::Cow::Owned(text), |arena, text| {
            let mut failed: Option<Error> = None;
            let mut structures: Vec<Structure<'_>> = Vec::new();
            let mut json_roots = Vec::new();
            let mut json_at = None;
            for f in &infos {
                let range = f.start.offset..f.start.offset + f.len;
                let own = &text[range.clone()];
                if f.json {
                    let depth = options.depth_limit();
                    match crate::value::json::parse(own, depth) {
                        Ok(mut node) => {
                            node.shift(range.start);
                            json_at.get_or_insert(structures.len());
                            json_roots.push(node);
                        }
                        Err(e) => Error::append(&mut failed, e.with_file(f.name.clone())),
                    }
                    continue;
                }
                let mut names = Vec::new();
                let from = range.start + if own.starts_with('\u{feff}') { 3 } else { 0 };
                let parsed = crate::parser::parse_top_items(
                    arena,
                    &text[..range.end],
                    from,
                    usize::MAX,
                    &mut names,
                    options,
                )
                .and_then(|(items, _)| {
                    crate::parser::check_names(&names, &text[..range.end], options)?;
                    Ok(items)
                });
                match parsed {
                    Ok(items) => structures.extend_from_slice(items),
                    // Every error of the file, found by parsing it alone.
                    Err(_) => {
                        let e = crate::parser::parse_in_with(
                            &crate::syntax::Arena::new(),
                            own,
                            options,
                        )
                        .err()
                        .unwrap_or_else(|| Error::new(ErrorKind::Parse, "invalid syntax"));
                        Error::append(&mut failed, e.with_file(f.name.clone()));
                    }
                }
            }
            if !json_roots.is_empty() {
                let words = |at: usize| match place(at) {
                    Some((name, start)) => {
                        let l = Location::of(text, at);
                        format!("{name}:{},{}", l.line - start.line + 1, l.column)
                    }
                    None => String::new(),
                };
                match crate::json::read_merged(arena, text, json_roots, options, &words) {
                    Ok(body) => {
                        let at = json_at.unwrap_or(structures.len()).min(structures.len());
                        structures.splice(at..at, body.structures.iter().copied());
                    }
                    Err(e) => Error::append(&mut failed, e.in_files(&place)),
                }
            }
            if let Some(e) = failed {
                return Err(e);
            }
            let structures = json_as_blocks(arena, structures, &infos);
            let body = Body {
                structures: arena.alloc_slice(&structures),
                span: Span::new(0, text.len()),
            };
            duplicates(&body, text, &infos).map_err(|e| e.in_files(&place))?;
            Ok(body)
        })?;
        Ok(Files {
            merged,
            files: infos,
            warnings,
            newlines: std::sync::OnceLock::new(),
        })
    }

    /// The newlines before each block of the merged text (see
    /// `Files::newlines`).
    fn newlines(&self) -> &[usize] {
        self.newlines.get_or_init(|| {
            let bytes = self.source().as_bytes();
            let mut before = Vec::with_capacity(bytes.len() / LINE_BLOCK + 2);
            let mut count = 0;
            for block in bytes.chunks(LINE_BLOCK) {
                before.push(count);
                count += crate::error::count_newlines(block);
            }
            before.push(count);
            before
        })
    }

    /// The line (0-based) of the merged text that byte `offset` is on:
    /// the newlines before it.
    fn line_index(&self, offset: usize) -> usize {
        let bytes = self.source().as_bytes();
        let offset = offset.min(bytes.len());
        let k = offset / LINE_BLOCK;
        self.newlines()[k] + crate::error::count_newlines(&bytes[k * LINE_BLOCK..offset])
    }

    /// The file that byte `offset` of the merged text is in, and the line
    /// there (1-based): a binary search, without building an error.
    pub(crate) fn file_line(&self, offset: usize) -> Option<(&str, usize)> {
        let f = &self.files[file_index(&self.files, offset)?];
        Some((
            &f.name,
            self.line_index(offset) - self.line_index(f.start.offset) + 1,
        ))
    }

    /// The merged body: the items of every file, in order. Its spans are
    /// offsets in [`source`](Files::source).
    ///
    /// ```
    /// let files = hcl::config::Files::parse([("a.tf", "a = 1\n"), ("b.tf", "b = 2\n")]).unwrap();
    /// let b = files.body().attribute("b").unwrap();
    /// assert_eq!(b.span(), hcl::Span::new(6, 11));
    /// assert_eq!(&files.source()[b.span().range()], "b = 2");
    /// ```
    pub fn body(&self) -> &Body<'_> {
        self.merged.body()
    }

    /// The files' texts one after another, each ending with a newline.
    ///
    /// ```
    /// let files = hcl::config::Files::parse([("a.tf", "a = 1"), ("b.tf", "b = 2\n")]).unwrap();
    /// assert_eq!(files.source(), "a = 1\nb = 2\n");
    /// ```
    pub fn source(&self) -> &str {
        self.merged.source()
    }

    /// The files' names, in order.
    ///
    /// ```
    /// let files = hcl::config::Files::parse([("main.tf", ""), ("vars.tf.json", "{}")]).unwrap();
    /// assert_eq!(files.names().collect::<Vec<_>>(), ["main.tf", "vars.tf.json"]);
    /// ```
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|f| f.name.as_str())
    }

    /// What reading the files warned of (files skipped on purpose).
    ///
    /// ```
    /// use hcl::config::{DirFiles, Files};
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-warnings-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("main.tf"), "a = 1\n").unwrap();
    /// std::fs::write(dir.join("override.tf"), "a = 2\n").unwrap();
    /// let files = Files::read_dir(&dir, &DirFiles::terraform());
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// let files = files.unwrap();
    /// assert_eq!(files.warnings().len(), 1);
    /// assert_eq!(files.warnings()[0].summary, "Override file skipped");
    /// assert!(Files::parse([("a.tf", "")]).unwrap().warnings().is_empty());
    /// ```
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The warnings `ctx` reported while evaluating the merged body (calls
    /// of unknown functions kept as written), each placed in its file; they
    /// are forgotten there.
    ///
    /// ```
    /// use hcl::eval::{Context, EvalMode, Evaluate};
    /// let files = hcl::config::Files::parse([("a.tf", "a = 1\n"), ("b.tf", "cpu = maxx(1, 2)\n")]).unwrap();
    /// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    /// files.body().evaluate(&ctx).unwrap();
    /// let warnings = files.take_warnings(&ctx);
    /// let range = warnings[0].range.as_ref().unwrap();
    /// assert_eq!((range.filename.as_deref(), range.start.line), (Some("b.tf"), 1));
    /// assert!(files.take_warnings(&ctx).is_empty());
    /// ```
    pub fn take_warnings(&self, ctx: &Context<'_>) -> Vec<Diagnostic> {
        crate::error::diagnostics_of(ctx.take_warning_errors(), |e| self.locate(e))
    }

    /// Whether one of the files is in HCL's JSON syntax.
    ///
    /// ```
    /// use hcl::config::Files;
    /// assert!(Files::parse([("a.tf", ""), ("b.tf.json", "{}")]).unwrap().has_json());
    /// assert!(!Files::parse([("a.tf", "")]).unwrap().has_json());
    /// ```
    pub fn has_json(&self) -> bool {
        self.files.iter().any(|f| f.json)
    }

    /// Where `span`, a byte range of the merged text (a syntax node's, or
    /// a [`Spanned`](serde_spanned::Spanned) field's of
    /// [`Files::deserialize`]), is: its file's name, and its start and end
    /// (line, column and byte offset) in that file; `None` past the end.
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     name: String,
    ///     port: serde_spanned::Spanned<u16>,
    /// }
    /// let files = hcl::config::Files::parse([("a.tf", "name = \"x\"\n"), ("b.tf", "\nport = 8080\n")]).unwrap();
    /// let config: Config = files.deserialize().unwrap();
    /// assert_eq!(config.name, "x");
    /// let span = config.port.span();
    /// let range = files.range_of(hcl::Span::new(span.start, span.end)).unwrap();
    /// assert_eq!(range.filename.as_deref(), Some("b.tf"));
    /// assert_eq!((range.start.line, range.start.column, range.start.offset), (2, 8, 8));
    /// assert_eq!((range.end.line, range.end.column), (2, 12));
    /// ```
    pub fn range_of(&self, span: Span) -> Option<crate::error::Range> {
        let text = self.source();
        if span.start() > text.len() {
            return None;
        }
        let f = &self.files[file_index(&self.files, span.start())?];
        let at = crate::error::Locator::new(text);
        let end = span.end().min(f.start.offset + f.len).max(span.start());
        Some(crate::error::Range {
            filename: Some(f.name.clone()),
            start: at.locate(span.start()).in_file(f.start),
            end: at.locate(end).in_file(f.start),
        })
    }

    /// `e`, an error about the merged body (of evaluating or
    /// deserializing it), with each diagnostic placed in its file: the
    /// file named, line, column and snippet the file's.
    ///
    /// ```
    /// use hcl::eval::Evaluate;
    /// let files = hcl::config::Files::parse([("a.tf", "a = 1\n"), ("b.tf", "b = x\n")]).unwrap();
    /// let ctx = hcl::eval::Context::new();
    /// let err = files.locate(files.body().evaluate(&ctx).unwrap_err());
    /// assert_eq!((err.file(), err.line(), err.column()), (Some("b.tf"), Some(1), Some(5)));
    /// ```
    #[cold]
    pub fn locate(&self, e: Error) -> Error {
        let source = self.source();
        // (From the start of the place's line, found from the blocks'
        // counts and back from the place: not from the start of the text,
        // which may be large.)
        let locate = |offset: usize| {
            let line = self.line_index(offset);
            let bytes = &source.as_bytes()[..offset.min(source.len())];
            let start = memchr::memrchr(b'\n', bytes).map_or(0, |nl| nl + 1);
            crate::error::LineCursor::at_line(start, line).locate(source, offset)
        };
        e.with_source_by(source, &locate)
            .in_files(&|offset| file_of(&self.files, offset))
    }

    /// The text a context evaluating the body reads kept expressions
    /// from: the merged text, or nothing when a file is in JSON syntax
    /// (kept expressions are then printed, as for one JSON file).
    ///
    /// ```
    /// use hcl::config::Files;
    /// let native = Files::parse([("a.tf", "a = 1\n")]).unwrap();
    /// assert_eq!(native.context_source(), "a = 1\n");
    /// let mixed = Files::parse([("a.tf", "a = 1\n"), ("b.tf.json", "{}")]).unwrap();
    /// assert_eq!(mixed.context_source(), "");
    /// ```
    pub fn context_source(&self) -> &str {
        if self.has_json() {
            ""
        } else {
            self.source()
        }
    }

    /// Deserializes the merged body into a `T`, as [`crate::from_str`]
    /// does a file (built-in functions, template-preserving mode).
    ///
    /// # Errors
    /// Evaluation errors and mismatches with `T`, each placed in its file.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let files = hcl::config::Files::parse([("a.tf", "a = 1\n"), ("b.tf", "b = a_var\n")]).unwrap();
    /// let m: BTreeMap<String, hcl::Value> = files.deserialize().unwrap();
    /// assert_eq!(m["a"], hcl::Value::from(1));
    /// // Undefined variables are kept as templates.
    /// assert_eq!(m["b"], hcl::Value::from("${a_var}"));
    /// let err = files.deserialize::<BTreeMap<String, u8>>().unwrap_err();
    /// assert_eq!(err.file(), Some("b.tf"));
    /// ```
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T> {
        let ctx = Context::new().with_mode(crate::eval::EvalMode::PreserveTemplates);
        self.deserialize_with_context(&ctx)
    }

    /// Deserializes the merged body into a `T`, evaluating in `ctx` (see
    /// [`crate::from_str_with_context`]).
    ///
    /// # Errors
    /// As [`Files::deserialize`].
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let files = hcl::config::Files::parse([("a.tf", "a = x + 1\n")]).unwrap();
    /// let ctx = hcl::eval::Context::new().with_var("x", 41);
    /// let m: BTreeMap<String, u32> = files.deserialize_with_context(&ctx).unwrap();
    /// assert_eq!(m["a"], 42);
    /// let empty = hcl::eval::Context::new();
    /// assert!(files.deserialize_with_context::<BTreeMap<String, u32>>(&empty).is_err());
    /// ```
    pub fn deserialize_with_context<'de, T: Deserialize<'de>>(
        &'de self,
        ctx: &'de Context<'de>,
    ) -> Result<T> {
        let ctx = ctx.child().with_source(self.context_source());
        crate::de::from_merged_body(self.body(), &ctx, self.context_source(), self.has_json())
            .map_err(|e| self.locate(e))
    }
}

/// The file at byte `offset` of the merged text, and where it starts.
fn file_of(files: &[FileInfo], offset: usize) -> Option<(String, Location)> {
    let f = &files[file_index(files, offset)?];
    Some((f.name.clone(), f.start))
}

/// The merged items, where an attribute of a JSON file that native files
/// define as blocks (`variable`, `resource`) is read as those blocks are:
/// their labels tell how many levels of the JSON object are labels, as a
/// schema would. Other attributes stay as they are (the target type says
/// later what is a block).
fn json_as_blocks<'a>(
    arena: &'a crate::syntax::Arena,
    structures: Vec<Structure<'a>>,
    files: &[FileInfo],
) -> Vec<Structure<'a>> {
    let from_json = |span: Span| file_index(files, span.start()).is_some_and(|i| files[i].json);
    let mut labels: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for s in &structures {
        if let Structure::Block(b) = s {
            labels.entry(b.ident.name).or_insert(b.labels.len());
        }
    }
    if labels.is_empty() || !files.iter().any(|f| f.json) {
        return structures;
    }
    let mut out = Vec::with_capacity(structures.len());
    for s in structures {
        if let Structure::Attribute(a) = s {
            if let Some(&n) = labels.get(a.name.name) {
                let mut blocks = Vec::new();
                if from_json(a.name.span)
                    && as_blocks(arena, a.name, &a.expr, n, &mut Vec::new(), &mut blocks)
                {
                    out.extend(blocks);
                    continue;
                }
            }
        }
        out.push(s);
    }
    out
}

/// The blocks of type `ident` with `need` labels that the JSON value `e`
/// stands for (json-spec.md: objects nested one level per label, or
/// arrays of them), after `labels`; `false` when it stands for none.
fn as_blocks<'a>(
    arena: &'a crate::syntax::Arena,
    ident: crate::syntax::Ident<'a>,
    e: &crate::syntax::Expression<'a>,
    need: usize,
    labels: &mut Vec<crate::syntax::BlockLabel<'a>>,
    out: &mut Vec<Structure<'a>>,
) -> bool {
    use crate::syntax::{Attribute, Block, BlockLabel, ExprKind, Ident, ObjectKey};
    // A JSON property name, when it is a literal, and where it is.
    let name = |k: &ObjectKey<'a>| crate::json::key_text(k).map(|n| (n, k.span()));
    match e.kind {
        ExprKind::Tuple(items) => items
            .iter()
            .all(|x| as_blocks(arena, ident, x, need, labels, out)),
        ExprKind::Object(items) if labels.len() < need => items.iter().all(|item| {
            let Some((value, span)) = name(&item.key) else {
                return false;
            };
            labels.push(BlockLabel::String { value, span });
            let ok = as_blocks(arena, ident, &item.value, need, labels, out);
            labels.pop();
            ok
        }),
        ExprKind::Object(items) => {
            let mut attributes = Vec::with_capacity(items.len());
            for item in items {
                let Some((key, span)) = name(&item.key) else {
                    return false;
                };
                if key != "//" {
                    attributes.push(Structure::Attribute(Attribute {
                        name: Ident::new(key, span),
                        expr: item.value,
                    }));
                }
            }
            out.push(Structure::Block(Block {
                ident,
                labels: arena.alloc_slice(labels),
                body: Body {
                    structures: arena.alloc_slice(&attributes),
                    span: e.span,
                },
            }));
            true
        }
        _ => false,
    }
}

/// An attribute set in two files: Go's "Duplicate argument" (an attribute
/// of a JSON file whose value could be blocks is one or more blocks, as
/// the target type may read it).
fn duplicates(body: &Body<'_>, text: &str, files: &[FileInfo]) -> Result<()> {
    let mut seen: std::collections::HashMap<&str, Span> = std::collections::HashMap::new();
    let mut failed: Option<Error> = None;
    for a in body.attributes() {
        let json = file_index(files, a.name.span.start()).is_some_and(|i| files[i].json);
        if json && could_be_blocks(&a.expr) {
            continue;
        }
        match seen.get(a.name.as_str()) {
            None => {
                seen.insert(a.name.as_str(), a.name.span);
            }
            Some(first) => {
                let at = range_text(text, files, *first);
                let e = Error::described(
                    ErrorKind::Parse,
                    "Duplicate argument",
                    format_args!("Argument \"{}\" was already set at {at}", a.name.as_str()),
                )
                .at_span(a.name.span)
                .with_source(text);
                Error::append(&mut failed, e);
            }
        }
    }
    failed.map_or(Ok(()), Err)
}

/// The index of the file at byte `offset`.
fn file_index(files: &[FileInfo], offset: usize) -> Option<usize> {
    files
        .partition_point(|f| f.start.offset <= offset)
        .checked_sub(1)
}

/// Ends the file that starts at `start` in `text` with a newline if it has
/// none; where it is (see [`Files::build`]).
fn end_file(
    text: &mut String,
    name: String,
    json: bool,
    start: usize,
) -> (String, bool, usize, usize) {
    let len = text.len() - start;
    if needs_newline(&text.as_bytes()[start..]) {
        text.push('\n');
    }
    (name, json, start, len)
}

/// The size of the blocks of the merged text whose newlines
/// `Files::newlines` counts (a line is found by counting at most this many
/// bytes).
const LINE_BLOCK: usize = 1024;

/// Reads `file` (of `size` bytes when it was opened) onto the end of
/// `bytes`: into room made for it, without the position and size queries
/// `read_to_end` makes again, and without the read that would find its end
/// once its `size` bytes are read (a file read is its open, one read of
/// its bytes and its close). A file of no size when opened (a pipe, a file
/// the system makes as it is read) is read to its end. (The room is zeroed
/// first: a cost of one pass over the bytes, less than the calls saved.)
fn append_file(mut file: std::fs::File, size: usize, bytes: &mut Vec<u8>) -> std::io::Result<()> {
    use std::io::Read;
    let start = bytes.len();
    let mut filled = start;
    // (Of no size: read in growing room until a read returns nothing.)
    let wanted = if size == 0 { usize::MAX } else { size };
    bytes.resize(start.saturating_add(size.max(4096).min(wanted)), 0);
    while filled - start < wanted {
        if filled == bytes.len() {
            // (Doubling the file's own room: linear in its length.)
            bytes.resize(filled.saturating_add((filled - start).max(4096)), 0);
        }
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                bytes.truncate(start);
                return Err(e);
            }
        }
    }
    bytes.truncate(filled);
    Ok(())
}

/// Whether a file's text needs a newline before the next file's (it does
/// not end with one: the next starts at the start of a line).
fn needs_newline(file: &[u8]) -> bool {
    !file.ends_with(b"\n")
}

/// Go's `Range.String()` of `span` in its file: `a.tf:3,1-2`.
fn range_text(text: &str, files: &[FileInfo], span: Span) -> String {
    let Some((name, start)) = file_of(files, span.start()) else {
        return String::new();
    };
    let at = crate::error::Locator::new(text);
    let from = at.locate(span.start()).in_file(start);
    let to = at.locate(span.end()).in_file(start);
    if from.line == to.line {
        format!("{name}:{},{}-{}", from.line, from.column, to.column)
    } else {
        format!(
            "{name}:{},{}-{},{}",
            from.line, from.column, to.line, to.column
        )
    }
}

/// Whether an attribute's value, read from JSON, could stand for blocks:
/// an object, or a tuple of objects.
fn could_be_blocks(e: &crate::syntax::Expression<'_>) -> bool {
    use crate::syntax::ExprKind;
    match e.kind {
        ExprKind::Object(_) => true,
        ExprKind::Tuple(items) => items.iter().all(|x| matches!(x.kind, ExprKind::Object(_))),
        _ => false,
    }
}
