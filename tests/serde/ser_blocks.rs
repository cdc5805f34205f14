//! Blocks from serde: struct fields, Vecs and maps of structs, overrides,
//! enums — and that what the deserializer reads as blocks comes back out as
//! blocks (struct → to_string → from_str gives the same struct).
//! Expected texts were checked to be unchanged by `terraform fmt`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Variable {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    default: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Resource {
    ami: String,
    count: u32,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Module {
    variable: BTreeMap<String, Variable>,
    resource: BTreeMap<String, BTreeMap<String, Resource>>,
}

fn var(default: &str) -> Variable {
    Variable {
        description: None,
        default: default.into(),
    }
}

#[test]
fn maps_of_structs_are_labeled_blocks() {
    let m = Module {
        variable: [
            ("region".to_string(), var("eu-west-1")),
            ("zone".to_string(), var("a")),
        ]
        .into(),
        resource: [(
            "aws_instance".to_string(),
            [(
                "web".to_string(),
                Resource {
                    ami: "ami-1".into(),
                    count: 2,
                },
            )]
            .into(),
        )]
        .into(),
    };
    let out = hcl::to_string(&m).unwrap();
    let expected = r#"variable "region" {
  default = "eu-west-1"
}

variable "zone" {
  default = "a"
}

resource "aws_instance" "web" {
  ami   = "ami-1"
  count = 2
}
"#;
    assert_eq!(out, expected);
    let back: Module = hcl::from_str(&out).unwrap();
    assert_eq!(back, m);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Rule {
    port: u16,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Group {
    name: String,
    ingress: Vec<Rule>,
    egress: Rule,
}

#[test]
fn single_and_repeated_blocks_round_trip_through_the_deserializer() {
    let g = Group {
        name: "sg".into(),
        ingress: vec![Rule { port: 80 }, Rule { port: 443 }],
        egress: Rule { port: 0 },
    };
    let out = hcl::to_string(&g).unwrap();
    let expected = r#"name = "sg"

ingress {
  port = 80
}

ingress {
  port = 443
}

egress {
  port = 0
}
"#;
    assert_eq!(out, expected);
    let back: Group = hcl::from_str(&out).unwrap();
    assert_eq!(back, g);
}

#[derive(Serialize)]
struct Overrides {
    #[serde(serialize_with = "hcl::ser::block")]
    env: BTreeMap<String, String>,
    #[serde(serialize_with = "hcl::ser::labeled_block")]
    provider: BTreeMap<String, BTreeMap<String, String>>,
    #[serde(serialize_with = "hcl::ser::attribute")]
    settings: Rule,
    #[serde(serialize_with = "hcl::ser::block")]
    listener: Vec<BTreeMap<String, u16>>,
}

#[test]
fn per_field_overrides() {
    let o = Overrides {
        env: [("A".to_string(), "1".to_string())].into(),
        provider: [(
            "aws".to_string(),
            [("region".to_string(), "us-east-1".to_string())].into(),
        )]
        .into(),
        settings: Rule { port: 1 },
        listener: vec![[("port".to_string(), 80)].into()],
    };
    let expected = r#"env {
  A = "1"
}

provider "aws" {
  region = "us-east-1"
}

settings = {
  port = 1
}

listener {
  port = 80
}
"#;
    assert_eq!(hcl::to_string(&o).unwrap(), expected);
    // Transparent for other serializers.
    let json = serde_json::to_string(&o).unwrap();
    assert_eq!(
        json,
        r#"{"env":{"A":"1"},"provider":{"aws":{"region":"us-east-1"}},"settings":{"port":1},"listener":[{"port":80}]}"#
    );
}

#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum Backend {
    Local,
    S3 { bucket: String },
    Custom(String),
    Pair(u8, u8),
}

#[derive(Serialize)]
struct WithEnums {
    a: Backend,
    b: Backend,
    c: Backend,
    d: Backend,
}

#[test]
fn enums_are_externally_tagged() {
    let w = WithEnums {
        a: Backend::Local,
        b: Backend::S3 {
            bucket: "state".into(),
        },
        c: Backend::Custom("x".into()),
        d: Backend::Pair(1, 2),
    };
    let expected = r#"a = "local"

b "s3" {
  bucket = "state"
}

c = {
  custom = "x"
}
d = {
  pair = [1, 2]
}
"#;
    assert_eq!(hcl::to_string(&w).unwrap(), expected);
}

#[test]
fn map_of_vecs_of_structs_repeats_labeled_blocks() {
    let m: BTreeMap<String, BTreeMap<String, Vec<Rule>>> = [(
        "rule".to_string(),
        [(
            "http".to_string(),
            vec![Rule { port: 80 }, Rule { port: 8080 }],
        )]
        .into(),
    )]
    .into();
    let expected = r#"rule "http" {
  port = 80
}

rule "http" {
  port = 8080
}
"#;
    assert_eq!(hcl::to_string(&m).unwrap(), expected);
}

#[test]
fn errors() {
    let e = hcl::to_string(&vec![1, 2]).unwrap_err();
    assert_eq!(e.kind(), hcl::ErrorKind::Ser);
    assert!(e.message().contains("struct or a map"), "{e}");

    let bad_key: BTreeMap<String, u8> = [("not an ident".to_string(), 1)].into();
    let e = hcl::to_string(&bad_key).unwrap_err();
    assert!(e.message().contains("not a valid HCL attribute"), "{e}");

    let inf: BTreeMap<String, f64> = [("x".to_string(), f64::INFINITY)].into();
    assert!(hcl::to_string(&inf).is_err());
    let nan: BTreeMap<String, f64> = [("x".to_string(), f64::NAN)].into();
    assert!(hcl::to_string(&nan).is_err());

    let tuple_key: BTreeMap<(u8, u8), u8> = [((1, 2), 3)].into();
    assert!(hcl::to_string(&tuple_key).is_err());
}

#[test]
fn unit_and_none() {
    #[derive(Serialize)]
    struct U;
    #[derive(Serialize)]
    struct S {
        a: Option<u8>,
        b: (),
        c: U,
        d: Vec<Option<u8>>,
    }
    let out = hcl::to_string(&S {
        a: None,
        b: (),
        c: U,
        d: vec![Some(1), None],
    })
    .unwrap();
    assert_eq!(out, "b = null\nc = null\nd = [1, null]\n");
}
