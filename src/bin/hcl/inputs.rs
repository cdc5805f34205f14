//! The files a command reads: each path as given (`-`: stdin), and a
//! directory's HCL files.

use std::fs;
use std::path::Path;

/// The files `check`, `json` and `refs` read in a directory: Terraform's,
/// Packer's, Nomad's job specs and other HCL files, in native or JSON
/// syntax (`.hcl` takes in `.tftest.hcl`, `.pkr.hcl`...). Not any `.json`:
/// most are not HCL.
pub(crate) const HCL_EXTENSIONS: [&str; 9] = [
    ".tf",
    ".tfvars",
    ".hcl",
    ".nomad",
    ".tf.json",
    ".tfvars.json",
    ".tftest.json",
    ".hcl.json",
    ".pkr.json",
];

/// Whether `name` is one of the files read in a directory.
pub(crate) fn is_hcl_file(name: &str) -> bool {
    HCL_EXTENSIONS.iter().any(|ext| name.ends_with(ext))
}

/// Whether `path` names a file in HCL's JSON syntax (`.tf.json`,
/// `.hcl.json`, `.pkr.json`, any `.json`).
pub(crate) fn is_json_path(path: &str) -> bool {
    path.ends_with(".json")
}

/// A file to read.
pub(crate) struct Input {
    /// As shown in messages and output: the argument as given, or
    /// DIR/NAME.
    pub(crate) shown: String,
    /// The path to read (`-`: stdin), or why it cannot be read (a
    /// directory that cannot be listed, a name that is not UTF-8).
    path: Result<String, String>,
}

impl Input {
    /// The path to read (`-`: stdin), or why there is nothing to read.
    pub(crate) fn path(&self) -> hcl::Result<&str> {
        match &self.path {
            Ok(path) => Ok(path),
            Err(msg) => Err(hcl::Error::new(hcl::ErrorKind::Io, msg.clone())),
        }
    }

    /// Its bytes.
    pub(crate) fn read_bytes(&self) -> hcl::Result<Vec<u8>> {
        Ok(super::read_input(self.path()?)?)
    }

    /// Its text.
    pub(crate) fn read_text(&self) -> hcl::Result<String> {
        super::read_text(self.path()?)
    }

    /// Whether it is in HCL's JSON syntax, by its name.
    pub(crate) fn is_json(&self) -> bool {
        is_json_path(&self.shown)
    }
}

/// The files named by `paths` for command `cmd`: a file as given (even
/// one that does not exist: reading it says so), a directory's HCL files
/// (see [`dir_files`]); a directory without any is told on stderr.
pub(crate) fn collect(cmd: &str, paths: &[&str], recursive: bool) -> Vec<Input> {
    let mut inputs = Vec::new();
    for &path in paths {
        if path != "-" && fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            let before = inputs.len();
            dir_files(path, &shown_path(path), recursive, is_hcl_file, &mut inputs);
            if inputs.len() == before {
                eprintln!("hcl: {cmd}: no HCL files in {path}");
            }
        } else {
            inputs.push(Input {
                shown: path.to_owned(),
                path: Ok(path.to_owned()),
            });
        }
    }
    inputs
}

/// Adds to `found` the files of directory `dir` (shown as `shown`) whose
/// names `wanted` accepts, in name order, and with `recursive` those of its
/// subdirectories in their place; hidden files and directories and editor
/// backups are skipped, a symbolic link is followed to a file but not to a
/// directory. (A walk without recursion: any depth of directories.)
pub(crate) fn dir_files(
    dir: &str,
    shown: &str,
    recursive: bool,
    wanted: fn(&str) -> bool,
    found: &mut Vec<Input>,
) {
    let sub = |rel: &Path| {
        let rel = rel
            .to_string_lossy()
            .replace(std::path::MAIN_SEPARATOR, "/");
        match (shown, rel.is_empty()) {
            (_, true) => shown.to_owned(),
            (".", false) => rel,
            _ => format!("{}/{rel}", shown.trim_end_matches('/')),
        }
    };
    let relative = |path: &Path| sub(path.strip_prefix(dir).unwrap_or(path));
    let mut walk = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .max_depth(if recursive { usize::MAX } else { 1 })
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.file_name()
                .to_str()
                .map_or(true, |n| !hcl::config::is_ignored_file(n))
        });
    while let Some(entry) = walk.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let why = e
                    .io_error()
                    .map_or_else(|| e.to_string(), ToString::to_string);
                found.push(Input {
                    shown: e.path().map_or_else(|| shown.to_owned(), relative),
                    path: Err(format!("cannot read directory: {why}")),
                });
                continue;
            }
        };
        let is_dir = entry.file_type().is_dir();
        let Some(name) = entry.file_name().to_str() else {
            let lossy = entry.file_name().to_string_lossy();
            if wanted(&lossy) || (is_dir && recursive) {
                found.push(Input {
                    shown: relative(entry.path()),
                    path: Err("not a UTF-8 path".to_owned()),
                });
            }
            if is_dir {
                walk.skip_current_dir();
            }
            continue;
        };
        if !is_dir && wanted(name) {
            found.push(Input {
                shown: relative(entry.path()),
                path: Ok(entry.path().to_string_lossy().into_owned()),
            });
        }
    }
}

/// A path as given, without a leading `./`.
pub(crate) fn shown_path(path: &str) -> String {
    let mut s = path;
    while let Some(rest) = s.strip_prefix("./") {
        s = rest.trim_start_matches('/');
    }
    if s.is_empty() {
        ".".to_owned()
    } else {
        s.to_owned()
    }
}
