//! Known limitations, pinned so that a change in behaviour is noticed.
//!
//! `#[serde(flatten)]` and `#[serde(untagged)]` make serde buffer the input
//! in its own generic `Content` form before the target type sees it. The
//! buffered data loses what only this deserializer knows: Terraform's
//! string → number conversions, spans for `Spanned<T>`, and the position of
//! the element that failed.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

#[derive(Debug, Deserialize)]
#[allow(dead_code)]
struct Inner {
    port: u16,
}

#[test]
fn string_to_number_conversion_works_without_flatten() {
    #[derive(Debug, Deserialize)]
    struct Plain {
        inner: Inner,
    }
    let p: Plain = hcl::from_str("inner {\n  port = \"8080\"\n}\n").unwrap();
    assert_eq!(p.inner.port, 8080);
}

#[test]
fn string_to_number_conversion_is_lost_through_flatten() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Outer {
        name: String,
        #[serde(flatten)]
        inner: Inner,
    }
    let err = hcl::from_str::<Outer>("name = \"x\"\nport = \"8080\"\n").unwrap_err();
    assert_eq!(err.message(), "invalid type: string \"8080\", expected u16");
    // Numbers written as numbers are fine.
    let o: Outer = hcl::from_str("name = \"x\"\nport = 8080\n").unwrap();
    assert_eq!(o.inner.port, 8080);
}

#[test]
fn spanned_is_lost_through_flatten() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Outer {
        #[serde(flatten)]
        rest: HashMap<String, Spanned<String>>,
    }
    assert!(hcl::from_str::<Outer>("a = \"x\"\n").is_err());
}

#[test]
fn untagged_errors_point_at_the_enclosing_attribute() {
    #[derive(Debug, Deserialize)]
    #[serde(untagged)]
    #[allow(dead_code)]
    enum Port {
        Number(u16),
        Range { from: u16, to: u16 },
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        port: Port,
    }
    let err = hcl::from_str::<C>("port = {\n  from = 1\n  to = true\n}\n").unwrap_err();
    assert_eq!(
        err.message(),
        "data did not match any variant of untagged enum Port"
    );
    assert_eq!(err.path(), Some("port"));
    // Line 1 (the object), not line 3 (the bad element).
    assert_eq!(err.line(), Some(1));
}

#[test]
fn label_field_is_not_offered_through_flatten() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct User {
        #[serde(rename = "__labels")]
        labels: Vec<String>,
        #[serde(flatten)]
        rest: HashMap<String, hcl::Value>,
    }
    #[derive(Debug, Deserialize)]
    struct C {
        user: Vec<User>,
    }
    // `__labels` (the list form) still works in a list element...
    let c: C = hcl::from_str("user \"alice\" {\n  admin = true\n}\n").unwrap();
    assert_eq!(c.user[0].labels, ["alice"]);
    assert_eq!(c.user[0].rest["admin"], hcl::Value::from(true));

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Named {
        #[serde(rename = "__label")]
        name: String,
        #[serde(flatten)]
        rest: HashMap<String, hcl::Value>,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct D {
        user: Vec<Named>,
    }
    // ...but `__label` is not: a flattened struct is read as a map.
    let err = hcl::from_str::<D>("user \"alice\" {\n  admin = true\n}\n").unwrap_err();
    assert_eq!(err.message(), "missing block label");
}
