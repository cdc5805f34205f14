//! Encoding functions: fixture cases, oracle `fn-encoding` cases and direct
//! calls.

use crate::support;

use hcl::Value;
use support::call;
#[cfg(any(feature = "json", all(feature = "base64", feature = "textencoding")))]
use support::fails_with;

/// Cases where we knowingly differ from Terraform.
const KNOWN_DIFFERENCES: &[&str] = &[
    // Go's deflate finds other matches than flate2 for longer input: both
    // outputs are valid gzip of the same text (see the round-trip test).
    "encoding/base64gzip-longer",
    // yaml-rust2 rejects a bare `-` as a flow sequence entry; go-yaml reads
    // it as the string "-".
    "encoding/yamldecode-not-numbers",
];

#[test]
fn fixture_cases() {
    let min = if cfg!(feature = "functions") { 120 } else { 1 };
    support::check(
        &support::fixture_cases(),
        "encoding/",
        KNOWN_DIFFERENCES,
        min,
    );
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(&support::fixture_cases(), "encoding/", KNOWN_DIFFERENCES, 1);
}

#[test]
fn oracle_cases() {
    support::check_oracle(
        "fn-encoding/",
        if cfg!(feature = "functions") { 13 } else { 1 },
    );
}

#[test]
fn jsonencode_escapes_like_go() {
    // jsonencode("<a&b>") = "\"\\u003ca\\u0026b\\u003e\"" in Terraform.
    let v = call("jsonencode", vec![Value::from("<a&b>")]).unwrap();
    assert_eq!(v, "\"\\u003ca\\u0026b\\u003e\"");
    let inf = call("jsonencode", vec![Value::from(f64::INFINITY)]);
    assert!(inf.is_err());
}

#[test]
fn yamlencode_quotes_every_string() {
    let v = call(
        "yamlencode",
        vec![Value::from(vec!["yes", "1", "", "a: b"])],
    )
    .unwrap();
    assert_eq!(v, "- \"yes\"\n- \"1\"\n- \"\"\n- \"a: b\"\n");
}

#[cfg(feature = "gzip")]
#[test]
fn base64gzip_matches_go_for_short_input() {
    let v = call("base64gzip", vec![Value::from("hello")]).unwrap();
    assert_eq!(v, "H4sIAAAAAAAA/8pIzcnJBwAAAP//AQAA//+GphA2BQAAAA==");
}

#[cfg(all(feature = "gzip", feature = "base64"))]
#[test]
fn base64gzip_round_trips_long_input() {
    use std::io::Read;
    let text = "lorem ipsum dolor sit amet ".repeat(2000);
    let b64 = call("base64gzip", vec![Value::from(text.as_str())]).unwrap();
    let b64 = b64.as_str().unwrap();
    // Decode with flate2 through our own base64decode of a known-ASCII payload is
    // not possible (binary), so decode base64 by hand via the base64 crate path:
    let bytes = decode_b64(b64);
    let mut out = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(out, text);
}

