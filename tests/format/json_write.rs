//! Writing HCL's JSON syntax as Terraform reads it (`json-spec.md` and
//! Terraform's "JSON Configuration Syntax": arguments read as keywords or
//! references are strings of their expression, `${` in a literal is
//! written `$${`, blocks in order where their order matters).

use hcl::eval::{Context, EvalMode};
use hcl::json::{to_string, WriteOptions};

fn write(src: &str, options: &WriteOptions) -> String {
    let file = hcl::parse(src).unwrap();
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    to_string(file.body(), src, &ctx, options).unwrap()
}

fn json(src: &str) -> String {
    write(src, &WriteOptions::new())
}

#[test]
fn literal_template_sequences_stay_literal() {
    assert_eq!(json("a = \"$${HOME}\"\n"), r#"{"a":"$${HOME}"}"#);
    assert_eq!(json("a = \"%%{if}\"\n"), r#"{"a":"%%{if}"}"#);
    // A kept template keeps its sequences; its literal parts are escaped.
    assert_eq!(
        json("a = \"$${x} ${var.y}\"\n"),
        r#"{"a":"$${x} ${var.y}"}"#
    );
}

#[test]
fn keywords_and_references_are_written_as_their_source() {
    let src = r#"
variable "v" {
  type = list(object({ a = string }))
}
resource "null_resource" "r" {
  depends_on = [aws_instance.web]
  provider   = aws.east
  lifecycle {
    ignore_changes       = [tags]
    replace_triggered_by = [null_resource.other.id]
  }
  provisioner "local-exec" {
    when       = destroy
    on_failure = continue
    command    = "true"
  }
}
module "m" {
  source    = "./m"
  providers = { aws = aws.east }
}
moved {
  from = aws_instance.a
  to   = aws_instance.b
}
"#;
    assert_eq!(
        json(src),
        concat!(
            r#"{"variable":{"v":{"type":"list(object({ a = string }))"}},"#,
            r#""resource":{"null_resource":{"r":{"depends_on":["aws_instance.web"],"provider":"aws.east","#,
            r#""lifecycle":{"ignore_changes":["tags"],"replace_triggered_by":["null_resource.other.id"]},"#,
            r#""provisioner":{"local-exec":{"when":"destroy","on_failure":"continue","command":"true"}}}}},"#,
            r#""module":{"m":{"source":"./m","providers":{"aws":"aws.east"}}},"#,
            r#""moved":{"from":"aws_instance.a","to":"aws_instance.b"}}"#,
        )
    );
}

#[test]
fn nested_blocks_keep_their_order() {
    let src = "resource \"null_resource\" \"r\" {\n  provisioner \"local-exec\" {\n    command = \"a\"\n  }\n  provisioner \"file\" {\n    source = \"f\"\n  }\n  provisioner \"local-exec\" {\n    command = \"b\"\n  }\n}\n";
    assert_eq!(
        json(src),
        r#"{"resource":{"null_resource":{"r":{"provisioner":[{"local-exec":{"command":"a"}},{"file":{"source":"f"}},{"local-exec":{"command":"b"}}]}}}}"#
    );
    // Blocks without labels, several: an array of bodies.
    assert_eq!(
        json("a {\n  x = 1\n}\na {\n  x = 2\n}\n"),
        r#"{"a":[{"x":1},{"x":2}]}"#
    );
}

#[test]
fn top_level_blocks_group_by_label() {
    let src = "resource \"a\" \"x\" {}\nresource \"b\" \"y\" {}\nresource \"a\" \"z\" {}\n";
    assert_eq!(
        json(src),
        r#"{"resource":{"a":{"x":{},"z":{}},"b":{"y":{}}}}"#
    );
}

#[test]
fn what_evaluates_is_a_value_and_the_rest_a_template() {
    let src = "a = 1 + 2\nb = upper(\"x\")\nc = var.x\nd = { k = var.y, l = [1, local.z] }\ne = \"n-${var.n}\"\n";
    assert_eq!(
        json(src),
        r#"{"a":3,"b":"X","c":"${var.x}","d":{"k":"${var.y}","l":[1,"${local.z}"]},"e":"n-${var.n}"}"#
    );
}

#[test]
fn without_evaluation_only_literals_are_values() {
    let options = WriteOptions::new().evaluate(false);
    assert_eq!(
        write("a = 1 + 2\nb = [1, \"x\"]\nc = \"n-${var.n}\"\n", &options),
        r#"{"a":"${1 + 2}","b":[1,"x"],"c":"n-${var.n}"}"#
    );
}

#[test]
fn strict_mode_reports_what_it_cannot_evaluate() {
    let src = "a = var.x\n";
    let file = hcl::parse(src).unwrap();
    let err = to_string(file.body(), src, &Context::new(), &WriteOptions::new()).unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(1), Some(5)));
}

