//! Blocks onto Rust types: unlabeled, labeled (nested maps, structs of
//! labels, label fields), repeated, one block into a Vec, enums.

use std::collections::{BTreeMap, HashMap};

use hcl::Value;
use indexmap::IndexMap;
use serde::Deserialize;

#[derive(Debug, Deserialize, PartialEq)]
struct Logging {
    level: String,
    #[serde(default)]
    json: bool,
}

#[test]
fn unlabeled_block_into_struct() {
    #[derive(Deserialize)]
    struct C {
        logging: Logging,
    }
    let c: C = hcl::from_str("logging {\n  level = \"info\"\n  json = true\n}\n").unwrap();
    assert_eq!(
        c.logging,
        Logging {
            level: "info".into(),
            json: true
        }
    );
}

#[test]
fn optional_block() {
    #[derive(Deserialize)]
    struct C {
        logging: Option<Logging>,
        other: Option<Logging>,
    }
    let c: C = hcl::from_str("logging {\n  level = \"debug\"\n}\n").unwrap();
    assert_eq!(c.logging.unwrap().level, "debug");
    assert!(c.other.is_none());
}

#[derive(Debug, Deserialize, PartialEq)]
struct Service {
    port: u16,
}

#[test]
fn two_labels_into_nested_maps() {
    #[derive(Deserialize)]
    struct C {
        service: HashMap<String, BTreeMap<String, Service>>,
    }
    let src = r#"
service "http" "web" {
  port = 80
}
service "http" "admin" {
  port = 8080
}
service "tcp" "db" {
  port = 5432
}
"#;
    let c: C = hcl::from_str(src).unwrap();
    assert_eq!(c.service.len(), 2);
    assert_eq!(c.service["http"]["web"].port, 80);
    assert_eq!(c.service["http"]["admin"].port, 8080);
    assert_eq!(c.service["tcp"]["db"].port, 5432);
}

#[test]
fn label_maps_keep_source_order_in_indexmap() {
    #[derive(Deserialize)]
    struct C {
        service: IndexMap<String, Service>,
    }
    let src =
        "service \"z\" { port = 1 }\nservice \"a\" { port = 2 }\nservice \"m\" { port = 3 }\n";
    let c: C = hcl::from_str(src).unwrap();
    let keys: Vec<_> = c.service.keys().map(String::as_str).collect();
    assert_eq!(keys, ["z", "a", "m"]);
}

#[test]
fn struct_whose_fields_are_label_values() {
    #[derive(Deserialize)]
    struct Services {
        web: Service,
        db: Service,
    }
    #[derive(Deserialize)]
    struct C {
        service: Services,
    }
    let c: C =
        hcl::from_str("service \"db\" { port = 5432 }\nservice \"web\" { port = 80 }\n").unwrap();
    assert_eq!((c.service.web.port, c.service.db.port), (80, 5432));
}

#[test]
fn repeated_blocks_into_vec() {
    #[derive(Deserialize)]
    struct C {
        logging: Vec<Logging>,
    }
    let c: C =
        hcl::from_str("logging {\n  level = \"a\"\n}\nx = 1\nlogging {\n  level = \"b\"\n}\n")
            .unwrap();
    let levels: Vec<_> = c.logging.iter().map(|l| l.level.as_str()).collect();
    assert_eq!(levels, ["a", "b"]);
}

#[test]
fn one_block_into_vec() {
    #[derive(Deserialize)]
    struct C {
        logging: Vec<Logging>,
    }
    let c: C = hcl::from_str("logging {\n  level = \"only\"\n}\n").unwrap();
    assert_eq!(c.logging.len(), 1);
    assert_eq!(c.logging[0].level, "only");
}

#[test]
fn labeled_blocks_into_vec_with_label_fields() {
    #[derive(Deserialize)]
    struct User {
        #[serde(rename = "__label")]
        name: String,
        #[serde(rename = "__labels")]
        labels: Vec<String>,
        admin: bool,
    }
    #[derive(Deserialize)]
    struct C {
        user: Vec<User>,
    }
    let c: C = hcl::from_str(
        "user \"alice\" \"x\" {\n  admin = true\n}\nuser bob {\n  admin = false\n}\n",
    )
    .unwrap();
    assert_eq!(c.user.len(), 2);
    assert_eq!(c.user[0].name, "alice");
    assert_eq!(c.user[0].labels, ["alice", "x"]);
    assert!(c.user[0].admin);
    assert_eq!(c.user[1].name, "bob");
    assert_eq!(c.user[1].labels, ["bob"]);
}

