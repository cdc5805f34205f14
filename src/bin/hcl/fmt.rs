//! `hcl fmt`: formats files in place, as `terraform fmt` does.
//!
//! The flags (read as every command reads them: also as `--flag`, also
//! after the paths), the files picked in a directory, what is printed and
//! the exit codes are `terraform fmt`'s (1.11): 0 when all went well, 3 with
//! `-check` when a file would change, 2 when a file could not be read,
//! parsed or written, 1 for a flag it does not know. Files with syntax
//! errors are reported as `hcl check` reports them and left untouched; a
//! file is rewritten through a temporary file in its directory renamed over
//! it, so it is never half-written.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::args::{Arg, Args, Stop};
use super::inputs::{dir_files, is_json_path, shown_path};
use super::{read_text, report};

mod diff;

/// What `terraform fmt` picks in a directory (and formats with its
/// rewrites).
const TERRAFORM_EXTENSIONS: [&str; 4] = [".tf", ".tfvars", ".tftest.hcl", ".tfmock.hcl"];

/// `hcl fmt [options] [PATH...]`.
pub(crate) fn fmt(args: &[String]) -> ExitCode {
    let mut fmt = match Fmt::from_args(args) {
        Ok(fmt) => fmt,
        Err(Stop::Help) => {
            super::print_usage("fmt");
            return ExitCode::SUCCESS;
        }
        Err(Stop::Error(msg)) => {
            // 1, as terraform fmt exits for a flag it does not know.
            eprintln!("hcl: {msg}");
            return ExitCode::from(1);
        }
    };
    fmt.run();
    if fmt.failed {
        return ExitCode::from(2);
    }
    if let Some(listed) = fmt.checked.take() {
        if fmt.list_checked {
            fmt.emit(&listed);
        }
        if !listed.is_empty() {
            return ExitCode::from(3);
        }
    }
    ExitCode::SUCCESS
}

/// One run of `hcl fmt`: its options and what it found so far.
struct Fmt {
    /// Print the names of files that change.
    list: bool,
    /// Rewrite files that change.
    write: bool,
    /// Print a unified diff of each change.
    diff: bool,
    /// Go into subdirectories.
    recursive: bool,
    /// Read stdin instead of `paths`.
    stdin: bool,
    paths: Vec<String>,
    /// With `-check`: what would be printed, held back until the end
    /// (printed only when nothing failed, and only with `-list`).
    checked: Option<Vec<u8>>,
    /// `-list` as given, for `-check`.
    list_checked: bool,
    /// A file could not be read, parsed or written.
    failed: bool,
    /// `-max-depth N`: the nesting limit.
    parse: hcl::ParseOptions,
}

impl Fmt {
    /// The options, from Go-style flags (`-check`, `--check`,
    /// `-write=false`, ...), and the paths.
    fn from_args(args: &[String]) -> Result<Fmt, Stop> {
        let (mut list, mut write, mut diff, mut check, mut recursive) =
            (true, true, false, false, false);
        let mut paths = Vec::new();
        let mut parse = hcl::ParseOptions::new();
        let mut args = Args::new("fmt", args);
        while let Some(arg) = args.next()? {
            match arg {
                Arg::Switch("list", on) => list = on,
                Arg::Switch("write", on) => write = on,
                Arg::Switch("diff", on) => diff = on,
                Arg::Switch("check", on) => check = on,
                Arg::Switch("recursive", on) => recursive = on,
                Arg::Flag("max-depth", n) => parse = args.max_depth(n)?,
                Arg::Switch("no-color", _) => {}
                Arg::Switch(name, _) | Arg::Flag(name, _) => return Err(args.unread(name)),
                Arg::Value(path) => paths.push(path.to_owned()),
            }
        }
        let stdin = paths.iter().any(|p| p == "-");
        if stdin && paths.len() > 1 {
            let other = paths.iter().skip(1).find(|p| *p != "-");
            let other = other.map_or("-", |p| p.as_str());
            return Err(args.extra(other, "`-` (stdin) is formatted alone"));
        }
        if stdin {
            paths.clear();
            list = false;
            write = false;
        } else if paths.is_empty() {
            paths.push(".".to_owned());
        }
        let list_checked = list;
        if check {
            list = true;
            write = false;
        }
        Ok(Fmt {
            list,
            write,
            diff,
            recursive,
            stdin,
            paths,
            checked: check.then(Vec::new),
            list_checked,
            failed: false,
            parse,
        })
    }