#[test]
fn output_reads_back_the_same() {
    let src = "locals {\n  a = \"$${x}\"\n  b = { (local.k) = 1 }\n  c = <<EOT\nhello ${var.name}\nEOT\n}\n";
    let first = json(src);
    let again = hcl::json::parse(&first).unwrap();
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    assert_eq!(
        to_string(again.body(), &first, &ctx, &WriteOptions::new()).unwrap(),
        first
    );
}

#[test]
fn infinite_numbers_are_written_as_their_expression() {
    // JSON has no literal for ±Inf (Terraform's `jsonencode(1/0)` fails:
    // "cannot serialize infinity as JSON"); `1/0` is +Inf and `log(0, 10)`
    // -Inf in Terraform 1.11.4. The expression's template reads back as the
    // same number: a lone interpolation gives its value, not a string.
    let out = json("a = 1/0\nb = [1, log(0, 10)]\nc = 2\n");
    // (Printed as the formatter prints expressions.)
    assert_eq!(out, r#"{"a":"${1 / 0}","b":[1,"${log(0, 10)}"],"c":2}"#);
    let back: hcl::Value = hcl::from_json_str(&out).unwrap();
    let a = back["a"].as_number().unwrap();
    assert!(a.as_f64().is_infinite() && a.as_f64() > 0.0);
    let b = back["b"][1].as_number().unwrap();
    assert!(b.as_f64().is_infinite() && b.as_f64() < 0.0);
    assert_eq!(back["c"], hcl::Value::from(2));
}

#[test]
fn every_error_of_a_tuple_or_object_is_reported() {
    let src = "a = [tostring({}), 1 + \"a\"]\nb = {x = tostring([]), y = {}.z}\n";
    let file = hcl::parse(src).unwrap();
    let ctx = hcl::eval::Context::new();
    let err =
        hcl::json::to_string(file.body(), src, &ctx, &hcl::json::WriteOptions::new()).unwrap_err();
    let found: Vec<(String, Option<usize>)> = err
        .diagnostics()
        .map(|d| (d.summary, d.range.map(|r| r.start.line)))
        .collect();
    // As `terraform console` reports them: every part, in source order.
    assert_eq!(
        found,
        [
            ("Invalid function argument".to_owned(), Some(1)),
            ("Invalid operand".to_owned(), Some(1)),
            ("Invalid function argument".to_owned(), Some(2)),
            ("Unsupported attribute".to_owned(), Some(2)),
        ]
    );
}

#[test]
fn json_written_back_as_native_syntax_reads_the_same() {
    // A native file, as HCL's JSON syntax, and back: the blocks come back
    // by the rule (objects of objects are labeled blocks), the references
    // as references, literal `${` as literal.
    let src = "resource \"aws_instance\" \"web\" {\n  ami   = var.ami\n  count = 2\n  tags = {\n    Name = \"web-${var.env}\"\n  }\n}\n\nvariable \"env\" {\n  default = \"$${literal}\"\n}\n";
    let file = hcl::parse(src).unwrap();
    let ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    let options = hcl::json::WriteOptions::new();
    let json =
        hcl::json::to_string(file.body(), src, &ctx.child().with_source(src), &options).unwrap();
    let native = hcl::json::to_native(&json).unwrap();
    assert_eq!(native, src);
}

#[test]
fn strict_mode_keeps_no_infinity_as_a_template() {
    // `terraform console`: 1/0 is +Inf and -1/0 is -Inf, numbers. A value
    // tree holds them; JSON text cannot, so strict mode's text is an error.
    let src = "a = 1/0\nb = -1/0\n";
    let file = hcl::parse(src).unwrap();
    let strict = Context::new();
    let v = hcl::json::to_value(file.body(), src, &strict, &WriteOptions::new()).unwrap();
    assert_eq!(v["a"].as_f64(), Some(f64::INFINITY));
    assert_eq!(v["b"].as_f64(), Some(f64::NEG_INFINITY));
    let err = to_string(file.body(), src, &strict, &WriteOptions::new()).unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(1), Some(5)));
    assert!(err.message().starts_with("Infinite number"), "{err}");
    // Outside strict mode the expression's template reads back as the number.
    let kept = Context::new().with_mode(EvalMode::PreserveTemplates);
    let v = hcl::json::to_value(file.body(), src, &kept, &WriteOptions::new()).unwrap();
    assert_eq!(v["a"], hcl::Value::from("${1 / 0}"));
}
