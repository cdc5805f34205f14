//! Printing parsed trees: layout as `terraform fmt` writes it.
//!
//! Each expected text was checked with `terraform fmt -check` (terraform
//! 1.11.4): it is already formatted, so terraform fmt leaves it unchanged.

fn fmt(src: &str) -> String {
    let file = hcl::parse(src).unwrap_or_else(|e| panic!("{e}"));
    let body = file.body();
    let out = body.to_string();
    // Printing is a fixed point and reads back as the same tree.
    {
        let again = hcl::parse(&out).unwrap_or_else(|e| panic!("reparse: {e}\n{out}"));
        assert!(
            hcl::format::eq_ignoring_spans(body, again.body()),
            "tree changed:\n{out}"
        );
        assert_eq!(again.to_string(), out);
    }
    out
}

#[test]
fn aligns_equals_over_runs_of_attributes() {
    let src = "a=1\nbbb = 2\nblock {\nx=1\nlonger_name=2\n}\nc = 3\n";
    let expected = r#"a   = 1
bbb = 2

block {
  x           = 1
  longer_name = 2
}

c = 3
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn multi_line_values_end_a_run() {
    let src = "a = 1\ntags = {Name = \"x\", Environment = \"prod\"}\nlonger = 2\nl = [{a = 1}]\n";
    let expected = r#"a = 1
tags = {
  Name        = "x"
  Environment = "prod"
}
longer = 2
l = [
  {
    a = 1
  },
]
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn heredoc_attributes_stay_in_the_run() {
    let src = "a = 1\nbb = <<EOT\nhello ${name}\nEOT\nccc = 2\n";
    let expected = r#"a   = 1
bb  = <<EOT
hello ${name}
EOT
ccc = 2
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn indented_heredoc_is_reindented() {
    let src = "locals {\n      x = <<-EOT\n            {\n              \"a\": 1\n            }\n\n            done\n      EOT\n}\n";
    let expected = r#"locals {
  x = <<-EOT
    {
      "a": 1
    }

    done
  EOT
}
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn blocks_and_labels() {
    let src = "resource aws_instance \"web\" {\nami = \"x\"\nebs {}\nlifecycle {\nignore_changes = [tags]\n}\n}\nterraform {}\n";
    let expected = r#"resource "aws_instance" "web" {
  ami = "x"

  ebs {}

  lifecycle {
    ignore_changes = [tags]
  }
}

terraform {}
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn comments_are_dropped() {
    let src = "# leading\na = 1 # trailing\n/* block */\nb = 2\n";
    assert_eq!(fmt(src), "a = 1\nb = 2\n");
}

#[test]
fn expression_spacing() {
    let src = r#"a = [ 1,2 ,3 ]
b = {x=1,y=[true,null]}
c = foo( a,b... )
d = x?y:z
e = -x+!y*(a - b)
f = a.b[0].c[*].d
g = a.*.b
h = a.0
i = provider::aws::arn_parse(x)
j = [for k,v in m: v if v]
k = {for k,v in m: k=>v...}
l = "abc"[0]
m = a.*[0]
n = [for x in (y) : x if (x)]
o = [for x in y : x if -x]
p = x["k"]
"#;
    let expected = r#"a = [1, 2, 3]
b = {
  x = 1
  y = [true, null]
}
c = foo(a, b...)
d = x ? y : z
e = -x + !y * (a - b)
f = a.b[0].c[*].d
g = a.*.b
h = a.0
i = provider::aws::arn_parse(x)
j = [for k, v in m : v if v]
k = { for k, v in m : k => v... }
l = "abc" [0]
m = a.* [0]
n = [for x in(y) : x if(x)]
o = [for x in y : x if - x]
p = x["k"]
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn objects_inline_in_function_arguments_and_trailing_block_argument() {
    let src = "a = merge(var.tags, {Name = \"x\"})\nb = f({a = 1}, 2)\nc = f({a = 1}, {b = 2})\n";
    let expected = r#"a = merge(var.tags, {
  Name = "x"
})
b = f(
  {
    a = 1
  },
  2
)
c = f(
  {
    a = 1
  },
  {
    b = 2
  }
)
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn object_keys_and_colon_separators() {
    let src = "x = {\"a b\" = 1, (var.k) = 2, c: 3, d = 4}\n";
    let expected = r#"x = {
  "a b"   = 1
  (var.k) = 2
  c : 3
  d = 4
}
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn templates_and_escapes() {
    // Strip markers are applied by the parser: the spaces around ` and ` are
    // gone from the tree, so they are not printed.
    let src = r#"a = "x${ y+1 }z%{ if c }t%{ else }f%{ endif }"
b = "tab\there \"q\" back\\slash $${lit} %%{lit}"
c = "${~ x ~} and %{~ for v in vs ~}${v}%{~ endfor ~}"
d = "\u00e9\u0001"
"#;
    let expected = r#"a = "x${y + 1}z%{if c}t%{else}f%{endif}"
b = "tab\there \"q\" back\\slash $${lit} %%{lit}"
c = "${~x~}and%{~for v in vs~}${v}%{~endfor~}"
d = "é\u0001"
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn heredoc_in_call_argument() {
    let src = "b {\nx = foo(<<EOT\nhello\nEOT\n)\ny = 1\n}\n";
    let expected = r#"b {
  x = foo(<<EOT
hello
EOT
  )
  y = 1
}
"#;
    assert_eq!(fmt(src), expected);
}

#[test]
fn empty_file_and_empty_collections() {
    assert_eq!(fmt(""), "");
    assert_eq!(
        fmt("a = []\nb = {}\nc = f()\n"),
        "a = []\nb = {}\nc = f()\n"
    );
}

#[test]
fn numbers_keep_their_spelling() {
    assert_eq!(
        fmt("a = 1.50\nb = 1e3\nc = 007\n"),
        "a = 1.50\nb = 1e3\nc = 007\n"
    );
}

#[test]
fn display_of_expression_and_template() {
    let e = hcl::parser::parse_expression("{a=1, b=[2]}").unwrap();
    assert_eq!(e.to_string(), "{\n  a = 1\n  b = [2]\n}");
    let t = hcl::parser::parse_template("Hello ${name}, $${literal}!").unwrap();
    assert_eq!(t.to_string(), "Hello ${name}, $${literal}!");
}

#[test]
fn terraform_rewrites_option() {
    let src = "variable \"a\" {\ntype = \"list\"\n}\nvariable \"b\" {\ntype = map\n}\nlocals {\ntype = \"string\"\nx = \"${var.a}\"\ny = [\"${var.b}\"]\nz = \"${~ {a=1} ~}\"\n}\n";
    let file = hcl::parse(src).unwrap();
    let opts = hcl::format::FormatOptions::new().terraform_rewrites(true);
    let out = hcl::format::format_body_with(file.body(), None, &opts);
    let expected = r#"variable "a" {
  type = list(string)
}

variable "b" {
  type = map(any)
}

locals {
  type = "string"
  x    = var.a
  y    = ["${var.b}"]
  z    = { a = 1 }
}
"#;
    assert_eq!(out, expected);
    // Without the option the tree is printed as it is.
    assert!(fmt(src).contains("x    = \"${var.a}\""));
}

#[test]
fn dollar_before_interpolation_in_a_hand_built_template_keeps_its_value() {
    use hcl::syntax::*;
    let a = Arena::new();
    let sp = hcl::Span::default();
    let lit = |s: &'static str| Element::Literal(Literal { value: s, span: sp });
    let var = Expression::new(ExprKind::Variable("b"), sp);
    let e = Expression::new(
        ExprKind::Template(a.alloc(TemplateExpr {
            kind: TemplateKind::Quoted,
            template: Template {
                elements: a.alloc_slice(&[
                    lit("cost: $"),
                    Element::Interpolation(Interpolation {
                        expr: var,
                        strip: Strip::default(),
                        span: sp,
                    }),
                    lit(" 100%"),
                ]),
                span: sp,
            },
        })),
        sp,
    );
    let text = e.to_string();
    assert_eq!(text, r#""cost: ${"$"}${b} 100%""#);
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("b", "5");
    assert_eq!(
        hcl::eval::evaluate_str(&text, &ctx).unwrap(),
        hcl::Value::from("cost: $5 100%")
    );
}
