//! `hcl2rs._native`: the crate's functions for Python. Documents come
//! back as Python objects, made as `json.loads` makes them from `hcl json`'s
//! text (`convert`); values going in cross as JSON text (numbers with every
//! digit). The GIL is released while the crate parses and evaluates.

mod compat;
mod convert;

use hcl::config::{DirFiles, Files, Inputs};
use hcl::eval::{Context, EvalMode};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    hcl2rs,
    HCLError,
    PyValueError,
    "An HCL error: invalid syntax, a failed evaluation. `line`, `column` and `filename` place the first diagnostic; `diagnostics` lists them all, as `terraform validate -json` does."
);

/// The Python exception for `e`: its text (with the snippet), `line`,
/// `column`, `filename` and `diagnostics` (JSON text, read by the Python
/// side into dicts).
fn error(py: Python<'_>, e: hcl::Error, filename: Option<&str>) -> PyErr {
    let e = match filename {
        Some(f) if e.file().is_none() => e.with_file(f),
        _ => e,
    };
    let err = HCLError::new_err(e.to_string());
    let value = err.value(py);
    let diagnostics = hcl::json::value_to_string(
        &hcl::json::diagnostics_value(&[(filename.unwrap_or(""), Some(&e), &[])])["diagnostics"],
        false,
    )
    .unwrap_or_else(|_| "[]".to_owned());
    // (A failed setattr leaves the attribute out; the error is raised
    // either way.)
    let _ = value.setattr("line", e.line());
    let _ = value.setattr("column", e.column());
    let _ = value.setattr("filename", e.file());
    let _ = value.setattr("_diagnostics_json", diagnostics);
    err
}

/// A context: template-preserving (or strict), with `variables` (a JSON
/// object) and files readable under `allow_files`.
fn context(
    variables: Option<&str>,
    strict: bool,
    allow_files: Option<&str>,
) -> hcl::Result<Context<'static>> {
    let mode = if strict {
        EvalMode::Strict
    } else {
        EvalMode::PreserveTemplates
    };
    let mut ctx = Context::new().with_mode(mode);
    ctx.set_allow_files_hint("allow_files=DIR");
    if let Some(v) = variables {
        if let hcl::Value::Object(vars) = hcl::json::value_from_str(v)? {
            for (k, v) in vars {
                ctx.declare_var(k.as_str(), v);
            }
        }
    }
    if let Some(dir) = allow_files {
        ctx.allow_files(dir);
    }
    Ok(ctx)
}

/// `hcl json`'s document for a file (native syntax, or JSON syntax when
/// `filename` ends in `.json`), as Python objects.
#[pyfunction]
#[pyo3(signature = (text, filename=None, variables=None, strict=false, allow_files=None, parse_float=None, max_depth=None))]
#[allow(clippy::too_many_arguments)]
fn loads<'py>(
    py: Python<'py>,
    text: &str,
    filename: Option<&str>,
    variables: Option<&str>,
    strict: bool,
    allow_files: Option<&str>,
    parse_float: Option<&Bound<'py, PyAny>>,
    max_depth: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let json = filename.is_some_and(hcl::config::ext_is_json);
    let v = py
        .detach(|| {
            let ctx = context(variables, strict, allow_files)?;
            let options = hcl::json::WriteOptions::new().parse_options(parse_options(max_depth));
            hcl::json::text_to_value(text, json, &ctx, &options)
        })
        .map_err(|e| error(py, e, filename))?;
    convert::to_py(py, &v, text.len(), parse_float)
}

/// Parse options with the nesting limit `max_depth` (the crate's default
/// without it).
fn parse_options(max_depth: Option<usize>) -> hcl::ParseOptions {
    match max_depth {
        Some(d) => hcl::ParseOptions::new().max_depth(d),
        None => hcl::ParseOptions::new(),
    }
}

