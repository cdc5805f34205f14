//! The module sources a configuration's calls reach: local directories
//! (`./x`, `../y`) and those `terraform init` installed (its manifest,
//! `.terraform/modules/modules.json`), each read once before the walk, so
//! that every walk and every instance of a module borrows the same files.

use crate::value::map::FastHashMap as HashMap;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use crate::config::{DirFiles, Files};
use crate::error::Result;
use crate::syntax::Block;
use crate::value::Value;

pub(super) struct Sources {
    /// The root module's directory, when it has one.
    pub(super) root: Option<PathBuf>,
    /// Installed modules: key (`a.b`) to directory.
    manifest: HashMap<String, PathBuf>,
    /// The modules read, by directory (normalized: its text is the key,
    /// hashed as bytes, not component by component as a path is).
    loaded: HashMap<std::ffi::OsString, Rc<Files>>,
}

impl Sources {
    /// Reads the sources of every module call under the root module
    /// `files` (in `root`), down to `max_depth` levels of calls, as the
    /// walk follows them. A directory that cannot be read is left out
    /// here: the walk reports it where the call is.
    pub(super) fn read(files: &Files, root: Option<PathBuf>, max_depth: usize) -> Sources {
        let manifest = root.as_deref().map(read_manifest).unwrap_or_default();
        let mut sources = Sources {
            root,
            manifest,
            loaded: HashMap::default(),
        };
        let root = sources.root.clone();
        sources.read_calls(files, root.as_deref(), "", 0, max_depth);
        sources
    }

    fn read_calls(
        &mut self,
        files: &Files,
        dir: Option<&Path>,
        key: &str,
        depth: usize,
        max_depth: usize,
    ) {
        if depth > max_depth {
            return;
        }
        let calls: Vec<(String, String)> = files
            .body()
            .blocks()
            .filter(|b| b.ident.as_str() == "module")
            .filter_map(|b| match b.labels {
                [name] => Some((key_of(key, name.as_str()), source_of(b)?)),
                _ => None,
            })
            .collect();
        for (child_key, src) in calls {
            let Some(child_dir) = self.dir_of(dir, &child_key, &src) else {
                continue;
            };
            let child = match self.loaded.get(child_dir.as_os_str()) {
                Some(f) => f.clone(),
                None => match Files::read_dir(&child_dir, &DirFiles::terraform()) {
                    Ok(f) => {
                        let f = Rc::new(f);
                        self.loaded
                            .insert(child_dir.clone().into_os_string(), f.clone());
                        f
                    }
                    Err(_) => continue,
                },
            };
            self.read_calls(&child, Some(&child_dir), &child_key, depth + 1, max_depth);
        }
    }

    /// The directory of a module whose source is `src`, called from the
    /// module in `from` with the manifest key `key`: a local source from
    /// there, any other where `terraform init` installed it; `None` when
    /// it is not there.
    pub(super) fn dir_of(&self, from: Option<&Path>, key: &str, src: &str) -> Option<PathBuf> {
        let local = src.starts_with("./") || src.starts_with("../");
        match (from, local) {
            (Some(d), true) => Some(normalize(&d.join(src))),
            (_, false) => self.manifest.get(key).cloned(),
            (None, true) => None,
        }
        // (A directory read before is one still.)
        .filter(|d| self.loaded.contains_key(d.as_os_str()) || d.is_dir())
    }

    /// The files of the module in `dir`: those read before the walk, or
    /// the error of reading them.
    pub(super) fn files(&self, dir: &Path) -> Result<&Files> {
        if let Some(f) = self.loaded.get(dir.as_os_str()) {
            return Ok(f);
        }
        Files::read_dir(dir, &DirFiles::terraform())?;
        // (Every call the walk follows was followed here first.)
        Err(crate::error::Error::new(
            crate::error::ErrorKind::Eval,
            format!(
                "the module in {} was not read before the walk",
                dir.display()
            ),
        ))
    }

    /// Every module read.
    pub(super) fn all(&self) -> impl Iterator<Item = &Files> {
        self.loaded.values().map(|f| &**f)
    }
}

/// A child module's key in Terraform's manifest (`a.b`), under the
/// module of key `key` (`""` for the root).
pub(super) fn key_of(key: &str, call: &str) -> String {
    if key.is_empty() {
        call.to_owned()
    } else {
        format!("{key}.{call}")
    }
}

/// A module call's `source`, when it is a constant string.
pub(super) fn source_of(block: &Block<'_>) -> Option<String> {
    let t = crate::typeexpr::constant_of(&block.body.attribute("source")?.expr).ok()?;
    t.value().as_str().map(str::to_owned)
}

/// `.terraform/modules/modules.json`: module key (`a.b`) to directory.
fn read_manifest(dir: &Path) -> HashMap<String, PathBuf> {
    let mut out = HashMap::default();
    let Ok(text) = std::fs::read_to_string(dir.join(".terraform/modules/modules.json")) else {
        return out;
    };
    let Ok(v) = crate::json::value_from_str(&text) else {
        return out;
    };
    if let Some(Value::Array(mods)) = v.as_object().and_then(|o| o.get("Modules")) {
        for m in mods {
            if let (Some(Value::String(k)), Some(Value::String(d))) = (m.get("Key"), m.get("Dir")) {
                out.insert(k.as_str().to_owned(), dir.join(d.as_str()));
            }
        }
    }
    out
}

/// `a/./b/../c` as `a/c`, without reading the file system.
pub(super) fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}
