//! The layers of the crate import downwards: the error type, values and
//! syntax at the bottom, then the parser, the formatter, the evaluator,
//! the analyses and type expressions, the serializer, HCL's JSON syntax, the
//! deserializer and editing, then the CLI. This test reads every
//! `crate::…` path in `src/` and fails on an import from a layer above the
//! file's, or from another folder of the same layer (each folder is a
//! layer of its own).

use std::collections::BTreeSet;
use std::path::Path;

/// The layer of a top-level module (`value`, `eval`, ...), lower first;
/// `None` for the crate root.
fn layer(module: &str) -> Option<u8> {
    Some(match module {
        // (Independent bottom layers.)
        "stack" | "error" => 0,
        "value" => 1,
        "syntax" => 2,
        "parser" => 3,
        "format" => 4,
        "eval" => 5,
        "analysis" => 6,
        "typeexpr" => 7,
        "ser" => 8,
        "json" => 9,
        "de" => 10,
        "structure" => 11,
        "config" => 12,
        "edit" => 13,
        "bin" => 14,
        _ => return None,
    })
}

/// The module a root re-export (`crate::Value`, `crate::parse`) comes from.
fn reexported(name: &str) -> &str {
    match name {
        "from_body"
        | "from_json_slice"
        | "from_json_str"
        | "from_json_str_with_context"
        | "from_reader"
        | "from_slice"
        | "from_str"
        | "from_str_with_context"
        | "from_value"
        | "Deserializer" => "de",
        "Diagnostic" | "Error" | "ErrorKind" | "Result" | "Severity" | "Span" => "error",
        "parse" | "parse_with" | "ParseOptions" => "parser",
        "to_string" | "to_value" | "to_vec" | "to_writer" => "ser",
        "Body" | "ConfigFile" | "Expression" | "Template" => "syntax",
        "Key" | "Map" | "Number" | "Str" | "Type" | "TypeConstraint" | "Typed" | "Value" => "value",
        other => other,
    }
}

/// The top-level modules `text` names after `crate::`.
fn imported(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a::b, c, d::{e, f}}`: the first name of each part.
            let mut depth = 0;
            let mut part_start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        rest = &group[j..];
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => part_start = true,
                    c if part_start && (c.is_alphanumeric() || c == '_') => {
                        let name: String = group[j..]
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        out.insert(reexported(&name).to_owned());
                        part_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(reexported(&name).to_owned());
            }
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn imports_go_downwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut found = BTreeSet::new();
    for path in &all {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let own = rel
            .split('/')
            .next()
            .unwrap()
            .trim_end_matches(".rs")
            .to_owned();
        if rel == "lib.rs" {
            continue;
        }
        let own_layer =
            layer(&own).unwrap_or_else(|| panic!("src/{rel}: module `{own}` has no layer here"));
        // (Comments and documentation do not import.)
        let text: String = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for m in imported(&text) {
            let Some(l) = layer(&m) else { continue };
            if m != own && l >= own_layer {
                found.insert((rel.clone(), m));
            }
        }
    }
    assert!(
        found.is_empty(),
        "imports from a layer above or beside: {found:#?}"
    );
}

/// The reader sees the imports a file makes, grouped or not, and names a
/// root re-export by the module it comes from.
#[test]
fn reads_imports() {
    let text = "use crate::eval::{Context, Typed};\nuse crate::{de::path, Error, Value};\n\
                let x = crate::json::parse(s);\nuse crate::{a::{b, c}, Span};";
    let got: Vec<String> = imported(text).into_iter().collect();
    assert_eq!(got, ["a", "de", "error", "eval", "json", "value"]);
}

/// The evaluator's core (`src/eval/*.rs`) imports nothing from its built-in
/// functions (`src/eval/functions/`), which sit above it: the core reaches
/// the built-ins through the table a context is given
/// (`Context::new`, defined with the functions).
#[test]
fn the_evaluators_core_does_not_import_its_functions() {
    let eval = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eval");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&eval).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (i, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            // (`mod.rs` declares the module; that is not an import.)
            let declares = name == "mod.rs" && code.starts_with("pub mod functions;");
            if !declares && (code.contains("functions::") || code.contains("mod functions")) {
                found.push(format!("src/eval/{name}:{}: {code}", i + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the core imports its functions: {found:#?}"
    );
}
