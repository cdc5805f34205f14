//! Inputs found by the fuzzers (`fuzz/`) that once crashed; each must now
//! give an ordinary result or error.

/// Parse each input as a config file, an expression and a template; none may panic.
fn parses_without_panic(input: &[u8]) {
    let _ = hcl::parser::parse_bytes(input).map_err(|e| e.to_string());
    if let Ok(text) = std::str::from_utf8(input) {
        let _ = hcl::parser::parse_expression(text).map_err(|e| e.to_string());
        let _ = hcl::parser::parse_template(text).map_err(|e| e.to_string());
    }
}

#[test]
fn unterminated_heredoc_with_multibyte_marker() {
    // fuzz/parse: the error path sliced the marker at a byte offset inside 'Ժ'.
    let input = b"  <<\xd4\xba\xd2\xb0T\n fr = \"p\x00-E <-OT\n \"f\x00";
    parses_without_panic(input);
    let err = hcl::parser::parse_bytes(b"x = <<\xd4\xba\xd2\xb0T\nbody\n").unwrap_err();
    assert!(err.message().contains("heredoc"), "{err}");
    assert_eq!(err.line(), Some(1));
}

#[test]
fn heredoc_line_after_strip_marker_round_trips() {
    // fuzz/roundtrip: in a `<<-` heredoc, the line after a `~}` keeps its
    // indentation (Terraform 1.11 gives "a\n    echo \"port 1\"\n" for this
    // template); the printer once indented it again, so it grew on reparse.
    let src = "x = <<-EOT\n    a\n    %{ for p in [1] ~}\n    echo \"port ${p}\"\n    %{ endfor ~}\n  EOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap();
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed}"
    );
    let v: hcl::Value = hcl::from_str(&printed).unwrap();
    assert_eq!(v["x"], hcl::Value::from("a\n    echo \"port 1\"\n"));
}

#[test]
fn heredoc_text_right_after_strip_marker_stays_on_its_line() {
    // fuzz/roundtrip: `%{ endfor ~}EOT` — the literal "EOT\n" after the
    // directive was moved to a line of its own, where it read as the
    // closing marker. Terraform 1.11 gives "a\n    b 1\nEOT\n" here.
    let src = "x = <<-EOT\n    a\n    %{ for p in [1] ~}\n    b ${p}\n    %{ endfor ~}EOT\n  EOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed}"
    );
    let v: hcl::Value = hcl::from_str(&printed).unwrap();
    assert_eq!(v["x"], hcl::Value::from("a\n    b 1\nEOT\n"));
}

#[test]
fn legacy_index_on_a_number_literal_is_not_printed_as_a_fraction() {
    // fuzz/roundtrip: `2. 3` is the number 2 with the legacy index `.3`
    // (an error when evaluated, as in Terraform: "Invalid index"); printed
    // as `2.3` it read back as a number.
    let file = hcl::parse("a = 2. 3\n").unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    assert_eq!(printed, "a = 2 .3\n");
    let again = hcl::parse(&printed).unwrap();
    assert!(hcl::format::eq_ignoring_spans(body, again.body()));
    let err = hcl::from_str::<hcl::Value>(&printed).unwrap_err();
    assert!(err.message().contains("Invalid index"), "{err}");
}

#[test]
fn whitespace_only_crlf_line_in_indented_heredoc_round_trips() {
    // fuzz/roundtrip: a whitespace-only line ending in CRLF inside `<<-` was
    // indented on printing (its `\r` made it look like text), so it grew on
    // reparse. Terraform 1.11 gives "a\n\t\t\r\nb\n" for this heredoc.
    let src = "x = <<-EOT\n    a\n\t\t\r\n    b\n  EOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap();
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed:?}"
    );
    let v: hcl::Value = hcl::from_str(&printed).unwrap();
    assert_eq!(v["x"], hcl::Value::from("a\n\t\t\r\nb\n"));
}

#[test]
fn chained_legacy_indexes_keep_a_space() {
    // fuzz/roundtrip: `a.2. 1` is two legacy indexes; printed as `a.2.1` it
    // is the "chained legacy index" syntax error (Terraform rejects it too).
    let file = hcl::parse("a = b.2. 1\n").unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    assert_eq!(printed, "a = b.2 .1\n");
    let again = hcl::parse(&printed).unwrap();
    assert!(hcl::format::eq_ignoring_spans(body, again.body()));
    assert!(hcl::parse("a = b.2.1\n").is_err());
}

