//! Which files of a directory make a configuration.

use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, Severity};
use crate::error::{Error, ErrorKind, Result};

/// Terraform's (and OpenTofu's) configuration files: `.tf`, `.tf.json`.
pub const TERRAFORM: &[&str] = &[".tf", ".tf.json"];

/// Packer's: `.pkr.hcl`, `.pkr.json`.
pub const PACKER: &[&str] = &[".pkr.hcl", ".pkr.json"];

/// Nomad's job specifications: `.nomad.hcl`, `.nomad`.
pub const NOMAD: &[&str] = &[".nomad.hcl", ".nomad"];

/// The files of a directory that make a configuration
/// ([`DirFiles::list`]).
///
/// ```
/// use hcl::config::DirFiles;
/// let dir = std::env::temp_dir().join(format!("hcl-doc-listing-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// for name in ["b.tf", "a.tf.json", "override.tf", ".hidden.tf"] {
///     std::fs::write(dir.join(name), "").unwrap();
/// }
/// let listing = DirFiles::terraform().list(&dir);
/// std::fs::remove_dir_all(&dir).unwrap();
/// let listing = listing.unwrap();
/// let names: Vec<_> = listing.files.iter().map(|f| f.path.file_name().unwrap().to_owned()).collect();
/// assert_eq!(names, ["a.tf.json", "b.tf"]);
/// assert_eq!(listing.warnings.len(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Listing {
    /// The files to read, in file-name order.
    pub files: Vec<DirFile>,
    /// A warning for each file skipped on purpose.
    pub warnings: Vec<Diagnostic>,
}

/// A file of a [`Listing`].
///
/// ```
/// use hcl::config::DirFiles;
/// let dir = std::env::temp_dir().join(format!("hcl-doc-dirfile-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("vars.tf.json"), "{}").unwrap();
/// let listing = DirFiles::terraform().list(&dir);
/// std::fs::remove_dir_all(&dir).unwrap();
/// let file = &listing.unwrap().files[0];
/// assert!(file.json);
/// assert_eq!(file.path, dir.join("vars.tf.json"));
/// assert_eq!(file.name, dir.join("vars.tf.json").display().to_string());
/// ```
#[derive(Clone, Debug)]
pub struct DirFile {
    /// As messages name it: the directory joined with the file's name
    /// (the name alone for `.`).
    pub name: String,
    /// Where to read it.
    pub path: PathBuf,
    /// Whether it is in HCL's JSON syntax.
    pub json: bool,
}

/// Whether a file of this name is read as HCL's JSON syntax: its name
/// ends in `.json`.
///
/// ```
/// assert!(hcl::config::ext_is_json("main.tf.json"));
/// assert!(!hcl::config::ext_is_json("main.tf"));
/// ```
pub fn ext_is_json(name: &str) -> bool {
    name.ends_with(".json")
}

/// Which files of a directory [`Files::read_dir`](super::Files::read_dir)
/// reads: those whose name ends with one of the extensions (`.json` ones
/// in HCL's JSON syntax), not in subdirectories, and not those the tools
/// ignore (names starting with `.`, ending with `~`, or `#…#`: editors'
/// files). Terraform's override files (`override.tf`, `*_override.tf` and
/// their `.tf.json` forms) are skipped with a warning: merging them over
/// the other files, as Terraform does, is not done here. Variable files
/// (`.tfvars`) are never part of a configuration.
///
/// ```
/// use hcl::config::{DirFiles, Files};
/// let dir = std::env::temp_dir().join(format!("hcl-doc-dirfiles-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("job.nomad.hcl"), "job = \"web\"\n").unwrap();
/// std::fs::write(dir.join("job.nomad.hcl~"), "job = \"old\"\n").unwrap();
/// let files = Files::read_dir(&dir, &DirFiles::extensions(&[".nomad.hcl"]));
/// std::fs::remove_dir_all(&dir).unwrap();
/// assert_eq!(files.unwrap().body().attributes().count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct DirFiles {
    extensions: Vec<String>,
}

impl DirFiles {
    /// Terraform's files ([`TERRAFORM`]).
    ///
    /// ```
    /// use hcl::config::DirFiles;
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-terraform-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// for name in ["main.tf", "main.tf.json", "prod.tfvars", "x.pkr.hcl"] {
    ///     std::fs::write(dir.join(name), "").unwrap();
    /// }
    /// let listing = DirFiles::terraform().list(&dir);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// assert_eq!(listing.unwrap().files.len(), 2);
    /// ```
    pub fn terraform() -> DirFiles {
        DirFiles::extensions(TERRAFORM)
    }

    /// Packer's files ([`PACKER`]).
    ///
    /// ```
    /// use hcl::config::DirFiles;
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-packer-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// for name in ["main.tf", "build.pkr.hcl", "vars.pkr.json"] {
    ///     std::fs::write(dir.join(name), "").unwrap();
    /// }
    /// let listing = DirFiles::packer().list(&dir);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// let json: Vec<_> = listing.unwrap().files.iter().map(|f| f.json).collect();
    /// assert_eq!(json, [false, true]);
    /// ```
    pub fn packer() -> DirFiles {
        DirFiles::extensions(PACKER)
    }

