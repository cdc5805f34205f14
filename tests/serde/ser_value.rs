//! `Value`, `Body` and `Expression` through the serializer and `Display`.

use hcl::{Map, Value};

fn obj(items: &[(&str, Value)]) -> Value {
    Value::Object(
        items
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    )
}

#[test]
fn display_of_values() {
    assert_eq!(Value::Null.to_string(), "null");
    assert_eq!(Value::from(true).to_string(), "true");
    assert_eq!(Value::from(-1.5).to_string(), "-1.5");
    assert_eq!(Value::from(12u64).to_string(), "12");
    assert_eq!(Value::from("a\"b\n${c}").to_string(), r#""a\"b\n$${c}""#);
    assert_eq!(
        Value::from(vec![Value::from(1), Value::from("x")]).to_string(),
        r#"[1, "x"]"#
    );
    assert_eq!(Value::Object(Map::new()).to_string(), "{}");
    let v = obj(&[
        ("a", Value::from(1)),
        ("long key", obj(&[("x", Value::Null)])),
        ("for", Value::from(vec![Value::from(1)])),
    ]);
    assert_eq!(
        v.to_string(),
        "{\n  a = 1\n  \"long key\" = {\n    x = null\n  }\n  \"for\" = [1]\n}"
    );
}

#[test]
fn value_objects_are_attributes_not_blocks() {
    let v = obj(&[
        ("name", Value::from("x")),
        ("nested", obj(&[("inner", obj(&[("k", Value::from(2))]))])),
    ]);
    let expected = r#"name = "x"
nested = {
  inner = {
    k = 2
  }
}
"#;
    assert_eq!(hcl::to_string(&v).unwrap(), expected);
}

#[test]
fn value_round_trips_through_text() {
    let v = obj(&[
        ("s", Value::from("${not a template} %{ nor this }")),
        ("multi", Value::from("line 1\n  line 2\n")),
        ("f", Value::from(0.25)),
        ("n", Value::from(-3)),
        ("list", Value::from(vec![Value::Null, Value::from(false)])),
        ("o", obj(&[("quoted key", Value::from("v"))])),
    ]);
    let text = hcl::to_string(&v).unwrap();
    let back: Value = hcl::from_str(&text).unwrap();
    assert_eq!(back, v, "{text}");
}

#[test]
fn negative_numbers_round_trip_through_text() {
    let v = obj(&[("n", Value::from(-3)), ("f", Value::from(-0.5))]);
    let text = hcl::to_string(&v).unwrap();
    assert_eq!(text, "n = -3\nf = -0.5\n");
    let back: Value = hcl::from_str(&text).unwrap();
    assert_eq!(back, v);
}

#[test]
fn to_value_of_structs() {
    #[derive(serde::Serialize)]
    struct S {
        a: u8,
        b: Option<String>,
        c: Vec<(i8, bool)>,
    }
    let v = hcl::to_value(&S {
        a: 1,
        b: None,
        c: vec![(-1, true)],
    })
    .unwrap();
    assert_eq!(
        v,
        obj(&[
            ("a", Value::from(1)),
            ("b", Value::Null),
            (
                "c",
                Value::from(vec![Value::from(vec![Value::from(-1), Value::from(true)])])
            ),
        ])
    );
}

#[test]
fn body_serializes_as_itself() {
    let src = "a = var.x + 1\n\nb \"l\" {\n  c = [for v in local.vs : upper(v)]\n}\n";
    let body = hcl::parse(src).unwrap();
    assert_eq!(hcl::to_string(&body).unwrap(), src);
    assert_eq!(body.to_string(), src);
}

#[test]
fn expression_fields_are_written_as_expressions() {
    #[derive(serde::Serialize)]
    struct S {
        count: hcl::syntax::ParsedExpression<'static>,
        name: String,
    }
    let e = hcl::parser::parse_expression("length(var.azs) * 2")
        .unwrap()
        .into_owned();
    let out = hcl::to_string(&S {
        count: e,
        name: "x".into(),
    })
    .unwrap();
    assert_eq!(out, "count = length(var.azs) * 2\nname  = \"x\"\n");
}

#[test]
fn body_and_expression_with_serde_json_take_the_hcl_json_shape() {
    let body = hcl::parse(
        "a = 1\nb = \"${x}\"\nc = var.y\nr \"t\" \"n\" {\n  k = [true]\n}\nr \"t\" \"m\" {}\ns {}\ns {}\n",
    )
    .unwrap();
    let json = serde_json::to_string(&body).unwrap();
    assert_eq!(
        json,
        r#"{"a":1,"b":"${x}","c":"${var.y}","r":{"t":{"n":{"k":[true]},"m":{}}},"s":[{},{}]}"#
    );
    let v = Value::from("$${literal}");
    assert_eq!(serde_json::to_string(&v).unwrap(), r#""$${literal}""#);
}

#[test]
fn syntax_fields_nested_in_sequences_are_written_at_their_depth() {
    #[derive(serde::Deserialize, serde::Serialize)]
    struct Module {
        source: String,
        count: hcl::syntax::ParsedExpression<'static>,
        settings: hcl::ConfigFile<'static>,
    }
    #[derive(serde::Deserialize, serde::Serialize)]
    struct Config {
        #[serde(serialize_with = "hcl::ser::block")]
        module: Vec<Module>,
    }
    let src = r#"module {
  source = "./a"
  count  = var.n > 1 ? 2 : 0
  settings {
    text = <<-EOT
      hello
    EOT
    tags = { env = "prod" }
  }
}
module {
  source   = "./b"
  count    = 1
  settings {}
}
"#;
    let c: Config = hcl::from_str(src).unwrap();
    // Both blocks, their expressions unevaluated and the heredoc kept, in
    // the serializer's layout at block depth (`terraform fmt` leaves it as
    // it is).
    let expected = r#"module {
  source = "./a"
  count  = var.n > 1 ? 2 : 0

  settings {
    text = <<-EOT
      hello
    EOT
    tags = {
      env = "prod"
    }
  }
}

module {
  source = "./b"
  count  = 1

  settings {}
}
"#;
    assert_eq!(hcl::to_string(&c).unwrap(), expected);
    // The same fields, to serde_json, take HCL's JSON shape.
    assert_eq!(
        serde_json::to_string(&c.module[0].settings).unwrap(),
        r#"{"text":"hello\n","tags":{"env":"prod"}}"#
    );
}

