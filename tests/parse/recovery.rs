//! Every syntax error of a broken file, as `terraform validate -json`
//! (Terraform 1.11.4) lists the parser's: summary and range (line and
//! column of start and end). Terraform's schema errors ("Unsupported
//! argument") are not the parser's and are left out.

/// A diagnostic: summary, start and end (line, column).
type Diag = (String, (usize, usize), (usize, usize));

/// Each diagnostic of `src`.
fn diagnostics(src: &str) -> Vec<Diag> {
    let err = hcl::parse(src).unwrap_err();
    err.diagnostics()
        .map(|d| {
            let r = d.range.expect("a range");
            (
                d.summary.clone(),
                (r.start.line, r.start.column),
                (r.end.line, r.end.column),
            )
        })
        .collect()
}

fn one(
    summary: &str,
    from: (usize, usize),
    to: (usize, usize),
) -> (String, (usize, usize), (usize, usize)) {
    (summary.to_owned(), from, to)
}

#[test]
fn an_unterminated_string_is_placed_at_the_newline_that_ends_its_line() {
    // Terraform: "Invalid multi-line string" at 1:9-2:1, then (the string
    // running on) the same at 2:6-3:1 and "Unterminated template string"
    // at 1:9-2:1; hcl2 reports the first, which places the string.
    let got = diagnostics("a = \"abc\nb = 1\n");
    assert_eq!(got[0], one("Invalid multi-line string", (1, 9), (2, 1)));
    let err = hcl::parse("a = \"abc\nb = 1\n").unwrap_err();
    let (note, at) = err.notes().next().unwrap();
    assert_eq!(
        (note, at.map(|l| (l.line, l.column))),
        ("the string starts here", Some((1, 5)))
    );
}

#[test]
fn an_unclosed_call_is_one_error_not_one_per_line() {
    // Terraform: one "Missing argument separator" at 3:3-3:4; its recovery
    // looks for the `)` that never comes.
    let got = diagnostics("locals {\n  a = merge(var.x, var.y\n  b = 1\n  c = 2\n  d = 3\n}\n");
    assert_eq!(got, [one("Missing argument separator", (3, 3), (3, 4))]);
    // A bracket that does close later: what follows it is still read.
    let got = diagnostics("a = [1,\n  2\nb = 3\n]\nc = @\n");
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[1], one("Invalid character", (5, 5), (5, 6)));
}

#[test]
fn errors_come_in_file_order() {
    // Terraform's terminal output sorts by position; `validate -json`
    // puts the scanner's "Invalid character" (4:5-4:6) first. No "Invalid
    // expression" for the `@`: recovery is on.
    let got = diagnostics("a {\n  b \"x\"\n}\nc = @\n");
    assert_eq!(
        got,
        [
            one("Invalid block definition", (2, 8), (3, 1)),
            one("Invalid character", (4, 5), (4, 6)),
        ]
    );
}

#[test]
fn a_bad_value_inside_a_for_is_one_error() {
    // Terraform: "Invalid expression" on the `=>`, nothing on the lines
    // closing the `for`.
    for (src, at) in [
        ("locals {\n  x = {\n    for k, v in var.m : k => {\n      name = => try(x, null)\n    }\n  }\n}\n", (4, 14)),
        ("locals {\n  x = [for v in var.m : {\n    name = => try(x, null)\n  }]\n}\n", (3, 12)),
        ("locals {\n  x = [for v in var.m : {\n    name = => try(x, null)\n    other = 1\n  }]\n  y = 2\n}\n", (3, 12)),
        ("locals {\n  x = { for k, v in var.m : k => {\n    name = => try(x, null)\n  } }\n}\n", (3, 12)),
        ("locals {\n  x = merge([for v in var.m : {\n    name = => try(x, null)\n  }]...)\n}\n", (3, 12)),
    ] {
        let got = diagnostics(src);
        assert_eq!(got, [one("Invalid expression", at, (at.0, at.1 + 2))], "{src}");
    }
}
