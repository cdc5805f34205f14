//! Templates: quoted strings with escapes, heredocs (`<<`, `<<-` dedent),
//! interpolations, directives, strip markers, standalone templates.
//!
//! The parser applies escapes, `$${`/`%%{`, strip markers and heredoc
//! dedent to literal text (see `hcl::syntax::Literal`). `render` below
//! evaluates the small subset of templates whose interpolations are
//! literals, variables bound by `%{for}` over literal tuples, or `%{if}`
//! with literal conditions, so that results can be compared with what
//! Terraform 1.11 prints for the same text (values below were checked with
//! `terraform console`).

use std::collections::HashMap;

use hcl::parser::{parse_expression, parse_template};
use hcl::syntax::*;

fn value(e: &Expression<'_>, env: &HashMap<String, String>) -> Option<String> {
    Some(match &e.kind {
        ExprKind::String(s) => s.to_string(),
        ExprKind::Number(n) => n.raw.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Variable(v) => env.get(*v)?.clone(),
        ExprKind::Template(t) => render(&t.template, env)?,
        _ => return None,
    })
}

fn render(t: &Template<'_>, env: &HashMap<String, String>) -> Option<String> {
    let mut out = String::new();
    for el in t.elements.iter() {
        match el {
            Element::Literal(l) => out.push_str(l.value),
            Element::Interpolation(i) => out.push_str(&value(&i.expr, env)?),
            Element::Directive(d) => match &**d {
                Directive::If(d) => {
                    let c = value(&d.cond, env)?;
                    if c == "true" {
                        out.push_str(&render(&d.true_template, env)?);
                    } else if let Some(f) = &d.false_template {
                        out.push_str(&render(f, env)?);
                    }
                }
                Directive::For(d) => {
                    let ExprKind::Tuple(items) = &d.collection.kind else {
                        return None;
                    };
                    for (i, item) in items.iter().enumerate() {
                        let mut env = env.clone();
                        env.insert(d.value_var.name.to_string(), value(item, &env)?);
                        if let Some(k) = &d.key_var {
                            env.insert(k.name.to_string(), i.to_string());
                        }
                        out.push_str(&render(&d.template, &env)?);
                    }
                }
            },
        }
    }
    Some(out)
}

/// Whether `s` is a slice of `src` (borrowed from the source, not copied).
fn borrows_from(src: &str, s: &str) -> bool {
    let base = src.as_ptr() as usize;
    let p = s.as_ptr() as usize;
    p >= base && p + s.len() <= base + src.len()
}

/// Renders an expression that is a template (or plain string).
fn expr_str(src: &str) -> String {
    let e = parse_expression(src).unwrap_or_else(|err| panic!("{src:?}: {err}"));
    value(e.expr(), &HashMap::new()).unwrap_or_else(|| panic!("cannot render {src:?}"))
}

/// Parses `a = <src>\n` the way Terraform reads an attribute and renders it.
fn attr_str(src: &str) -> String {
    let file = format!("a = {src}\n");
    let parsed = hcl::parse(&file).unwrap_or_else(|err| panic!("{src:?}: {err}"));
    let body = parsed.body();
    let e = &body.attributes().next().unwrap().expr;
    value(e, &HashMap::new()).unwrap_or_else(|| panic!("cannot render {src:?}"))
}

