//! Date/time functions (feature `datetime`): fixture cases and direct calls.
#![cfg(feature = "datetime")]

use crate::support;

use hcl::Value;
use support::call;

#[test]
fn fixture_cases() {
    support::check(&support::fixture_cases(), "datetime/", &[], 60);
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(&support::fixture_cases(), "datetime/", &[], 1);
}

#[test]
fn formatdate_and_timeadd() {
    let v = call(
        "formatdate",
        vec![
            Value::from("EEEE, DD-MMM-YY hh:mm ZZZZZ"),
            Value::from("2024-02-29T13:04:05+05:30"),
        ],
    )
    .unwrap();
    assert_eq!(v, "Thursday, 29-Feb-24 13:04 +05:30");
    let v = call(
        "timeadd",
        vec![Value::from("2024-03-01T00:00:00Z"), Value::from("-1h30m")],
    )
    .unwrap();
    assert_eq!(v, "2024-02-29T22:30:00Z");
    let err = call(
        "timeadd",
        vec![Value::from("2024-01-01T00:00:00Z"), Value::from("1d")],
    )
    .unwrap_err();
    assert!(
        err.contains("unknown unit \"d\" in duration \"1d\""),
        "{err}"
    );
}

#[test]
fn formatdate_names_the_one_am_pm_verb_it_expected() {
    // Terraform 1.11.4: "must be" the letter doubled, as it was written.
    for (verb, want) in [("a", "aa"), ("AAA", "AA")] {
        support::fails_with(
            &format!("formatdate(\"{verb}\", \"2024-02-29T12:00:00Z\")"),
            &format!("Invalid function argument: Invalid value for \"format\" parameter: invalid date format verb \"{verb}\": must be \"{want}\"."),
        );
    }
}
