//! Hostile input at the byte and token level: invalid UTF-8, a BOM, NUL
//! bytes, CR-only line endings, every unterminated construct (each error
//! points at where the construct was opened), huge numbers, a 1 MB
//! identifier. Expected outcomes were checked against Terraform 1.11
//! (`terraform fmt` / `terraform console`) where Terraform accepts or
//! rejects the same input.

use hcl::parser::{parse_bytes, parse_template};
use hcl::{parse, ErrorKind, Value};

fn err_at(src: &str) -> hcl::Error {
    parse(src).expect_err("must be rejected")
}

fn pos(e: &hcl::Error) -> (usize, usize) {
    (e.line().unwrap_or(0), e.column().unwrap_or(0))
}

// ------------------------------------------------------------------ bytes

#[test]
fn invalid_utf8_at_start_middle_and_end() {
    let e = parse_bytes(b"\xffa = 1\n").unwrap_err();
    assert_eq!(pos(&e), (1, 1));
    assert!(
        e.message()
            .contains("Invalid character encoding: byte 0xff at offset 0"),
        "{e}"
    );

    let e = parse_bytes(b"a = 1\nb = \"x\xc3\"\nc = 2\n").unwrap_err();
    assert_eq!(pos(&e), (2, 7));
    assert!(e.message().contains("byte 0xc3 at offset 12"), "{e}");

    // A truncated 3-byte sequence at the very end.
    let e = parse_bytes(b"a = 1\n\xe2\x82").unwrap_err();
    assert_eq!(pos(&e), (2, 1));
    assert!(e.message().contains("byte 0xe2 at offset 6"), "{e}");

    // Overlong encodings and surrogates are not UTF-8 either.
    for bad in [&b"a = \"\xc0\xaf\"\n"[..], b"a = \"\xed\xa0\x80\"\n"] {
        let e = parse_bytes(bad).unwrap_err();
        assert_eq!(pos(&e), (1, 6), "{e}");
    }
    // The same bytes through from_slice.
    let e = hcl::from_slice::<Value>(b"a = \"\xff\"\n").unwrap_err();
    assert_eq!(pos(&e), (1, 6));
}

#[test]
fn a_config_file_may_start_with_a_byte_order_mark() {
    // Terraform 1.11.4 reads such a file (`terraform console`: x is 1),
    // `terraform fmt` drops the mark, and its errors' columns on the first
    // line do not count it (`locals { x = 1 + }`: 1:18, byte 20).
    let v: Value = hcl::from_str("\u{feff}locals {\n  x = 1\n}\n").unwrap();
    assert_eq!(v["locals"]["x"], Value::from(1));
    assert!(parse_bytes(b"\xef\xbb\xbfa = 1\n").is_ok());
    let e = err_at("\u{feff}locals { x = 1 + }\n");
    assert_eq!(pos(&e), (1, 18));
    assert_eq!(e.offset(), Some(20));
    let file = parse("\u{feff}# c\na  = 1\n").unwrap();
    assert_eq!(
        hcl::format::format_body_with_source(file.body(), file.source()),
        "# c\na = 1\n"
    );
    // Not in an expression or a standalone template.
    let e = hcl::parser::parse_expression("\u{feff}1").unwrap_err();
    assert!(e.message().contains("byte order mark"), "{e}");
    assert!(parse_template("\u{feff}x").is_err());
    // A BOM-like character later in a string is ordinary text.
    let v: Value = hcl::from_str("a = \"x\u{feff}\"\n").unwrap();
    assert_eq!(v["a"], Value::from("x\u{feff}"));
}

#[test]
fn nul_bytes() {
    // Inside a string (Terraform accepts it): kept.
    let v: Value = hcl::from_str("a = \"x\0y\"\n").unwrap();
    assert_eq!(v["a"], Value::from("x\0y"));
    // Inside a comment: ignored.
    let v: Value = hcl::from_str("# x\0y\na = 1\n").unwrap();
    assert_eq!(v["a"], Value::from(1));
    // Between tokens: an error at the NUL, naming it.
    let e = err_at("a = 1\0\n");
    assert_eq!(pos(&e), (1, 6));
    assert!(e.message().contains("'\\0'"), "{e}");
    let e = err_at("\0a = 1\n");
    assert_eq!(pos(&e), (1, 1));
    let e = err_at("a = [1, \0]\n");
    assert_eq!(pos(&e), (1, 9));
    // A file of NULs.
    let e = parse_bytes(&[0u8; 4096]).unwrap_err();
    assert_eq!(pos(&e), (1, 1));
}

