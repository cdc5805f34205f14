//! Hash functions (feature `hash`): fixture cases, oracle `fn-hash` cases
//! and direct calls.
#![cfg(feature = "hash")]

use crate::support;

use hcl::Value;
use support::call;

#[test]
fn fixture_cases() {
    support::check(&support::fixture_cases(), "hash/", &[], 25);
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(&support::fixture_cases(), "hash/", &[], 1);
}

#[test]
fn oracle_cases() {
    support::check_oracle("fn-hash/", 5);
}

#[test]
fn known_digests() {
    // Values from Terraform 1.11.
    assert_eq!(
        call("md5", vec![Value::from("hello")]).unwrap(),
        "5d41402abc4b2a76b9719d911017c592"
    );
    assert_eq!(
        call(
            "uuidv5",
            vec![Value::from("dns"), Value::from("www.example.com")]
        )
        .unwrap(),
        "2ed6657d-e927-568b-95e1-2665a8aea6a2"
    );
    let err = call("uuidv5", vec![Value::from("nope"), Value::from("x")]).unwrap_err();
    assert!(
        err.contains("uuidv5() doesn't support namespace nope"),
        "{err}"
    );
}
