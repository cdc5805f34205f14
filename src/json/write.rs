//! A native file written as HCL's JSON syntax (`json-spec.md`), in the
//! form Terraform reads back as the same configuration.

use crate::analysis::references;
use crate::error::Result;
use crate::eval::{Context, EvalMode};
use crate::syntax::{
    Block, Body, Element, ExprKind, Expression, Interpolation, ObjectKey, Structure, Template,
};
use crate::value::json::{escape_template, number_text, write_json, write_json_string, JsonStyle};
use crate::value::{Key, Map, Value};
use std::borrow::Cow;

/// How [`to_string`] writes.
///
/// ```
/// use hcl::json::{to_string, WriteOptions};
/// let src = "a = 1 + 1\n";
/// let file = hcl::parse(src).unwrap();
/// let ctx = hcl::eval::Context::new();
/// let o = WriteOptions::new().evaluate(false).pretty(true);
/// assert_eq!(to_string(file.body(), src, &ctx, &o).unwrap(), "{\n  \"a\": \"${1 + 1}\"\n}");
/// ```
#[derive(Clone, Debug)]
pub struct WriteOptions {
    evaluate: bool,
    /// Where the blocks written unevaluated start, sorted.
    unevaluated: Vec<usize>,
    pretty: bool,
    parse: crate::parser::ParseOptions,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            evaluate: true,
            unevaluated: Vec::new(),
            pretty: false,
            parse: crate::parser::ParseOptions::default(),
        }
    }
}

impl WriteOptions {
    /// Evaluating, compact.
    ///
    /// ```
    /// use hcl::json::{to_string, WriteOptions};
    /// let file = hcl::parse("a = 1 + 1\n").unwrap();
    /// let ctx = hcl::eval::Context::new();
    /// assert_eq!(to_string(file.body(), "a = 1 + 1\n", &ctx, &WriteOptions::new()).unwrap(), r#"{"a":2}"#);
    /// ```
    pub fn new() -> WriteOptions {
        WriteOptions::default()
    }

    /// Whether expressions are evaluated (the default); without, literals
    /// (and tuples and objects of them) are written as JSON values and every
    /// other expression as its source, `"${...}"`.
    ///
    /// ```
    /// use hcl::json::{to_string, WriteOptions};
    /// let src = "a = 1 + 1\nb = [1, true]\n";
    /// let file = hcl::parse(src).unwrap();
    /// let ctx = hcl::eval::Context::new();
    /// let json = to_string(file.body(), src, &ctx, &WriteOptions::new().evaluate(false)).unwrap();
    /// assert_eq!(json, r#"{"a":"${1 + 1}","b":[1,true]}"#);
    /// ```
    pub fn evaluate(mut self, yes: bool) -> Self {
        self.evaluate = yes;
        self
    }

    /// Blocks written as if [`WriteOptions::evaluate`] were off: those
    /// whose type name starts at one of `starts` (byte offsets of the
    /// source), as [`Module::switched_off`](crate::config::Module::switched_off)
    /// gives the resources that `count = 0` switches off.
    ///
    /// ```
    /// use hcl::json::{to_value, WriteOptions};
    /// let src = "a {\n  x = 1 + 1\n}\nb {\n  x = 1 + 1\n}\n";
    /// let file = hcl::parse(src).unwrap();
    /// let ctx = hcl::eval::Context::new();
    /// let v = to_value(file.body(), src, &ctx, &WriteOptions::new().unevaluated([18])).unwrap();
    /// assert_eq!((&v["a"]["x"], &v["b"]["x"]), (&hcl::Value::from(2), &hcl::Value::from("${1 + 1}")));
    /// ```
    pub fn unevaluated(mut self, starts: impl IntoIterator<Item = usize>) -> Self {
        self.unevaluated = starts.into_iter().collect();
        self.unevaluated.sort_unstable();
        self
    }

