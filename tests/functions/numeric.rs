//! Numeric functions: fixture cases, oracle `fn-numeric` cases and direct
//! calls.

use crate::support;

use hcl::Value;
use support::call;

#[test]
fn fixture_cases() {
    support::check(&support::fixture_cases(), "numeric/", &[], 60);
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(&support::fixture_cases(), "numeric/", &[], 1);
}

#[test]
fn oracle_cases() {
    support::check_oracle("fn-numeric/", 14);
}

#[test]
fn integers_stay_exact() {
    // parseint("ffffffffffffffff", 16) = 18446744073709551615 in Terraform.
    let v = call(
        "parseint",
        vec![Value::from("ffffffffffffffff"), Value::from(16)],
    )
    .unwrap();
    assert_eq!(v.as_u64(), Some(u64::MAX));
    assert_eq!(
        call("abs", vec![Value::from(i64::MIN)]).unwrap().as_u64(),
        Some(1 << 63)
    );
}

#[test]
fn error_cases() {
    let err = call("signum", vec![Value::from(0.1)]).unwrap_err();
    assert!(err.contains("value must be a whole number"), "{err}");
    let err = call("max", vec![]).unwrap_err();
    assert!(err.contains("must pass at least one number"), "{err}");
    let err = call("parseint", vec![Value::from("12x"), Value::from(10)]).unwrap_err();
    assert!(
        err.contains("cannot parse \"12x\" as a base 10 integer"),
        "{err}"
    );
    assert!(call("log", vec![Value::from(-1), Value::from(10)]).is_err());
}

#[test]
fn pow_and_log_refuse_numbers_beyond_f64() {
    // Terraform 1.11.4 (`terraform console`): cty converts their arguments
    // to float64 and refuses a finite number that would become infinite.
    let max = "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000";
    support::fails_with(
        "pow(2, 1e400)",
        &format!("Error in function call: Call to function \"pow\" failed: value must be between -{max} and {max} inclusive."),
    );
}

#[test]
fn abs_floor_and_ceil_are_exact() {
    // Terraform 1.11.4 (`terraform console`): abs(-1/3) keeps all 155
    // digits; floor(-1e-400) is -1 and ceil(1e-400) is 1; abs(-0) is 0.
    let ctx = hcl::eval::Context::new();
    let n = |src: &str| {
        hcl::eval::evaluate_str(src, &ctx)
            .unwrap()
            .as_number()
            .unwrap()
            .to_plain_string()
    };
    assert_eq!(n("abs(-1/3)"), format!("0.{}5", "3".repeat(154)));
    assert_eq!(n("floor(-1e-400)"), "-1");
    assert_eq!(n("ceil(1e-400)"), "1");
    assert_eq!(n("floor(-2.5)"), "-3");
    assert_eq!(n("ceil(-2.5)"), "-2");
    assert_eq!(n("ceil(1/3)"), "1");
    assert_eq!(n("abs(-0)"), "0");
}

#[test]
fn dividing_by_a_tiny_number_is_exact() {
    // Terraform 1.11.4: `1 / 1e-400 == 1e400` is true and `5 % 1e-400` is 0
    // (1e-400 is not zero, though its nearest f64 is).
    let ctx = hcl::eval::Context::new();
    assert_eq!(
        hcl::eval::evaluate_str("1 / 1e-400 == 1e400", &ctx).unwrap(),
        hcl::Value::Bool(true)
    );
    assert_eq!(hcl::eval::evaluate_str("5 % 1e-400", &ctx).unwrap(), 0i64);
}
