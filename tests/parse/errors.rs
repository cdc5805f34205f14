//! Error messages: Terraform's summary line (as `terraform fmt` 1.11
//! reports the same file), then what was expected and what was found;
//! 1-based line and column (characters), byte offset, the rustc-style
//! snippet, and notes pointing at where an unclosed construct was opened.

use hcl::{parse, ErrorKind};

#[track_caller]
fn err(src: &str) -> hcl::Error {
    match parse(src) {
        Ok(_) => panic!("{src:?} should not parse"),
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Parse, "{e}");
            e
        }
    }
}

#[track_caller]
fn at(e: &hcl::Error, line: usize, column: usize) {
    assert_eq!((e.line(), e.column()), (Some(line), Some(column)), "{e}");
}

#[test]
fn display_has_message_position_snippet_and_caret() {
    let e = err("a = 1\nb = @\n");
    assert_eq!(
        e.message(),
        "Invalid character: expected an expression, found `@`"
    );
    at(&e, 2, 5);
    assert_eq!(e.offset(), Some(10));
    assert_eq!(
        e.to_string(),
        "Invalid character: expected an expression, found `@` at line 2, column 5\n  |\n2 | b = @\n  |     ^"
    );
    let d = e.diagnostics().next().unwrap();
    assert_eq!(d.summary, "Invalid character");
    assert_eq!(d.detail, "expected an expression, found `@`");
}

#[test]
fn unclosed_brackets_point_at_the_opener() {
    let e = err("a = [1, 2\n");
    assert_eq!(
        e.message(),
        "Unterminated tuple constructor expression: unclosed `[`: expected `,` or `]`, found end of file"
    );
    at(&e, 1, 5);
    let shown = e.to_string();
    assert!(shown.contains("1 | a = [1, 2\n  |     ^"), "{shown}");
    assert!(
        shown.contains("note: the end of the file was reached (line 2, column 1)"),
        "{shown}"
    );

    let e = err("x = {\n  a = 1\n");
    assert!(
        e.message().starts_with("Missing expression: unclosed `{`"),
        "{e}"
    );
    at(&e, 1, 5);
    let e = err("x = (1 +\n 2\n");
    assert!(
        e.message()
            .starts_with("Unbalanced parentheses: unclosed `(`"),
        "{e}"
    );
    at(&e, 1, 5);
    let e = err("x = f(1,\n");
    assert!(
        e.message().starts_with("Missing expression: unclosed `(`"),
        "{e}"
    );
    at(&e, 1, 6);
    let e = err("x = y[0\n");
    assert!(
        e.message()
            .starts_with("Missing close bracket on index: unclosed `[`"),
        "{e}"
    );
    at(&e, 1, 6);
}

#[test]
fn wrong_token_inside_brackets_names_both_and_notes_the_opener() {
    let e = err("a = [1 2]\n");
    assert_eq!(
        e.message(),
        "Missing item separator: expected `,` or `]`, found number `2`"
    );
    at(&e, 1, 8);
    let notes: Vec<_> = e.notes().collect();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].0, "`[` opened here");
    assert_eq!(notes[0].1.map(|l| (l.line, l.column)), Some((1, 5)));

    let e = err("a = f(1 2)\n");
    assert_eq!(
        e.message(),
        "Missing argument separator: expected `,` or `)`, found number `2`"
    );
    let e = err("a = {x = 1 y = 2}\n");
    assert_eq!(
        e.message(),
        "Missing attribute separator: expected `,`, a newline or `}` after the object item, found `y`"
    );
    at(&e, 1, 12);
}

