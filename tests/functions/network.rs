//! Network functions: fixture cases, oracle `fn-cidr` cases and direct
//! calls.

use crate::support;

use hcl::Value;
use support::call;

/// Cases where we knowingly differ from Terraform.
const KNOWN_DIFFERENCES: &[&str] = &[];

#[test]
fn fixture_cases() {
    support::check(&support::fixture_cases(), "network/", KNOWN_DIFFERENCES, 65);
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(&support::fixture_cases(), "network/", KNOWN_DIFFERENCES, 1);
}

#[test]
fn oracle_cases() {
    support::check_oracle("fn-cidr/", 6);
}

#[test]
fn subnets() {
    let v = call(
        "cidrsubnets",
        vec![
            Value::from("10.1.0.0/16"),
            Value::from(4),
            Value::from(4),
            Value::from(8),
            Value::from(4),
        ],
    )
    .unwrap();
    assert_eq!(
        v,
        Value::from(vec![
            "10.1.0.0/20",
            "10.1.16.0/20",
            "10.1.32.0/24",
            "10.1.48.0/20"
        ])
    );
    let err = call(
        "cidrhost",
        vec![Value::from("192.168.0.0/30"), Value::from(8)],
    )
    .unwrap_err();
    assert!(
        err.contains("prefix of 30 does not accommodate a host numbered 8"),
        "{err}"
    );
}

#[test]
fn cidrsubnets_refuses_a_bad_prefix_as_an_argument() {
    // Terraform 1.11.4 (an argument error, not a failed call).
    support::fails_with(
        "cidrsubnets(\"10.0.0.0\", 4)",
        "Invalid function argument: Invalid value for \"prefix\" parameter: invalid CIDR expression: invalid CIDR address: 10.0.0.0.",
    );
}

#[test]
fn a_number_beyond_the_address_is_an_error_not_a_panic() {
    // Terraform 1.11.4 panics in go-cidr here ("panic in function
    // implementation: runtime error: index out of range [-1]").
    for args in [
        vec![
            Value::from("::/0"),
            hcl::eval::evaluate_str(
                "340282366920938463463374607431768211456",
                &hcl::eval::Context::new(),
            )
            .unwrap(),
        ],
        vec![Value::from("10.0.0.0/8"), Value::from(u64::MAX)],
    ] {
        let name = if args.len() == 2 {
            "cidrhost"
        } else {
            "cidrsubnet"
        };
        let err = call(name, args).unwrap_err();
        assert!(err.contains("panic in function implementation"), "{err}");
    }
    let e = hcl::eval::evaluate_str(
        "cidrsubnet(\"10.0.0.0/8\", 8, 18446744073709551616)",
        &hcl::eval::Context::new(),
    )
    .unwrap_err();
    assert!(e.message().contains("index out of range"), "{e}");
}