/// `hcl json --merge` (or `--module`) of a directory, as Python objects.
#[pyfunction]
#[pyo3(signature = (path, extensions=None, variables=None, strict=false, allow_files=None, module=false, var_files=Vec::new(), var_values=Vec::new(), parse_float=None, max_depth=None, tool=None, env=Vec::new(), unknown_missing=false))]
#[allow(clippy::too_many_arguments)]
fn load_dir<'py>(
    py: Python<'py>,
    path: &str,
    extensions: Option<Vec<String>>,
    variables: Option<&str>,
    strict: bool,
    allow_files: Option<&str>,
    module: bool,
    var_files: Vec<String>,
    var_values: Vec<(String, String)>,
    parse_float: Option<&Bound<'py, PyAny>>,
    max_depth: Option<usize>,
    tool: Option<&str>,
    env: Vec<(String, String)>,
    unknown_missing: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let tool: hcl::config::Tool = match tool {
        Some(t) => t.parse().map_err(pyo3::exceptions::PyValueError::new_err)?,
        None => hcl::config::Tool::Terraform,
    };
    let v = py
        .detach(|| {
            let choose = match &extensions {
                Some(e) => DirFiles::extensions(e),
                None => tool.files(),
            };
            let files = Files::read_dir_with(path, &choose, &parse_options(max_depth))?;
            let source = files.context_source();
            let mut ctx = context(variables, strict, allow_files)?.with_source(source);
            let mut options = hcl::json::WriteOptions::new();
            if module {
                let mut inputs = Inputs::for_tool(tool)
                    .missing_variables_unknown(unknown_missing)
                    .env_vars(env)
                    .read_tool_files(path)?;
                for f in &var_files {
                    inputs = inputs.read_var_file(f)?;
                }
                for (n, raw) in &var_values {
                    inputs = inputs.var_value(n.as_str(), raw.as_str());
                }
                if let Some(dir) = allow_files {
                    inputs = inputs.allow_files(dir);
                }
                let m = files.module(&inputs)?;
                m.declare_in(&mut ctx);
                // (Bodies that count = 0 switches off are not evaluated.)
                options = options.unevaluated(m.switched_off(&files));
            }
            hcl::json::to_value(files.body(), source, &ctx, &options).map_err(|e| files.locate(e))
        })
        .map_err(|e| error(py, e, None))?;
    convert::to_py(py, &v, usize::MAX, parse_float)
}

/// `hcl plan --format json DIR`: the configuration planned as Terraform
/// plans it, as `terraform show -json PLANFILE`'s document.
#[pyfunction]
#[pyo3(signature = (path, var_files=Vec::new(), var_values=Vec::new(), validate=false, unknown_missing=false, workspace=None, allow_files=false, parse_float=None, env=Vec::new(), configuration=true))]
#[allow(clippy::too_many_arguments)]
fn plan<'py>(
    py: Python<'py>,
    path: &str,
    var_files: Vec<String>,
    var_values: Vec<(String, String)>,
    validate: bool,
    unknown_missing: bool,
    workspace: Option<String>,
    allow_files: bool,
    parse_float: Option<&Bound<'py, PyAny>>,
    env: Vec<(String, String)>,
    configuration: bool,
) -> PyResult<Bound<'py, PyAny>> {
    use hcl::config::{Mode, PlanOptions};
    let v = py
        .detach(|| {
            let mut inputs = Inputs::new().env_vars(env);
            for f in &var_files {
                inputs = inputs.read_var_file(f)?;
            }
            for (n, raw) in &var_values {
                inputs = inputs.var_value(n.as_str(), raw.as_str());
            }
            let mut options = PlanOptions::new()
                .mode(if validate { Mode::Validate } else { Mode::Plan })
                .inputs(inputs)
                .missing_variables_unknown(unknown_missing)
                .allow_files(allow_files)
                .configuration(configuration);
            if let Some(w) = &workspace {
                options = options.workspace(w.as_str());
            }
            Ok::<_, hcl::Error>(hcl::config::plan_dir(path, &options)?.into_json())
        })
        .map_err(|e| error(py, e, None))?;
    convert::to_py(py, &v, usize::MAX, parse_float)
}

/// HCL native syntax for a document in HCL's JSON syntax (the shape
/// `loads` gives), its blocks told by `hcl::json::to_native`'s rule.
#[pyfunction]
fn dumps_json(py: Python<'_>, json: &str) -> PyResult<String> {
    py.detach(|| hcl::json::to_native(json))
        .map_err(|e| error(py, e, None))
}

/// `terraform fmt`'s output for `text`.
#[pyfunction]
fn format(py: Python<'_>, text: &str) -> PyResult<String> {
    py.detach(|| hcl::format::format_source(text, true))
        .map_err(|e| error(py, e, None))
}

/// One expression's value, as JSON text (strict: what is not defined is
/// an error).
#[pyfunction]
#[pyo3(signature = (expr, variables=None))]
fn evaluate_json(py: Python<'_>, expr: &str, variables: Option<&str>) -> PyResult<String> {
    py.detach(|| {
        let ctx = context(variables, true, None)?;
        hcl::json::value_to_string(&hcl::eval::evaluate_str(expr, &ctx)?, false)
    })
    .map_err(|e| error(py, e, None))
}

