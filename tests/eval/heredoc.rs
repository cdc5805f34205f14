//! Heredoc templates (values from Terraform 1.11 and the HCL specsuite).

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn plain_heredocs() {
    // The closing marker may end the input.
    check("<<-EOT\n  a ${1 + 1}\n    b\n  EOT", json!("a 2\n  b\n"));
    check("<<EOT\nhello\nworld\nEOT\n", json!("hello\nworld\n"));
    check("<<EOT\nEOT\n", json!(""));
    check("<<EOT\n  a\n  EOT\n", json!("  a\n"));
    check(
        "<<EOT\nHello, ${\"world\"}!\nSum: ${1 + 2}\nEOT\n",
        json!("Hello, world!\nSum: 3\n"),
    );
    check(
        "<<EOT\nback\\slash \\n not-newline \\t\nEOT\n",
        json!("back\\slash \\n not-newline \\t\n"),
    );
    check("<<EOT\n$${x} and %%{y}\nEOT\n", json!("${x} and %{y}\n"));
}

#[test]
fn dedent() {
    check(
        "<<-EOT\n    alpha\n      beta\n    gamma\n  EOT\n",
        json!("alpha\n  beta\ngamma\n"),
    );
    check(
        "<<-EOT\n    first\n\n    third\n    EOT\n",
        json!("first\n\nthird\n"),
    );
    check("<<-EOT\n\tone\n    two\nEOT\n", json!("one\n   two\n"));
    check(
        "<<-EOT\n    ${\"x\"}\n      y\n    EOT\n",
        json!("x\n  y\n"),
    );
    check(
        "<<-EOT\n  ${\"    four\"}\n  x\n  EOT\n",
        json!("    four\nx\n"),
    );
}

#[test]
fn directives() {
    check(
        "<<EOT\n%{ if true }yes%{ else }no%{ endif }\nEOT\n",
        json!("yes\n"),
    );
    check(
        "<<EOT\n%{ for x in [\"a\", \"b\"] ~}\nitem ${x}\n%{ endfor ~}\nEOT\n",
        json!("item a\nitem b\n"),
    );
    check(
        "<<EOT\n%{ for x in [\"a\", \"b\"] }\nitem ${x}\n%{ endfor }\nEOT\n",
        json!("\nitem a\n\nitem b\n\n"),
    );
    check(
        "<<-EOT\n    %{ for n in [1, 2] }\n      n=${n}\n    %{ endfor }\n    EOT\n",
        json!("\n  n=1\n\n  n=2\n\n"),
    );
    check(
        "<<EOT\n%{~ for i, v in [\"a\", \"b\", \"c\"] ~}\n${i}:${v}%{ if i < 2 },%{ endif }\n%{~ endfor ~}\nEOT\n",
        json!("0:a,1:b,2:c"),
    );
}

#[test]
fn strip_marker_reaches_only_the_neighbouring_line() {
    check("<<EOT\nA\n${\"b\"~}\n   C\nEOT\n", json!("A\nb   C\n"));
}

#[test]
fn strip_marker_at_line_start_reaches_the_previous_line() {
    // Terraform 1.11: the literal token before `${~` / `%{~` at the start of
    // a line is the whole previous line, newline included.
    check("<<EOT\na\n${~ \"b\"}\nEOT\n", json!("ab\n"));
    check(
        "<<EOT\n%{ for x in [1, 2] }a\n%{~ endfor }\nEOT\n",
        json!("aa\n"),
    );
    // Indentation before the marker is on the same line: only it goes.
    check("<<EOT\na  \n  ${~ \"b\"}\nEOT\n", json!("a  \nb\n"));
}

#[test]
fn heredoc_in_a_call() {
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_func(
        "twice",
        hcl::eval::FuncDef::builder()
            .param("s", hcl::eval::ParamType::String)
            .build(|a| Ok(hcl::Value::from(format!("{0}{0}", a[0].as_str().unwrap())))),
    );
    assert_eq!(ev_in("twice(<<EOT\nab\nEOT\n)", &ctx), j(json!("ab\nab\n")));
}