    /// Whether to indent (two spaces, one property or element a line).
    ///
    /// ```
    /// use hcl::json::{to_string, WriteOptions};
    /// let file = hcl::parse("a = [1]\n").unwrap();
    /// let ctx = hcl::eval::Context::new();
    /// let json = to_string(file.body(), "a = [1]\n", &ctx, &WriteOptions::new().pretty(true)).unwrap();
    /// assert_eq!(json, "{\n  \"a\": [\n    1\n  ]\n}");
    /// ```
    pub fn pretty(mut self, yes: bool) -> Self {
        self.pretty = yes;
        self
    }

    /// How [`text_to_string`] and [`text_to_value`] parse their text (its
    /// nesting limit).
    ///
    /// ```
    /// use hcl::json::{text_to_string, WriteOptions};
    /// let ctx = hcl::eval::Context::new();
    /// let shallow = WriteOptions::new().parse_options(hcl::ParseOptions::new().max_depth(2));
    /// assert!(text_to_string("a = [1]\n", false, &ctx, &shallow).is_ok());
    /// assert!(text_to_string("a = [[[1]]]\n", false, &ctx, &shallow).is_err());
    /// ```
    pub fn parse_options(mut self, options: crate::parser::ParseOptions) -> Self {
        self.parse = options;
        self
    }
}

/// Writes a native file's body (parsed from `source`) as HCL's JSON
/// syntax, evaluating in `ctx`:
///
/// * what evaluates is written as its value, its strings escaped (`${` as
///   `$${`) so they stay literal; what refers to something `ctx` does not
///   have stays a template: a template as its text, any other expression as
///   `"${...}"`, expressions printed on one line as the formatter prints
///   them (in [`EvalMode::Strict`] that is an error instead);
///   objects and tuples written in place are written part by part;
/// * arguments Terraform reads as keywords or references, not values (a
///   variable's `type`, `depends_on`, `provider`, `providers`,
///   `ignore_changes`, `replace_triggered_by`, a provisioner's `when` and
///   `on_failure`, `iterator`, `moved`/`import`/`removed`'s `from`, `to`
///   and `id`-less references) are written as their source text (`"type":
///   "list(string)"`);
/// * blocks are nested under their type and labels: top-level blocks
///   (known by their labels) grouped by label; nested blocks in source
///   order, in the spec's array form where grouping by label would reorder
///   them (`"provisioner": [{"local-exec": ...}, {"file": ...},
///   {"local-exec": ...}]`).
///
/// Blocks of one type with different numbers of labels (Terragrunt's
/// `include` beside `include "name"`) fit no schema of the JSON syntax:
/// they are written as an array, in order, each one with its own labels.
///
/// # Errors
/// An evaluation error of an expression whose references all exist, or any
/// evaluation error in strict mode.
///
/// ```
/// use hcl::eval::Context;
/// use hcl::json::{to_string, WriteOptions};
///
/// let src = "variable \"v\" {\n  type = list(string)\n}\nx = \"$${HOME}\"\ny = var.v\n";
/// let file = hcl::parse(src).unwrap();
/// let ctx = Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
/// let json = to_string(file.body(), src, &ctx, &WriteOptions::new()).unwrap();
/// assert_eq!(
///     json,
///     r#"{"variable":{"v":{"type":"list(string)"}},"x":"$${HOME}","y":"${var.v}"}"#
/// );
/// ```
pub fn to_string(
    body: &Body<'_>,
    source: &str,
    ctx: &Context<'_>,
    options: &WriteOptions,
) -> Result<String> {
    let text = Text {
        out: String::new(),
        pretty: options.pretty,
        indent: 0,
    };
    Ok(write(body, source, ctx, options, text)?.out)
}