#[test]
fn form_feed_line_in_indented_heredoc_round_trips() {
    // fuzz/roundtrip: `<<-` treats a line of Unicode whitespace (here a
    // form feed) as blank, but the printer indented it, so it changed on
    // reparse. Terraform 1.11 gives "a\n\u{c}\n  b\n" for this heredoc.
    let src = "x = <<-EOT\n    a\n\u{c}\n      b\n  EOT\n";
    let v: hcl::Value = hcl::from_str(src).unwrap();
    assert_eq!(v["x"], hcl::Value::from("a\n\u{c}\n  b\n"));
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap();
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed:?}"
    );
    let v: hcl::Value = hcl::from_str(&printed).unwrap();
    assert_eq!(v["x"], hcl::Value::from("a\n\u{c}\n  b\n"));
}

#[test]
fn heredoc_with_strip_markers_round_trips() {
    // fuzz/roundtrip (minimised): `%{~endfor}` at a line start takes that
    // line's indentation and turns the `<<-` dedent off, so indenting the
    // content on printing changed it on reparse. Such content is printed
    // as it is.
    let src = "m {\nn=<<-EOT\n%{ for p in c}\n %{~endfor}\nEOT\n}";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap();
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed}"
    );
}

#[test]
fn non_nfc_identifier_label_is_not_quoted() {
    // fuzz/roundtrip (minimised): the identifier label `x\u{655}\u{619}` is
    // not in NFC; quoted (as terraform fmt writes labels) it read back
    // normalised, a different label.
    let src = "n x\u{655}\u{619} {}\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    assert_eq!(printed, src);
    let again = hcl::parse(&printed).unwrap();
    assert!(hcl::format::eq_ignoring_spans(body, again.body()));
    // An NFC identifier label is still quoted.
    assert_eq!(
        hcl::to_string(&hcl::parse("n x {}\n").unwrap()).unwrap(),
        "n \"x\" {}\n"
    );
}

#[test]
fn percent_before_a_stripping_directive_round_trips() {
    // Found by checking the fuzz corpora with `format_body_with_source`:
    // `%   %{~ for` strips the spaces, leaving a literal ending in `%` right
    // before `%{`. Written `%%{` that reads as an escape, and written
    // `${"%"}` it is a different tree; a space (which the `~` strips again)
    // keeps both the value and the tree.
    let src = "g = <<-EOT\n    %   %{~ for v in l }${v}%{ endfor ~}\n  EOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    assert!(printed.contains("% %{~for v in l}"), "{printed}");
    let again = hcl::parse(&printed).unwrap();
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed}"
    );
    // Without a strip marker the interpolated string is still needed.
    let src = "x = \"a$${b}\"\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap();
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed}"
    );
}

#[test]
fn heredoc_then_comma_on_the_next_line_is_a_fixed_point() {
    // fuzz/roundtrip with `format_body_with_source`: the line break after a
    // heredoc's closing marker was counted again after the comma.
    let src = "c = [<<EOT\nx\nEOT\n  , 2]\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let out = hcl::format::format_body_with_source(body, src);
    assert_eq!(out, "c = [<<EOT\nx\nEOT\n, 2]\n");
    let again = hcl::parse(&out).unwrap();
    assert!(hcl::format::eq_ignoring_spans(body, again.body()));
    assert_eq!(
        hcl::format::format_body_with_source(again.body(), &out),
        out
    );
}

#[test]
fn heredoc_at_the_end_of_a_file_keeps_its_newline() {
    // fuzz/from_str_value corpus: the source ends with a space after the
    // closing marker's newline; dropping the output's final newline (as for
    // files whose last line has no newline) left the marker unterminated.
    let src = "a= <<-EOT\n \"p}\n EOT\n ";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let out = hcl::format::format_body_with_source(body, src);
    // As terraform fmt 1.11.4 writes it: the final space stays too.
    assert_eq!(out, "a = <<-EOT\n \"p}\n EOT\n ");
    hcl::parse(&out).unwrap();
}

