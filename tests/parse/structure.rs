//! The structural language: bodies, attributes, blocks, labels, one-line
//! blocks, comments, newlines and identifiers (hclsyntax-spec.md,
//! "Structural Elements"; behaviour checked against `terraform fmt`).

use hcl::syntax::{BlockLabel, ExprKind, Structure};
use hcl::{parse, ConfigFile};

fn ok(src: &str) -> ConfigFile<'_> {
    parse(src).unwrap_or_else(|e| panic!("{src:?} should parse: {e}"))
}

fn fails(src: &str) -> hcl::Error {
    match parse(src) {
        Ok(b) => panic!("{src:?} should fail, got {b:?}"),
        Err(e) => e,
    }
}

#[test]
fn empty_and_comment_only_files() {
    assert!(ok("").body().structures.is_empty());
    assert!(ok("\n\n  \n").body().structures.is_empty());
    assert!(ok("# only\n// comments\n/* here */\n")
        .body()
        .structures
        .is_empty());
    assert!(ok("# no final newline").body().structures.is_empty());
}

#[test]
fn attributes_in_order() {
    let b_file = ok("a = 1\nb = true\nc = \"x\"\n");
    let b = b_file.body();
    let names: Vec<&str> = b.attributes().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert!(matches!(
        b.attribute("b").unwrap().expr.kind,
        ExprKind::Bool(true)
    ));
    assert!(matches!(&b.attribute("c").unwrap().expr.kind, ExprKind::String(s) if *s == "x"));
}

#[test]
fn last_attribute_without_final_newline() {
    let b_file = ok("a = 1\nb = 2");
    let b = b_file.body();
    assert_eq!(b.structures.len(), 2);
}

#[test]
fn blocks_with_any_number_of_labels() {
    let b_file = ok(concat!(
        "terraform {\n}\n",
        "variable \"name\" {\n  type = string\n}\n",
        "resource \"aws_instance\" \"web\" {\n  ami = \"x\"\n}\n",
        "a b \"c\" d {\n}\n",
    ));
    let b = b_file.body();
    let blocks: Vec<_> = b.blocks().collect();
    assert_eq!(blocks.len(), 4);
    assert_eq!(blocks[0].ident.as_str(), "terraform");
    assert!(blocks[0].labels.is_empty());
    assert_eq!(blocks[1].labels[0].as_str(), "name");
    assert_eq!(blocks[1].body.structures.len(), 1);
    let labels: Vec<&str> = blocks[2].labels.iter().map(BlockLabel::as_str).collect();
    assert_eq!(labels, ["aws_instance", "web"]);
    assert!(matches!(blocks[3].labels[0], BlockLabel::Ident(_)));
    assert!(matches!(blocks[3].labels[1], BlockLabel::String { .. }));
    let labels: Vec<&str> = blocks[3].labels.iter().map(BlockLabel::as_str).collect();
    assert_eq!(labels, ["b", "c", "d"]);
}

#[test]
fn nested_blocks_and_mixed_items() {
    let b_file = ok("a {\n  x = 1\n  b {\n    c {\n      y = 2\n    }\n  }\n  z = 3\n}\n");
    let b = b_file.body();
    let a = b.blocks().next().unwrap();
    let kinds: Vec<bool> = a
        .body
        .structures
        .iter()
        .map(|s| matches!(s, Structure::Block(_)))
        .collect();
    assert_eq!(kinds, [false, true, false]);
    let bb = a.body.blocks().next().unwrap();
    let c = bb.body.blocks().next().unwrap();
    assert_eq!(c.body.attributes().next().unwrap().name.as_str(), "y");
}

#[test]
fn label_strings_are_unescaped() {
    let b_file = ok("a \"x\\\"y\\n\\u00e9\" {\n}\n");
    let b = b_file.body();
    assert_eq!(b.blocks().next().unwrap().labels[0].as_str(), "x\"y\né");
}

#[test]
fn one_line_blocks() {
    let b_file = ok("a { b = 1 }\nc {}\nd \"l\" { e = [1, 2] }\n");
    let b = b_file.body();
    let blocks: Vec<_> = b.blocks().collect();
    assert_eq!(blocks[0].body.structures.len(), 1);
    assert!(blocks[1].body.structures.is_empty());
    assert_eq!(
        blocks[2].body.attributes().next().unwrap().name.as_str(),
        "e"
    );
}

#[test]
fn one_line_block_restrictions() {
    // terraform: "Argument definition required" / "Invalid single-argument block definition"
    fails("a { b { } }\n");
    fails("a { b = 1, c = 2 }\n");
    fails("a { b = 1, }\n");
    // terraform: "Missing newline after argument"
    fails("a {\n b = 1 }\n");
    // terraform: "Missing newline after block definition"
    fails("a {\n}b = 1\n");
    fails("a { b = 1 } c = 2\n");
}

