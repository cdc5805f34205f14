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

#[test]
fn values_keep_numbers_exact() {
    // `hcl::Value` asks this crate's deserializers for numbers exactly:
    // Terraform's 512-bit values survive `from_str::<Value>`, whether
    // literal, evaluated, nested or syntax-driven (`number/one-third`,
    // `number/tiny-literal` of the typed-value oracle print these digits).
    let v: hcl::Value = hcl::from_str("a = 1/3\nb = 0.1\nc = [1e-400, {d = 2/3}]\n").unwrap();
    let exact = |src: &str| hcl::eval::evaluate_str(src, &hcl::eval::Context::new()).unwrap();
    assert_eq!(v["a"], exact("1/3"));
    assert_eq!(v["a"].as_number().unwrap().to_string().len(), 157);
    assert_eq!(v["b"], exact("0.1"));
    assert_eq!(v["b"].as_number().unwrap().to_string(), "0.1");
    assert_eq!(
        v["c"][0].as_number().unwrap().to_string(),
        format!("0.{}1", "0".repeat(399))
    );
    assert_eq!(v["c"][1]["d"], exact("2/3"));
    // Adding exactly: 0.1 + 0.2 == 0.3 holds in 512 bits (as in Terraform).
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("v", v.clone());
    let sum = hcl::eval::evaluate_str("v.b + 0.2 == 0.3", &ctx).unwrap();
    assert_eq!(sum, hcl::Value::Bool(true));
    // Through other formats a number is still the nearest f64.
    let json = serde_json::to_value(&v["a"]).unwrap();
    assert_eq!(json.as_f64(), Some(1.0 / 3.0));
    let back: hcl::Value = serde_json::from_str("{\"x\": 0.5}").unwrap();
    assert_eq!(back["x"], hcl::Value::from(0.5));
    // A Value read from a Value is the same value.
    assert_eq!(hcl::from_value::<hcl::Value>(v.clone()).unwrap(), v);
    // The private key is refused, not trusted, when another format sends it.
    for junk in [
        "junk",
        "512:+:0:",
        "9999:+:0:1",
        "512:+:0:1,2,3,4,5,6,7,8,9",
    ] {
        let json = format!("{{\"$hcl::private::Number\": \"{junk}\"}}");
        assert!(serde_json::from_str::<hcl::Value>(&json).is_err(), "{junk}");
    }
}

#[test]
fn exact_values_round_trip_through_text() {
    // Written with every digit, read back to the same 512-bit value.
    let v: hcl::Value = hcl::from_str("a = 1/3\nb = [2/3, 0.1]\n").unwrap();
    let text = hcl::to_string(&v).unwrap();
    let back: hcl::Value = hcl::from_str(&text).unwrap();
    assert_eq!(back, v, "{text}");
    assert!(text.contains(&"3".repeat(150)), "{text}");
}

#[test]
fn negative_exact_values_round_trip() {
    let v: hcl::Value = hcl::from_str("a = -1/3\n").unwrap();
    let back: hcl::Value = hcl::from_str(&hcl::to_string(&v).unwrap()).unwrap();
    assert_eq!(back, v);
}