/// `hcl refs --json` of a file's text, as JSON text.
#[pyfunction]
#[pyo3(signature = (text, filename=None, max_depth=None))]
fn references_json(
    py: Python<'_>,
    text: &str,
    filename: Option<&str>,
    max_depth: Option<usize>,
) -> PyResult<String> {
    let json = filename.is_some_and(hcl::config::ext_is_json);
    py.detach(|| {
        let options = parse_options(max_depth);
        let file = if json {
            hcl::json::parse_with(text, &options)?
        } else {
            hcl::parse_with(text, &options)?
        };
        let at = hcl::error::Locator::new(text);
        let refs: Vec<hcl::Value> = hcl::analysis::body_references(file.body())
            .iter()
            .map(|r| {
                let path = r.attr_path.join(".");
                hcl::analysis::reference_value(Some(&path), &r.reference, &at)
            })
            .collect();
        hcl::json::value_to_string(&hcl::Value::Array(refs), false)
    })
    .map_err(|e| error(py, e, filename))
}

/// python-hcl2's shape of a file (see `compat`), as Python objects.
#[pyfunction]
#[pyo3(signature = (text, max_depth=None))]
fn compat_loads<'py>(
    py: Python<'py>,
    text: &str,
    max_depth: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let file = py
        .detach(|| hcl::parse_with(text, &parse_options(max_depth)))
        .map_err(|e| error(py, e, None))?;
    convert::making(py, text.len(), || compat::file(py, file.body(), text))
}

/// A document edited in place, every byte not edited kept (behind a lock:
/// a document is not shared between threads while it is read).
#[pyclass(module = "hcl2rs")]
struct Document {
    doc: std::sync::Mutex<hcl::edit::Document>,
}

impl Document {
    /// The document, locked.
    fn doc(&self) -> std::sync::MutexGuard<'_, hcl::edit::Document> {
        self.doc
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

fn address(py: Python<'_>, a: &str) -> PyResult<hcl::edit::Address> {
    hcl::edit::Address::parse(a).map_err(|e| error(py, e, None))
}

#[pymethods]
impl Document {
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<Document> {
        let doc = py
            .detach(|| hcl::edit::Document::parse(text))
            .map_err(|e| error(py, e, None))?;
        Ok(Document {
            doc: std::sync::Mutex::new(doc),
        })
    }

    /// The expression text of each attribute at `address`.
    fn get_all(&self, py: Python<'_>, address_: &str) -> PyResult<Vec<String>> {
        let a = address(py, address_)?;
        Ok(self
            .doc()
            .get_attribute(&a)
            .into_iter()
            .map(str::to_owned)
            .collect())
    }

    /// The text of each block at `address`.
    fn blocks(&self, py: Python<'_>, address_: &str) -> PyResult<Vec<String>> {
        let a = address(py, address_)?;
        Ok(self
            .doc()
            .get_block(&a)
            .into_iter()
            .map(str::to_owned)
            .collect())
    }

    /// Sets the attribute(s) at `address` to `expression` (HCL text); how
    /// many were set.
    fn set(&self, py: Python<'_>, address_: &str, expression: &str) -> PyResult<usize> {
        let a = address(py, address_)?;
        self.doc()
            .set_attribute(&a, expression)
            .map_err(|e| error(py, e, None))
    }

    /// Sets the attribute(s) at `address` to a value given as JSON text.
    fn set_value_json(&self, py: Python<'_>, address_: &str, json: &str) -> PyResult<usize> {
        let a = address(py, address_)?;
        // (Strings are templates, as `dumps` writes them.)
        let text = hcl::json::expression_to_native(json).map_err(|e| error(py, e, None))?;
        self.doc()
            .set_attribute(&a, &text)
            .map_err(|e| error(py, e, None))
    }

    /// Removes the attributes at `address`, or else the blocks; how many.
    fn remove(&self, py: Python<'_>, address_: &str) -> PyResult<usize> {
        let a = address(py, address_)?;
        let n = self
            .doc()
            .remove_attribute(&a)
            .map_err(|e| error(py, e, None))?;
        if n > 0 {
            return Ok(n);
        }
        self.doc().remove_block(&a).map_err(|e| error(py, e, None))
    }

    fn __str__(&self) -> String {
        self.doc().text().to_owned()
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("HCLError", m.py().get_type::<HCLError>())?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(load_dir, m)?)?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(dumps_json, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_json, m)?)?;
    m.add_function(wrap_pyfunction!(references_json, m)?)?;
    m.add_function(wrap_pyfunction!(compat_loads, m)?)?;
    m.add_class::<Document>()?;
    Ok(())
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