    /// The files whose name ends with one of `extensions` (`.nomad.hcl`,
    /// `.hcl`, ...).
    ///
    /// ```
    /// use hcl::config::DirFiles;
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-extensions-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// for name in ["a.hcl", "b.json", "c.txt"] {
    ///     std::fs::write(dir.join(name), "").unwrap();
    /// }
    /// let listing = DirFiles::extensions(&[".hcl", ".json"]).list(&dir);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// assert_eq!(listing.unwrap().files.len(), 2);
    /// ```
    pub fn extensions<S: AsRef<str>>(extensions: &[S]) -> DirFiles {
        DirFiles {
            extensions: extensions.iter().map(|e| e.as_ref().to_owned()).collect(),
        }
    }

    /// The extension of `name` this choice reads, if any (the longest).
    fn extension_of(&self, name: &str) -> Option<&str> {
        self.extensions
            .iter()
            .filter(|e| name.len() > e.len() && name.ends_with(e.as_str()))
            .max_by_key(|e| e.len())
            .map(String::as_str)
    }

    /// The chosen files of `dir`, in file-name order, and a warning for
    /// each file skipped on purpose.
    ///
    /// # Errors
    /// When the directory cannot be read, or has no file to read (none
    /// with one of the extensions, or only override files): the error
    /// names the directory and the extensions.
    ///
    /// ```
    /// use hcl::config::DirFiles;
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-list-none-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("job.hcl"), "").unwrap();
    /// let err = DirFiles::terraform().list(&dir).unwrap_err();
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// assert!(err.message().starts_with("no configuration files in "), "{err}");
    /// assert!(err.message().ends_with("(no file ends with .tf or .tf.json)"), "{err}");
    /// ```
    ///
    /// ```
    /// use hcl::config::DirFiles;
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-list-{}", std::process::id()));
    /// std::fs::create_dir_all(dir.join("sub")).unwrap();
    /// std::fs::write(dir.join("main.tf"), "").unwrap();
    /// std::fs::write(dir.join("sub").join("other.tf"), "").unwrap();
    /// let listing = DirFiles::terraform().list(&dir);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// // Subdirectories are not read.
    /// assert_eq!(listing.unwrap().files.len(), 1);
    /// assert!(DirFiles::terraform().list(&dir).is_err());
    /// ```
    pub fn list(&self, dir: impl AsRef<Path>) -> Result<Listing> {
        self.list_with_names(dir.as_ref())
            .map(|(listing, _)| listing)
    }

    /// [`DirFiles::list`], and the name of every file of the directory
    /// (what the tools' automatic variable files are found among), from
    /// one reading of it.
    pub(crate) fn list_with_names(&self, dir: &Path) -> Result<(Listing, Vec<String>)> {
        let io = |e: std::io::Error| {
            Error::described(
                ErrorKind::Io,
                &format!("cannot read directory {}", dir.display()),
                e,
            )
        };
        let mut names = Vec::new();
        let mut all = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            if !is_file(&entry) {
                continue;
            }
            if !is_ignored_file(&name) {
                if let Some(ext) = self.extension_of(&name) {
                    names.push((name.clone(), ext.to_owned()));
                }
            }
            all.push(name);
        }
        names.sort();
        let shown = |name: &str| -> String {
            if dir == Path::new(".") || dir.as_os_str().is_empty() {
                name.to_owned()
            } else {
                dir.join(name).display().to_string()
            }
        };
        let mut files = Vec::new();
        let mut warnings = Vec::new();
        for (name, ext) in names {
            let stem = &name[..name.len() - ext.len()];
            let terraform = TERRAFORM.contains(&ext.as_str());
            if terraform && (stem == "override" || stem.ends_with("_override")) {
                warnings.push(Diagnostic {
                    severity: Severity::Warning,
                    summary: "Override file skipped".to_owned(),
                    detail: format!(
                        "{} is a Terraform override file; merging override files over the configuration is not supported, so it is not read.",
                        shown(&name)
                    ),
                    range: None,
                });
                continue;
            }
            files.push(DirFile {
                name: shown(&name),
                path: dir.join(&name),
                json: ext_is_json(&ext),
            });
        }
        if files.is_empty() {
            return Err(self.no_files(dir));
        }
        Ok((Listing { files, warnings }, all))
    }

    /// The error for a directory with no file to read.
    #[cold]
    fn no_files(&self, dir: &Path) -> Error {
        let ext = match self.extensions.as_slice() {
            [] => "no extensions were given".to_owned(),
            [one] => format!("no file ends with {one}"),
            [first @ .., last] => format!("no file ends with {} or {last}", first.join(", ")),
        };
        Error::new(
            ErrorKind::Io,
            format!("no configuration files in {} ({ext})", dir.display()),
        )
    }
}

/// Whether the tools ignore a file of this name, as Terraform does:
/// hidden ones (`.x`), editors' backups (`x~`) and lock files (`#x#`).
///
/// ```
/// assert!(hcl::config::is_ignored_file(".main.tf") && hcl::config::is_ignored_file("main.tf~"));
/// assert!(!hcl::config::is_ignored_file("main.tf"));
/// ```
pub fn is_ignored_file(name: &str) -> bool {
    name.starts_with('.') || name.ends_with('~') || (name.starts_with('#') && name.ends_with('#'))
}

/// Whether a directory entry is a file, or a link to one: from the entry's
/// type, which the listing gives without a `stat` (only a link is
/// followed).
pub(crate) fn is_file(entry: &std::fs::DirEntry) -> bool {
    match entry.file_type() {
        Ok(t) if t.is_symlink() => entry.path().is_file(),
        Ok(t) => t.is_file(),
        Err(_) => entry.path().is_file(),
    }
}
