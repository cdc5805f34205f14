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

#[test]
fn timestamps_are_read_and_refused_as_terraform_reads_them() {
    // Terraform 1.11.4: formatdate and timeadd read RFC 3339 with cty's
    // strict reader, timecmp with Go's `time.Parse` (a one-digit hour, a
    // comma before the fraction and an offset of 24 hours pass there);
    // both word Go's parse errors in their own way.
    let ctx = hcl::eval::Context::new();
    let cases: &[(&str, Result<&str, &str>)] = &[
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-13-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"-01T00:00:00Z\" as month.")),
        ("timecmp(\"2024-13-01T00:00:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"-01T00:00:00Z\" as month.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2023-02-29T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: day out of range.")),
        ("timecmp(\"2023-02-29T00:00:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: day out of range.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T24:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: hour must be between 0 and 23 inclusive.")),
        ("timecmp(\"2024-01-01T24:00:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \":00:00Z\" as hour.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T1:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: hour must have exactly two digits.")),
        ("timecmp(\"2024-01-01T1:00:00Z\", \"2024-01-01T00:00:00Z\")", Ok("1")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:60:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: minute must have exactly two digits.")),
        ("timecmp(\"2024-01-01T12:60:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \":00Z\" as minute.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:60Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"Z\" as second.")),
        ("timecmp(\"2024-01-01T12:00:60Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"Z\" as second.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00,5Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \",\" as timestamp segment.")),
        ("timecmp(\"2024-01-01T12:00:00,5Z\", \"2024-01-01T00:00:00Z\")", Ok("1")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00+24:00\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"+24:00\" as UTC offset.")),
        ("timecmp(\"2024-01-01T12:00:00+24:00\", \"2024-01-01T00:00:00Z\")", Ok("-1")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00+25:00\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: end of string before UTC offset.")),
        ("timecmp(\"2024-01-01T12:00:00+25:00\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: end of string before UTC offset.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00+0100\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"+0100\" as UTC offset.")),
        ("timecmp(\"2024-01-01T12:00:00+0100\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"+0100\" as UTC offset.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01 12:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: missing required time introducer 'T'.")),
        ("timecmp(\"2024-01-01 12:00:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: missing required time introducer 'T'.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: end of string before UTC offset.")),
        ("timecmp(\"2024-01-01T12:00:00\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: end of string before UTC offset.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"24-01-01T12:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"24-01-01T12:00:00Z\" as year.")),
        ("timecmp(\"24-01-01T12:00:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"24-01-01T12:00:00Z\" as year.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-1T12:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"1T12:00:00Z\" as day of month.")),
        ("timecmp(\"2024-01-1T12:00:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"1T12:00:00Z\" as day of month.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:0:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: minute must have exactly two digits.")),
        ("timecmp(\"2024-01-01T12:0:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"0:00Z\" as minute.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00.Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \".Z\" as UTC offset.")),
        ("timecmp(\"2024-01-01T12:00:00.Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \".Z\" as UTC offset.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00ZZ\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"Z\" as timestamp segment.")),
        ("timecmp(\"2024-01-01T12:00:00ZZ\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"Z\" as timestamp segment.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: end of string before year.")),
        ("timecmp(\"\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: end of string before year.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: end of string where \"-\" is expected.")),
        ("timecmp(\"2024\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: end of string where \"-\" is expected.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: end of string where \":\" is expected.")),
        ("timecmp(\"2024-01-01T12\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: end of string where \":\" is expected.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:00:00+01:00x\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: cannot use \"x\" as timestamp segment.")),
        ("timecmp(\"2024-01-01T12:00:00+01:00x\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"x\" as timestamp segment.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T12:5x:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: minute must have exactly two digits.")),
        ("timecmp(\"2024-01-01T12:5x:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: cannot use \"5x:00Z\" as minute.")),
        ("formatdate(\"YYYY-MM-DD hh:mm:ss ZZZZZ\", \"2024-01-01T2x:00:00Z\")", Err("Invalid function argument: Invalid value for \"time\" parameter: not a valid RFC3339 timestamp: found \"x:00:00Z\" where \":\" is expected.")),
        ("timecmp(\"2024-01-01T2x:00:00Z\", \"2024-01-01T00:00:00Z\")", Err("Invalid function argument: Invalid value for \"timestamp_a\" parameter: not a valid RFC3339 timestamp: found \"x:00:00Z\" where \":\" is expected.")),
    ];
    for (src, want) in cases {
        match want {
            Ok(v) => {
                let got = hcl::eval::evaluate_str(src, &ctx).unwrap();
                let got = match &got {
                    Value::String(s) => s.to_string(),
                    other => other.to_string(),
                };
                assert_eq!(&got, v, "{src}");
            }
            Err(m) => support::fails_with(src, m),
        }
    }
}