#[test]
fn percent_at_the_end_of_a_directive_body_round_trips() {
    // fuzz/roundtrip (found again after the fix above): the literal ending
    // in `%` was the last of a `%{ for }` body, so the `%{~ endfor }` after
    // it was not seen and `%%{` came out, an escape.
    for src in [
        "u = <<-EOT\n%{ for p in l }z  % %{~ endfor ~}\nEOT\n",
        "u = \"%{ if c }50% %{~ else }x% %{~ endif }\"\n",
        "u = \"%{ if c }50${\"%\"}%{ endif }\"\n",
    ] {
        let file = hcl::parse(src).unwrap();
        let body = file.body();
        let printed = hcl::to_string(body).unwrap();
        let again = hcl::parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert!(
            hcl::format::eq_ignoring_spans(body, again.body()),
            "{printed}"
        );
    }
}

#[test]
fn dedented_heredoc_line_equal_to_the_marker_round_trips() {
    // fuzz/roundtrip: ` \u{2002} EOT` is content (only spaces and tabs may
    // precede a closing marker), and the `<<-` dedent, which removes any
    // Unicode space, leaves `EOT`. Indented with spaces on printing it read
    // as the closing marker.
    let src = "da= <<-EOT\n \u{2002} EOT\n EOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed}"
    );
    // Other heredocs are indented with spaces only.
    let printed = hcl::to_string(&hcl::parse("a = <<-EOT\n  x\n  EOT\n").unwrap()).unwrap();
    assert_eq!(printed, "a = <<-EOT\n  x\nEOT\n");
}

#[test]
fn empty_object_with_an_inline_comment_is_a_fixed_point() {
    // fuzz/roundtrip with the source: `{/**/}` was printed over three
    // lines inside a one-line object, which the next printing laid out
    // differently. The comment now stays on its line.
    let src = "e={e={/**/}}";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let out = hcl::format::format_body_with_source(body, src);
    assert_eq!(out, "e = { e = { /**/ } }");
    let again = hcl::parse(&out).unwrap();
    assert_eq!(
        hcl::format::format_body_with_source(again.body(), &out),
        out
    );
}

#[test]
fn form_feed_after_a_strip_marker_round_trips() {
    // fuzz/roundtrip: the `~}` strips any Unicode whitespace after it,
    // form feeds included, so a literal starting with one must go on the
    // next line (as one starting with a space does), not right after `~}`.
    let src = "a = <<-EOT\n  x ${v ~}\n\u{c}\u{c}y\n  EOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let printed = hcl::to_string(body).unwrap();
    let again = hcl::parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    assert!(
        hcl::format::eq_ignoring_spans(body, again.body()),
        "{printed:?}"
    );
}

