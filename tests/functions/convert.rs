//! Type conversion functions: fixture cases, oracle `fn-convert` cases and
//! direct calls.

use crate::support;

use hcl::Value;
use support::call;

/// Cases with an operator, which only the evaluator reads (a direct call
/// takes literals and calls), and those that need the arguments' types (a
/// set and a list are both arrays as values).
const NEED_EVALUATOR: &[&str] = &[
    "convert/tostring-precise",
    "convert/toset-set-and-empty-list-error",
    "convert/toset-set-and-tolist-error",
];

#[test]
fn fixture_cases() {
    support::check(&support::fixture_cases(), "convert/", NEED_EVALUATOR, 70);
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(&support::fixture_cases(), "convert/", &[], 1);
}

#[test]
fn oracle_cases() {
    support::check_oracle("fn-convert/", 11);
}

#[test]
fn unification() {
    // tolist([1, "a"]) = ["1", "a"]; tolist([true, 1]) fails.
    let v = call(
        "tolist",
        vec![Value::from(vec![Value::from(1), Value::from("a")])],
    )
    .unwrap();
    assert_eq!(v, Value::from(vec!["1", "a"]));
    let err = call(
        "tolist",
        vec![Value::from(vec![Value::from(true), Value::from(1)])],
    )
    .unwrap_err();
    assert!(
        err.contains("cannot convert tuple to list of any single type"),
        "{err}"
    );
}

#[test]
fn null_passes_through() {
    for f in ["tostring", "tonumber", "tobool", "tolist", "toset", "tomap"] {
        assert_eq!(call(f, vec![Value::Null]).unwrap(), Value::Null, "{f}");
    }
}

#[test]
fn number_strings() {
    assert_eq!(
        call("tostring", vec![Value::from(1e21)]).unwrap(),
        "1000000000000000000000"
    );
    let err = call("tonumber", vec![Value::from(" 5")]).unwrap_err();
    assert!(
        err.contains("given string must be a decimal representation of a number"),
        "{err}"
    );
}

/// `try` and `can` take their arguments' expressions; their oracle cases
/// run through the evaluator.
#[test]
fn oracle_try_can_cases() {
    match support::oracle_cases() {
        Some(cases) => support::check_eval(&cases, "fn-try/", &[], 6),
        None => eprintln!("HCL_ORACLE_DIR not set: oracle fn-try cases skipped"),
    }
}