/// What [`to_string`] writes, as a [`Value`] (`options`' layout aside):
/// `hcl::json::value_from_str(&to_string(..)?)` gives the same value,
/// without the text in between. Strings are as the text has them
/// (`${` escaped as `$${`).
///
/// # Errors
/// As [`to_string`].
///
/// ```
/// use hcl::eval::{Context, EvalMode};
/// use hcl::json::{to_value, WriteOptions};
///
/// let src = "x = 1 + 1\ny = var.v\nz = \"$${HOME}\"\n";
/// let file = hcl::parse(src).unwrap();
/// let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
/// let v = to_value(file.body(), src, &ctx, &WriteOptions::new()).unwrap();
/// assert_eq!(v["x"], hcl::Value::from(2));
/// assert_eq!(v["y"], hcl::Value::from("${var.v}"));
/// assert_eq!(v["z"], hcl::Value::from("$${HOME}"));
/// ```
pub fn to_value(
    body: &Body<'_>,
    source: &str,
    ctx: &Context<'_>,
    options: &WriteOptions,
) -> Result<Value> {
    let tree = Tree {
        stack: Vec::new(),
        root: None,
    };
    Ok(write(body, source, ctx, options, tree)?
        .root
        .unwrap_or_default())
}

/// The one walk behind [`to_string`] and [`to_value`].
fn write<O: Out>(
    body: &Body<'_>,
    source: &str,
    ctx: &Context<'_>,
    options: &WriteOptions,
    out: O,
) -> Result<O> {
    // (One scope reading kept expressions from `source`, for every
    // expression.)
    let ctx = &ctx.child().with_source(source);
    let mut w = Writer {
        out,
        source,
        ctx,
        options,
        failed: None,
        raw: false,
    };
    w.body(body, &mut Vec::new())?;
    match w.failed {
        Some(e) => Err(e.sorted()),
        None => Ok(w.out),
    }
}

/// A file's text (native syntax, or HCL's JSON syntax when `json_syntax`)
/// written as HCL's JSON syntax (see [`to_string`]): what `hcl json FILE`
/// prints. Expressions kept as written keep their text (`ctx`'s source is
/// the file's); `dynamic` blocks are expanded first when `ctx` asks
/// ([`Context::with_dynamic_blocks`](crate::eval::Context::with_dynamic_blocks)).
///
/// # Errors
/// Every syntax error, then as [`to_string`].
///
/// ```
/// let ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
/// let options = hcl::json::WriteOptions::new();
/// let json = hcl::json::text_to_string("a = 1 + 1\nb = var.x\n", false, &ctx, &options).unwrap();
/// assert_eq!(json, r#"{"a":2,"b":"${var.x}"}"#);
/// ```
pub fn text_to_string(
    text: &str,
    json_syntax: bool,
    ctx: &Context<'_>,
    options: &WriteOptions,
) -> Result<String> {
    from_text(text, json_syntax, ctx, &options.parse, |body, ctx| {
        to_string(body, text, ctx, options)
    })
}

/// [`text_to_string`]'s document as a [`Value`] (see [`to_value`]).
///
/// # Errors
/// As [`text_to_string`].
///
/// ```
/// let ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
/// let options = hcl::json::WriteOptions::new();
/// let v = hcl::json::text_to_value("a = 1 + 1\nb = var.x\n", false, &ctx, &options).unwrap();
/// assert_eq!(hcl::json::value_to_string(&v, false).unwrap(), r#"{"a":2,"b":"${var.x}"}"#);
/// ```
pub fn text_to_value(
    text: &str,
    json_syntax: bool,
    ctx: &Context<'_>,
    options: &WriteOptions,
) -> Result<Value> {
    from_text(text, json_syntax, ctx, &options.parse, |body, ctx| {
        to_value(body, text, ctx, options)
    })
}

/// Parses `text` (expanding `dynamic` blocks when `ctx` asks) and writes
/// its body with `write`.
fn from_text<T>(
    text: &str,
    json_syntax: bool,
    ctx: &Context<'_>,
    parse: &crate::parser::ParseOptions,
    write: impl FnOnce(&Body<'_>, &Context<'_>) -> Result<T>,
) -> Result<T> {
    let mut file = if json_syntax {
        super::parse_with(text, parse)?
    } else {
        crate::parser::parse_with(text, parse)?
    };
    let ctx = ctx.child().with_source(text);
    if ctx.expands_dynamic_blocks() {
        file.edit(|body, arena| -> Result<()> {
            *body = crate::eval::expand_dynamic(body, &ctx, arena)?;
            Ok(())
        })?;
    }
    write(file.body(), &ctx)
}

