//! String functions: our Terraform-checked fixture cases, the shared
//! oracle's `fn-string` cases (with HCL_ORACLE_DIR), and direct calls.

use crate::support;

use hcl::Value;
use support::call;

/// Cases where we knowingly differ from Terraform.
const KNOWN_DIFFERENCES: &[&str] = &[];

#[test]
fn fixture_cases() {
    let min = if cfg!(feature = "functions") { 140 } else { 1 };
    support::check(&support::fixture_cases(), "string/", KNOWN_DIFFERENCES, min);
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(&support::fixture_cases(), "string/", KNOWN_DIFFERENCES, 1);
}

#[test]
fn oracle_cases() {
    support::check_oracle(
        "fn-string/",
        if cfg!(feature = "functions") { 35 } else { 1 },
    );
}

#[test]
fn format_number_conversions() {
    // Values from Terraform 1.11: format("%d", 1.0) = "1", %s of 1.50 = "1.5".
    let f = |fmt: &str, v: Value| call("format", vec![Value::from(fmt), v]);
    assert_eq!(f("%d", Value::from(1.0)).unwrap(), "1");
    assert_eq!(f("%s", Value::from(1.5)).unwrap(), "1.5");
    assert_eq!(f("%05d", Value::from(-42)).unwrap(), "-0042");
    assert_eq!(f("%.1f", Value::from(12.345)).unwrap(), "12.3");
}

#[test]
fn format_errors_name_the_verb() {
    let err = call("format", vec![Value::from("%d"), Value::from(1.5)]).unwrap_err();
    assert!(
        err.contains("unsupported value for \"%d\" at 0: an integer is required"),
        "{err}"
    );
    let err = call("format", vec![Value::from("%s %s"), Value::from("a")]).unwrap_err();
    assert!(
        err.contains("not enough arguments for \"%s\" at 3: need index 2 but have 1 total"),
        "{err}"
    );
    let err = call(
        "format",
        vec![Value::from("%s"), Value::from("a"), Value::from("b")],
    )
    .unwrap_err();
    assert!(
        err.contains("too many arguments; only 1 used by format string"),
        "{err}"
    );
}

#[test]
fn formatlist_errors_name_the_iteration() {
    // Terraform 1.11: "Error in function call" with the iteration, for the
    // errors format reports as an invalid argument too.
    let ctx = hcl::eval::Context::new();
    for (src, want) in [
        (
            "formatlist(\"%v\", 1, 2)",
            "Error in function call: Call to function \"formatlist\" failed: error on format iteration 0: too many arguments; only 1 used by format string.",
        ),
        (
            "formatlist(\"%d\", [1, \"a\"])",
            "Error in function call: Call to function \"formatlist\" failed: error on format iteration 1: unsupported value for \"%d\" at 0: a number is required.",
        ),
        (
            "formatlist(\"%v %v\", [1], [2, 3])",
            "Invalid function argument: Invalid value for \"args\" parameter: argument 2 has length 2, which is inconsistent with argument 1 of length 1.",
        ),
    ] {
        let err = hcl::eval::evaluate_str(src, &ctx).unwrap_err();
        assert_eq!(err.message(), want, "{src}");
    }
}

#[test]
fn arity_and_null_errors() {
    assert!(call("upper", vec![]).is_err());
    assert!(call("upper", vec![Value::from("a"), Value::from("b")]).is_err());
    let err = call("upper", vec![Value::Null]).unwrap_err();
    assert!(err.contains("must not be null"), "{err}");
}

#[test]
fn graphemes_count_as_one() {
    // length("👍🏽ab") = 3 and substr("a👍🏽b", 1, 1) = "👍🏽" in Terraform.
    if cfg!(feature = "unicode") {
        assert_eq!(
            call("length", vec![Value::from("👍🏽ab")]).unwrap(),
            Value::from(3)
        );
        let s = call(
            "substr",
            vec![Value::from("a👍🏽b"), Value::from(1), Value::from(1)],
        );
        assert_eq!(s.unwrap(), "👍🏽");
    }
}

#[cfg(feature = "regex")]
#[test]
fn regex_result_shapes() {
    let r = call("regex", vec![Value::from("^(a)?(b)"), Value::from("b")]).unwrap();
    assert_eq!(r, Value::from(vec![Value::Null, Value::from("b")]));
    let err = call("regex", vec![Value::from("z"), Value::from("abc")]).unwrap_err();
    assert!(err.contains("pattern did not match any part of the given string"));
}

/// Compiled patterns are kept between calls: a pattern met again, after
/// more than the table holds, an invalid one asked twice and a long one
/// give what they gave the first time.
#[cfg(feature = "regex")]
#[test]
fn patterns_called_again_give_the_same_results() {
    let groups = |p: &str, s: &str| call("regex", vec![Value::from(p), Value::from(s)]);
    for round in 0..2 {
        for i in 0..100 {
            let got = groups(&format!("(a)(b{{{i}}})"), &format!("a{}", "b".repeat(i))).unwrap();
            assert_eq!(
                got,
                Value::from(vec![Value::from("a"), Value::from("b".repeat(i))]),
                "{round} {i}"
            );
        }
        let err = groups("(", "a").unwrap_err();
        assert!(err.contains("invalid regexp pattern"), "{err}");
    }
    let long = format!("^{}$", "a".repeat(5000));
    assert_eq!(
        groups(&long, &"a".repeat(5000)).unwrap(),
        Value::from("a".repeat(5000))
    );
    assert!(groups(&long, "a").is_err());
}

#[test]
fn huge_widths_are_refused_not_allocated() {
    assert!(call("format", vec![Value::from("%999999999d"), Value::from(1)]).is_err());
    assert!(call("format", vec![Value::from("%.999999999f"), Value::from(1)]).is_err());
    assert!(call("indent", vec![Value::from(1e12), Value::from("a\nb")]).is_err());
}

#[test]
fn results_are_nfc_like_terraform() {
    // Terraform: join("", ["e", "\u0301"]) is "é" (U+00E9); strrev of
    // "e\u0301x" is "xé".
    let parts = Value::from(vec!["e", "\u{301}"]);
    assert_eq!(
        call("join", vec![Value::from(""), parts]).unwrap(),
        "\u{e9}"
    );
    if cfg!(feature = "unicode") {
        let v = call("strrev", vec![Value::from("e\u{301}x")]).unwrap();
        assert_eq!(v, "x\u{e9}");
    }
}

/// `regexall` and `csvdecode` type their results from their first argument
/// converted to a string, as Terraform does (Terraform 1.11.4:
/// `type(regexall(1, "a1"))` is `list(string)`, `type(csvdecode(1))`
/// `list(object({1: string}))`).
#[test]
#[cfg(all(feature = "regex", feature = "csv"))]
fn a_number_as_pattern_or_text_types_the_result() {
    let ctx = hcl::eval::Context::new();
    let t = hcl::eval::evaluate_typed_str("regexall(1, \"a1\")", &ctx).unwrap();
    assert_eq!(t.ty().to_string(), "list(string)");
    assert_eq!(t.value(), &Value::from(vec!["1"]));
    let t = hcl::eval::evaluate_typed_str("csvdecode(1)", &ctx).unwrap();
    assert_eq!(t.ty().to_string(), "list(object({1: string}))");
}
