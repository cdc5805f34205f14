//! Numbers into every integer and float type, range errors, and Terraform's
//! string → number / bool conversions (checked against `tonumber` /
//! `tobool` in Terraform 1.11).

use hcl::Value;

#[test]
fn every_integer_type() {
    assert_eq!(hcl::from_value::<i8>(Value::from(-128)).unwrap(), -128);
    assert_eq!(hcl::from_value::<i16>(Value::from(-32768)).unwrap(), -32768);
    assert_eq!(
        hcl::from_value::<i32>(Value::from(i32::MIN)).unwrap(),
        i32::MIN
    );
    assert_eq!(
        hcl::from_value::<i64>(Value::from(i64::MIN)).unwrap(),
        i64::MIN
    );
    assert_eq!(hcl::from_value::<i128>(Value::from(-5)).unwrap(), -5);
    assert_eq!(hcl::from_value::<u8>(Value::from(255)).unwrap(), 255);
    assert_eq!(hcl::from_value::<u16>(Value::from(65535)).unwrap(), 65535);
    assert_eq!(
        hcl::from_value::<u32>(Value::from(u32::MAX)).unwrap(),
        u32::MAX
    );
    assert_eq!(
        hcl::from_value::<u64>(Value::from(u64::MAX)).unwrap(),
        u64::MAX
    );
    assert_eq!(hcl::from_value::<u128>(Value::from(7)).unwrap(), 7);
    assert_eq!(hcl::from_value::<usize>(Value::from(9)).unwrap(), 9);
    assert_eq!(hcl::from_value::<isize>(Value::from(-9)).unwrap(), -9);
}

#[test]
fn whole_floats_are_integers() {
    // HCL numbers are arbitrary precision; 3.0 is the integer 3.
    assert_eq!(hcl::from_value::<u8>(Value::from(3.0)).unwrap(), 3);
    assert_eq!(hcl::from_value::<i32>(Value::from(-4.0)).unwrap(), -4);
}

#[test]
fn floats() {
    assert_eq!(hcl::from_value::<f64>(Value::from(1.5)).unwrap(), 1.5);
    assert_eq!(hcl::from_value::<f32>(Value::from(0.25)).unwrap(), 0.25);
    assert_eq!(hcl::from_value::<f64>(Value::from(3)).unwrap(), 3.0);
    assert_eq!(
        hcl::from_value::<f64>(Value::from(u64::MAX)).unwrap(),
        u64::MAX as f64
    );
    assert_eq!(
        hcl::from_value::<f64>(Value::from(f64::INFINITY)).unwrap(),
        f64::INFINITY
    );
}

#[test]
fn out_of_range_errors() {
    let err = hcl::from_value::<u8>(Value::from(256)).unwrap_err();
    assert_eq!(err.message(), "invalid value: integer `256`, expected u8");
    let err = hcl::from_value::<u32>(Value::from(-1)).unwrap_err();
    assert_eq!(err.message(), "invalid value: integer `-1`, expected u32");
    let err = hcl::from_value::<i8>(Value::from(-129)).unwrap_err();
    assert_eq!(err.message(), "invalid value: integer `-129`, expected i8");
    let err = hcl::from_value::<i64>(Value::from(u64::MAX)).unwrap_err();
    assert!(err.message().contains("expected i64"), "{err}");
    // Out of range when converted from a string, too.
    let err = hcl::from_value::<u8>(Value::from("300")).unwrap_err();
    assert_eq!(err.message(), "invalid value: integer `300`, expected u8");
}

#[test]
fn fractions_do_not_become_integers() {
    let err = hcl::from_value::<i32>(Value::from(1.5)).unwrap_err();
    assert_eq!(
        err.message(),
        "invalid type: floating point `1.5`, expected i32"
    );
}

#[test]
fn strings_holding_numbers_convert() {
    // tonumber("42") == 42, tonumber("-7") == -7, tonumber("+5") == 5,
    // tonumber("1e3") == 1000, tonumber(".5") == 0.5, tonumber("5.") == 5
    assert_eq!(hcl::from_value::<u32>(Value::from("42")).unwrap(), 42);
    assert_eq!(hcl::from_value::<i32>(Value::from("-7")).unwrap(), -7);
    assert_eq!(hcl::from_value::<i32>(Value::from("+5")).unwrap(), 5);
    assert_eq!(hcl::from_value::<u32>(Value::from("1e3")).unwrap(), 1000);
    assert_eq!(hcl::from_value::<f64>(Value::from(".5")).unwrap(), 0.5);
    assert_eq!(hcl::from_value::<u8>(Value::from("5.")).unwrap(), 5);
    assert_eq!(
        hcl::from_value::<i64>(Value::from("-9223372036854775808")).unwrap(),
        i64::MIN
    );
    // tonumber("inf") == +Inf, tonumber("-inf") == -Inf
    assert_eq!(
        hcl::from_value::<f64>(Value::from("inf")).unwrap(),
        f64::INFINITY
    );
    assert_eq!(
        hcl::from_value::<f64>(Value::from("-inf")).unwrap(),
        f64::NEG_INFINITY
    );
    // And into Value-typed numbers when the target is a number.
    assert_eq!(hcl::from_value::<f32>(Value::from("2.5")).unwrap(), 2.5);
}

#[test]
fn strings_that_are_not_numbers_are_rejected() {
    // Terraform rejects all of these in tonumber().
    for s in [
        " 5", "0x10", "1_000", "", "1e", "nan", "Infinity", "abc", "--1",
    ] {
        let err = hcl::from_value::<f64>(Value::from(s)).unwrap_err();
        assert!(
            err.message().starts_with("invalid value: string"),
            "{s:?}: {err}"
        );
        assert!(hcl::from_value::<i32>(Value::from(s)).is_err(), "{s:?}");
    }
}

#[test]
fn strings_holding_bools_convert() {
    // tobool("true"), tobool("1") == true; tobool("false"), tobool("0") == false
    assert!(hcl::from_value::<bool>(Value::from("true")).unwrap());
    assert!(hcl::from_value::<bool>(Value::from("1")).unwrap());
    assert!(!hcl::from_value::<bool>(Value::from("false")).unwrap());
    assert!(!hcl::from_value::<bool>(Value::from("0")).unwrap());
    // tobool("yes"), tobool("True"), tobool("2") fail.
    for s in ["yes", "True", "2"] {
        let err = hcl::from_value::<bool>(Value::from(s)).unwrap_err();
        assert_eq!(
            err.message(),
            format!("invalid value: string {s:?}, expected a boolean")
        );
    }
}

#[test]
fn bools_and_numbers_do_not_mix() {
    // tonumber(true) fails in Terraform; so does the reverse.
    assert!(hcl::from_value::<i32>(Value::from(true)).is_err());
    assert!(hcl::from_value::<bool>(Value::from(1)).is_err());
}

#[test]
fn number_to_value_and_back() {
    let n: hcl::Number = hcl::Number::from(12);
    let v: Value = hcl::from_value(Value::Number(n)).unwrap();
    assert_eq!(v, Value::from(12));
}