/// Where the walk writes: JSON text, or a value tree.
trait Out {
    /// An object (`{`) or array (`[`) begins.
    fn open(&mut self, array: bool);
    /// It ends (`empty`: nothing was written in it).
    fn close(&mut self, array: bool, empty: bool);
    /// A property's name (`first`: the object's first).
    fn key(&mut self, first: bool, k: &str);
    /// An array element begins.
    fn item(&mut self, first: bool);
    /// A string (already escaped for the JSON syntax where it must be).
    fn string(&mut self, s: &str);
    /// `null`.
    fn null(&mut self);
    /// An evaluated value, written with the JSON syntax's leaves.
    fn value(&mut self, v: Value);
    /// Whether it holds any number, ±Inf too (JSON text does not).
    fn any_number(&self) -> bool;
}

/// JSON text.
struct Text {
    out: String,
    pretty: bool,
    indent: usize,
}

impl Text {
    fn newline(&mut self) {
        if self.pretty {
            self.out.push('\n');
            for _ in 0..self.indent {
                self.out.push_str("  ");
            }
        }
    }
}

impl Out for Text {
    fn open(&mut self, array: bool) {
        self.out.push(if array { '[' } else { '{' });
        self.indent += 1;
    }

    fn close(&mut self, array: bool, empty: bool) {
        self.indent -= 1;
        if !empty {
            self.newline();
        }
        self.out.push(if array { ']' } else { '}' });
    }

    fn key(&mut self, first: bool, k: &str) {
        self.item(first);
        write_json_string(&mut self.out, k);
        self.out.push(':');
        if self.pretty {
            self.out.push(' ');
        }
    }

    fn item(&mut self, first: bool) {
        if !first {
            self.out.push(',');
        }
        self.newline();
    }

    fn string(&mut self, s: &str) {
        write_json_string(&mut self.out, s);
    }

    fn null(&mut self) {
        self.out.push_str("null");
    }

    fn value(&mut self, v: Value) {
        let style = JsonStyle {
            sorted: false,
            pretty: self.pretty,
            hcl_syntax: true,
        };
        write_json(&mut self.out, &v, style, self.indent);
    }
    fn any_number(&self) -> bool {
        false
    }
}

/// A value tree: the objects and arrays begun and not yet ended, each with
/// the name of its next property.
struct Tree {
    stack: Vec<(Value, Option<Key>)>,
    root: Option<Value>,
}

impl Tree {
    fn leaf(&mut self, v: Value) {
        match self.stack.last_mut() {
            None => self.root = Some(v),
            Some((Value::Object(o), k)) => {
                o.insert(k.take().unwrap_or_default(), v);
            }
            Some((Value::Array(a), _)) => a.push(v),
            Some(_) => {}
        }
    }
}

impl Out for Tree {
    fn open(&mut self, array: bool) {
        let v = if array {
            Value::Array(Vec::new())
        } else {
            Value::Object(Map::new())
        };
        self.stack.push((v, None));
    }

    fn close(&mut self, _: bool, _: bool) {
        if let Some((v, _)) = self.stack.pop() {
            self.leaf(v);
        }
    }

    fn key(&mut self, _: bool, k: &str) {
        if let Some((_, key)) = self.stack.last_mut() {
            *key = Some(Key::from(k));
        }
    }

    fn item(&mut self, _: bool) {}

    fn string(&mut self, s: &str) {
        self.leaf(Value::from(s));
    }

    fn null(&mut self) {
        self.leaf(Value::Null);
    }

    fn value(&mut self, mut v: Value) {
        escape_strings(&mut v);
        self.leaf(v);
    }
    fn any_number(&self) -> bool {
        true
    }
}

