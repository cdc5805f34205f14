//! Filesystem functions (feature `fs`).
//!
//! Nothing reads the filesystem unless asked: `file`, `templatefile`,
//! `fileset`, `abspath` and the other functions that read files or the
//! current directory are not built in. [`with_base_dir`] makes them,
//! resolving relative paths against a directory of your choice (Terraform
//! uses the module's directory), and
//! [`Context::allow_files`](crate::eval::Context::allow_files) installs
//! them in a context. `basename`, `dirname` and `pathexpand` only compute
//! on their argument and are built in.
//!
//! ```
//! use hcl::eval::functions::fs::with_base_dir;
//! use hcl::Value;
//!
//! let dir = std::env::temp_dir().join(format!("hcl-doc-fs-mod-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! std::fs::write(dir.join("hostname"), "web-1\n").unwrap();
//! let funcs = with_base_dir(&dir);
//! let (_, file) = funcs.iter().find(|(name, _)| *name == "file").unwrap();
//! let text = file.call(vec![Value::from("hostname")]);
//! std::fs::remove_dir_all(&dir).unwrap();
//! assert_eq!(text.unwrap(), Value::from("web-1\n"));
//! ```

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use super::encoding::b64_encode;
use super::hash;
use super::util::string;
use super::Registry;
use crate::eval::{FuncDef, FuncError};
use crate::value::{Type, Value};

/// The filesystem functions that take paths, resolving relative paths
/// against `base`, as `(name, function)` pairs (`abspath`, `file`,
/// `fileexists`, `fileset`, `filebase64`, `filebase64sha256`,
/// `filebase64sha512`, `filemd5`, `filesha1`, `filesha256`, `filesha512`,
/// `templatefile`).
///
/// `basename`, `dirname` and `pathexpand` do not depend on a base directory
/// and are in the built-in table.
///
/// ```
/// use hcl::Value;
/// let dir = std::env::temp_dir().join(format!("hcl-doc-fs-base-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("a.txt"), "x").unwrap();
/// let funcs = hcl::eval::functions::fs::with_base_dir(&dir);
/// let (_, exists) = funcs.iter().find(|(name, _)| *name == "fileexists").unwrap();
/// let found = exists.call(vec![Value::from("a.txt")]);
/// let missing = exists.call(vec![Value::from("b.txt")]);
/// std::fs::remove_dir_all(&dir).unwrap();
/// assert_eq!((found.unwrap(), missing.unwrap()), (Value::Bool(true), Value::Bool(false)));
/// assert!(funcs.iter().any(|(name, _)| *name == "templatefile"));
/// ```
pub fn with_base_dir(base: impl Into<PathBuf>) -> Vec<(&'static str, FuncDef)> {
    path_funcs(Some(Arc::new(base.into())))
        .into_iter()
        .map(|(name, f)| (name, super::nfc_results(f)))
        .collect()
}

/// Declares the base-directory versions of the filesystem functions
/// ([`with_base_dir`]) in `ctx`, replacing the built-in ones there.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("hcl-doc-fs-declare-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("main.tf"), "a = 1\n").unwrap();
/// let mut ctx = hcl::eval::Context::new();
/// hcl::eval::functions::fs::declare_in(&mut ctx, &dir);
/// let v = hcl::eval::evaluate_str("file(\"main.tf\")", &ctx);
/// std::fs::remove_dir_all(&dir).unwrap();
/// assert_eq!(v.unwrap(), hcl::Value::from("a = 1\n"));
/// ```
pub fn declare_in(ctx: &mut crate::eval::Context<'_>, base: impl Into<PathBuf>) {
    for (name, f) in with_base_dir(base) {
        ctx.declare_func(name, f);
    }
}

impl crate::eval::Context<'_> {
    /// Allows the functions that read files (`file`, `templatefile`,
    /// `fileset`, `filebase64`, the `file*sha*` hashes, `fileexists`,
    /// `abspath`), resolving relative paths against `base_dir` (Terraform
    /// uses the module's directory), never the process's current directory.
    /// Without it they are unknown functions: evaluating a configuration
    /// reads nothing from the filesystem.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("hcl-doc-allow-files-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("main.tf"), "a = 1\n").unwrap();
    /// let mut ctx = hcl::eval::Context::new();
    /// assert!(hcl::eval::evaluate_str("file(\"main.tf\")", &ctx).is_err());
    /// ctx.allow_files(&dir);
    /// let v = hcl::eval::evaluate_str("file(\"main.tf\")", &ctx);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// assert_eq!(v.unwrap(), hcl::Value::from("a = 1\n"));
    /// ```
    pub fn allow_files(&mut self, base_dir: impl Into<PathBuf>) {
        declare_in(self, base_dir);
    }
}

