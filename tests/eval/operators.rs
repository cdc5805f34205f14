//! Arithmetic, comparison, equality, logic and conditionals. Expected values
//! are Terraform 1.11's (oracle cases and `terraform console`).

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn arithmetic() {
    check("1 + 2", json!(3));
    check("2 + 3 * 4", json!(14));
    check("10 - 4 - 3", json!(3));
    check("10 % 4 * 3", json!(6));
    check("-(3 + 2)", json!(-5));
    check("10 / 2", json!(5));
    check("7 / 2", json!(3.5));
    check("10 / 4", json!(2.5));
    check("1 / 3", json!(0.3333333333333333));
    check("0.1 * 3", json!(0.3));
    check("0.1 + 0.2", json!(0.3));
    check("1.1 - 1", json!(0.1));
    check("2.5 * 2", json!(5));
    check("5 / \"2\"", json!(2.5));
}

#[test]
fn negative_zero_keeps_its_sign() {
    assert_eq!(ev("\"${-0}x\""), hcl::Value::from("-0x"));
    assert!(ev("-0").as_f64().unwrap().is_sign_negative());
}

#[test]
fn decimal_arithmetic_compares_as_terraform() {
    // terraform console 1.11: true, true, false, true.
    check("0.1 + 0.2 == 0.3", json!(true));
    check("0.7 + 0.1 == 0.8", json!(true));
    check("1.1 - 1 == 0.1", json!(false));
    check("3.3 * 3 == 9.9", json!(true));
}

#[test]
fn modulo_truncates_with_sign_of_dividend() {
    check("17 % 5", json!(2));
    check("-7 % 3", json!(-1));
    check("7 % -3", json!(1));
    check("-7 % -3", json!(-1));
    check("5.5 % 2", json!(1.5));
    check("5 % 0", json!(5));
    check("(-5) % 0.0", json!(-5));
}

#[test]
fn integers_stay_exact() {
    assert_eq!(
        ev("9223372036854775807 + 1").as_u64(),
        Some(9223372036854775808)
    );
    assert_eq!(
        ev("4611686018427387904 * 2").as_u64(),
        Some(9223372036854775808)
    );
    assert_eq!(ev("9007199254740993 % 10").as_u64(), Some(3));
    assert_eq!(
        ev("18446744073709551615 - 1").as_u64(),
        Some(18446744073709551614)
    );
}

#[test]
fn division_by_zero_is_infinity_and_zero_by_zero_fails() {
    let v = ev("1 / 0");
    assert_eq!(v.as_f64(), Some(f64::INFINITY));
    assert_eq!(ev("-1 / 0").as_f64(), Some(f64::NEG_INFINITY));
    check_err("0 / 0", "Operation failed");
}

#[test]
fn undefined_results_with_infinity_fail_as_terraform_says() {
    // terraform console 1.11.4: each message, and the results that are
    // defined.
    check_err("(1/0) - (1/0)", "can't subtract infinity from itself");
    check_err("(-1/0) - (-1/0)", "can't subtract infinity from itself");
    check_err("(1/0) + (-1/0)", "can't compute sum of opposing infinities");
    check_err("0 * (1/0)", "can't multiply zero by infinity");
    check_err("(-1/0) * 0", "can't multiply zero by infinity");
    check_err(
        "(1/0) / (1/0)",
        "can't divide zero by zero or infinity by infinity",
    );
    // A modulo with an infinite operand fails (Terraform's own `(1/0) % 2`
    // fails too, on a nil pointer inside its number library).
    check_err("2 % (1/0)", "can't use modulo with zero and infinity");
    check_err("0 % (1/0)", "can't use modulo with zero and infinity");
    check_err("(1/0) % 2", "Operation failed");
    assert_eq!(ev("(1/0) % 0").as_f64(), Some(f64::INFINITY));
    check("5 % 0", json!(5));
    assert_eq!(ev("(1/0) - (-1/0)").as_f64(), Some(f64::INFINITY));
    assert_eq!(ev("(-1/0) + (-1/0)").as_f64(), Some(f64::NEG_INFINITY));
}

#[test]
fn operands_beyond_f64_compute_exactly() {
    // terraform console 1.11.4: quotients and differences of 53-bit
    // numbers beyond an f64's range (whose f64 forms are 0/0 or inf - inf).
    check(
        r#"[(pow(2, -600) * pow(2, -600)) / (pow(2, -600) * pow(2, -500)) == pow(2, -100), (pow(2, 600) * pow(2, 600)) / (pow(2, 600) * pow(2, 500)) == pow(2, 100), (pow(2, 600) * pow(2, 600)) - (pow(2, 600) * pow(2, 600)), format("%.5e", (pow(2, -600) * pow(2, -600)) / 3)]"#,
        json!([true, true, 0, "1.93590e-362"]),
    );
}