#[cfg(all(feature = "gzip", feature = "base64"))]
fn decode_b64(s: &str) -> Vec<u8> {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes().filter(|c| *c != b'=') {
        bits = bits << 6 | A.iter().position(|a| *a == c).unwrap() as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    out
}

#[cfg(feature = "yaml")]
#[test]
fn yamldecode_yaml11_scalars() {
    let v = call(
        "yamldecode",
        vec![Value::from("- yes\n- 'yes'\n- 0x10\n- ~\n")],
    )
    .unwrap();
    assert_eq!(
        v,
        Value::from(vec![
            Value::Bool(true),
            Value::from("yes"),
            Value::from(16),
            Value::Null
        ])
    );
}

#[cfg(feature = "yaml")]
#[test]
fn yamldecode_alias_bomb_is_an_error() {
    let mut doc = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..12 {
        let p = i - 1;
        doc.push_str(&format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    let err = call("yamldecode", vec![Value::from(doc)]).unwrap_err();
    assert!(err.contains("too many values"), "{err}");
}

#[cfg(all(feature = "base64", feature = "textencoding"))]
#[test]
fn base64_is_read_as_go_reads_it() {
    // Each message and value as Terraform 1.11.4 prints it (Go's
    // `CorruptInputError` offsets: an incomplete group is reported where it
    // starts; line ends are skipped, also between the two `=`).
    let bad = |offset: usize| {
        format!("Invalid function argument: Invalid value for \"source\" parameter: the given value is has an invalid base64 symbol at offset {offset}.")
    };
    for (src, offset) in [
        ("aGk", 0),
        ("S", 0),
        ("SG=sbG8=", 2),
        ("SGVsbG8=x", 8),
        ("SGVsbA=", 7),
        ("SGVs\\nb", 5),
        ("SGVsbA==AA==", 8),
    ] {
        fails_with(
            &format!("textdecodebase64(\"{src}\", \"UTF-8\")"),
            &bad(offset),
        );
    }
    let ctx = hcl::eval::Context::new();
    for (src, want) in [
        ("textdecodebase64(\"SGVs\\nbA=\\n=\", \"UTF-8\")", "Hell"),
        ("textdecodebase64(\"SGVsbA==\\n\\n\", \"UTF-8\")", "Hell"),
        ("base64decode(\"SGVsbG9=\")", "Hello"),
        ("base64encode(\"Hello, 💃🏿!\")", "SGVsbG8sIPCfkoPwn4+/IQ=="),
    ] {
        assert_eq!(
            hcl::eval::evaluate_str(src, &ctx).unwrap(),
            Value::from(want),
            "{src}"
        );
    }
    fails_with(
        "base64decode(\"SGVsbG8\")",
        "Error in function call: Call to function \"base64decode\" failed: failed to decode base64 data \"SGVsbG8\".",
    );
    // UTF-16: an odd byte and a lone surrogate are "not defined".
    for (src, enc) in [
        ("SGVsbG8=", "UTF-16LE"),
        ("//79", "UTF-16LE"),
        ("AND/", "UTF-16BE"),
    ] {
        fails_with(
            &format!("textdecodebase64(\"{src}\", \"{enc}\")"),
            &format!("Invalid function argument: Invalid value for \"source\" parameter: the given string contains symbols that are not defined for {enc}."),
        );
    }
}

#[cfg(feature = "json")]
#[test]
fn jsondecode_refuses_bad_json_in_go_s_words() {
    // Terraform 1.11.4: cty reads the document with Go's decoder, whose
    // messages these are (`EOF` between tokens, `unexpected EOF` inside a
    // value, no context for a bad first key, a closing bracket after the
    // value accepted).
    let ctx = hcl::eval::Context::new();
    let cases: &[(&str, Result<&str, &str>)] = &[
        ("jsondecode(\"1]\")", Ok("1")),
        ("jsondecode(\"1 2\")", Err("Error in function call: Call to function \"jsondecode\" failed: extraneous data after JSON object.")),
        ("jsondecode(\"[01]\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '1' after array element.")),
        ("jsondecode(\"- 1\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character ' ' in numeric literal.")),
        ("jsondecode(\"1.x\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'x' after decimal point in numeric literal.")),
        ("jsondecode(\"1ex\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'x' in exponent of numeric literal.")),
        ("jsondecode(\"[1 2]\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '2' after array element.")),
        ("jsondecode(\"[1,]\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character ']' looking for beginning of value.")),
        ("jsondecode(\"{\\\"a\\\":1,}\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '}' looking for beginning of object key string.")),
        ("jsondecode(\"{1}\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '1'.")),
        ("jsondecode(\"{\\\"a\\\" 1}\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '1' after object key.")),
        ("jsondecode(\"{\\\"a\\\":1 \\\"b\\\":2}\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '\"' after object key:value pair.")),
        ("jsondecode(\"{\\\"a\\\":1\")", Err("Error in function call: Call to function \"jsondecode\" failed: EOF.")),
        ("jsondecode(\"\\\"abc\")", Err("Error in function call: Call to function \"jsondecode\" failed: unexpected EOF.")),
        ("jsondecode(\"\\\"a\\\\x\\\"\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'x' in string escape code.")),
        ("jsondecode(\"\\\"\\\\u12g4\\\"\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'g' in \\u hexadecimal character escape.")),
        ("jsondecode(\"\\\"a\\u0001b\\\"\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '\\x01' in string literal.")),
        ("jsondecode(\"trux\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'x' in literal true (expecting 'e').")),
        ("jsondecode(\"nulx\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'x' in literal null (expecting 'l').")),
        ("jsondecode(\"é\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'Ã' looking for beginning of value.")),
        ("jsondecode(\"{,}\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character ','.")),
        ("jsondecode(\"{\\\"a\\\":}\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '}' looking for beginning of value.")),
        ("jsondecode(\"{\\\"a\\\":1}}\")", Ok("{\"a\":1}")),
        ("jsondecode(\"nan\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character 'a' in literal null (expecting 'u').")),
        ("jsondecode(\"'a'\")", Err("Error in function call: Call to function \"jsondecode\" failed: invalid character '\\'' looking for beginning of value.")),
    ];
    for (src, want) in cases {
        match want {
            Ok(json) => {
                let got = hcl::eval::evaluate_str(src, &ctx).unwrap();
                let want: Value = serde_json::from_str(json).unwrap();
                assert_eq!(got, want, "{src}");
            }
            Err(m) => fails_with(src, m),
        }
    }
}