/// The functions that read files or the current directory: not built in
/// (nothing reads the filesystem unless asked); a context gets them with
/// [`Context::allow_files`](crate::eval::Context::allow_files).
pub(crate) fn register(r: &mut Registry) {
    let s = || Type::String;
    r.insert(
        "basename",
        FuncDef::builder()
            .returns(Type::String)
            .param("path", s())
            .build(|a| {
                Ok(Value::String(
                    basename(&string(a.into_iter().next().unwrap_or_default())).into(),
                ))
            }),
    );
    r.insert(
        "dirname",
        FuncDef::builder()
            .returns(Type::String)
            .param("path", s())
            .build(|a| {
                Ok(Value::String(
                    dirname(&string(a.into_iter().next().unwrap_or_default())).into(),
                ))
            }),
    );
    r.insert(
        "pathexpand",
        FuncDef::builder()
            .returns(Type::String)
            .param("path", s())
            .build(|a| {
                Ok(
                    expand_home(&string(a.into_iter().next().unwrap_or_default()))
                        .map(Value::from)?,
                )
            }),
    );
}

type Base = Option<Arc<PathBuf>>;

fn path_funcs(base: Base) -> Vec<(&'static str, FuncDef)> {
    let s = || Type::String;
    let mut v = Vec::new();
    let b = base.clone();
    v.push((
        "abspath",
        FuncDef::builder()
            .returns(Type::String)
            .param("path", s())
            .build(move |a| {
                let p = string(a.into_iter().next().unwrap_or_default());
                let joined = resolve_abs(&b, Path::new(&p))?;
                Ok(Value::String(
                    to_slash(&clean(&joined.to_string_lossy())).into(),
                ))
            }),
    ));
    let b = base.clone();
    v.push((
        "file",
        FuncDef::builder().returns(Type::String).param("path", s()).build(move |a| {
            let p = string(a.into_iter().next().unwrap_or_default());
            let bytes = read(&b, &p)?;
            String::from_utf8(bytes).map(Value::from).map_err(|_| {
                format!("contents of {p} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead").into()
            })
        }),
    ));
    let b = base.clone();
    v.push((
        "fileexists",
        FuncDef::builder()
            .returns(Type::Bool)
            .param("path", s())
            .build(move |a| {
                let p = string(a.into_iter().next().unwrap_or_default());
                let full = resolve(&b, &p)?;
                match std::fs::metadata(&full) {
                    Ok(m) if m.is_file() => Ok(Value::Bool(true)),
                    Ok(m) if m.is_dir() => {
                        Err(format!("{:?} is a directory, not a file", clean(&p)).into())
                    }
                    Ok(_) => Err(format!("{:?} is not a regular file", clean(&p)).into()),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Value::Bool(false)),
                    Err(e) => Err(format!("failed to stat {p}: {e}").into()),
                }
            }),
    ));
    let b = base.clone();
    v.push((
        "fileset",
        FuncDef::builder()
            .returns(Type::set(Type::String))
            .param("path", s())
            .param("pattern", s())
            .build(move |a| {
                let mut it = a.into_iter().map(string);
                let (p, pat) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
                Ok(fileset(&b, &p, &pat)?)
            }),
    ));
    let b = base.clone();
    v.push((
        "filebase64",
        FuncDef::builder()
            .returns(Type::String)
            .param("path", s())
            .build(move |a| {
                let p = string(a.into_iter().next().unwrap_or_default());
                Ok(Value::String(b64_encode(&read(&b, &p)?).into()))
            }),
    ));
    let b = base.clone();
    v.push((
        super::template::TEMPLATEFILE,
        FuncDef::builder()
            // A template of one interpolation is that value.
            .returns_nullable(Type::Dynamic)
            .param("path", s())
            .param("vars", Type::Dynamic)
            .implement(move |c| {
                let (a, budget) = (c.values, c.budget);
                let mut it = a.into_iter();
                let p = string(it.next().unwrap_or_default());
                let src = String::from_utf8(read(&b, &p)?)
                    .map_err(|_| format!("contents of {p} are not valid UTF-8"))?;
                let inner_base = b.as_ref().map(|b| b.as_ref().clone());
                super::template::render(
                    &src,
                    it.next().unwrap_or_default(),
                    inner_base,
                    super::template::TEMPLATEFILE,
                    budget,
                )
                .map_err(|e| match e {
                    FuncError::Call(m) => FuncError::Call(format!("{p}: {m}")),
                    e => e,
                })
            }),
    ));
    for (name, algo) in [
        (
            "filebase64sha256",
            hash::base64sha256 as fn(&[u8]) -> String,
        ),
        ("filebase64sha512", hash::base64sha512),
        ("filemd5", hash::md5),
        ("filesha1", hash::sha1),
        ("filesha256", hash::sha256),
        ("filesha512", hash::sha512),
    ] {
        let b = base.clone();
        v.push((
            name,
            FuncDef::builder()
                .returns(Type::String)
                .param("path", s())
                .build(move |a| {
                    let p = string(a.into_iter().next().unwrap_or_default());
                    Ok(Value::String(algo(&read(&b, &p)?).into()))
                }),
        ));
    }
    v
}

fn home() -> Result<PathBuf, String> {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
        .ok_or_else(|| "cannot determine the home directory".to_owned())
}