#[test]
fn numbers_beyond_f64_stay_finite_beside_infinities() {
    // terraform console 1.11.4: 1e400 is a finite number, however large;
    // 1e-400 is not zero.
    check(
        r#"[1e400 - tonumber("inf") < 0, -1/0 < -1e400, 1e400 == 1/0, 1e400 > 1/0, 1e400 / (1/0), max(1e400, 1/0) == 1/0, 1e-400 * (1/0) > 0, (1/0) / 1e-400 > 0, -1e-400 * (1/0) < 0, 1e400 + -1/0 < 0, min(1e400, 1/0) == 1e400, 1e-400 / (1/0), (1/0) * 1e400 > 0, (1/0) - 1e400 > 0]"#,
        json!([true, true, false, false, 0, true, true, true, true, true, true, 0, true, true]),
    );
}

#[test]
fn float_results_have_no_f64_exponent_limit() {
    // `pow` gives 53-bit numbers; Terraform's have no exponent limit, so
    // their products go beyond an f64's range (terraform console 1.11.4).
    check(
        r#"[format("%.16e", pow(2, 600) * pow(2, 600)), format("%.16e", pow(2, -600) * pow(2, -600)), format("%.16e", pow(2, 1000) + pow(2, 1000)), pow(2, 600) * pow(2, 600) > 1e360]"#,
        json!([
            "1.7218479456385751e+361",
            "5.8077137562175032e-362",
            "2.1430172143725346e+301",
            true
        ]),
    );
}

#[test]
fn subnormal_results_are_53_bit_numbers() {
    // `pow(2, -1074)` is the smallest subnormal `f64`, but a 53-bit number
    // in Terraform: it prints with 16 digits, and a product keeps every
    // digit of the exact result (terraform console 1.11.4).
    check(
        r#"[tostring(pow(2, -1074)), tostring(pow(2, -1074) * 3)]"#,
        json!([
            format!("0.{}4940656458412465", "0".repeat(323)),
            format!("0.{}14821969375237396325297063786046641170951794078429742932767570475020265218106262555958995090849079771393896940863371531927799701310678193891963243880323456", "0".repeat(322))
        ]),
    );
}

#[test]
fn modulo_of_a_53_bit_number_rounds_as_terraform() {
    // cty's remainder is `a - b × trunc(a / b)` with the product and the
    // difference at the dividend's precision: a 53-bit dividend (a `pow` or
    // `log` result) can lose its remainder (terraform console 1.11.4).
    check(
        r#"[tostring(pow(2, 64) % 10), tostring(pow(2, 64) % 7), tostring(pow(2, 60) % pow(3, 1)), tostring(pow(1.5, 40) % 3), tostring(log(1000, 10) % 1), tostring(pow(2, 0.5) % 0.1), tostring(-pow(2, 64) % 10), tostring(-0 % 5), tostring(1e200 % 7), tostring(-7.5 % 2)]"#,
        json!([
            "0",
            "0",
            "0",
            "1.3209400121122599",
            "0.9999999999999996",
            "0.014213562373095234",
            "0",
            "-0",
            "0",
            "-1.5"
        ]),
    );
}

#[test]
fn zeros_keep_their_sign_as_terraform_s_do() {
    // Terraform's numbers keep the sign of zero as IEEE arithmetic does, at
    // any precision (`-0` written in a file is a 512-bit zero). (terraform console 1.11.4)
    check(
        r#"[tostring(0 * -1), tostring(-0 * 5), tostring(0 / -3.5), tostring(-0 - 0), tostring((0.5 - 0.5) * -2), tostring(-0 % -5), tostring(-0 % 5), tostring(-0 + pow(1.1, 100)), tostring(-(pow(0.5, 1074) * 0.3) / -0)]"#,
        json!([
            "-0",
            "-0",
            "-0",
            "-0",
            "-0",
            "0",
            "-0",
            "13780.6123398223644471727311611175537109375",
            "+Inf"
        ]),
    );
}

#[test]
fn products_keep_the_bits_they_need() {
    // cty multiplies at 512 bits and keeps as many bits as the product takes
    // (two 53-bit numbers multiply exactly); `floor` and `ceil` keep their
    // argument's precision; a 53-bit integer wider than 53 bits prints as its
    // shortest decimal, negated or not. (terraform console 1.11.4)
    check(
        r#"[tostring(pow(3, 1.5) * log(10, 3)), tostring(pow(2, 0.5) * pow(2, 0.5)), tostring(ceil(log(100, 2)) * pow(2, 0.5)), tostring(floor(-1/3 * 7.25) + pow(2, -30)), tostring(ceil((1e-20 - 0) * -1) + pow(2, 0.5)), tostring(pow(2, 60) + pow(2, 8)), tostring(-pow(2, 60) - pow(2, 8)), tostring(-pow(2, 0.25) * pow(2, 64) / pow(3, 1.5))]"#,
        json!([
            "10.8906328764575496969009683599",
            "2.00000000000000027343234630647693",
            "9.899494936611666",
            "-2.999999999068677425384521484375",
            "1.4142135623730951454746218587388284504413604736328125",
            "1152921504606847200",
            "-1152921504606847200",
            "-4221777483898919000"
        ]),
    );
}