#[test]
fn unclosed_blocks_strings_heredocs_and_comments() {
    let e = err("a = 1\nb \"x\" {\n  c = 2\n");
    assert_eq!(
        e.message(),
        "Unclosed configuration block: unclosed block: expected `}`, found end of file"
    );
    at(&e, 2, 7);

    let e = err("a = \"abc\nb = 1\n");
    assert!(
        e.message()
            .starts_with("Invalid multi-line string: unterminated string"),
        "{e}"
    );
    // Terraform's range: the newline that ends the string's line.
    at(&e, 1, 9);
    assert!(e.message().contains("heredoc"), "{e}");
    let (note, loc) = e.notes().next().unwrap();
    assert_eq!(note, "the string starts here");
    assert_eq!(loc.map(|l| (l.line, l.column)), Some((1, 5)));

    let e = err("a = 1\nb = <<EOT\nx\n");
    assert!(
        e.message()
            .starts_with("Unterminated template string: unterminated heredoc"),
        "{e}"
    );
    at(&e, 2, 5);
    assert!(
        e.to_string().contains("2 | b = <<EOT\n  |     ^^^^^"),
        "{e}"
    );

    let e = err("a = 1 /* never closed\n");
    assert!(
        e.message()
            .starts_with("Invalid expression: unterminated comment"),
        "{e}"
    );
    at(&e, 1, 7);

    let e = err("a = \"${x\"\n");
    assert_eq!(
        e.message(),
        "Unclosed template interpolation sequence: expected `}`, found `\"`"
    );
    assert_eq!(
        e.notes().next().unwrap().0,
        "interpolation `${` opened here"
    );
}

#[test]
fn structure_errors() {
    let e = err("a = 1 b = 2\n");
    assert_eq!(
        e.message(),
        "Missing newline after argument: expected a newline after the attribute value, found `b`"
    );
    at(&e, 1, 7);
    let e = err("a\n");
    assert!(
        e.message()
            .starts_with("Argument or block definition required: expected `=` (attribute) or a block label or `{` (block)"),
        "{e}"
    );
    assert!(e.message().ends_with("found newline"), "{e}");
    let e = err("9 = 1\n");
    assert_eq!(
        e.message(),
        "Argument or block definition required: expected an attribute or block definition, found number `9`"
    );
    let e = err("a = 1\n}\n");
    assert_eq!(
        e.message(),
        "Argument or block definition required: expected an attribute or block definition, found `}`"
    );
    at(&e, 2, 1);
    let e = err("a {\n}x = 1\n");
    assert!(
        e.message()
            .starts_with("Missing newline after block definition: expected a newline after the block's closing `}`"),
        "{e}"
    );
    let e = err("a { b { } }\n");
    assert!(
        e.message().starts_with("Argument definition required: "),
        "{e}"
    );
    assert!(e.message().contains("single-line block"), "{e}");
    let e = err("a \"${x}\" {\n}\n");
    assert!(e.message().starts_with("Invalid string literal: "), "{e}");
    assert!(
        e.message().contains("block label must be a literal string"),
        "{e}"
    );
    at(&e, 1, 3);
}

#[test]
fn duplicate_attribute_points_at_the_second_and_notes_the_first() {
    let e = err("a = 1\nb {\n  x = 1\n  y = 2\n  x = 3\n}\n");
    assert_eq!(
        e.message(),
        "Attribute redefined: attribute `x` is defined twice (first on line 3, column 3); each attribute may be set only once"
    );
    at(&e, 5, 3);
    let (note, loc) = e.notes().next().unwrap();
    assert_eq!(note, "first defined here");
    assert_eq!(loc.map(|l| (l.line, l.column)), Some((3, 3)));
}

#[test]
fn in_a_long_body_the_earliest_redefinition_is_reported() {
    // More names than the small-body check holds: `z` (line 3) is defined
    // again on line 30 and `k` (line 5) again on line 25, so the error is on
    // line 25, as Terraform reports the first redefinition it meets.
    let mut src = String::from("a0 = 0\nb0 = 0\nz = 1\nc0 = 0\nk = 1\n");
    for n in 6..25 {
        src.push_str(&format!("v{n} = {n}\n"));
    }
    src.push_str("k = 2\n");
    for n in 26..30 {
        src.push_str(&format!("w{n} = {n}\n"));
    }
    src.push_str("z = 2\n");
    let e = err(&src);
    assert!(
        e.message()
            .starts_with("Attribute redefined: attribute `k` is defined twice (first on line 5"),
        "{e}"
    );
    at(&e, 25, 1);
}

