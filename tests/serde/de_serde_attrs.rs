//! serde attributes: rename, rename_all, default, deny_unknown_fields,
//! flatten, skip, with, alias — each against `hcl::from_value`.

use std::collections::HashMap;

use hcl::Value;
use serde::Deserialize;

fn obj<const N: usize>(items: [(&str, Value); N]) -> Value {
    Value::Object(items.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

#[test]
fn rename() {
    #[derive(Deserialize, Debug)]
    struct S {
        #[serde(rename = "type")]
        kind: String,
    }
    let s: S = hcl::from_value(obj([("type", "t3.micro".into())])).unwrap();
    assert_eq!(s.kind, "t3.micro");
    let err = hcl::from_value::<S>(obj([("kind", "x".into())])).unwrap_err();
    assert_eq!(err.message(), "missing field `type`");
}

#[test]
fn rename_all() {
    #[derive(Deserialize)]
    #[serde(rename_all = "kebab-case")]
    struct S {
        max_retries: u8,
        base_url: String,
    }
    let s: S = hcl::from_value(obj([("max-retries", 3.into()), ("base-url", "u".into())])).unwrap();
    assert_eq!((s.max_retries, s.base_url.as_str()), (3, "u"));
}

#[test]
fn default() {
    fn eighty() -> u16 {
        80
    }
    #[derive(Deserialize)]
    struct S {
        #[serde(default)]
        tags: Vec<String>,
        #[serde(default = "eighty")]
        port: u16,
    }
    let s: S = hcl::from_value(obj([])).unwrap();
    assert!(s.tags.is_empty());
    assert_eq!(s.port, 80);
    let s: S = hcl::from_value(obj([("port", 81.into())])).unwrap();
    assert_eq!(s.port, 81);
}

#[test]
fn deny_unknown_fields() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct S {
        a: i32,
    }
    let err = hcl::from_value::<S>(obj([("a", 1.into()), ("b", 2.into())])).unwrap_err();
    assert_eq!(err.message(), "unknown field `b`, expected `a`");
    assert_eq!(err.path(), Some("b"));
}

#[test]
fn flatten() {
    #[derive(Deserialize)]
    struct S {
        name: String,
        #[serde(flatten)]
        rest: HashMap<String, Value>,
    }
    let s: S = hcl::from_value(obj([
        ("name", "web".into()),
        ("ami", "ami-1".into()),
        ("count", 2.into()),
    ]))
    .unwrap();
    assert_eq!(s.name, "web");
    assert_eq!(s.rest.len(), 2);
    assert_eq!(s.rest["count"], Value::from(2));
}

#[test]
fn flatten_struct() {
    #[derive(Deserialize)]
    struct Common {
        region: String,
    }
    #[derive(Deserialize)]
    struct S {
        name: String,
        #[serde(flatten)]
        common: Common,
    }
    let s: S = hcl::from_value(obj([("name", "n".into()), ("region", "eu".into())])).unwrap();
    assert_eq!((s.name.as_str(), s.common.region.as_str()), ("n", "eu"));
}

#[test]
fn skip() {
    #[derive(Deserialize)]
    struct S {
        a: i32,
        #[serde(skip)]
        cache: Option<String>,
    }
    // A skipped field is never read, even when present in the input.
    let s: S = hcl::from_value(obj([("a", 1.into()), ("cache", "x".into())])).unwrap();
    assert_eq!((s.a, s.cache), (1, None));
}

#[test]
fn with() {
    mod comma_list {
        use serde::Deserialize;
        pub fn deserialize<'de, D: serde::Deserializer<'de>>(
            d: D,
        ) -> Result<Vec<String>, D::Error> {
            let s = String::deserialize(d)?;
            Ok(s.split(',').map(str::to_owned).collect())
        }
    }
    #[derive(Deserialize)]
    struct S {
        #[serde(with = "comma_list")]
        zones: Vec<String>,
    }
    let s: S = hcl::from_value(obj([("zones", "a,b,c".into())])).unwrap();
    assert_eq!(s.zones, ["a", "b", "c"]);
}

#[test]
fn alias() {
    #[derive(Deserialize)]
    struct S {
        #[serde(alias = "hostname", alias = "host_name")]
        host: String,
    }
    let s: S = hcl::from_value(obj([("hostname", "h".into())])).unwrap();
    assert_eq!(s.host, "h");
    let s: S = hcl::from_value(obj([("host", "h2".into())])).unwrap();
    assert_eq!(s.host, "h2");
}
