//! Enums from values: externally tagged (string → unit variant, one-key
//! object → variant with data), internally tagged, adjacently tagged, untagged.

use hcl::Value;
use serde::Deserialize;

fn obj<const N: usize>(items: [(&str, Value); N]) -> Value {
    Value::Object(items.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Action {
    Allow,
    Deny,
    Redirect(String),
    Rewrite { from: String, to: String },
    Weighted(u8, u8),
}

#[test]
fn string_is_unit_variant() {
    assert_eq!(
        hcl::from_value::<Action>(Value::from("allow")).unwrap(),
        Action::Allow
    );
    assert_eq!(
        hcl::from_value::<Action>(Value::from("deny")).unwrap(),
        Action::Deny
    );
}

#[test]
fn unknown_variant_lists_the_options() {
    let err = hcl::from_value::<Action>(Value::from("block")).unwrap_err();
    assert!(
        err.message()
            .starts_with("unknown variant `block`, expected one of `allow`, `deny`"),
        "{err}"
    );
}

#[test]
fn one_key_object_is_variant_with_data() {
    let v = obj([("redirect", "https://x".into())]);
    assert_eq!(
        hcl::from_value::<Action>(v).unwrap(),
        Action::Redirect("https://x".into())
    );
    let v = obj([("rewrite", obj([("from", "/a".into()), ("to", "/b".into())]))]);
    assert_eq!(
        hcl::from_value::<Action>(v).unwrap(),
        Action::Rewrite {
            from: "/a".into(),
            to: "/b".into()
        }
    );
    let v = obj([("weighted", Value::from(vec![1, 2]))]);
    assert_eq!(
        hcl::from_value::<Action>(v).unwrap(),
        Action::Weighted(1, 2)
    );
}

#[test]
fn unit_variant_may_be_written_as_object_with_null() {
    let v = obj([("allow", Value::Null)]);
    assert_eq!(hcl::from_value::<Action>(v).unwrap(), Action::Allow);
}

#[test]
fn wrong_shapes_are_errors() {
    let err = hcl::from_value::<Action>(obj([("a", 1.into()), ("b", 2.into())])).unwrap_err();
    assert!(err.message().contains("object with a single key"), "{err}");
    let err = hcl::from_value::<Action>(Value::from("redirect")).unwrap_err();
    assert!(err.message().contains("expected newtype variant"), "{err}");
    let err =
        hcl::from_value::<Action>(obj([("rewrite", obj([("from", "x".into())]))])).unwrap_err();
    assert_eq!(err.message(), "missing field `to`");
    assert_eq!(err.path(), Some("rewrite"));
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "type")]
enum Storage {
    #[serde(rename = "s3")]
    S3 {
        bucket: String,
        region: Option<String>,
    },
    #[serde(rename = "local")]
    Local { path: String },
}

#[test]
fn internally_tagged() {
    let v = obj([("type", "s3".into()), ("bucket", "b".into())]);
    assert_eq!(
        hcl::from_value::<Storage>(v).unwrap(),
        Storage::S3 {
            bucket: "b".into(),
            region: None
        }
    );
    let v = obj([("path", "/tmp".into()), ("type", "local".into())]);
    assert_eq!(
        hcl::from_value::<Storage>(v).unwrap(),
        Storage::Local {
            path: "/tmp".into()
        }
    );
    let err = hcl::from_value::<Storage>(obj([("type", "gcs".into())])).unwrap_err();
    assert!(err.message().starts_with("unknown variant `gcs`"), "{err}");
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "kind", content = "spec")]
enum Probe {
    Http(String),
    Tcp(u16),
}

#[test]
fn adjacently_tagged() {
    let v = obj([("kind", "Tcp".into()), ("spec", 8080.into())]);
    assert_eq!(hcl::from_value::<Probe>(v).unwrap(), Probe::Tcp(8080));
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(untagged)]
enum Port {
    Number(u16),
    Named(String),
    Range { from: u16, to: u16 },
}

#[test]
fn untagged() {
    assert_eq!(
        hcl::from_value::<Port>(Value::from(80)).unwrap(),
        Port::Number(80)
    );
    assert_eq!(
        hcl::from_value::<Port>(Value::from("http")).unwrap(),
        Port::Named("http".into())
    );
    let v = obj([("from", 1.into()), ("to", 2.into())]);
    assert_eq!(
        hcl::from_value::<Port>(v).unwrap(),
        Port::Range { from: 1, to: 2 }
    );
    let err = hcl::from_value::<Port>(Value::from(true)).unwrap_err();
    assert_eq!(
        err.message(),
        "data did not match any variant of untagged enum Port"
    );
}

#[test]
fn enum_as_map_key() {
    #[derive(Debug, Deserialize, PartialEq, Eq, Hash)]
    #[serde(rename_all = "lowercase")]
    enum Env {
        Dev,
        Prod,
    }
    let v = obj([("dev", 1.into()), ("prod", 3.into())]);
    let m: std::collections::HashMap<Env, u8> = hcl::from_value(v).unwrap();
    assert_eq!(m[&Env::Prod], 3);
}
