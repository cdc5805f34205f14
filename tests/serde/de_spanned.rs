//! `serde_spanned::Spanned<T>` fields receive the byte span of the
//! expression, block or label they were read from.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

#[derive(Deserialize)]
struct Logging {
    level: Spanned<String>,
}

#[derive(Deserialize)]
struct C {
    name: Spanned<String>,
    port: Spanned<u16>,
    logging: Spanned<Logging>,
}

const SRC: &str = "name = \"web\"\nport = 8080\nlogging {\n  level = \"x\"\n}\n";

#[test]
fn attribute_values_and_blocks() {
    let c: C = hcl::from_str(SRC).unwrap();
    assert_eq!(c.name.span(), 7..12);
    assert_eq!(&SRC[c.name.span()], "\"web\"");
    assert_eq!(c.name.get_ref(), "web");
    assert_eq!(&SRC[c.port.span()], "8080");
    assert_eq!(*c.port.get_ref(), 8080);
    assert_eq!(c.logging.span(), 25..50);
    assert!(SRC[c.logging.span()].starts_with("logging {"));
    assert!(SRC[c.logging.span()].ends_with('}'));
    let level = &c.logging.get_ref().level;
    assert_eq!(&SRC[level.span()], "\"x\"");
}

#[test]
fn tuple_elements_and_object_values() {
    #[derive(Deserialize)]
    struct T {
        tags: Vec<Spanned<String>>,
        limits: HashMap<String, Spanned<u32>>,
    }
    let src = "tags = [\"a\", \"bb\"]\nlimits = { cpu = 2, mem = 512 }\n";
    let t: T = hcl::from_str(src).unwrap();
    assert_eq!(&src[t.tags[1].span()], "\"bb\"");
    assert_eq!(&src[t.limits["mem"].span()], "512");
}

#[test]
fn labels() {
    #[derive(Deserialize)]
    struct Svc {
        port: u16,
    }
    #[derive(Deserialize)]
    struct S {
        service: HashMap<Spanned<String>, Svc>,
    }
    let src = "service \"web\" {\n  port = 1\n}\n";
    let s: S = hcl::from_str(src).unwrap();
    let (k, v) = s.service.iter().next().unwrap();
    assert_eq!(k.get_ref(), "web");
    assert_eq!(&src[k.span()], "\"web\"");
    assert_eq!(v.port, 1);
}

#[test]
fn whole_block_group_in_vec() {
    #[derive(Deserialize)]
    struct S {
        item: Vec<Spanned<HashMap<String, u8>>>,
    }
    let src = "item {\n  a = 1\n}\nitem {\n  b = 2\n}\n";
    let s: S = hcl::from_str(src).unwrap();
    assert_eq!(&src[s.item[1].span()], "item {\n  b = 2\n}");
}