#[test]
fn operands_are_converted() {
    check("\"5\" + 1", json!(6));
    check("\"2.5\" * \"2\"", json!(5));
    check("-\"3\"", json!(-3));
    check("\"true\" && true", json!(true));
    check("true && \"false\"", json!(false));
    check("!\"false\"", json!(true));
    check("1 < \"2\"", json!(true));
    check("\"10\" > 9", json!(true));
}

#[test]
fn equality_compares_type_and_value() {
    check("1 == \"1\"", json!(false));
    check("true == \"true\"", json!(false));
    check("1 == 1.0", json!(true));
    check("[1, 2] == [1, 2]", json!(true));
    check("[1] == [1.0]", json!(true));
    check("{a = 1, b = 2} == {b = 2, a = 1}", json!(true));
    check("\"\" == null", json!(false));
    check("null == null", json!(true));
    check("\"a\" != \"b\"", json!(true));
    check("!true == false", json!(true));
}

#[test]
fn logic_and_comparison() {
    check(
        "[1 < 2, 2 > 3, 2 <= 2, 3 >= 4]",
        json!([true, false, true, false]),
    );
    check("true || false && false", json!(true));
    check("!!true", json!(true));
    check("!(1 == 2)", json!(true));
}

#[test]
fn logic_does_not_short_circuit() {
    // Terraform evaluates both operands: the right one's error surfaces.
    check_err("false && [1][5]", "Invalid index");
}

#[test]
fn operand_errors() {
    let e = check_err("\"abc\" + 1", "Invalid operand");
    assert!(
        e.message().contains("number is required"),
        "{}",
        e.message()
    );
    assert_eq!(e.column(), Some(1));
    check_err("1 < 2 < 3", "Invalid operand");
    check_err("\"a\" < \"b\"", "Invalid operand");
    check_err("\"a\" - \"b\"", "Invalid operand");
    check_err("-true", "Invalid operand");
    check_err("null + 1", "argument must not be null");
    check_err("!null", "argument must not be null");
    check_err("null && true", "argument must not be null");
}

#[test]
fn conditionals() {
    check("true ? \"yes\" : \"no\"", json!("yes"));
    check("false ? 1 : true ? 2 : 3", json!(2));
    check("\"true\" ? 1 : 2", json!(1));
    check("true ? null : \"x\"", json!(null));
    check("false ? 1 : null", json!(null));
    check("true ? \"ok\" : [1][5]", json!("ok"));
    check_err("null ? 1 : 2", "Null condition");
    check_err("\"maybe\" ? 1 : 2", "Incorrect condition type");
}

#[test]
fn conditional_result_types_are_unified() {
    check("true ? 1 : \"a\"", json!("1"));
    check("true ? true : \"x\"", json!("true"));
    check("true ? [1] : [1, 2]", json!([1]));
    check("true ? {a = 1} : {b = 2}", json!({"a": 1}));
    check("true ? [1] : [\"a\"]", json!(["1"]));
    check("true ? [1] : [\"a\", \"b\"]", json!(["1"]));
    check("true ? [1, true] : [\"a\", \"b\"]", json!(["1", "true"]));
    check("true ? {a = 1} : {a = \"x\"}", json!({"a": "1"}));
    check("true ? [1, 2] : []", json!([1, 2]));
    check_err("true ? 1 : false", "Inconsistent conditional result types");
    check_err(
        "true ? [1] : {a = 1}",
        "Inconsistent conditional result types",
    );
    check_err("true ? 1 : [1]", "Inconsistent conditional result types");
}

#[test]
fn long_operator_chains_do_not_recurse() {
    let src = vec!["1"; 100_000].join(" + ");
    assert_eq!(ev(&src), hcl::Value::from(100_000));
    let src = format!("x{}", " || false".repeat(100_000));
    let ctx = hcl::eval::Context::new().with_var("x", true);
    assert_eq!(ev_in(&src, &ctx), hcl::Value::from(true));
    // Preserved as written.
    let src = format!("var.x{}", " - 1".repeat(100_000));
    assert_eq!(ev_preserve(&src), hcl::Value::from(format!("${{{src}}}")));
}

#[test]
fn strings_convert_to_numbers_as_tonumber_does() {
    // Terraform 1.11.4: `"inf" + 1` is +Inf, `"-0" + 0` is 0, and a string
    // that is not a decimal number is an error.
    let ctx = hcl::eval::Context::new();
    let v = hcl::eval::evaluate_str("\"inf\" + 1", &ctx).unwrap();
    assert_eq!(v.as_f64(), Some(f64::INFINITY));
    let v = hcl::eval::evaluate_str("\"-0\" + 0", &ctx).unwrap();
    assert_eq!(v.as_f64(), Some(0.0));
    assert!(hcl::eval::evaluate_str("\"Infinity\" + 1", &ctx).is_err());
    assert!(hcl::eval::evaluate_str("\" 1\" + 1", &ctx).is_err());
}
