//! Helpers shared by the formatter's test files.

/// Prints `src` with `format_body_with_source` and checks that the output
/// reads back as the same tree and that printing it again changes nothing.
pub fn fmt_src(src: &str) -> String {
    let file = hcl::parse(src).unwrap_or_else(|e| panic!("{e}"));
    let out = hcl::format::format_body_with_source(file.body(), src);
    {
        let again = hcl::parse(&out).unwrap_or_else(|e| panic!("reparse: {e}\n{out}"));
        assert!(
            hcl::format::eq_ignoring_spans(file.body(), again.body()),
            "{out}"
        );
        assert_eq!(
            hcl::format::format_body_with_source(again.body(), &out),
            out
        );
    }
    out
}
