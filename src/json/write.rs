//! A native file written as HCL's JSON syntax (`json-spec.md`), in the
//! form Terraform reads back as the same configuration.

use crate::analysis::references;
use crate::eval::{Context, EvalMode};
use crate::syntax::{Block, Body, Element, ExprKind, Expression, ObjectKey, Structure, Template};
use crate::value::json::{escape_template, number_text, write_json, write_json_string, JsonStyle};
use crate::{Result, Value};

/// How [`to_string`] writes.
///
/// ```
/// let o = hcl::json::WriteOptions::new().evaluate(false).pretty(true);
/// # let _ = o;
/// ```
#[derive(Clone, Debug)]
pub struct WriteOptions {
    evaluate: bool,
    pretty: bool,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            evaluate: true,
            pretty: false,
        }
    }
}

impl WriteOptions {
    /// Evaluating, compact.
    pub fn new() -> WriteOptions {
        WriteOptions::default()
    }

    /// Whether expressions are evaluated (the default); without, literals
    /// (and tuples and objects of them) are written as JSON values and every
    /// other expression as its source, `"${...}"`.
    pub fn evaluate(mut self, yes: bool) -> Self {
        self.evaluate = yes;
        self
    }

    /// Whether to indent (two spaces, one property or element a line).
    pub fn pretty(mut self, yes: bool) -> Self {
        self.pretty = yes;
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
    // (One scope reading kept expressions from `source`, for every
    // expression.)
    let ctx = &ctx.child().with_source(source);
    let mut w = Writer {
        out: String::new(),
        source,
        ctx,
        options,
        indent: 0,
        failed: None,
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
    let mut file = if json_syntax {
        super::parse(text)?
    } else {
        crate::parse(text)?
    };
    let ctx = ctx.child().with_source(text);
    if ctx.expands_dynamic_blocks() {
        file.edit(|body, arena| -> Result<()> {
            *body = crate::eval::expand_dynamic(body, &ctx, arena)?;
            Ok(())
        })?;
    }
    to_string(file.body(), text, &ctx, options)
}

struct Writer<'s, 'c, 'p> {
    out: String,
    source: &'s str,
    ctx: &'c Context<'p>,
    options: &'s WriteOptions,
    indent: usize,
    /// The errors of the attributes written so far: every attribute is
    /// written, and the errors of all are reported.
    failed: Option<crate::Error>,
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

impl Writer<'_, '_, '_> {
    fn newline(&mut self) {
        if self.options.pretty {
            self.out.push('\n');
            for _ in 0..self.indent {
                self.out.push_str("  ");
            }
        }
    }

    fn open(&mut self, c: char) {
        self.out.push(c);
        self.indent += 1;
    }

    fn close(&mut self, c: char, empty: bool) {
        self.indent -= 1;
        if !empty {
            self.newline();
        }
        self.out.push(c);
    }

    fn key(&mut self, first: bool, k: &str) {
        if !first {
            self.out.push(',');
        }
        self.newline();
        string(&mut self.out, k);
        self.out.push(':');
        if self.options.pretty {
            self.out.push(' ');
        }
    }

    fn item(&mut self, first: bool) {
        if !first {
            self.out.push(',');
        }
        self.newline();
    }

    fn body<'a>(&mut self, b: &Body<'a>, path: &mut Vec<&'a str>) -> Result<()> {
        self.open('{');
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
                    self.key(first, a.name.name);
                    if is_static(path, a.name.name) {
                        self.static_expr(&a.expr);
                    } else if let Err(e) = self.expr(&a.expr) {
                        crate::Error::append(&mut self.failed, e);
                        self.out.push_str("null");
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
                    self.key(first, ty);
                    path.push(ty);
                    let r = self.blocks(&groups[g].1, 0, path);
                    path.pop();
                    r?;
                }
            }
            first = false;
        }
        self.close('}', first);
        Ok(())
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
                return self.body(&one.body, path);
            }
            self.open('[');
            for (i, b) in blocks.iter().enumerate() {
                self.item(i == 0);
                self.body(&b.body, path)?;
            }
            self.close(']', blocks.is_empty());
            return Ok(());
        }
        if done > 0 {
            // Blocks of one type with different numbers of labels (as
            // Terragrunt's `include` and `include "name"`) fit no schema:
            // each is written in order, a block without labels as its
            // body, one with labels nested under them.
            self.open('[');
            for (i, b) in blocks.iter().enumerate() {
                self.item(i == 0);
                self.blocks(std::slice::from_ref(b), level, path)?;
            }
            self.close(']', false);
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
            let mut seen = std::collections::HashSet::with_capacity(runs.len());
            runs.iter().any(|(k, _)| !seen.insert(*k))
        };
        // Top-level blocks are known by their labels (a resource's order
        // means nothing): they group. Nested ones (provisioners) keep
        // their order.
        if !interleaved || path.len() == 1 {
            let runs = if interleaved { group_runs(runs) } else { runs };
            self.open('{');
            for (i, (label, group)) in runs.iter().enumerate() {
                self.key(i == 0, label);
                self.blocks(group, level + 1, path)?;
            }
            self.close('}', runs.is_empty());
            return Ok(());
        }
        // The array form keeps the order grouping would lose.
        self.open('[');
        for (i, (label, group)) in runs.iter().enumerate() {
            self.item(i == 0);
            self.open('{');
            self.key(true, label);
            self.blocks(group, level + 1, path)?;
            self.close('}', false);
        }
        self.close(']', false);
        Ok(())
    }

    /// An expression, evaluated where it can be.
    fn expr(&mut self, e: &Expression<'_>) -> Result<()> {
        match e.kind {
            ExprKind::Tuple(items) => {
                self.open('[');
                for (i, x) in items.iter().enumerate() {
                    self.item(i == 0);
                    // Every element's errors are reported (the text is
                    // dropped on failure).
                    if let Err(e) = self.expr(x) {
                        crate::Error::append(&mut self.failed, e);
                    }
                }
                self.close(']', items.is_empty());
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
                let last: Option<std::collections::HashMap<&str, usize>> =
                    (keys.len() > 16).then(|| {
                        keys.iter()
                            .enumerate()
                            .map(|(i, k)| (k.as_str(), i))
                            .collect()
                    });
                self.open('{');
                let mut first = true;
                for (i, item) in items.iter().enumerate() {
                    let later = match &last {
                        Some(last) => last[keys[i].as_str()] != i,
                        None => keys[i + 1..].contains(&keys[i]),
                    };
                    if later {
                        continue;
                    }
                    self.key(first, &keys[i]);
                    first = false;
                    if let Err(e) = self.expr(&item.value) {
                        crate::Error::append(&mut self.failed, e);
                    }
                }
                self.close('}', items.is_empty());
                Ok(())
            }
            // A literal string, the most common leaf, is written as it is
            // (`${` escaped), without evaluating it.
            ExprKind::String(text) => {
                write_json_string(&mut self.out, &escape_template(text));
                Ok(())
            }
            _ => {
                match self.known(e)? {
                    // A number JSON has no literal for (±Inf, or beyond the
                    // literals' limits): the expression's template
                    // (`"${1 / 0}"`) reads back as the same number.
                    Some(v) if v.all_numbers(|n| number_text(n).is_some()) => self.value(&v),
                    _ => self.source_template(e),
                }
                Ok(())
            }
        }
    }

    /// A literal's value (`null`, a bool, number or string).
    fn literal(e: &Expression<'_>) -> Option<Value> {
        Some(match e.kind {
            ExprKind::Null => Value::Null,
            ExprKind::Bool(b) => Value::Bool(b),
            ExprKind::Number(n) => Value::Number(n.value()),
            ExprKind::String(s) => Value::from(s),
            _ => return None,
        })
    }

    /// The value of `e` when it is known in the context; `None` when it
    /// refers to what the context does not have (outside strict mode).
    fn known(&self, e: &Expression<'_>) -> Result<Option<Value>> {
        if !self.options.evaluate {
            return Ok(Self::literal(e));
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

    /// A value in HCL's JSON syntax, at the current indentation (the one
    /// JSON value writer, with the syntax's leaves).
    fn value(&mut self, v: &Value) {
        let style = JsonStyle {
            sorted: false,
            pretty: self.options.pretty,
            hcl_syntax: true,
        };
        write_json(&mut self.out, v, style, self.indent);
    }

    /// An expression Terraform reads statically: lists and maps as JSON
    /// arrays and objects, anything else as its source text.
    fn static_expr(&mut self, e: &Expression<'_>) {
        match e.kind {
            ExprKind::Tuple(items) => {
                self.open('[');
                for (i, x) in items.iter().enumerate() {
                    self.item(i == 0);
                    self.static_expr(x);
                }
                self.close(']', items.is_empty());
            }
            ExprKind::Object(items) => {
                self.open('{');
                for (i, item) in items.iter().enumerate() {
                    let key = match &item.key {
                        ObjectKey::Ident(id) => id.name.to_owned(),
                        ObjectKey::Expression(Expression {
                            kind: ExprKind::String(s),
                            ..
                        }) => (*s).to_owned(),
                        ObjectKey::Expression(k) => k.to_string(),
                    };
                    self.key(i == 0, &key);
                    self.static_expr(&item.value);
                }
                self.close('}', items.is_empty());
            }
            ExprKind::String(s) => string(&mut self.out, s),
            // (As written: static arguments come from native files only.)
            _ => match self.source.get(e.span.range()).filter(|t| !t.is_empty()) {
                Some(text) => string(&mut self.out, text),
                None => string(&mut self.out, &e.to_string()),
            },
        }
    }

    /// An expression as a template string that evaluates to it.
    fn source_template(&mut self, e: &Expression<'_>) {
        let text = self.template_text(e);
        string(&mut self.out, &text);
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
            _ => format!("${{{}}}", interpolated(e)),
        }
    }

    /// A template's text: literal parts escaped, interpolations as written;
    /// `None` for a template with directives.
    fn template(&self, t: &Template<'_>) -> Option<String> {
        let mut out = String::new();
        for el in t.elements {
            match el {
                Element::Literal(l) => out.push_str(&escape_template(l.value)),
                Element::Interpolation(i) => {
                    out.push_str(if i.strip.start { "${~" } else { "${" });
                    out.push_str(&interpolated(&i.expr));
                    out.push_str(if i.strip.end { "~}" } else { "}" });
                }
                Element::Directive(_) => return None,
            }
        }
        Some(out)
    }
}

/// An expression as written inside `${...}`: printed, and a heredoc at
/// its end followed by a newline (its closing marker must end its line).
fn interpolated(e: &Expression<'_>) -> String {
    let mut text = e.to_string();
    if e.ends_with_heredoc() {
        text.push('\n');
    }
    text
}

/// Runs with the same label joined (the first run's place), blocks in
/// order within each.
fn group_runs<'b, 'a>(
    runs: Vec<(&'b str, Vec<&'b Block<'a>>)>,
) -> Vec<(&'b str, Vec<&'b Block<'a>>)> {
    let mut out: Vec<(&str, Vec<&Block<'a>>)> = Vec::with_capacity(runs.len());
    let mut index: std::collections::HashMap<&str, usize> =
        std::collections::HashMap::with_capacity(runs.len());
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

/// A JSON string (the one JSON string escaper, `jsonencode`'s).
fn string(out: &mut String, s: &str) {
    write_json_string(out, s);
}
