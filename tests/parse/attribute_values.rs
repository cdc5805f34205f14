//! The parser reads the commonest attribute values (plain strings, small
//! integers, names and `.name` chains followed by the end of the line)
//! without its expression layers. That must change nothing: each value
//! here, read as an attribute, gives the same tree (kinds, text and spans)
//! as the expression grammar gives for it at the same offset.

use hcl::parser::parse_expression;
use hcl::syntax::Structure;

/// `name = value` plus `after`, against the value parsed alone at the same
/// offset (`"a = "` is four bytes).
#[track_caller]
fn same_tree(value: &str, after: &str) {
    let file_src = format!("a = {value}{after}");
    let file = hcl::parse(&file_src).unwrap_or_else(|e| panic!("{file_src:?}: {e}"));
    let Some(Structure::Attribute(attr)) = file.body().structures.first() else {
        panic!("{file_src:?}: no attribute");
    };
    let alone_src = format!("    {value}");
    let alone = parse_expression(&alone_src).unwrap_or_else(|e| panic!("{alone_src:?}: {e}"));
    assert_eq!(attr.expr, *alone.expr(), "{file_src:?}");
}

const VALUES: &[&str] = &[
    // Read without the grammar's layers.
    r#""eu-west-1""#,
    r#""""#,
    r#""with spaces and / slashes: ok""#,
    "0",
    "007",
    "42",
    "1234567890123456789",
    "true",
    "false",
    "null",
    "x",
    "var.region",
    "aws_instance.web.id",
    "true.x",
    "null.y",
    "with-dash.and_under",
    "_private",
    // Read by the grammar: near misses of the above.
    r#""a${b}""#,
    r#""$${b}""#,
    r#""%%{b}""#,
    r#""tab\there""#,
    r#""héllo""#,
    r#""a" + "b""#,
    "12345678901234567890123",
    "1.5",
    "1e3",
    "x.y[0]",
    "x.0",
    "x.*.y",
    "x . y",
    "x.y == 1",
    "f(x)",
    "ns::f(x)",
    "x ? 1 : 2",
    "-1",
    "!x",
    "héllo.wörld",
];

#[test]
fn attribute_values_build_the_grammars_tree() {
    for v in VALUES {
        for after in ["\n", "", "\r\n", "  # comment\n", " // comment", "\t\n"] {
            same_tree(v, after);
        }
    }
}

#[test]
fn a_comment_block_or_text_after_the_value_goes_to_the_grammar() {
    // `/* */` after a value is allowed; other text is an error as before.
    same_tree("var.a", " /* c */\n");
    same_tree(r#""s""#, " /* c */ # d\n");
    assert!(hcl::parse("a = var.a b\n").is_err());
    assert!(hcl::parse("a = \"s\" \"t\"\n").is_err());
    assert!(hcl::parse("a = 12 13\n").is_err());
    let e = hcl::parse("a = 12 /* open\n").unwrap_err();
    assert!(e.to_string().contains("comment"), "{e}");
}
