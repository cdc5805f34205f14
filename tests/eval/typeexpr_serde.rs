//! Type constraints through serde: a `variable` block's `type` into a
//! typed field, and a deserializer that applies a constraint.

use std::collections::HashMap;

use serde::Deserialize;

#[derive(Deserialize, Debug)]
struct Config {
    variable: HashMap<String, Variable>,
}

#[derive(Deserialize, Debug)]
struct Variable {
    #[serde(rename = "type")]
    ty: Option<hcl::TypeConstraint>,
    default: Option<hcl::Value>,
}

const VARIABLES: &str = r#"
variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "rules" {
  type = list(object({
    port  = number
    proto = optional(string, "tcp")
  }))
  default = [{ port = "443" }]
}

variable "anything" {}
"#;

#[test]
fn variable_types_are_read_as_constraints() {
    let c: Config = hcl::from_str(VARIABLES).unwrap();
    assert_eq!(c.variable["region"].ty, Some(hcl::TypeConstraint::String));
    assert!(c.variable["anything"].ty.is_none());
    let rules = &c.variable["rules"];
    let ty = rules.ty.as_ref().unwrap();
    assert_eq!(
        ty.ty().to_string(),
        "list(object({port: number, proto: string}))"
    );
    // Applying the constraint to the default, as Terraform does.
    let v = ty.convert(rules.default.clone().unwrap()).unwrap();
    assert_eq!(v[0]["port"], hcl::Value::from(443));
    assert_eq!(v[0]["proto"], hcl::Value::from("tcp"));
}

#[test]
fn a_bad_type_is_an_error_at_its_position() {
    let err = hcl::from_str::<Config>("variable \"x\" {\n  type = list(strin)\n}\n").unwrap_err();
    assert_eq!(err.line(), Some(2));
    assert!(
        err.message().contains("\"strin\" is not a valid type"),
        "{}",
        err.message()
    );
}

#[test]
fn a_deserializer_applies_a_constraint() {
    #[derive(Deserialize, Debug)]
    struct Listener {
        port: u16,
        tls: bool,
        hosts: Vec<String>,
    }
    let c = hcl::TypeConstraint::parse(
        "map(object({port = number, tls = optional(bool, false), hosts = optional(list(string), [])}))",
    )
    .unwrap();
    let src = "web = { port = \"80\" }\napi = { port = 8443, tls = \"true\", hosts = [\"a\"] }\n";
    let mut de = hcl::Deserializer::from_str(src).with_type_constraint(&c);
    let m = HashMap::<String, Listener>::deserialize(&mut de).unwrap();
    assert_eq!(
        (m["web"].port, m["web"].tls, m["web"].hosts.len()),
        (80, false, 0)
    );
    assert_eq!(
        (m["api"].port, m["api"].tls, m["api"].hosts.len()),
        (8443, true, 1)
    );

    let mut de =
        hcl::Deserializer::from_str("web = { port = \"http\" }\n").with_type_constraint(&c);
    let err = HashMap::<String, Listener>::deserialize(&mut de).unwrap_err();
    assert_eq!(err.message(), "[\"web\"].port: a number is required");
}

#[test]
fn type_constraints_serialize_as_they_deserialize() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Variable {
        #[serde(rename = "type")]
        ty: hcl::TypeConstraint,
        exact: hcl::Type,
    }
    let src =
        "type  = list(object({ a = optional(number, 1), b = string }))\nexact = set(string)\n";
    let v: Variable = hcl::from_str(src).unwrap();
    // Native syntax: the expression itself, which reads back the same.
    let text = hcl::to_string(&v).unwrap();
    assert!(text.contains("exact = set(string)\n"), "{text}");
    assert_eq!(hcl::from_str::<Variable>(&text).unwrap(), v);
    // Other formats: the same text as a string (as a `.tf.json` file
    // writes a variable's type).
    let json = serde_json::to_string(&v).unwrap();
    assert_eq!(
        json,
        r#"{"type":"list(object({a = optional(number, 1), b = string}))","exact":"set(string)"}"#
    );
    assert_eq!(serde_json::from_str::<Variable>(&json).unwrap(), v);
}
