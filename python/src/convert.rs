//! Values made Python objects as `json.loads` makes them from the value's
//! JSON text: objects as dicts (in order), arrays as lists, a number as an
//! `int` when its JSON text has no `.` or exponent, else a `float` (or
//! `parse_float` of the text).

use std::collections::HashMap;

use hcl::Value;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString};

/// From this size of source on, Python's cyclic garbage collector is paused
/// while the document's objects are made (it would otherwise walk them
/// again and again as they are created; none of them can form a cycle),
/// and repeated keys (and short strings) share one object.
const PAUSE_GC_FROM: usize = 64 * 1024;

/// A document's value `v` (read from `source_len` bytes) as Python objects;
/// `parse_float` (when given) makes each number with a fraction or
/// exponent from its text.
pub(crate) fn to_py<'py>(
    py: Python<'py>,
    v: &Value,
    source_len: usize,
    parse_float: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let large = source_len >= PAUSE_GC_FROM;
    // (The table starts at about one entry for each 256 bytes of source,
    // at most 4,096; one for a source of unknown size starts small and
    // grows: a table that is never filled costs its clearing and the
    // cache it takes.)
    let strings = match source_len {
        usize::MAX => 64,
        n => (n / 256).clamp(64, 4096),
    };
    let mut b = Builder {
        py,
        parse_float,
        strings: large.then(|| HashMap::with_capacity_and_hasher(strings, Default::default())),
        common: std::array::from_fn(|_| None),
    };
    making(py, source_len, || b.value(v))
}

/// `make()`, which makes the Python objects of a document read from
/// `source_len` bytes, with the garbage collector paused when it is large.
pub(crate) fn making<'py, T>(
    py: Python<'py>,
    source_len: usize,
    make: impl FnOnce() -> PyResult<T>,
) -> PyResult<T> {
    if source_len < PAUSE_GC_FROM {
        return make();
    }
    let gc = GC.get_or_try_init(py, || -> PyResult<[Py<PyAny>; 3]> {
        let gc = py.import("gc")?;
        let f = |name: &str| gc.getattr(name).map(Bound::unbind);
        Ok([f("isenabled")?, f("disable")?, f("enable")?])
    })?;
    let [isenabled, disable, enable] = gc.each_ref().map(|f| f.bind(py));
    let was_enabled = isenabled.call0()?.is_truthy()?;
    if was_enabled {
        disable.call0()?;
    }
    let out = make();
    if was_enabled {
        enable.call0()?;
    }
    out
}

/// The garbage collector's `isenabled`, `disable` and `enable`, looked up
/// once.
static GC: PyOnceLock<[Py<PyAny>; 3]> = PyOnceLock::new();

/// The longest string value made once for all its occurrences in a large
/// document (longer ones rarely repeat).
const SHARED_STRING_LEN: usize = 64;

/// The object keys of the plan's JSON (`terraform show -json`'s names),
/// found by a `match` on the text rather than in the table of strings
/// made: more than half of a plan's keys are these.
const COMMON_KEYS: usize = 58;

