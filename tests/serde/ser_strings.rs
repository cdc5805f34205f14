//! How strings are written: templates, bare expressions, heredocs, literal
//! mode. Expected texts were checked to be unchanged by `terraform fmt`, and
//! the values they evaluate to are checked with the evaluator.

use std::collections::BTreeMap;

fn one(key: &str, value: &str) -> BTreeMap<String, String> {
    [(key.to_string(), value.to_string())].into()
}

/// The string value an attribute evaluates to (no variables needed).
fn eval_attr(text: &str, name: &str) -> hcl::Value {
    let v = hcl::eval::evaluate_body_str(text, &hcl::eval::Context::new())
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    v[name].clone()
}

#[test]
fn template_string_is_written_as_a_template() {
    let out = hcl::to_string(&one("name", "${var.prefix}-web")).unwrap();
    let expected = r#"name = "${var.prefix}-web"
"#;
    assert_eq!(out, expected);
}

#[test]
fn lone_interpolation_is_a_bare_expression() {
    let out = hcl::to_string(&one("ids", "${aws_instance.web[*].id}")).unwrap();
    let expected = r#"ids = aws_instance.web[*].id
"#;
    assert_eq!(out, expected);
}

#[test]
fn directive_template_is_kept() {
    let out = hcl::to_string(&one("s", "%{ if var.on }yes%{ else }no%{ endif }")).unwrap();
    let expected = r#"s = "%{if var.on}yes%{else}no%{endif}"
"#;
    assert_eq!(out, expected);
}

#[test]
fn invalid_template_is_written_literally() {
    let out = hcl::to_string(&one("s", "cost: ${5")).unwrap();
    assert_eq!(out, "s = \"cost: $${5\"\n");
    assert_eq!(eval_attr(&out, "s"), "cost: ${5");
}

#[test]
fn escaped_template_syntax_stays_literal() {
    // `$${` is template source for a literal `${`.
    let out = hcl::to_string(&one("s", "a $${b} c")).unwrap();
    assert_eq!(out, "s = \"a $${b} c\"\n");
    assert_eq!(eval_attr(&out, "s"), "a ${b} c");
}

#[test]
fn literal_mode_escapes_template_syntax() {
    let s = "echo ${HOME} %{x} \"q\" \\ \t";
    let out = hcl::ser::to_string_literal(&one("cmd", s)).unwrap();
    let expected = r#"cmd = "echo $${HOME} %%{x} \"q\" \\ \t"
"#;
    assert_eq!(out, expected);
    assert_eq!(eval_attr(&out, "cmd"), s);
}

#[test]
fn multi_line_string_is_a_heredoc() {
    let s = "#!/bin/sh\necho hello\n\n  indented\n";
    let out = hcl::to_string(&one("script", s)).unwrap();
    let expected = r#"script = <<-EOT
  #!/bin/sh
  echo hello

    indented
EOT
"#;
    assert_eq!(out, expected);
    assert_eq!(eval_attr(&out, "script"), s);
}

#[test]
fn heredoc_in_a_block_is_indented_with_it() {
    #[derive(serde::Serialize)]
    struct Inner {
        user_data: String,
    }
    #[derive(serde::Serialize)]
    struct Outer {
        instance: Inner,
    }
    let s = "line one\nline two\n";
    let out = hcl::to_string(&Outer {
        instance: Inner {
            user_data: s.into(),
        },
    })
    .unwrap();
    let expected = r#"instance {
  user_data = <<-EOT
    line one
    line two
  EOT
}
"#;
    assert_eq!(out, expected);
    let v = hcl::eval::evaluate_body_str(&out, &hcl::eval::Context::new()).unwrap();
    assert_eq!(v["instance"]["user_data"], s);
}

#[test]
fn indented_text_uses_a_plain_heredoc() {
    // `<<-` would strip the common indentation, so `<<` keeps it.
    let s = "    a\n      b\n";
    let out = hcl::to_string(&one("t", s)).unwrap();
    let expected = r#"t = <<EOT
    a
      b
EOT
"#;
    assert_eq!(out, expected);
    assert_eq!(eval_attr(&out, "t"), s);
}

#[test]
fn tab_indented_text_uses_a_plain_heredoc() {
    // Terraform's `<<-` counts tabs as indentation too.
    let s = "\tcode\n\tmore\n";
    let out = hcl::to_string(&one("t", s)).unwrap();
    assert_eq!(out, "t = <<EOT\n\tcode\n\tmore\nEOT\n");
    assert_eq!(eval_attr(&out, "t"), s);
}

#[test]
fn heredoc_marker_avoids_the_content() {
    let s = "EOT\n  EOT1\nEOT2 not alone\n";
    let out = hcl::to_string(&one("t", s)).unwrap();
    assert!(out.starts_with("t = <<-EOT2\n"), "{out}");
    assert_eq!(eval_attr(&out, "t"), s);
}

#[test]
fn multi_line_template_is_a_heredoc_template() {
    let out = hcl::to_string(&one(
        "t",
        "Hello ${var.name}\n%{ for x in var.xs }- ${x}\n%{ endfor }",
    ))
    .unwrap();
    let expected = r#"t = "Hello ${var.name}\n%{for x in var.xs}- ${x}\n%{endfor}"
"#;
    // No trailing newline: not a heredoc.
    assert_eq!(out, expected);
    let out = hcl::to_string(&one("t", "Hello ${var.name}\nbye\n")).unwrap();
    let expected = r#"t = <<-EOT
  Hello ${var.name}
  bye
EOT
"#;
    assert_eq!(out, expected);
}

#[test]
fn text_without_trailing_newline_or_with_control_characters_stays_quoted() {
    let out = hcl::to_string(&one("t", "a\nb")).unwrap();
    assert_eq!(out, "t = \"a\\nb\"\n");
    let out = hcl::to_string(&one("t", "a\r\nb\r\n")).unwrap();
    assert_eq!(out, "t = \"a\\r\\nb\\r\\n\"\n");
    assert_eq!(eval_attr(&out, "t"), "a\r\nb\r\n");
    let out = hcl::to_string(&one("t", "bell\u{7}")).unwrap();
    assert_eq!(out, "t = \"bell\\u0007\"\n");
    assert_eq!(eval_attr(&out, "t"), "bell\u{7}");
}

#[test]
fn value_strings_are_always_literal() {
    let v = hcl::Value::from_iter([("s", hcl::Value::from("${var.x}"))]);
    assert_eq!(hcl::to_string(&v).unwrap(), "s = \"$${var.x}\"\n");
}