    fn run(&mut self) {
        if self.stdin {
            self.file("-", None, true);
            return;
        }
        for path in std::mem::take(&mut self.paths) {
            let Ok(meta) = fs::metadata(&path) else {
                // As terraform fmt: the paths after it are not looked at.
                self.error(&format!("no file or directory at {path}"));
                return;
            };
            let shown = shown_path(&path);
            if meta.is_dir() {
                // Terraform's files, with its rewrites.
                let mut found = Vec::new();
                dir_files(&path, &shown, self.recursive, is_terraform_file, &mut found);
                for input in found {
                    match input.path() {
                        Ok(p) => self.file(&input.shown, Some(p), true),
                        Err(err) => self.error(&report(&input.shown, &err)),
                    }
                }
            } else if is_json_path(&path) {
                self.error(&format!("{path}: JSON files are not formatted"));
            } else {
                // Named files are formatted whatever their extension; only
                // Terraform's files get Terraform's rewrites.
                let terraform = is_terraform_file(&path);
                self.file(&shown, Some(&path), terraform);
            }
        }
    }

    /// Formats one file (`path` `None`: stdin), shown as `shown`.
    fn file(&mut self, shown: &str, path: Option<&str>, terraform: bool) {
        let result = read_text(path.unwrap_or("-")).and_then(|src| {
            let options = hcl::format::FormatOptions::new().terraform_rewrites(terraform);
            let formatted = {
                let file = hcl::parse_with(&src, &self.parse)?;
                hcl::format::format_body_with(file.body(), Some(&src), &options)
            };
            Ok((src, formatted))
        });
        let (src, formatted) = match result {
            Ok(texts) => texts,
            Err(err) => {
                self.failed = true;
                eprintln!("{}", report(shown, &err));
                return;
            }
        };
        if src != formatted {
            if self.list {
                self.emit(format!("{shown}\n").as_bytes());
            }
            if let (true, Some(p)) = (self.write, path) {
                if let Err(e) = write_in_place(Path::new(p), &formatted) {
                    self.error(&format!("cannot write {shown}: {e}"));
                    return;
                }
            }
            if self.diff {
                let label = if path.is_some() { shown } else { "<stdin>" };
                let diff = diff::unified(&src, &formatted, label);
                self.emit(diff.as_bytes());
            }
        }
        if !self.list && !self.write && !self.diff {
            // Printed as a line, as terraform fmt prints it.
            let mut out = formatted;
            if !out.ends_with('\n') {
                out.push('\n');
            }
            self.emit(out.as_bytes());
        }
    }

    /// Writes to stdout, or holds it back with `-check`.
    fn emit(&mut self, bytes: &[u8]) {
        match &mut self.checked {
            Some(held) => held.extend_from_slice(bytes),
            // A closed pipe (e.g. `| head`) is not an error worth a panic.
            None => {
                let _ = io::stdout().lock().write_all(bytes);
            }
        }
    }

    fn error(&mut self, msg: &str) {
        self.failed = true;
        eprintln!("hcl: fmt: {msg}");
    }
}

/// Whether `name` is one of the files `terraform fmt` formats.
fn is_terraform_file(name: &str) -> bool {
    TERRAFORM_EXTENSIONS.iter().any(|ext| name.ends_with(ext))
}

/// Replaces the file at `path` (through symbolic links) by `text`: written
/// to a new file in the same directory with the same permissions, then
/// renamed over it, so that the file is never half-written. A file that
/// could not be opened for writing is not replaced.
pub(crate) fn write_in_place(path: &Path, text: &str) -> io::Result<()> {
    let target = fs::canonicalize(path)?;
    let meta = fs::metadata(&target)?;
    // The check that writing to the file itself would make.
    fs::OpenOptions::new().write(true).open(&target)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let (tmp_path, mut tmp) = new_temp_file(dir, &name)?;
    let written = (|| {
        tmp.write_all(text.as_bytes())?;
        tmp.set_permissions(meta.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Best effort: only the owner's rights may allow it.
            let _ = std::os::unix::fs::fchown(&tmp, Some(meta.uid()), Some(meta.gid()));
        }
        // No sync before the rename, as terraform fmt, gofmt and rustfmt
        // (a sync per file made formatting a tree ten times slower): a
        // reader never sees a half-written file, though after a system
        // crash the new text may not have reached the disk.
        drop(tmp);
        fs::rename(&tmp_path, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp_path);
    }
    written
}

/// A new hidden file in `dir` (that `fmt` itself would skip), created
/// without replacing any.
fn new_temp_file(dir: &Path, name: &str) -> io::Result<(PathBuf, fs::File)> {
    let pid = std::process::id();
    let mut n = 0u32;
    loop {
        let path = dir.join(format!(".{name}.{pid}-{n}.hcl-fmt"));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    }
}