/// Where `s` is among the [`COMMON_KEYS`].
fn common_key(s: &str) -> Option<usize> {
    Some(match s {
        "references" => 0,
        "description" => 1,
        "default" => 2,
        "name" => 3,
        "address" => 4,
        "type" => 5,
        "expression" => 6,
        "mode" => 7,
        "value" => 8,
        "expressions" => 9,
        "schema_version" => 10,
        "actions" => 11,
        "constant_value" => 12,
        "before" => 13,
        "after_unknown" => 14,
        "before_sensitive" => 15,
        "after_sensitive" => 16,
        "provider_name" => 17,
        "provider_config_key" => 18,
        "status" => 19,
        "after" => 20,
        "to_display" => 21,
        "module" => 22,
        "resources" => 23,
        "values" => 24,
        "count_expression" => 25,
        "for_each_expression" => 26,
        "sensitive" => 27,
        "source" => 28,
        "sensitive_values" => 29,
        "change" => 30,
        "module_address" => 31,
        "kind" => 32,
        "instances" => 33,
        "variables" => 34,
        "outputs" => 35,
        "version_constraint" => 36,
        "index" => 37,
        "root_module" => 38,
        "child_modules" => 39,
        "full_name" => 40,
        "module_calls" => 41,
        "provider_config" => 42,
        "depends_on" => 43,
        "nullable" => 44,
        "format_version" => 45,
        "terraform_version" => 46,
        "planned_values" => 47,
        "resource_changes" => 48,
        "output_changes" => 49,
        "configuration" => 50,
        "checks" => 51,
        "complete" => 52,
        "errored" => 53,
        "applyable" => 54,
        "alias" => 55,
        "object_kind" => 56,
        "config_key" => 57,
        _ => return None,
    })
}

struct Builder<'py, 'f> {
    py: Python<'py>,
    parse_float: Option<&'f Bound<'py, PyAny>>,
    /// In a large document, each object key made once (keys repeat:
    /// attribute names, labels), as `json.loads` shares them, and each
    /// short string value.
    strings: Option<HashMap<&'f str, Bound<'py, PyString>, foldhash::fast::RandomState>>,
    /// Each of the [`COMMON_KEYS`] made once, in a large document.
    common: [Option<Bound<'py, PyString>>; COMMON_KEYS],
}

impl<'py, 'f> Builder<'py, 'f> {
    fn value(&mut self, v: &'f Value) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        Ok(match v {
            Value::Null => py.None().into_bound(py),
            Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
            Value::Number(n) => self.number(n)?,
            // (Short strings repeat too — references, provider names,
            // "create" — and a str is immutable: one object each.)
            Value::String(s) if s.len() <= SHARED_STRING_LEN => self.string(s).into_any(),
            Value::String(s) => PyString::new(py, s).into_any(),
            Value::Array(items) => {
                let made = items
                    .iter()
                    .map(|x| self.value(x))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, made)?.into_any()
            }
            Value::Object(o) => {
                let dict = PyDict::new(py);
                for (k, x) in o {
                    let key = self.string(k.as_str());
                    dict.set_item(key, self.value(x)?)?;
                }
                dict.into_any()
            }
        })
    }

    /// The string `s`: the one made for it before, in a large document.
    fn string(&mut self, s: &'f str) -> Bound<'py, PyString> {
        let py = self.py;
        match (&mut self.strings, common_key(s)) {
            (Some(_), Some(i)) => self.common[i]
                .get_or_insert_with(|| PyString::new(py, s))
                .clone(),
            (Some(made), None) => made
                .entry(s)
                .or_insert_with(|| PyString::new(py, s))
                .clone(),
            (None, _) => PyString::new(py, s),
        }
    }

    /// A number as `json.loads` reads its JSON text.
    fn number(&self, n: &hcl::Number) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        // (An integer of 64 bits: its JSON text is its digits, read as an
        // `int`; made without writing them.)
        if let Some(i) = n.as_i64() {
            return Ok(i.into_pyobject(py)?.into_any());
        }
        if let Some(u) = n.as_u64() {
            return Ok(u.into_pyobject(py)?.into_any());
        }
        let Some(text) = hcl::json::number_text(n) else {
            // ±Inf (strict mode keeps it a number): Python's float.
            return Ok(PyFloat::new(py, n.as_f64()).into_any());
        };
        if !text.contains(['.', 'e', 'E']) {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(i.into_pyobject(py)?.into_any());
            }
            // (Wider than 64 bits: Python's own reading of the digits.)
            return py.get_type::<PyInt>().call1((text,));
        }
        match self.parse_float {
            Some(f) => f.call1((text,)),
            None => Ok(PyFloat::new(py, text.parse::<f64>().unwrap_or(f64::NAN)).into_any()),
        }
    }
}
