//! `Value` as a serde data format: `Deserialize for Value`, `Deserializer for Value`.

use std::collections::{BTreeMap, HashMap};

use hcl::{Map, Value};
use serde::Deserialize;

fn obj<const N: usize>(items: [(&str, Value); N]) -> Value {
    Value::Object(items.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

#[test]
fn value_deserializes_from_value_identically() {
    let v = obj([
        ("a", Value::from(1)),
        ("b", Value::from(-2)),
        ("c", Value::from(2.5)),
        ("d", Value::from("x")),
        ("e", Value::Null),
        ("f", Value::from(vec![Value::from(true), Value::Null])),
        ("g", obj([("h", Value::from(u64::MAX))])),
    ]);
    let back: Value = hcl::from_value(v.clone()).unwrap();
    assert_eq!(back, v);
    // Insertion order is preserved.
    let keys: Vec<_> = back.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["a", "b", "c", "d", "e", "f", "g"]);
}

#[test]
fn value_from_borrowed_value() {
    let v = obj([("xs", Value::from(vec![1, 2]))]);
    let m = HashMap::<String, Vec<i64>>::deserialize(&v).unwrap();
    assert_eq!(m["xs"], vec![1, 2]);
    // `v` is still usable.
    assert_eq!(v["xs"][1], Value::from(2));
}

#[test]
fn value_into_deserializer() {
    use serde::de::IntoDeserializer;
    let d = Value::from("hello").into_deserializer();
    let s = String::deserialize(d).unwrap();
    assert_eq!(s, "hello");
}

#[derive(Debug, Deserialize, PartialEq)]
struct Server {
    host: String,
    port: u16,
    tags: Vec<String>,
    meta: BTreeMap<String, String>,
    backup: Option<Box<Server>>,
}

#[test]
fn nested_struct() {
    let v = obj([
        ("host", "a.example".into()),
        ("port", 8080.into()),
        ("tags", Value::from(vec!["x", "y"])),
        ("meta", obj([("k", "v".into())])),
        (
            "backup",
            obj([
                ("host", "b.example".into()),
                ("port", 8081.into()),
                ("tags", Value::Array(vec![])),
                ("meta", Value::Object(Map::new())),
            ]),
        ),
    ]);
    let s: Server = hcl::from_value(v).unwrap();
    assert_eq!(s.host, "a.example");
    assert_eq!(s.port, 8080);
    assert_eq!(s.tags, ["x", "y"]);
    assert_eq!(s.meta["k"], "v");
    let b = s.backup.unwrap();
    assert_eq!(
        (b.host.as_str(), b.port, b.backup),
        ("b.example", 8081, None)
    );
}

#[test]
fn option_null_and_missing_are_none() {
    #[derive(Deserialize)]
    struct S {
        a: Option<i32>,
        b: Option<i32>,
        c: Option<i32>,
    }
    let s: S = hcl::from_value(obj([("a", Value::Null), ("c", 3.into())])).unwrap();
    assert_eq!((s.a, s.b, s.c), (None, None, Some(3)));
}

#[test]
fn unit_and_tuples() {
    let (): () = hcl::from_value(Value::Null).unwrap();
    let t: (String, u8, bool) =
        hcl::from_value(Value::from(vec![Value::from("a"), 1.into(), true.into()])).unwrap();
    assert_eq!(t, ("a".to_owned(), 1, true));
    let err = hcl::from_value::<(u8, u8)>(Value::from(vec![1, 2, 3])).unwrap_err();
    assert!(err.to_string().contains("invalid length 3"), "{err}");
}

#[test]
fn map_keys_convert_from_strings() {
    let v = obj([("80", "http".into()), ("443", "https".into())]);
    let m: BTreeMap<u16, String> = hcl::from_value(v).unwrap();
    assert_eq!(m[&443], "https");
    let err = hcl::from_value::<BTreeMap<u16, String>>(obj([("x", "y".into())])).unwrap_err();
    assert!(
        err.to_string().contains("invalid value: string \"x\""),
        "{err}"
    );
}

#[test]
fn strings_from_numbers_and_bools() {
    // Terraform: tostring(1.5) == "1.5", tostring(true) == "true".
    let v = Value::from(vec![Value::from(1.5), 42.into(), true.into()]);
    let s: Vec<String> = hcl::from_value(v).unwrap();
    assert_eq!(s, ["1.5", "42", "true"]);
}

#[test]
fn invalid_type_names_both_sides() {
    let err = hcl::from_value::<String>(Value::from(vec![1])).unwrap_err();
    assert_eq!(err.message(), "invalid type: sequence, expected a string");
    let err = hcl::from_value::<Vec<i32>>(obj([("a", 1.into())])).unwrap_err();
    assert_eq!(err.message(), "invalid type: map, expected a sequence");
    assert_eq!(err.kind(), hcl::ErrorKind::De);
}

#[test]
fn errors_carry_the_path() {
    let v = obj([(
        "servers",
        Value::from(vec![
            obj([
                ("host", "a".into()),
                ("port", 1.into()),
                ("tags", Value::Array(vec![])),
                ("meta", Value::Object(Map::new())),
            ]),
            obj([
                ("host", "b".into()),
                ("port", 70000.into()),
                ("tags", Value::Array(vec![])),
                ("meta", Value::Object(Map::new())),
            ]),
        ]),
    )]);
    let err = hcl::from_value::<HashMap<String, Vec<Server>>>(v).unwrap_err();
    assert_eq!(err.path(), Some("servers[1].port"));
    assert!(
        err.to_string()
            .starts_with("servers[1].port: invalid value: integer `70000`"),
        "{err}"
    );
}

#[test]
fn keys_needing_quotes_are_quoted_in_paths() {
    let v = obj([("a.b", obj([("c d", "x".into())]))]);
    let err = hcl::from_value::<HashMap<String, HashMap<String, u8>>>(v).unwrap_err();
    assert_eq!(err.path(), Some(r#"["a.b"]["c d"]"#));
}

#[test]
fn nan_is_rejected_when_building_a_value() {
    let err = Value::deserialize(
        serde::de::value::F64Deserializer::<serde::de::value::Error>::new(f64::NAN),
    )
    .unwrap_err();
    assert!(err.to_string().contains("NaN"));
}

#[test]
fn spanned_from_plain_value_gets_empty_span() {
    let s: serde_spanned::Spanned<String> = hcl::from_value(Value::from("x")).unwrap();
    assert_eq!(s.get_ref(), "x");
    assert_eq!(s.span(), 0..0);
}

#[test]
fn bytes_from_string() {
    #[derive(Deserialize)]
    struct B {
        #[serde(with = "serde_bytes_like")]
        b: Vec<u8>,
    }
    mod serde_bytes_like {
        pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Vec<u8>;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("bytes")
                }
                fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
                    Ok(v)
                }
            }
            d.deserialize_byte_buf(V)
        }
    }
    let b: B = hcl::from_value(obj([("b", "hi".into())])).unwrap();
    assert_eq!(b.b, b"hi");
}

#[test]
fn keyword_object_keys_are_literal_strings() {
    // terraform console: {null = 1} is { "null" = 1 }, {true = 1} is { "true" = 1 }.
    let v: Value = hcl::from_str("o = {\n  null = 1\n  true = 2\n}\n").unwrap();
    assert_eq!(v["o"]["null"], Value::from(1));
    assert_eq!(v["o"]["true"], Value::from(2));
}