/// The strings and keys of `v` escaped as the JSON syntax writes them
/// (`${` as `$${`).
fn escape_strings(v: &mut Value) {
    match v {
        Value::String(s) => {
            if let Cow::Owned(e) = escape_template(s) {
                *s = e.into();
            }
        }
        Value::Array(a) => a.iter_mut().for_each(escape_strings),
        Value::Object(o) => {
            if o.keys()
                .any(|k| matches!(escape_template(k), Cow::Owned(_)))
            {
                *o = std::mem::take(o)
                    .into_iter()
                    .map(|(k, mut v)| {
                        escape_strings(&mut v);
                        (Key::from(escape_template(&k)), v)
                    })
                    .collect();
            } else {
                o.values_mut().for_each(escape_strings);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

struct Writer<'s, 'c, 'p, O> {
    out: O,
    source: &'s str,
    ctx: &'c Context<'p>,
    options: &'s WriteOptions,
    /// The errors of the attributes written so far: every attribute is
    /// written, and the errors of all are reported.
    failed: Option<crate::error::Error>,
    /// Whether the block being written is one not to evaluate.
    raw: bool,
}

/// Whether attribute `name` in blocks `path` (innermost last) is read by
/// Terraform as keywords or references, not as a value.
fn is_static(path: &[&str], name: &str) -> bool {
    let Some(&inner) = path.last() else {
        // (The top level has blocks and Terraform's own attributes only.)
        return false;
    };
    match name {
        "depends_on" | "provider" | "providers" => true,
        "type" => inner == "variable",
        "ignore_changes" | "replace_triggered_by" => inner == "lifecycle",
        "when" | "on_failure" => inner == "provisioner",
        "iterator" => inner == "dynamic",
        "from" | "to" => matches!(inner, "moved" | "import" | "removed"),
        _ => false,
    }
}

impl<O: Out> Writer<'_, '_, '_, O> {
    fn body<'a>(&mut self, b: &Body<'a>, path: &mut Vec<&'a str>) -> Result<()> {
        self.out.open(false);
        let mut first = true;
        // The blocks of each type, in one pass (a body may hold many
        // blocks, of few types).
        let mut groups: Vec<(&str, Vec<&Block<'a>>)> = Vec::new();
        for bl in b.blocks() {
            match groups.iter_mut().rev().find(|g| g.0 == bl.ident.name) {
                Some(g) => g.1.push(bl),
                None => groups.push((bl.ident.name, vec![bl])),
            }
        }
        let mut done = vec![false; groups.len()];
        let mut last_group: Option<(&str, usize)> = None;
        for s in b.structures {
            match s {
                Structure::Attribute(a) => {
                    self.out.key(first, a.name.name);
                    if is_static(path, a.name.name) {
                        self.static_expr(&a.expr);
                    } else if let Err(e) = self.expr(&a.expr) {
                        crate::error::Error::append(&mut self.failed, e);
                        self.out.null();
                    }
                }
                Structure::Block(bl) => {
                    let ty = bl.ident.name;
                    // (Consecutive blocks mostly share a type: the last
                    // one's group is tried first.)
                    let g = match last_group {
                        Some((t, g)) if t == ty => g,
                        _ => groups.iter().position(|g| g.0 == ty).unwrap_or_default(),
                    };
                    last_group = Some((ty, g));
                    if std::mem::replace(&mut done[g], true) {
                        continue;
                    }
                    self.out.key(first, ty);
                    path.push(ty);
                    let r = self.blocks(&groups[g].1, 0, path);
                    path.pop();
                    r?;
                }
            }
            first = false;
        }
        self.out.close(false, first);
        Ok(())
    }

    /// A block's body, unevaluated when the options say so.
    fn block_body<'a>(&mut self, b: &Block<'a>, path: &mut Vec<&'a str>) -> Result<()> {
        let raw = self.raw;
        let start = b.ident.span.start();
        self.raw = raw || self.options.unevaluated.binary_search(&start).is_ok();
        let r = self.body(&b.body, path);
        self.raw = raw;
        r
    }

    /// Blocks of one type, from label `level` on.
    fn blocks<'a>(
        &mut self,
        blocks: &[&Block<'a>],
        level: usize,
        path: &mut Vec<&'a str>,
    ) -> Result<()> {
        let done = blocks.iter().filter(|b| b.labels.len() <= level).count();
        if done == blocks.len() {
            if let [one] = blocks {
                return self.block_body(one, path);
            }
            self.out.open(true);
            for (i, b) in blocks.iter().enumerate() {
                self.out.item(i == 0);
                self.block_body(b, path)?;
            }
            self.out.close(true, blocks.is_empty());
            return Ok(());
        }
        if done > 0 {
            // Blocks of one type with different numbers of labels (as
            // Terragrunt's `include` and `include "name"`) fit no schema:
            // each is written in order, a block without labels as its
            // body, one with labels nested under them.
            self.out.open(true);
            for (i, b) in blocks.iter().enumerate() {
                self.out.item(i == 0);
                self.blocks(std::slice::from_ref(b), level, path)?;
            }
            self.out.close(true, false);
            return Ok(());
        }
        // Runs of consecutive blocks with the same label.
        let mut runs: Vec<(&str, Vec<&Block<'a>>)> = Vec::new();
        for b in blocks {
            let l = b.labels[level].as_str();
            match runs.last_mut() {
                Some((k, v)) if *k == l => v.push(b),
                _ => runs.push((l, vec![b])),
            }
        }
        // (A label seen in an earlier run; a set, as a module may hold
        // thousands of resources of one type.)
        let interleaved = if runs.len() <= 16 {
            runs.iter()
                .enumerate()
                .any(|(i, (k, _))| runs[..i].iter().any(|(j, _)| j == k))
        } else {
            let mut seen: crate::value::map::FastHashSet<&str> =
                std::collections::HashSet::with_capacity_and_hasher(runs.len(), Default::default());
            runs.iter().any(|(k, _)| !seen.insert(*k))
        };
        // Top-level blocks are known by their labels (a resource's order
        // means nothing): they group. Nested ones (provisioners) keep
        // their order.
        if !interleaved || path.len() == 1 {
            let runs = if interleaved { group_runs(runs) } else { runs };
            self.out.open(false);
            for (i, (label, group)) in runs.iter().enumerate() {
                self.out.key(i == 0, label);
                self.blocks(group, level + 1, path)?;
            }
            self.out.close(false, runs.is_empty());
            return Ok(());
        }
        // The array form keeps the order grouping would lose.
        self.out.open(true);
        for (i, (label, group)) in runs.iter().enumerate() {
            self.out.item(i == 0);
            self.out.open(false);
            self.out.key(true, label);
            self.blocks(group, level + 1, path)?;
            self.out.close(false, false);
        }
        self.out.close(true, false);
        Ok(())
    }

    /// An expression, evaluated where it can be.
    fn expr(&mut self, e: &Expression<'_>) -> Result<()> {
        crate::stack::with_stack(|| {
            match e.kind {
                ExprKind::Tuple(items) => {
                    self.out.open(true);
                    for (i, x) in items.iter().enumerate() {
                        self.out.item(i == 0);
                        // Every element's errors are reported (the text is
                        // dropped on failure).
                        if let Err(e) = self.expr(x) {
                            crate::error::Error::append(&mut self.failed, e);
                        }
                    }
                    self.out.close(true, items.is_empty());
                    Ok(())
                }
                ExprKind::Object(items) => {
                    let mut keys = Vec::with_capacity(items.len());
                    for item in items {
                        keys.push(match &item.key {
                            ObjectKey::Ident(id) => escape_template(id.name).into_owned(),
                            ObjectKey::Expression(k) => match self.known(k)? {
                                Some(Value::String(s)) => escape_template(&s).into_owned(),
                                Some(v) if !matches!(v, Value::Array(_) | Value::Object(_)) => {
                                    escape_template(&v.to_string()).into_owned()
                                }
                                // (`(local.k) = v`: the parentheses only make
                                // the key an expression.)
                                _ => match k.kind {
                                    ExprKind::Parenthesis(inner) => self.template_text(inner),
                                    _ => self.template_text(k),
                                },
                            },
                        });
                    }
                    // A key given twice takes its last value (HCL's object
                    // constructor); JSON readers refuse a repeated property.
                    let last: Option<crate::value::map::FastHashMap<&str, usize>> =
                        (keys.len() > 16).then(|| {
                            keys.iter()
                                .enumerate()
                                .map(|(i, k)| (k.as_str(), i))
                                .collect()
                        });
                    self.out.open(false);
                    let mut first = true;
                    for (i, item) in items.iter().enumerate() {
                        let later = match &last {
                            Some(last) => last[keys[i].as_str()] != i,
                            None => keys[i + 1..].contains(&keys[i]),
                        };
                        if later {
                            continue;
                        }
                        self.out.key(first, &keys[i]);
                        first = false;
                        if let Err(e) = self.expr(&item.value) {
                            crate::error::Error::append(&mut self.failed, e);
                        }
                    }
                    self.out.close(false, items.is_empty());
                    Ok(())
                }
                // A literal string, the most common leaf, is written as it is
                // (`${` escaped), without evaluating it.
                ExprKind::String(text) => {
                    self.out.string(&escape_template(text));
                    Ok(())
                }
                _ => {
                    match self.known(e)? {
                        // A number JSON has no literal for (±Inf, or beyond the
                        // literals' limits): the expression's template
                        // (`"${1 / 0}"`) reads back as the same number.
                        Some(v) if v.all_numbers(|n| number_text(n).is_some()) => self.out.value(v),
                        // Strict mode keeps nothing as a template: a value tree
                        // holds ±Inf, JSON text cannot (Terraform's
                        // `jsonencode(1/0)`: "cannot serialize infinity").
                        Some(v) if self.ctx.mode() == EvalMode::Strict => {
                            if !self.out.any_number() {
                                return Err(crate::error::Error::described(crate::error::ErrorKind::Eval, "Infinite number", "JSON has no literal for ±Inf (its expression is kept as a template outside strict mode)").at_span(e.span)
                                .with_source(self.source));
                            }
                            self.out.value(v)
                        }
                        None => self.kept(e),
                        _ => self.source_template(e),
                    }
                    Ok(())
                }
            }
        })
    }

    /// The value of `e` when it is known in the context; `None` when it
    /// refers to what the context does not have (outside strict mode).
    fn known(&self, e: &Expression<'_>) -> Result<Option<Value>> {
        if !self.options.evaluate || self.raw {
            return Ok(e.literal_value());
        }
        match crate::eval::evaluate_known(e, self.ctx) {
            Ok(v) => Ok(v),
            Err(err) => {
                let strict = self.ctx.mode() == EvalMode::Strict;
                let undefined = references(e).iter().any(|r| !self.defines(r.root));
                if undefined && !strict {
                    Ok(None)
                } else {
                    Err(err.with_source(self.source))
                }
            }
        }
    }

    /// Whether the context defines variable `name` (known or not; a `for`
    /// variable, the only other kind, is defined inside its expression).
    fn defines(&self, name: &str) -> bool {
        self.ctx.var(name).is_some()
    }

    /// An expression Terraform reads statically: lists and maps as JSON
    /// arrays and objects, anything else as its source text.
    fn static_expr(&mut self, e: &Expression<'_>) {
        match e.kind {
            ExprKind::Tuple(items) => {
                self.out.open(true);
                for (i, x) in items.iter().enumerate() {
                    self.out.item(i == 0);
                    self.static_expr(x);
                }
                self.out.close(true, items.is_empty());
            }
            ExprKind::Object(items) => {
                self.out.open(false);
                for (i, item) in items.iter().enumerate() {
                    let key = match &item.key {
                        ObjectKey::Ident(id) => id.name.to_owned(),
                        ObjectKey::Expression(Expression {
                            kind: ExprKind::String(s),
                            ..
                        }) => (*s).to_owned(),
                        ObjectKey::Expression(k) => k.to_string(),
                    };
                    self.out.key(i == 0, &key);
                    self.static_expr(&item.value);
                }
                self.out.close(false, items.is_empty());
            }
            ExprKind::String(s) => self.out.string(s),
            // (As written: static arguments come from native files only.)
            _ => match self.source.get(e.span.range()).filter(|t| !t.is_empty()) {
                Some(text) => self.out.string(text),
                None => self.out.string(&e.to_string()),
            },
        }
    }

    /// An expression that refers to what the context does not have: a
    /// template with what it knows rendered, as template-preserving
    /// evaluation keeps it; anything else as its source template.
    fn kept(&mut self, e: &Expression<'_>) {
        if let (true, ExprKind::Template(t)) = (self.options.evaluate && !self.raw, e.kind) {
            if let Some(Value::String(s)) =
                crate::eval::kept_template(&t.template, self.ctx, &mut interpolation)
            {
                return self.out.string(&s);
            }
        }
        self.source_template(e);
    }

    /// An expression as a template string that evaluates to it.
    fn source_template(&mut self, e: &Expression<'_>) {
        let text = self.template_text(e);
        self.out.string(&text);
    }

    /// The template text that evaluates to `e`: a template's own text, any
    /// other expression in `${...}`.
    fn template_text(&self, e: &Expression<'_>) -> String {
        if let ExprKind::Template(t) = e.kind {
            if let Some(text) = self.template(&t.template) {
                return text;
            }
        }
        match e.kind {
            ExprKind::String(s) => escape_template(s).into_owned(),
            _ => {
                let mut out = String::from("${");
                interpolated(e, &mut out);
                out.push('}');
                out
            }
        }
    }

    /// A template's text: literal parts escaped, interpolations as written;
    /// `None` for a template with directives.
    fn template(&self, t: &Template<'_>) -> Option<String> {
        let mut out = String::new();
        for el in t.elements {
            match el {
                Element::Literal(l) => out.push_str(&escape_template(l.value)),
                Element::Interpolation(i) => interpolation(i, &mut out),
                Element::Directive(_) => return None,
            }
        }
        Some(out)
    }
}

/// An interpolation as written, its strip markers kept.
fn interpolation(i: &Interpolation<'_>, out: &mut String) {
    out.push_str(if i.strip.start { "${~" } else { "${" });
    interpolated(&i.expr, out);
    out.push_str(if i.strip.end { "~}" } else { "}" });
}

/// An expression as written inside `${...}`, added to `out`: printed, and
/// a heredoc at its end followed by a newline (its closing marker must end
/// its line).
fn interpolated(e: &Expression<'_>, out: &mut String) {
    use std::fmt::Write;
    // (Writing to a `String` cannot fail.)
    let _ = write!(out, "{e}");
    if e.ends_with_heredoc() {
        out.push('\n');
    }
}

/// Runs with the same label joined (the first run's place), blocks in
/// order within each.
fn group_runs<'b, 'a>(
    runs: Vec<(&'b str, Vec<&'b Block<'a>>)>,
) -> Vec<(&'b str, Vec<&'b Block<'a>>)> {
    let mut out: Vec<(&str, Vec<&Block<'a>>)> = Vec::with_capacity(runs.len());
    // (Hashed as large maps are: foldhash, randomly seeded.)
    let mut index: crate::value::map::FastHashMap<&str, usize> =
        std::collections::HashMap::with_capacity_and_hasher(runs.len(), Default::default());
    for (label, blocks) in runs {
        match index.get(label) {
            Some(&i) => out[i].1.extend(blocks),
            None => {
                index.insert(label, out.len());
                out.push((label, blocks));
            }
        }
    }
    out
}
