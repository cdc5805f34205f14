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

#[test]
fn uuidv5_reads_namespaces_as_go_s_uuid_package() {
    // Terraform 1.11.4: google/uuid's `Parse`, braces (any two characters
    // around), a `urn:uuid:` prefix and 32 bare digits accepted, and its
    // error messages.
    let ctx = hcl::eval::Context::new();
    for ns in [
        "{6ba7b810-9dad-11d1-80b4-00c04fd430c8}",
        "urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8",
        "6ba7b8109dad11d180b400c04fd430c8",
    ] {
        let src = format!("uuidv5(\"{ns}\", \"a\")");
        assert_eq!(
            hcl::eval::evaluate_str(&src, &ctx).unwrap(),
            Value::from("4f3f2898-69e3-5a0d-820a-c4e87987dbce"),
            "{src}"
        );
    }
    for (ns, why) in [
        ("bogus", "invalid UUID length: 5"),
        ("ééééééééééééééééé", "invalid UUID length: 34"),
        (
            "6ba7b810-9dad-11d1-80b4-00c04fd430cx",
            "invalid UUID format",
        ),
        (
            "xx6ba7b810-9dad-11d1-80b4-00c04fd430c8",
            "invalid UUID format",
        ),
        (
            "urx:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8",
            "invalid urn prefix: \"urx:uuid:\"",
        ),
    ] {
        support::fails_with(
            &format!("uuidv5(\"{ns}\", \"a\")"),
            &format!("Error in function call: Call to function \"uuidv5\" failed: uuidv5() doesn't support namespace {ns} ({why})."),
        );
    }
}