#[test]
fn labeled_blocks_into_vec_without_label_fields_drop_labels() {
    #[derive(Deserialize)]
    struct C {
        service: Vec<Service>,
    }
    let c: C = hcl::from_str("service \"a\" { port = 1 }\nservice \"b\" { port = 2 }\n").unwrap();
    assert_eq!(c.service, [Service { port: 1 }, Service { port: 2 }]);
}

#[test]
fn map_then_vec_consumes_first_label() {
    #[derive(Deserialize)]
    struct Res {
        #[serde(rename = "__label")]
        name: String,
        count: u32,
    }
    #[derive(Deserialize)]
    struct C {
        resource: HashMap<String, Vec<Res>>,
    }
    let src = "resource \"aws_instance\" \"web\" { count = 2 }\nresource \"aws_instance\" \"db\" { count = 1 }\n";
    let c: C = hcl::from_str(src).unwrap();
    let r = &c.resource["aws_instance"];
    assert_eq!((r[0].name.as_str(), r[0].count), ("web", 2));
    assert_eq!((r[1].name.as_str(), r[1].count), ("db", 1));
}

#[test]
fn single_labeled_block_into_struct_with_label_field() {
    #[derive(Deserialize)]
    struct Backend {
        #[serde(rename = "__label")]
        kind: String,
        bucket: String,
    }
    #[derive(Deserialize)]
    struct C {
        backend: Backend,
    }
    let c: C = hcl::from_str("backend \"s3\" {\n  bucket = \"b\"\n}\n").unwrap();
    assert_eq!(
        (c.backend.kind.as_str(), c.backend.bucket.as_str()),
        ("s3", "b")
    );
}