/// Every `f64` a `Value` is made of reads back equal from what
/// `to_string` writes: the decimal it prints as is the literal's number
/// (the fuzzer's `{o = 1.73e-322}`, a subnormal, among them), and the
/// nearest `f64` is the one given.
#[test]
fn every_f64_value_reads_back_equal() {
    let mut floats = vec![
        1.73e-322,
        5e-324,
        f64::MIN_POSITIVE,
        2.2250738585072e-308,
        0.1,
        0.1 + 0.2,
        1e300,
        f64::MAX,
        -f64::MAX,
        1e20,
        123456789.125,
        -0.0,
        1.5,
    ];
    let mut state: u64 = 0x243f_6a88_85a3_08d3;
    for _ in 0..5_000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let x = f64::from_bits(state);
        if x.is_finite() {
            floats.push(x);
        }
    }
    for f in floats {
        let v = obj(&[("o", Value::from(f))]);
        let text = hcl::ser::to_string_literal(&v).unwrap();
        let back: Value = hcl::from_str(&text).unwrap();
        assert_eq!(back, v, "{f:e} written as {text:?}");
        assert_eq!(
            back["o"].as_f64().map(f64::to_bits),
            Some(f.to_bits()),
            "{f:e}"
        );
        assert_eq!(hcl::to_string(&v).unwrap(), text);
    }
}