/// `~` and `~/...` become the home directory; `~user` is an error.
fn expand_home(p: &str) -> Result<String, String> {
    let Some(rest) = p.strip_prefix('~') else {
        return Ok(p.to_owned());
    };
    if !rest.is_empty() && !rest.starts_with('/') && !rest.starts_with('\\') {
        return Err("cannot expand user-specific home dir".into());
    }
    let h = home()?;
    Ok(format!("{}{rest}", h.to_string_lossy()))
}

fn resolve(base: &Base, p: &str) -> Result<PathBuf, String> {
    let p = PathBuf::from(expand_home(p)?);
    if p.is_absolute() {
        return Ok(p);
    }
    Ok(match base {
        Some(b) => b.join(p),
        None => p,
    })
}

fn resolve_abs(base: &Base, p: &Path) -> Result<PathBuf, String> {
    if p.is_absolute() {
        return Ok(p.to_path_buf());
    }
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    Ok(match base {
        Some(b) => cwd.join(b.as_path()).join(p),
        None => cwd.join(p),
    })
}

fn read(base: &Base, p: &str) -> Result<Vec<u8>, String> {
    let full = resolve(base, p)?;
    std::fs::read(&full).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!("no file exists at {p}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource.")
        } else {
            format!("failed to read file {p}: {e}")
        }
    })
}

fn to_slash(s: &str) -> String {
    if std::path::MAIN_SEPARATOR == '/' {
        s.to_owned()
    } else {
        s.replace(std::path::MAIN_SEPARATOR, "/")
    }
}

/// Go's `path.Clean` (on `/`-separated paths).
fn clean(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// Go's `filepath.Base`.
fn basename(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let trimmed = p.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_owned()
}

/// Go's `filepath.Dir`.
fn dirname(p: &str) -> String {
    let dir = match p.rfind('/') {
        Some(i) => &p[..=i],
        None => "",
    };
    clean(dir)
}

/// Terraform's `fileset`: the pattern is joined to the path and cleaned,
/// matched with doublestar rules (`*` and `?` stay within a segment, `**`
/// spans segments, `{a,b}`, classes with `^` for negation), and matching
/// regular files are returned relative to the path, sorted.
fn fileset(base: &Base, path: &str, pattern: &str) -> Result<Value, String> {
    let root = to_slash(&resolve(base, path)?.to_string_lossy());
    let root = clean(&root);
    let full = clean(&format!("{root}/{pattern}"));
    let bad = |e: &dyn std::fmt::Display| format!("failed to glob pattern {pattern:?}: {e}");
    let glob = globset::GlobBuilder::new(&doublestar_classes(&full))
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .map_err(|e| bad(&e))?
        .compile_matcher();
    // Walk from the longest directory prefix without glob characters.
    let segs: Vec<&str> = full.split('/').collect();
    let literal = segs
        .iter()
        .take_while(|s| !s.contains(['*', '?', '[', '{', '\\']))
        .count();
    let mut start = segs[..literal.min(segs.len().saturating_sub(1))].join("/");
    if start.is_empty() && full.starts_with('/') {
        start = "/".into();
    }
    let walk_root = if start.is_empty() {
        ".".to_owned()
    } else {
        start.clone()
    };
    let mut out: Vec<String> = Vec::new();
    if !Path::new(&walk_root).is_dir() {
        return Ok(Value::Array(Vec::new()));
    }
    for entry in walkdir::WalkDir::new(&walk_root).follow_links(true) {
        let Ok(entry) = entry else { continue };
        if !entry.file_type().is_file() {
            continue;
        }
        let Ok(rel) = entry.path().strip_prefix(&walk_root) else {
            continue;
        };
        let rel: Vec<String> = rel
            .components()
            .filter_map(|c| match c {
                Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        let candidate = match start.as_str() {
            "" => rel.join("/"),
            "/" => format!("/{}", rel.join("/")),
            s => format!("{s}/{}", rel.join("/")),
        };
        if glob.is_match(&candidate) {
            out.push(relative(&root, &candidate));
        }
    }
    out.sort();
    out.dedup();
    Ok(Value::Array(out.into_iter().map(Value::from).collect()))
}

/// doublestar reads `[!x]` as a class holding `!` and `[^x]` as negation;
/// globset negates with `[!x]`.
fn doublestar_classes(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    let mut chars = p.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
            continue;
        }
        if c == '[' {
            match chars.peek() {
                Some('^') => {
                    chars.next();
                    out.push('!');
                }
                Some('!') => {
                    chars.next();
                    // Move the `!` after the first member so it is literal.
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                    out.push('!');
                }
                _ => {}
            }
        }
    }
    out
}

/// Go's `filepath.Rel` for cleaned `/`-separated paths.
fn relative(from: &str, to: &str) -> String {
    let f: Vec<&str> = from
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    let t: Vec<&str> = to
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; f.len() - common];
    parts.extend(&t[common..]);
    if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_path_helpers() {
        assert_eq!(clean("a/../../b/./c/"), "../b/c");
        assert_eq!(clean("/../a"), "/a");
        assert_eq!(basename("a/b/"), "b");
        assert_eq!(basename("/"), "/");
        assert_eq!(dirname("a"), ".");
        assert_eq!(dirname("/a"), "/");
        assert_eq!(dirname("a/b/"), "a/b");
    }
}