#[test]
fn labels_as_typed_keys() {
    #[derive(Deserialize)]
    struct C {
        listener: BTreeMap<u16, Service>,
    }
    let c: C = hcl::from_str("listener \"443\" { port = 8443 }\nlistener \"80\" { port = 8080 }\n")
        .unwrap();
    assert_eq!(c.listener[&80].port, 8080);
    assert_eq!(c.listener[&443].port, 8443);
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Backend {
    S3 { bucket: String },
    Local { path: String },
    Memory,
}

#[test]
fn labeled_block_as_enum() {
    #[derive(Deserialize)]
    struct C {
        backend: Backend,
    }
    let c: C = hcl::from_str("backend \"s3\" {\n  bucket = \"b\"\n}\n").unwrap();
    assert_eq!(c.backend, Backend::S3 { bucket: "b".into() });
    let c: C = hcl::from_str("backend \"memory\" {}\n").unwrap();
    assert_eq!(c.backend, Backend::Memory);
}

#[test]
fn nested_block_as_enum() {
    #[derive(Deserialize)]
    struct C {
        backend: Backend,
    }
    let c: C = hcl::from_str("backend {\n  local {\n    path = \"/tmp\"\n  }\n}\n").unwrap();
    assert_eq!(
        c.backend,
        Backend::Local {
            path: "/tmp".into()
        }
    );
}

#[test]
fn enum_blocks_in_vec() {
    #[derive(Deserialize)]
    struct C {
        backend: Vec<Backend>,
    }
    let c: C =
        hcl::from_str("backend \"s3\" { bucket = \"x\" }\nbackend \"local\" { path = \"p\" }\n")
            .unwrap();
    assert_eq!(
        c.backend,
        [
            Backend::S3 { bucket: "x".into() },
            Backend::Local { path: "p".into() }
        ]
    );
}

#[test]
fn body_as_value_has_json_shape() {
    let src = r#"
a = 1
resource "aws_instance" "web" {
  ami = "x"
  ebs {
    size = 10
  }
  ebs {
    size = 20
  }
}
resource "aws_instance" "db" {
  ami = "y"
}
locals {
  z = [1, "two", null]
}
"#;
    let v: Value = hcl::from_str(src).unwrap();
    let expected = serde_json_like(
        r#"{"a":1,"resource":{"aws_instance":{"web":{"ami":"x","ebs":[{"size":10},{"size":20}]},"db":{"ami":"y"}}},"locals":{"z":[1,"two",null]}}"#,
    );
    assert_eq!(v, expected);
}

#[test]
fn repeated_unlabeled_blocks_are_an_array_in_value() {
    let v: Value = hcl::from_str("a {\n  x = 1\n}\na {\n  x = 2\n}\n").unwrap();
    assert_eq!(v, serde_json_like(r#"{"a":[{"x":1},{"x":2}]}"#));
}

#[test]
fn labeled_block_in_vec_of_maps_offers_labels() {
    #[derive(Deserialize)]
    struct C {
        user: Vec<HashMap<String, Value>>,
    }
    let c: C = hcl::from_str("user \"alice\" {\n  admin = true\n}\n").unwrap();
    assert_eq!(c.user[0]["__labels"], Value::from(vec!["alice"]));
    assert_eq!(c.user[0]["admin"], Value::from(true));
}

#[test]
fn deny_unknown_fields_in_block() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct S {
        a: u8,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct C {
        s: S,
    }
    let err = hcl::from_str::<C>("s {\n  a = 1\n  b = 2\n}\n").unwrap_err();
    assert_eq!(err.message(), "unknown field `b`, expected `a`");
    assert_eq!(err.path(), Some("s.b"));
    assert_eq!((err.line(), err.column()), (Some(3), Some(3)));
}

#[test]
fn ignored_fields_are_not_evaluated() {
    #[derive(Deserialize)]
    struct C {
        a: u8,
    }
    // `b` would fail to evaluate; nobody asks for it.
    let c: C = hcl::from_str("a = 1\nb = 1 / \"x\"\n").unwrap();
    assert_eq!(c.a, 1);
}

/// A tiny JSON reader for expected values (objects, arrays, strings without
/// escapes, integers, null, bools), so expectations are written as HCL's
/// JSON shape.
fn serde_json_like(s: &str) -> Value {
    fn parse(b: &[u8], i: &mut usize) -> Value {
        match b[*i] {
            b'{' => {
                *i += 1;
                let mut m = hcl::Map::new();
                while b[*i] != b'}' {
                    if b[*i] == b',' {
                        *i += 1;
                    }
                    let Value::String(k) = parse(b, i) else {
                        panic!()
                    };
                    assert_eq!(b[*i], b':');
                    *i += 1;
                    let v = parse(b, i);
                    m.insert(k, v);
                }
                *i += 1;
                Value::Object(m)
            }
            b'[' => {
                *i += 1;
                let mut a = Vec::new();
                while b[*i] != b']' {
                    if b[*i] == b',' {
                        *i += 1;
                    }
                    a.push(parse(b, i));
                }
                *i += 1;
                Value::Array(a)
            }
            b'"' => {
                let start = *i + 1;
                let end = start + b[start..].iter().position(|&c| c == b'"').unwrap();
                *i = end + 1;
                Value::from(std::str::from_utf8(&b[start..end]).unwrap())
            }
            b'n' => {
                *i += 4;
                Value::Null
            }
            b't' => {
                *i += 4;
                Value::Bool(true)
            }
            b'f' => {
                *i += 5;
                Value::Bool(false)
            }
            _ => {
                let start = *i;
                while *i < b.len() && (b[*i] == b'-' || b[*i].is_ascii_digit()) {
                    *i += 1;
                }
                Value::from(
                    std::str::from_utf8(&b[start..*i])
                        .unwrap()
                        .parse::<i64>()
                        .unwrap(),
                )
            }
        }
    }
    parse(s.as_bytes(), &mut 0)
}

#[test]
fn mixed_labeled_and_unlabeled_blocks_as_value() {
    // Same shape as `Evaluate for Body`: the unlabeled block's body, with
    // the labeled block's content under its label...
    let v: Value =
        hcl::from_str("include {\n  path = \"a\"\n}\ninclude \"env\" {\n  path = \"b\"\n}\n")
            .unwrap();
    assert_eq!(
        v,
        serde_json_like(r#"{"include":{"path":"a","env":{"path":"b"}}}"#)
    );
    // ...and in the other order, an array of both.
    let v: Value =
        hcl::from_str("include \"env\" {\n  path = \"b\"\n}\ninclude {\n  path = \"a\"\n}\n")
            .unwrap();
    assert_eq!(
        v,
        serde_json_like(r#"{"include":[{"env":{"path":"b"}},{"path":"a"}]}"#)
    );
}

#[test]
fn mixed_blocks_into_vec_keep_their_labels() {
    #[derive(Deserialize)]
    struct Include {
        #[serde(rename = "__labels")]
        labels: Vec<String>,
        path: String,
    }
    #[derive(Deserialize)]
    struct C {
        include: Vec<Include>,
    }
    let c: C =
        hcl::from_str("include {\n  path = \"a\"\n}\ninclude \"env\" {\n  path = \"b\"\n}\n")
            .unwrap();
    assert!(c.include[0].labels.is_empty());
    assert_eq!(c.include[1].labels, ["env"]);
    assert_eq!(c.include[1].path, "b");
}

#[test]
fn two_labels_map_of_vecs() {
    #[derive(Deserialize)]
    struct C {
        resource: BTreeMap<String, BTreeMap<String, Vec<Service>>>,
    }
    // Duplicate addresses (invalid in Terraform) still read into Vec.
    let src = "resource \"a\" \"x\" { port = 1 }\nresource \"a\" \"x\" { port = 2 }\nresource \"b\" \"y\" { port = 3 }\n";
    let c: C = hcl::from_str(src).unwrap();
    assert_eq!(
        c.resource["a"]["x"],
        [Service { port: 1 }, Service { port: 2 }]
    );
    assert_eq!(c.resource["b"]["y"], [Service { port: 3 }]);
}

#[test]
fn optional_vec_of_blocks() {
    #[derive(Deserialize)]
    struct C {
        service: Option<Vec<Service>>,
        other: Option<Vec<Service>>,
    }
    let c: C = hcl::from_str("service { port = 1 }\n").unwrap();
    assert_eq!(c.service.unwrap(), [Service { port: 1 }]);
    assert!(c.other.is_none());
}

#[test]
fn nested_blocks_three_deep() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Rule {
        port: u16,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Ingress {
        rule: Vec<Rule>,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Group {
        ingress: Ingress,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        group: HashMap<String, Group>,
    }
    let src =
        "group \"web\" {\n  ingress {\n    rule { port = 80 }\n    rule { port = 443 }\n  }\n}\n";
    let c: C = hcl::from_str(src).unwrap();
    let ports: Vec<u16> = c.group["web"].ingress.rule.iter().map(|r| r.port).collect();
    assert_eq!(ports, [80, 443]);

    // And an error three levels down names the whole path.
    let bad =
        "group \"web\" {\n  ingress {\n    rule { port = 80 }\n    rule { port = -1 }\n  }\n}\n";
    let err = hcl::from_str::<C>(bad).unwrap_err();
    assert_eq!(err.path(), Some("group.web.ingress.rule[1].port"));
    assert_eq!((err.line(), err.column()), (Some(4), Some(19)));
}

#[test]
fn block_and_value_fields_mix() {
    #[derive(Deserialize)]
    struct C {
        tags: HashMap<String, String>,
        settings: Value,
    }
    let c: C =
        hcl::from_str("tags = { a = \"1\" }\nsettings {\n  x = 1\n  y {\n    z = true\n  }\n}\n")
            .unwrap();
    assert_eq!(c.tags["a"], "1");
    assert_eq!(c.settings, serde_json_like(r#"{"x":1,"y":{"z":true}}"#));
}

#[test]
fn label_fields_are_not_offered_as_attributes() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Service {
        #[serde(rename = "__label")]
        name: String,
        port: u16,
        host: String,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct C {
        service: Vec<Service>,
    }
    let err =
        hcl::from_str::<C>("service \"web\" {\n  port = 80\n  hots = \"a\"\n}\n").unwrap_err();
    assert_eq!(
        err.message(),
        "unknown field `hots`, expected `port` or `host`"
    );
    // A missing label is said as such.
    let err = hcl::from_str::<C>("service {\n  port = 80\n  host = \"a\"\n}\n").unwrap_err();
    assert!(
        err.message().contains("missing block label"),
        "{}",
        err.message()
    );
}
