//! Expanding `dynamic` blocks (expected results: the seeds' description and
//! the reference Go implementation's `ext/dynblock` behaviour as the
//! oracle's `GO-README.md` documents it).

use hcl::eval::{expand_dynamic, Context, EvalMode, Evaluate};
use hcl::syntax::{Arena, Body};

/// The expanded body as lines `TYPE [LABELS] { ATTR = VALUE ... }`, nested
/// blocks indented, in order.
fn expand_with(src: &str, ctx: &Context<'_>) -> Result<String, String> {
    let file = hcl::parse(src).map_err(|e| e.to_string())?;
    let arena = Arena::new();
    let ctx = ctx.child().with_source(src);
    let body = expand_dynamic(file.body(), &ctx, &arena).map_err(|e| e.message().to_owned())?;
    let mut out = String::new();
    show(&body, &ctx, 0, &mut out)?;
    Ok(out)
}

fn show(b: &Body<'_>, ctx: &Context<'_>, depth: usize, out: &mut String) -> Result<(), String> {
    for a in b.attributes() {
        let v = a.expr.evaluate(ctx).map_err(|e| e.message().to_owned())?;
        out.push_str(&format!("{}{} = {}\n", "  ".repeat(depth), a.name.name, v));
    }
    for bl in b.blocks() {
        let labels: Vec<String> = bl
            .labels
            .iter()
            .map(|l| format!("{:?}", l.as_str()))
            .collect();
        out.push_str(
            &format!(
                "{}{} {}\n",
                "  ".repeat(depth),
                bl.ident.name,
                labels.join(" ")
            )
            .replace(" \n", "\n"),
        );
        show(&bl.body, ctx, depth + 1, out)?;
    }
    Ok(())
}

fn expand(src: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.declare_var(
        "var",
        hcl::eval::evaluate_str(
            "{ports = [22, 80], tags = {b = \"2\", a = \"1\"}, names = [\"x\", \"y\"], n = 5}",
            &Context::new(),
        )
        .unwrap(),
    );
    expand_with(src, &ctx)
}

#[test]
fn blocks_keep_source_order_with_static_ones() {
    let src = "rule {\n  port = 1\n}\ndynamic \"rule\" {\n  for_each = var.ports\n  content {\n    port = rule.value\n  }\n}\nrule {\n  port = 2\n}\n";
    assert_eq!(
        expand(src).unwrap(),
        "rule\n  port = 1\nrule\n  port = 22\nrule\n  port = 80\nrule\n  port = 2\n"
    );
}

#[test]
fn keys_are_indexes_map_keys_in_byte_order_or_set_elements() {
    let src = "dynamic \"t\" {\n  for_each = var.tags\n  content {\n    k = t.key\n    v = t.value\n  }\n}\n";
    assert_eq!(
        expand(src).unwrap(),
        "t\n  k = \"a\"\n  v = \"1\"\nt\n  k = \"b\"\n  v = \"2\"\n"
    );
    let src = "dynamic \"t\" {\n  for_each = var.names\n  content {\n    k = t.key\n  }\n}\n";
    assert_eq!(expand(src).unwrap(), "t\n  k = 0\nt\n  k = 1\n");
    let src =
        "dynamic \"t\" {\n  for_each = toset([10, 2, 33])\n  content {\n    k = t.key\n  }\n}\n";
    assert_eq!(
        expand(src).unwrap(),
        "t\n  k = 2\nt\n  k = 10\nt\n  k = 33\n"
    );
}

#[test]
fn custom_iterator_and_labels() {
    let src = "svc \"static\" {}\ndynamic \"svc\" {\n  for_each = var.names\n  iterator = s\n  labels   = [s.value]\n  content {\n    i = s.key\n  }\n}\n";
    assert_eq!(
        expand(src).unwrap(),
        "svc \"static\"\nsvc \"x\"\n  i = 0\nsvc \"y\"\n  i = 1\n"
    );
    // Labels are converted to strings.
    let src = "dynamic \"svc\" {\n  for_each = [true]\n  labels   = [svc.value]\n  content {}\n}\n";
    assert_eq!(expand(src).unwrap(), "svc \"true\"\n");
}

#[test]
fn nested_dynamic_blocks_see_outer_iterators() {
    let src = "dynamic \"child\" {\n  for_each = [{kids = {a = 1, b = 2}}, {kids = {c = 3}}]\n  content {\n    dynamic \"grandchild\" {\n      for_each = child.value.kids\n      labels   = [grandchild.key]\n      content {\n        parent = child.key\n        value  = grandchild.value\n      }\n    }\n  }\n}\n";
    assert_eq!(
        expand(src).unwrap(),
        "child\n  grandchild \"a\"\n    parent = 0\n    value = 1\n  grandchild \"b\"\n    parent = 0\n    value = 2\nchild\n  grandchild \"c\"\n    parent = 1\n    value = 3\n"
    );
}