#[test]
fn cr_only_line_endings() {
    // Terraform: "Invalid character" — a lone CR is not a newline in HCL.
    let e = err_at("a = 1\rb = 2\r");
    assert_eq!(pos(&e), (1, 6));
    assert!(e.message().contains("'\\r'"), "{e}");
    // The snippet shows the CR as a space, not a carriage return that
    // would overwrite the terminal line.
    assert!(!e.to_string().contains('\r'), "{e:?}");
    // CRLF is fine.
    let v: Value = hcl::from_str("a = 1\r\nb = 2\r\n").unwrap();
    assert_eq!(v["b"], Value::from(2));
    // A comment runs to the next LF: with CR-only endings the whole file is a comment.
    let v: Value = hcl::from_str("# c\ra = 1\r").unwrap();
    assert_eq!(v, Value::Object(Default::default()));
    // Inside a quoted string a lone CR ends nothing: the string is unterminated.
    let e = err_at("a = \"x\ry\"\r");
    assert_eq!(pos(&e), (1, 5));
}

// -------------------------------------------------------- unterminated

/// The error points at `opened` (line, column), directly or in a note.
fn assert_points_at_opening(src: &str, opened: (usize, usize), what: &str) {
    let e = err_at(src);
    let shown = e.to_string();
    let direct = pos(&e) == opened;
    let in_note = e
        .notes()
        .any(|(_, at)| at.is_some_and(|l| (l.line, l.column) == opened));
    assert!(
        direct || in_note,
        "{what}: expected the opening at {opened:?}: {shown}"
    );
    assert!(shown.contains(what), "{what}: {shown}");
}

#[test]
fn every_unterminated_construct_points_at_its_opening() {
    assert_points_at_opening("a = \"abc\nb = 1\n", (1, 5), "unterminated string");
    assert_points_at_opening("x = 1\na = <<EOT\nhello\n", (2, 5), "unterminated heredoc");
    assert_points_at_opening("a = <<-EOT\n  x\n  EOTX\n", (1, 5), "unterminated heredoc");
    assert_points_at_opening(
        "a = \"x ${foo\nb = 1\n",
        (1, 8),
        "interpolation `${` opened here",
    );
    assert_points_at_opening("a = \"${", (1, 6), "unclosed interpolation");
    assert_points_at_opening("a = \"%{ if true\"\n", (1, 6), "directive `%{` opened here");
    assert_points_at_opening(
        "a = \"%{ if true }x\"\n",
        (1, 6),
        "not closed by `%{ endif }`",
    );
    assert_points_at_opening(
        "a = <<EOT\nx\n%{ for v in l }\n${v}\nEOT\n",
        (3, 1),
        "not closed by `%{ endfor }`",
    );
    assert_points_at_opening("a = [1,\n2\n", (1, 5), "unclosed `[`");
    assert_points_at_opening("a = {x = 1\n", (1, 5), "unclosed `{`");
    assert_points_at_opening("a = f(1,\n", (1, 6), "unclosed `(`");
    assert_points_at_opening("a = (1 + 2\n", (1, 5), "unclosed `(`");
    assert_points_at_opening("x = 1\nb {\n  c = 1\n", (2, 3), "unclosed block");
    assert_points_at_opening("a = 1\n/* comment\nb = 2\n", (2, 1), "unterminated comment");
    assert_points_at_opening("a = [for x in y : x\n", (1, 5), "unclosed `[`");
    // A standalone template.
    let e = parse_template("x %{ if a }y").unwrap_err();
    assert_eq!(pos(&e), (1, 3), "{e}");
    assert!(e.to_string().contains("%{ endif }"), "{e}");
}

// ------------------------------------------------------------- numbers