#[test]
fn attributes_end_at_newlines() {
    fails("a = 1 b = 2\n");
    fails("a = \"x\" \"y\"\n");
    fails("a = 1;\n");
    // The newline ends the attribute, so a continuation line is a new item.
    fails("a = b\n  .c\n");
    // Inside parentheses newlines are ignored.
    ok("a = (b\n  .c)\n");
    ok("a = (1 +\n 2)\n");
}

#[test]
fn comments_of_all_kinds() {
    let b_file = ok(concat!(
        "# hash comment\n",
        "// slash comment\n",
        "/* block\n comment */\n",
        "a = 1 # trailing\n",
        "b = 2 // trailing\n",
        "c = /* inline */ 3 /* after */\n",
        "d {   # after brace\n",
        "  e = 4\n",
        "} // after block\n",
        "f = [ # in a list\n 1, // one\n /* two */ 2,\n]\n",
    ));
    let b = b_file.body();
    let names: Vec<&str> = b
        .structures
        .iter()
        .map(|s| match s {
            Structure::Attribute(a) => a.name.as_str(),
            Structure::Block(b) => b.ident.as_str(),
        })
        .collect();
    assert_eq!(names, ["a", "b", "c", "d", "f"]);
    // A block comment spanning lines is whitespace, not a newline.
    ok("a = 1 /* c\n */\n");
}

#[test]
fn crlf_line_endings() {
    let b_file = ok("a = 1\r\nb {\r\n  c = \"x\"\r\n}\r\n# c\r\nd = [\r\n 1,\r\n]\r\n");
    let b = b_file.body();
    assert_eq!(b.structures.len(), 3);
    let h_file = ok("a = <<EOT\r\nx\r\nEOT\r\n");
    let h = h_file.body();
    assert_eq!(h.structures.len(), 1);
}

#[test]
fn identifiers() {
    let b_file = ok("_x = 1\nwith-dash = 2\nfoo_bar9 = 3\nnaïve = 4\n日本 = 5\n");
    let b = b_file.body();
    let names: Vec<&str> = b.attributes().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["_x", "with-dash", "foo_bar9", "naïve", "日本"]);
    fails("9a = 1\n");
    fails("-a = 1\n");
    fails("a.b = 1\n");
}

#[test]
fn duplicate_attributes_are_an_error() {
    let e = fails("a = 1\nb = 2\na = 3\n");
    assert_eq!(e.line(), Some(3));
    assert!(e.message().contains("`a`"), "{e}");
    assert!(e.message().contains("first on line 1"), "{e}");
    // Also in a block body, and with many attributes (the hashed path).
    fails("b {\n x = 1\n x = 2\n}\n");
    let mut many = String::new();
    for i in 0..40 {
        many.push_str(&format!("a{i} = {i}\n"));
    }
    many.push_str("a17 = 0\n");
    assert_eq!(fails(&many).line(), Some(41));
    // Not across bodies, and not between attributes and blocks.
    ok("a = 1\nb {\n a = 2\n}\nc {\n a = 3\n}\n");
    ok("a = 1\na {\n}\n");
    ok("b {\n}\nb {\n}\n");
}

#[test]
fn block_labels_must_be_literal() {
    // terraform: "Invalid string literal"
    fails("a \"${x}\" {\n}\n");
    fails("a \"x\" = 1\n");
    fails("a \"x\"\n{\n}\n");
}

#[test]
fn unicode_bom_and_invalid_utf8() {
    // A byte order mark is skipped (as Terraform does).
    assert_eq!(
        hcl::parse("\u{feff}a = 1\n")
            .unwrap()
            .body()
            .attributes()
            .count(),
        1
    );
    let e = hcl::parser::parse_bytes(b"a = 1\nb = \"\xc3\x28\"\n").unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(2), Some(6)));
    assert!(e.message().contains("UTF-8"), "{e}");
    let b = hcl::parser::parse_bytes("a = \"é\"\n".as_bytes()).unwrap();
    assert_eq!(b.body().structures.len(), 1);
}

#[test]
fn from_str_detaches_the_tree() {
    let file: ConfigFile<'static> = {
        let src = String::from("a \"l\" {\n  b = \"v\"\n}\n");
        src.parse().unwrap()
    };
    let body = file.body();
    let block = body.blocks().next().unwrap();
    assert_eq!(block.labels[0].as_str(), "l");
    assert!(
        matches!(&block.body.attribute("b").unwrap().expr.kind, ExprKind::String(s) if *s == "v")
    );
}

#[test]
fn validate_agrees_with_parse() {
    use hcl::parser::{validate, validate_bytes};
    for src in [
        "a = 1\nb {\n c = 2\n}\n",
        "a = 1\na = 2\n",
        "a = 1\nb {\n a = 1\n}\n",
        "a = [1,\n",
        "x = \"${\"",
        "",
    ] {
        let p = parse(src).map(|_| ()).map_err(|e| e.to_string());
        let v = validate(src).map_err(|e| e.to_string());
        assert_eq!(p, v, "{src:?}");
    }
    assert!(validate_bytes(b"a = \"\xff\"\n").is_err());
}