#[test]
fn scoping() {
    // An inner iterator with the same name shadows the outer one; the
    // inner `for_each` still sees the outer.
    let src = "dynamic \"x\" {\n  for_each = [[1, 2]]\n  content {\n    dynamic \"x\" {\n      for_each = x.value\n      content {\n        v = x.value\n      }\n    }\n  }\n}\n";
    assert_eq!(expand(src).unwrap(), "x\n  x\n    v = 1\n  x\n    v = 2\n");
    // `iterator = var` shadows the global `var` inside content only.
    let src = "dynamic \"x\" {\n  for_each = var.names\n  iterator = var\n  content {\n    v = var.value\n  }\n}\n";
    assert_eq!(expand(src).unwrap(), "x\n  v = \"x\"\nx\n  v = \"y\"\n");
    // A `for` expression binding the same name shadows it.
    let src = "dynamic \"x\" {\n  for_each = [1]\n  content {\n    v = [for x in [7] : x]\n    w = x.value\n  }\n}\n";
    assert_eq!(expand(src).unwrap(), "x\n  v = [7]\n  w = 1\n");
}

#[test]
fn errors() {
    for (src, needle) in [
        ("dynamic \"x\" {\n  for_each = 5\n  content {}\n}\n", "cannot use a number value in for_each"),
        ("dynamic \"x\" {\n  for_each = null\n  content {}\n}\n", "cannot use a null value in for_each"),
        ("dynamic \"x\" {\n  for_each = true ? null : [1]\n  content {}\n}\n", "cannot use a null value"),
        ("dynamic \"x\" {\n  for_each = [1]\n}\n", "missing dynamic content block"),
        ("dynamic \"x\" {\n  for_each = [1]\n  content {}\n  content {}\n}\n", "extraneous dynamic content block"),
        ("dynamic \"x\" {\n  for_each = [1]\n  content \"a\" {}\n}\n", "extraneous label for content"),
        ("dynamic \"x\" {\n  for_each = [1]\n  other {}\n  content {}\n}\n", "unsupported block type"),
        ("dynamic \"x\" {\n  for_each = [1]\n  labels = []\n  content {}\n}\n", "unsupported argument"),
        ("x \"a\" {}\ndynamic \"x\" {\n  for_each = [1]\n  content {}\n}\n", "missing required argument"),
        ("x \"a\" \"b\" {}\ndynamic \"x\" {\n  for_each = [1]\n  labels = [\"a\"]\n  content {}\n}\n", "insufficient dynamic block labels"),
        ("x \"a\" {}\ndynamic \"x\" {\n  for_each = [1]\n  labels = [null]\n  content {}\n}\n", "invalid dynamic block label"),
        // Go's dynblock reads `labels` with hcl.ExprList: a variable holding
        // a list is refused.
        ("x \"a\" {}\ndynamic \"x\" {\n  for_each = [1]\n  labels = ls\n  content {}\n}\n", "invalid expression: a static list expression is required."),
        ("x \"a\" {}\ndynamic \"x\" {\n  for_each = [1]\n  labels = concat([\"a\"])\n  content {}\n}\n", "a static list expression is required"),
        ("x \"a\" {}\ndynamic \"x\" {\n  for_each = [1]\n  labels = [[\"a\"]]\n  content {}\n}\n", "string required"),
        ("dynamic {\n  for_each = [1]\n  content {}\n}\n", "missing type for dynamic"),
        ("dynamic \"x\" \"y\" {\n  for_each = [1]\n  content {}\n}\n", "extraneous label for dynamic"),
        ("dynamic \"x\" {\n  for_each = x.value\n  content {}\n}\n", "no variable named \"x\""),
        ("dynamic \"x\" {\n  for_each = [1]\n  iterator = \"i\"\n  content {}\n}\n", "iterator must be a single name"),
    ] {
        let e = expand(src).unwrap_err();
        assert!(e.to_lowercase().contains(needle), "{src}: {e}");
    }
    // With a custom iterator, the default name is not defined.
    let e = expand(
        "dynamic \"x\" {\n  for_each = [1]\n  iterator = i\n  content {\n    v = x.value\n  }\n}\n",
    )
    .unwrap_err();
    assert!(e.contains("no variable named \"x\""), "{e}");
    // The iterator object has only `key` and `value`.
    let e = expand("dynamic \"x\" {\n  for_each = [1]\n  content {\n    v = x.index\n  }\n}\n")
        .unwrap_err();
    assert!(e.contains("index"), "{e}");
}

#[test]
fn an_unknown_for_each_is_an_error_when_strict_and_kept_when_preserving() {
    let src = "dynamic \"x\" {\n  for_each = local.items\n  content {\n    v = x.value\n  }\n}\n";
    let mut ctx = Context::new();
    ctx.declare_unknown("local.items", hcl::Type::list(hcl::Type::String), true);
    let e = expand_with(src, &ctx).unwrap_err();
    assert!(
        e.contains("not known yet") && e.contains("number of blocks"),
        "{e}"
    );
    // Template-preserving mode keeps the block as written.
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let file = hcl::parse(src).unwrap();
    let arena = Arena::new();
    let body = expand_dynamic(file.body(), &ctx, &arena).unwrap();
    assert!(hcl::format::eq_ignoring_spans(&body, file.body()));
}