#[test]
fn huge_numbers_are_an_error_at_the_literal() {
    // Terraform holds any literal exactly (512-bit floats with a 32-bit
    // exponent). We hold them too, up to a decimal exponent of ±100,000
    // and 10,000 digits, whose exact values would take megabytes: beyond,
    // the literal is an error, not an infinity.
    let e = err_at("a = 1e999999\n");
    assert_eq!(pos(&e), (1, 5));
    assert!(e.message().contains("1e999999 is too large"), "{e}");
    let big = "9".repeat(10_001);
    let e = err_at(&format!("a = -{big}\n"));
    assert_eq!(pos(&e), (1, 6));
    assert!(
        e.message().contains("(10001 characters) is too large"),
        "{e}"
    );
    assert!(
        e.to_string().len() < 600,
        "the message does not repeat the digits"
    );
    // Through the evaluator and the deserializer as well.
    let e = hcl::eval::evaluate_str("1e999999 + 1", &hcl::eval::Context::new()).unwrap_err();
    assert_eq!(pos(&e), (1, 1));
    // 1e400 and 400 nines are held (Terraform prints them exactly).
    let ctx = hcl::eval::Context::new();
    let v = hcl::eval::evaluate_str("1e400", &ctx).unwrap();
    assert_eq!(
        v.as_number().unwrap().to_plain_string(),
        format!("1{}", "0".repeat(400))
    );
    // 400 nines round to 512 bits: Terraform prints -1 and 400 zeros.
    let v = hcl::eval::evaluate_str(&format!("-{}", "9".repeat(400)), &ctx).unwrap();
    assert_eq!(
        v.as_number().unwrap().to_plain_string(),
        format!("-1{}", "0".repeat(400))
    );
    // serde sees numbers as u64, i64 or f64: into a `Value` through serde,
    // 1e400 is an infinite f64.
    let v = hcl::from_str::<Value>("a = 1e400\n").unwrap();
    assert_eq!(v["a"].as_f64(), Some(f64::INFINITY));
    // Within range: a sensible value (the nearest f64).
    let v: Value = hcl::from_str(&format!("a = {}\n", "9".repeat(300))).unwrap();
    assert_eq!(v["a"].as_f64(), Some(1e300));
    let v: Value = hcl::from_str("a = 1e308\nb = 1e-99999\nc = 18446744073709551616\n").unwrap();
    assert_eq!(v["a"].as_f64(), Some(1e308));
    assert_eq!(v["b"].as_f64(), Some(0.0));
    assert_eq!(v["c"].as_f64(), Some(18446744073709551616.0));
}

// ---------------------------------------------------------- identifiers

#[test]
fn a_one_megabyte_identifier() {
    let name = "x".repeat(1 << 20);
    let src = format!("{name} = 1\n");
    let v: Value = hcl::from_str(&src).unwrap();
    assert_eq!(v[name.as_str()], Value::from(1));
    // As a variable reference: the error names... a window of it.
    let e = hcl::eval::evaluate_str(&name, &hcl::eval::Context::new()).unwrap_err();
    assert_eq!(pos(&e), (1, 1));
    assert!(
        e.message().starts_with("Unknown variable"),
        "{}",
        &e.message()[..40]
    );
    // An error after it on the same line: right column, short snippet.
    let e = err_at(&format!("{name} = @\n"));
    assert_eq!(pos(&e), (1, (1 << 20) + 4));
    assert!(
        e.to_string().len() < 1000,
        "snippet is cut around the error"
    );
    // As a block type, label and object key.
    let src = format!("{name} \"{name}\" {{\n  k = {{ {name} = 1 }}\n}}\n");
    let file = parse(&src).unwrap();
    let body = file.body();
    assert_eq!(
        body.blocks().next().unwrap().labels[0].as_str().len(),
        1 << 20
    );
}

#[test]
fn kind_of_text_errors_is_parse() {
    for src in ["a = \"x\n", "a = 1\0", "a = 1e999999\n", "\u{feff}a ="] {
        assert_eq!(err_at(src).kind(), ErrorKind::Parse, "{src:?}");
    }
}