#[test]
fn en_space_indentation_leaves_whitespace_only_lines_alone() {
    // fuzz/roundtrip, after the EN SPACE fix above: a whitespace-only line
    // starting with spaces had its first space turned into an EN SPACE,
    // but `<<-` does not dedent such lines, so its value changed.
    // And a line `EOT\r` reads as the marker too (CRLF line end).
    for src in [
        "a=<<-EOT\n \u{2002}\u{2002}EOT EOT\n \u{2002}\u{2002}EOT\n  \u{2002}\u{2002}\nEOT\n",
        "a=<<-EOT\n \n \n\u{2002}EOT\r\n \u{2002}\u{6002}\nEOT\n",
    ] {
        let file = hcl::parse(src).unwrap();
        let body = file.body();
        let printed = hcl::to_string(body).unwrap();
        let again = hcl::parse(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert!(
            hcl::format::eq_ignoring_spans(body, again.body()),
            "{printed:?}"
        );
    }
}

#[test]
fn heredoc_directives_are_kept_from_the_source() {
    // With the source, a heredoc with directives keeps its text; only the
    // markers are re-spaced (what terraform fmt 1.11.4 does).
    let src = "x = <<-EOT\n    a\n    %{ for p in l ~}\n    - ${ p }\n    %{ endfor ~}\n  EOT\n";
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let out = hcl::format::format_body_with_source(body, src);
    assert_eq!(
        out,
        "x = <<-EOT\n    a\n    %{for p in l~}\n    - ${p}\n    %{endfor~}\n  EOT\n"
    );
    let again = hcl::parse(&out).unwrap();
    assert!(hcl::format::eq_ignoring_spans(body, again.body()));
}

#[test]
fn string_with_a_unicode_space_indented_line_round_trips() {
    // fuzz/value_roundtrip: the serializer chose `<<-` for a string whose
    // only text line starts with an EN SPACE, counting only spaces and tabs
    // as indentation; the dedent (any Unicode space) then removed it.
    let v = hcl::Value::from("\n\n\u{2002};O\n\n\n");
    let mut obj = hcl::Map::new();
    obj.insert("F".to_owned(), v.clone());
    let text = hcl::to_string(&hcl::Value::Object(obj)).unwrap();
    let back: hcl::Value = hcl::from_str(&text).unwrap();
    assert_eq!(back["F"], v, "{text}");
}

/// The checks of `fuzz/roundtrip` on `src`: `to_string` and
/// `format_body_with_source` both read back to an equal tree, and printing
/// with the source is a fixed point. Returns both printings.
#[track_caller]
fn round_trips(src: &str) -> [String; 2] {
    let file = hcl::parse(src).unwrap();
    let body = file.body();
    let outs = [
        hcl::to_string(body).unwrap(),
        hcl::format::format_body_with_source(body, src),
    ];
    for out in &outs {
        let again = hcl::parse(out).unwrap_or_else(|e| panic!("{e}\n{out}"));
        assert!(hcl::format::eq_ignoring_spans(body, again.body()), "{out}");
    }
    {
        let again = hcl::parse(&outs[1]).unwrap();
        assert_eq!(
            hcl::format::format_body_with_source(again.body(), &outs[1]),
            outs[1]
        );
    }
    outs
}

#[test]
fn heredoc_inside_an_interpolation_of_an_indented_heredoc_round_trips() {
    // fuzz/roundtrip with `format_body_with_source`: a heredoc in an
    // interpolation of a `<<-` heredoc flushed the outer heredoc's line
    // while it was being written, and the outer one then read past the end
    // of its text (a panic).
    round_trips("l {\n  a = <<-EOT\n o ${ [<<EOT\nx\nEOT\n  , 2]\n} 0}\n   EOT\n}\n");
}

#[test]
fn heredoc_inside_an_indented_heredoc_keeps_its_lines() {
    // fuzz/roundtrip: once the heredoc above was written inside the outer
    // one's text, the outer `<<-` heredoc took the inner one's closing
    // marker for a line of its own that reads as the marker, and marked the
    // inner heredoc's indented lines with an EN SPACE, changing its text.
    for out in round_trips("a {\n  b = <<-EOT\n ${[<<EOT\n    x\nEOT\n]}\nEOT\n}\n") {
        assert!(!out.contains('\u{2002}'), "{out}");
    }
}

/// `fuzz/json_syntax`: a number with a large exponent (`2.5e31000`) was
/// written with all its digits, more than a number literal may have, so the
/// JSON did not read back.
#[test]
fn json_numbers_with_large_exponents_read_back() {
    use hcl::eval::{Context, EvalMode};
    use hcl::json::WriteOptions;
    let src = r#"{"b": [1, 2.5e31000, -2.5e-31000, 1e400]}"#;
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let file = hcl::json::parse(src).unwrap();
    let first = hcl::json::to_string(file.body(), src, &ctx, &WriteOptions::new()).unwrap();
    let again = hcl::json::parse(&first).unwrap();
    let second = hcl::json::to_string(again.body(), &first, &ctx, &WriteOptions::new()).unwrap();
    assert_eq!(first, second);
    assert!(
        first.contains("2.5e31000") && first.contains("-2.5e-31000"),
        "{first}"
    );
}

/// `fuzz/json_syntax`: `899999832166048000E99999` is read (its exponent is
/// within the ±100,000 a literal may have), but it is 8.99…e100014, and no
/// JSON number of at most 10,000 digits and such an exponent writes it: it
/// was written as `8.99999832166048e100014`, which did not read back. A
/// number with no literal that reads back is written as its expression's
/// template, as ±Inf is.
#[test]
fn json_numbers_beyond_the_literal_limits_are_written_as_templates() {
    use hcl::eval::{Context, EvalMode};
    use hcl::json::WriteOptions;
    let src = r#"{"a":899999832166048000E99999, "b": 1e400}"#;
    let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
    let file = hcl::json::parse(src).unwrap();
    let first = hcl::json::to_string(file.body(), src, &ctx, &WriteOptions::new()).unwrap();
    // (1e400 has a literal: every digit, as Terraform writes numbers.)
    let b = format!("1{}", "0".repeat(400));
    assert_eq!(
        first,
        format!(r#"{{"a":"${{899999832166048000E99999}}","b":{b}}}"#)
    );
    let again = hcl::json::parse(&first).unwrap();
    let second = hcl::json::to_string(again.body(), &first, &ctx, &WriteOptions::new()).unwrap();
    assert_eq!(first, second);
    let v: hcl::Value = hcl::from_json_str(&first).unwrap();
    let w: hcl::Value = hcl::from_json_str(src).unwrap();
    assert_eq!(v, w);
}

/// `fuzz/edit`: removing a tuple's only element whose comma stood on the
/// next line left `[` followed by `,`; a comma is now found across line
/// ends, and lines an edit adds to a CRLF file end in CRLF (an insertion
/// at a line's end went between its `\r` and `\n`).
#[test]
fn edits_beside_commas_on_the_next_line_and_crlf_lines() {
    let mut doc = hcl::edit::Document::parse("p = [\"a\"\n,\n]\n").unwrap();
    let mut body = doc.body_mut();
    let mut p = body.attribute_mut("p").unwrap();
    assert!(p.remove_element(0).unwrap());
    assert_eq!(doc.to_string(), "p = [\n]\n");

    let mut doc = hcl::edit::Document::parse("p = [\"a\"\n,\n]\n").unwrap();
    doc.body_mut()
        .attribute_mut("p")
        .unwrap()
        .push_element("7")
        .unwrap();
    assert_eq!(doc.to_string(), "p = [\"a\"\n  ,\n  7,\n]\n");

    let src = "a = 1\r\nb = [\r\n  1,\r\n]\r\n";
    let mut doc = hcl::edit::Document::parse(src).unwrap();
    let mut body = doc.body_mut();
    body.attribute_mut("b").unwrap().push_element("2").unwrap();
    body.set_attribute("ccc", "3").unwrap();
    assert_eq!(
        doc.to_string(),
        "a = 1\r\nb = [\r\n  1,\r\n  2,\r\n]\r\nccc = 3\r\n"
    );
}

/// `fuzz/edit`: removing several blocks at once, the decor of one (the
/// line after it) reached into the place where the next had been removed,
/// and the places of the removals were counted past the text's start (an
/// overflow).
#[test]
fn removals_whose_decor_meets_the_next_removal() {
    let src = "egion s{#\n}\negion s{#\n}\negion s{#\n}\negion s{#\n}\n\ns{#\n}\nS{}\nS{}\ns{#\n}\ns{#\n}\ns{#\n}";
    let mut doc = hcl::edit::Document::parse(src).unwrap();
    let taken = doc
        .take_block(&hcl::edit::Address::parse("egion.s").unwrap())
        .unwrap();
    assert_eq!(taken.len(), 4);
    assert!(!doc.to_string().contains("egion"));
    let kinds: Vec<&str> = doc.body().blocks().map(|b| b.ident.name).collect();
    assert_eq!(kinds, ["s", "S", "S", "s", "s", "s"]);
}

/// `fuzz/edit` (after 2.0 million executions): pushing an element after a
/// tuple's last element, a heredoc, put the comma on the closing marker's
/// line ("unterminated heredoc").
#[test]
fn an_element_pushed_after_a_heredoc() {
    let src = "lols {\n  a =[<<-EOT\n  \n\n  he }\n        EOT\n ]\n}\n";
    let mut doc = hcl::edit::Document::parse(src).unwrap();
    let mut body = doc.body_mut();
    let mut block = body.block_mut("lols", &[]).unwrap();
    let mut a = block.attribute_mut("a").unwrap();
    a.push_element("7").unwrap();
    assert!(matches!(a.expr().kind, hcl::syntax::ExprKind::Tuple(t) if t.len() == 2));
    let text = doc.to_string();
    assert_eq!(hcl::edit::Document::parse(&text).unwrap().to_string(), text);
}