#[test]
fn quoted_escapes() {
    assert_eq!(expr_str(r#""a\nb""#), "a\nb");
    assert_eq!(expr_str(r#""say \"hi\" \\o/""#), "say \"hi\" \\o/");
    assert_eq!(expr_str(r#""caf\u00e9""#), "café");
    assert_eq!(expr_str(r#""\U0001F600 smile""#), "😀 smile");
    assert_eq!(
        expr_str(r#""[\n][\r][\t][\"][\\][\u0041][\U00000042]""#),
        "[\n][\r][\t][\"][\\][A][B]"
    );
    assert!(parse_expression(r#""\q""#).is_err());
    assert!(parse_expression(r#""\u12""#).is_err());
    assert!(parse_expression(r#""\uD800""#).is_err());
    assert!(parse_expression(r#""\U00110000""#).is_err());
}

#[test]
fn template_escapes_and_lone_signs() {
    assert_eq!(expr_str(r#""$${not_interp}""#), "${not_interp}");
    assert_eq!(expr_str(r#""%%{not_directive}""#), "%{not_directive}");
    assert_eq!(expr_str(r#""cost: $5""#), "cost: $5");
    assert_eq!(expr_str(r#""$$x and %%y""#), "$$x and %%y");
    assert_eq!(expr_str(r#""$${a}$$${b}%%%{c}""#), "${a}$${b}%%{c}");
    assert_eq!(expr_str(r#""100%""#), "100%");
    // A backslash does not escape an interpolation (oracle item 17).
    assert_eq!(expr_str(r#""\\${"x"}""#), "\\x");
}

#[test]
fn plain_strings_are_string_nodes_and_borrow() {
    let src = "\"hello world\"";
    let e = parse_expression(src).unwrap();
    match e.expr().kind {
        ExprKind::String(s) if borrows_from(src, s) => assert_eq!(s, "hello world"),
        k => panic!("{k:?}"),
    }
    // Escapes are processed into an owned string, still a String node.
    let src = "\"a\\tb\"";
    assert!(matches!(
        parse_expression(src).unwrap().expr().kind,
        ExprKind::String(s) if !borrows_from(src, s)
    ));
    assert!(
        matches!(parse_expression("\"\"").unwrap().expr().kind, ExprKind::String(s) if s.is_empty())
    );
    assert!(matches!(
        parse_expression("\"a${b}\"").unwrap().expr().kind,
        ExprKind::Template(_)
    ));
}

#[test]
fn string_literals_are_nfc_normalised() {
    // Terraform: "e\u0301" and a literal e + U+0301 both become U+00E9.
    assert_eq!(expr_str("\"e\u{301}\""), "\u{e9}");
    assert_eq!(expr_str("\"e\\u0301\""), "\u{e9}");
    assert_eq!(attr_str("<<EOT\ne\u{301}\nEOT"), "\u{e9}\n");
    assert_eq!(expr_str("\"e\u{301}${\"x\"}\""), "\u{e9}x");
    // Already NFC text stays borrowed.
    let src = "\"日本語 ✓ ñ\"";
    let e = parse_expression(src).unwrap();
    assert!(matches!(
        e.expr().kind,
        ExprKind::String(s @ "日本語 ✓ ñ") if borrows_from(src, s)
    ));
}

#[test]
fn quoted_strings_cannot_span_lines() {
    assert!(hcl::parse("a = \"x\ny\"\n").is_err());
    assert!(hcl::parse("a = \"x").is_err());
    // ...but an interpolation inside one can.
    assert_eq!(attr_str("\"a${\n  \"b\"\n}c\""), "abc");
}

#[test]
fn interpolations_and_parts() {
    let e = parse_expression("\"Hello, ${name}!\"").unwrap();
    let ExprKind::Template(t) = e.expr().kind else {
        panic!()
    };
    assert_eq!(t.kind, TemplateKind::Quoted);
    let els = &t.template.elements;
    assert_eq!(els.len(), 3);
    assert!(matches!(&els[0], Element::Literal(l) if l.value == "Hello, "));
    assert!(matches!(&els[1], Element::Interpolation(i)
        if matches!(&i.expr.kind, ExprKind::Variable(v) if *v == "name")));
    assert!(matches!(&els[2], Element::Literal(l) if l.value == "!"));
    // A template that is exactly one interpolation has no literal parts
    // (the evaluator unwraps it).
    let e = parse_expression("\"${x}\"").unwrap();
    let ExprKind::Template(t) = e.expr().kind else {
        panic!()
    };
    assert_eq!(t.template.elements.len(), 1);
    // Nested quotes inside interpolations.
    assert_eq!(expr_str(r#""${"x${"y"}"}""#), "xy");
}

#[test]
fn strip_markers_in_quoted_strings() {
    assert_eq!(expr_str(r#""a  ${~ "b"}""#), "ab");
    assert_eq!(expr_str(r#""a  ${"b" ~}  c""#), "a  bc");
    // `~` removes all whitespace, escaped newlines and tabs included (oracle item 18).
    assert_eq!(expr_str(r#""x \n\t ${~"y"~} \n z""#), "xyz");
    assert_eq!(expr_str(r#""a \n ${~"b"~} \n c""#), "abc");
    assert_eq!(expr_str(r#""  a ${"b"} c  ""#), "  a b c  ");
    assert_eq!(
        expr_str(r#""x%{ if true }  y  %{~ else ~}  n  %{ endif ~}  z""#),
        "x  yz"
    );
    // spec: values produced by interpolations are not stripped.
    assert_eq!(expr_str(r#""${"hello" ~}${" world"}""#), "hello world");
    // An emptied literal is kept: it prevents unwrapping (`" ${~ 5 }"` is the string "5").
    let e = parse_expression(r#"" ${~ 5 }""#).unwrap();
    let ExprKind::Template(t) = e.expr().kind else {
        panic!()
    };
    assert_eq!(t.template.elements.len(), 2);
    assert!(matches!(&t.template.elements[0], Element::Literal(l) if l.value.is_empty()));
    let e = parse_expression(r#""${~ 5 ~}""#).unwrap();
    let ExprKind::Template(t) = e.expr().kind else {
        panic!()
    };
    assert_eq!(t.template.elements.len(), 1);
    let Element::Interpolation(i) = &t.template.elements[0] else {
        panic!()
    };
    assert_eq!(
        i.strip,
        Strip {
            start: true,
            end: true
        }
    );
}

#[test]
fn directives() {
    assert_eq!(expr_str(r#""%{ if true }yes%{ else }no%{ endif }""#), "yes");
    assert_eq!(expr_str(r#""%{ if false }yes%{ else }no%{ endif }""#), "no");
    assert_eq!(expr_str(r#""%{ if false }yes%{ endif }""#), "");
    assert_eq!(
        expr_str(r#""%{ for v in ["a", "b", "c"] }${v},%{ endfor }""#),
        "a,b,c,"
    );
    assert_eq!(
        expr_str(r#""%{ for i, v in ["a", "b"] }${i}=${v};%{ endfor }""#),
        "0=a;1=b;"
    );
    assert_eq!(
        expr_str(r#""%{ for n in [1, 2, 3] }%{ if true }${n}%{ endif }%{ endfor }""#),
        "123"
    );
    let e = parse_expression(r#""%{~ if c ~}x%{~ else ~}y%{~ endif ~}""#).unwrap();
    let ExprKind::Template(t) = e.expr().kind else {
        panic!()
    };
    let Element::Directive(d) = &t.template.elements[0] else {
        panic!()
    };
    let Directive::If(d) = &**d else { panic!() };
    let both = Strip {
        start: true,
        end: true,
    };
    assert_eq!(
        (d.if_strip, d.else_strip, d.endif_strip),
        (both, Some(both), both)
    );
    assert!(d.false_template.is_some());
    // oracle item 22: unterminated `if` / wrong end directive are parse errors.
    let err = parse_expression(r#""%{ if true }x""#).unwrap_err();
    assert!(err.message().contains("end of template"), "{err}");
    let err = parse_expression(r#""%{ if true }x%{ endfor }""#).unwrap_err();
    assert!(err.message().contains("endfor"), "{err}");
    assert!(parse_expression(r#""%{ else }""#).is_err());
    assert!(parse_expression(r#""%{ endif }""#).is_err());
    assert!(parse_expression(r#""%{ if a }%{ else }%{ else }%{ endif }""#).is_err());
    assert!(parse_expression(r#""%{ while x }""#).is_err());
    assert!(parse_expression(r#""%{ for in x }%{ endfor }""#).is_err());
}

#[test]
fn heredocs() {
    assert_eq!(attr_str("<<EOT\nhello\nworld\nEOT"), "hello\nworld\n");
    assert_eq!(attr_str("<<EOT\nEOT"), "");
    // A plain heredoc accepts an indented closing marker and keeps indentation (oracle 21).
    assert_eq!(attr_str("<<EOT\n  a\n  EOT"), "  a\n");
    // No backslash escapes in heredocs; `$${` and `%%{` are processed.
    assert_eq!(
        attr_str("<<EOT\nback\\slash \\n not-newline \\t\nEOT"),
        "back\\slash \\n not-newline \\t\n"
    );
    assert_eq!(attr_str("<<EOT\n$${x} and %%{y}\nEOT"), "${x} and %{y}\n");
    assert_eq!(
        attr_str("<<EOT\nHello, ${\"world\"}!\nEOT"),
        "Hello, world!\n"
    );
    // The marker must be alone on its line: `EOTX` and `xEOT` are content.
    assert_eq!(attr_str("<<EOT\nEOTX\nx EOT\nEOT"), "EOTX\nx EOT\n");
    let e = parse_expression("<<-EOT\n  x\n  EOT\n").unwrap();
    let ExprKind::Template(t) = e.expr().kind else {
        panic!()
    };
    assert_eq!(
        t.kind,
        TemplateKind::Heredoc {
            marker: "EOT",
            strip_indent: true
        }
    );
    // Unterminated, or the marker without a final newline (terraform:
    // "Unterminated template string"), or text after `<<EOT`.
    assert!(hcl::parse("a = <<EOT\nx\n").is_err());
    assert!(hcl::parse("a = <<EOT\nx\nEOT").is_err());
    assert!(hcl::parse("a = <<EOT x\nEOT\n").is_err());
}

#[test]
fn heredoc_dedent() {
    assert_eq!(
        attr_str("<<-EOT\n    alpha\n      beta\n    gamma\n  EOT"),
        "alpha\n  beta\ngamma\n"
    );
    assert_eq!(
        attr_str("<<-EOT\n    first\n\n    third\n    EOT"),
        "first\n\nthird\n"
    );
    // A TAB counts as one character, like a space (oracle item 20).
    assert_eq!(attr_str("<<-EOT\n\tone\n    two\nEOT"), "one\n   two\n");
    assert_eq!(attr_str("<<-EOT\n\t  x\n\t    y\n\tEOT"), "x\n  y\n");
    // An interpolation at the start of a line counts as content.
    assert_eq!(
        attr_str("<<-EOT\n    ${\"x\"}\n      y\n    EOT"),
        "x\n  y\n"
    );
    // Interpolated text is never dedented.
    assert_eq!(
        attr_str("<<-EOT\n  ${\"    four\"}\n  x\n  EOT"),
        "    four\nx\n"
    );
    assert_eq!(
        attr_str("<<-EOT\n    a ${\"x\"} b\n     c\n    EOT"),
        "a x b\n c\n"
    );
    // Directive lines are dedented like other lines.
    assert_eq!(
        attr_str("<<-EOT\n    %{ for n in [1, 2] }\n      n=${n}\n    %{ endfor }\n    EOT"),
        "\n  n=1\n\n  n=2\n\n"
    );
    // A `%{~ ... ~}` strip marker turns the dedent off (oracle item 20).
    assert_eq!(
        attr_str("<<-EOT\n    one\n      %{~ if true ~}\n    two\n      %{~ endif ~}\n    three\n    EOT"),
        "    one\n    two\n    three\n"
    );
}

#[test]
fn heredoc_strip_markers_reach_only_the_neighbouring_line() {
    // oracle item 18.
    assert_eq!(attr_str("<<EOT\nA\n${\"b\"~}\n   C\nEOT"), "A\nb   C\n");
    assert_eq!(
        attr_str("<<EOT\n  A  \n  ${\"b\"~}   \n  C\nEOT"),
        "  A  \n  b  C\n"
    );
    // oracle item 19.
    assert_eq!(
        attr_str("<<EOT\n%{ for x in [\"a\", \"b\"] }\nitem ${x}\n%{ endfor }\nEOT"),
        "\nitem a\n\nitem b\n\n"
    );
    assert_eq!(
        attr_str("<<EOT\n%{ for x in [\"a\", \"b\"] ~}\nitem ${x}\n%{ endfor ~}\nEOT"),
        "item a\nitem b\n"
    );
}

#[test]
fn heredoc_in_a_call_and_crlf() {
    let file = hcl::parse("a = upper(<<EOT\nabc\nEOT\n)\n").unwrap();
    let body = file.body();
    let ExprKind::FuncCall(f) = &body.attributes().next().unwrap().expr.kind else {
        panic!()
    };
    assert_eq!(value(&f.args[0], &HashMap::new()).unwrap(), "abc\n");
    assert_eq!(attr_str("<<EOT\r\nx\r\nEOT\r"), "x\r\n");
    assert_eq!(attr_str("<<-EOT\r\n  x\r\n  EOT\r"), "x\r\n");
}

#[test]
fn standalone_templates() {
    let pt = parse_template("Hello, ${name}!\n").unwrap();
    let t = pt.template();
    assert_eq!(t.elements.len(), 3);
    assert_eq!(t.span, Span::new(0, 16));
    // No escapes in standalone templates except `$${` / `%%{`; quotes are literal.
    let t = parse_template("say \"hi\" \\n $${x}").unwrap();
    assert_eq!(
        render(t.template(), &HashMap::new()).unwrap(),
        "say \"hi\" \\n ${x}"
    );
    let t = parse_template("%{ for x in [\"a\", \"b\"] ~}\n- ${x}\n%{ endfor ~}\n").unwrap();
    assert_eq!(render(t.template(), &HashMap::new()).unwrap(), "- a\n- b\n");
    assert!(parse_template("").unwrap().template().elements.is_empty());
    assert!(parse_template("${").is_err());
    assert!(parse_template("%{ if x }").is_err());
    let owned: ParsedTemplate<'static> = String::from("a${b}").parse().unwrap();
    assert_eq!(owned.template().elements.len(), 2);
}

/// Cross-check against the Terraform-computed oracle when `HCL_ORACLE_DIR`
/// is set: every case this file's `render` can evaluate must give
/// Terraform's string, and every `parse`-phase error must be a parse error.
#[test]
fn oracle_template_cases() {
    let Some(dir) = std::env::var_os("HCL_ORACLE_DIR") else {
        eprintln!("HCL_ORACLE_DIR not set: skipped");
        return;
    };
    let path = std::path::Path::new(&dir).join("dev/cases.json");
    let text = std::fs::read_to_string(&path).expect("oracle cases.json");
    // Minimal JSON field extraction: cases are objects with "id", "hcl",
    // and "expect" or "error_phase". Use hcl's own parser? No: a tiny scan.
    let cases = split_cases(&text);
    let (mut checked, mut parse_errors) = (0, 0);
    for c in cases {
        let file = format!("locals {{\n  x = {}\n}}\n", c.hcl);
        let parsed = hcl::parse(&file);
        if c.error_phase.as_deref() == Some("parse") {
            assert!(parsed.is_err(), "{}: Terraform rejects it, we accept", c.id);
            parse_errors += 1;
            continue;
        }
        let parsed = parsed.unwrap_or_else(|e| panic!("{}: {e}", c.id));
        let block = parsed.body().blocks().next().unwrap();
        let e = &block.body.attributes().next().unwrap().expr;
        if let (Some(expect), Some(got)) = (&c.expect_string, value(e, &HashMap::new())) {
            if matches!(e.kind, ExprKind::Template(_) | ExprKind::String(_)) {
                assert_eq!(&got, expect, "{}", c.id);
                checked += 1;
            }
        }
    }
    eprintln!("oracle: {checked} template results checked, {parse_errors} parse errors confirmed");
    assert!(checked > 10);
}

struct Case {
    id: String,
    hcl: String,
    expect_string: Option<String>,
    error_phase: Option<String>,
}

/// Extracts the fields we need from cases.json (a JSON array of flat
/// objects whose string values use JSON escapes).
fn split_cases(text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("\"id\":") {
        rest = &rest[i..];
        let end = rest[1..].find("\"id\":").map_or(rest.len(), |j| j + 1);
        let obj = &rest[..end];
        let id = json_str_field(obj, "id").unwrap_or_default();
        let hcl = json_str_field(obj, "hcl").unwrap_or_default();
        out.push(Case {
            id,
            hcl,
            expect_string: json_str_field(obj, "expect"),
            error_phase: json_str_field(obj, "error_phase"),
        });
        rest = &rest[end..];
    }
    out
}

fn json_str_field(obj: &str, name: &str) -> Option<String> {
    let key = format!("\"{name}\":");
    let i = obj.find(&key)? + key.len();
    let v = obj[i..].trim_start();
    let v = v.strip_prefix('"')?;
    let mut s = String::new();
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(s),
            '\\' => match chars.next()? {
                'n' => s.push('\n'),
                't' => s.push('\t'),
                'r' => s.push('\r'),
                'b' => s.push('\u{8}'),
                'f' => s.push('\u{c}'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let mut cp = u32::from_str_radix(&hex, 16).ok()?;
                    if (0xD800..0xDC00).contains(&cp) {
                        let rest: String = chars.by_ref().take(6).collect();
                        let lo = u32::from_str_radix(&rest[2..], 16).ok()?;
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    }
                    s.push(char::from_u32(cp)?);
                }
                other => s.push(other),
            },
            c => s.push(c),
        }
    }
    None
}

#[test]
fn leading_strip_reaches_a_literal_token_from_the_previous_line() {
    // Terraform: the "\n" token before `%{~ endfor` is stripped even though
    // it ends the previous line, giving "0:a,1:b,2:c".
    let src = "<<EOT\n%{~ for i, v in [\"a\", \"b\", \"c\"] ~}\n${i}:${v}%{ if true },%{ endif }\n%{~ endfor ~}\nEOT";
    assert_eq!(attr_str(src), "0:a,1:b,2:c,");
    assert_eq!(attr_str("<<EOT\nA\n${~\"b\"}\nEOT"), "Ab\n");
}

#[test]
fn heredoc_closing_marker_may_have_trailing_blanks() {
    // Checked with `terraform fmt`: `EOT ` and `EOT\t` close the heredoc.
    assert_eq!(attr_str("<<EOT\nfoo\nEOT "), "foo\n");
    assert_eq!(attr_str("<<EOT\nfoo\n\tEOT\t"), "foo\n");
    assert_eq!(attr_str("<<EOT\nEOT x\nEOT"), "EOT x\n");
}