#[test]
fn expression_errors() {
    let e = err("a = \n");
    assert_eq!(
        e.message(),
        "Invalid expression: expected an expression, found newline"
    );
    at(&e, 1, 5);
    let e = err("a = 1 +\n");
    assert_eq!(
        e.message(),
        "Invalid expression: expected an expression, found newline"
    );
    let e = err("a = x ? 1\n");
    assert_eq!(
        e.message(),
        "Missing false expression in conditional: expected `:` of the conditional expression, found newline"
    );
    let e = err("a = x.\n");
    assert!(
        e.message()
            .starts_with("Invalid attribute name: expected an attribute name"),
        "{e}"
    );
    let e = err("a = x.1.0\n");
    assert!(
        e.message()
            .starts_with("Invalid legacy index syntax: chained legacy indexes"),
        "{e}"
    );
    assert!(e.to_string().contains("  |      ^^^^"), "{e}");
    let e = err("a = [for x in y]\n");
    assert_eq!(
        e.message(),
        "Invalid 'for' expression: expected `:` after the `for` collection, found `]`"
    );
    let e = err("a = [for x in y : x...]\n");
    assert!(e.message().starts_with("Invalid 'for' expression: "), "{e}");
    assert!(e.message().contains("grouping"), "{e}");
    let e = err("a = f(x..., y)\n");
    assert!(
        e.message().starts_with("Missing closing parenthesis: "),
        "{e}"
    );
    assert!(e.message().contains("must be the last argument"), "{e}");
    let e = err("a = ${x}\n");
    assert_eq!(
        e.message(),
        "Invalid character: expected an expression, found `${`"
    );
}

#[test]
fn template_errors() {
    let e = err("a = \"\\q\"\n");
    assert!(
        e.message()
            .starts_with("Invalid escape sequence: `\\q` is not an escape"),
        "{e}"
    );
    at(&e, 1, 6);
    let e = err("a = \"%{ if x }\"\n");
    assert!(
        e.message().starts_with("Unexpected end of template: "),
        "{e}"
    );
    at(&e, 1, 6);
    let e = err("a = \"%{ if x }%{ endfor }\"\n");
    assert!(
        e.message()
            .starts_with("Unexpected endfor directive: `%{ endfor }` has no matching"),
        "{e}"
    );
    at(&e, 1, 15);
    let e = err("a = \"%{ wat }\"\n");
    assert!(
        e.message()
            .starts_with("Invalid template control keyword: expected a template directive keyword"),
        "{e}"
    );
    let e = err("a = <<EOT x\nEOT\n");
    assert!(
        e.message()
            .starts_with("Invalid expression: expected a newline after the heredoc marker"),
        "{e}"
    );
}

#[test]
fn columns_count_characters_and_crlf_lines() {
    // A column is a grapheme cluster: "é" is one column.
    let e = err("a = \"é\" @\n");
    at(&e, 1, 9);
    let e = err("a = 1\r\nb = @\r\n");
    at(&e, 2, 5);
    // The snippet does not show the carriage return.
    assert!(e.to_string().contains("2 | b = @\n"), "{e}");
    // A TAB is one column.
    let e = err("a = [\n\t1 2]\n");
    at(&e, 2, 4);
}

#[test]
fn invalid_utf8_and_bom() {
    let e = hcl::parser::parse_bytes(b"# ok\na = \"\xff\"\n").unwrap_err();
    assert!(
        e.message()
            .starts_with("Invalid character encoding: byte 0xff"),
        "{e}"
    );
    at(&e, 2, 6);
    assert_eq!(e.offset(), Some(10));
}

#[test]
fn limit_errors_have_their_own_kind() {
    let e = parse(&format!("a = {}", "[".repeat(1100))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(
        e.message(),
        "nesting too deep: more than 1024 nested brackets, blocks or templates"
    );
    at(&e, 1, 5 + 1024);
}

#[test]
fn errors_are_one_pointer() {
    assert_eq!(
        std::mem::size_of::<hcl::Error>(),
        std::mem::size_of::<usize>()
    );
}

#[test]
fn columns_count_grapheme_clusters_as_terraform() {
    // `terraform validate -json` (1.11) on this file reports line 2,
    // column 15, byte 32: `é` written as `e` + U+0301, a TAB and a flag
    // are one column each.
    let src = "locals {\n  a = \"e\u{301}\t\u{1f1eb}\u{1f1f7}\" + \n}\n";
    let err = hcl::parse(src).unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(2), Some(15)));
    assert_eq!(err.offset(), Some(32));
}
