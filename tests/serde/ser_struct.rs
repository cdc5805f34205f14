//! serde structs → HCL bodies. Every expected text below was checked to be
//! left unchanged by `terraform fmt`.

use std::collections::BTreeMap;

use serde::Serialize;

#[derive(Serialize)]
struct Server {
    host: String,
    port: u16,
}

#[derive(Serialize)]
struct Config {
    name: String,
    replicas: u32,
    ratio: f64,
    enabled: bool,
    nothing: Option<u8>,
    explicit_null: (),
    tags: BTreeMap<String, String>,
    ports: Vec<u16>,
    pair: (u8, &'static str),
    server: Server,
}

#[test]
fn struct_with_attributes_and_block() {
    let c = Config {
        name: "web".into(),
        replicas: 3,
        ratio: 0.5,
        enabled: true,
        nothing: None,
        explicit_null: (),
        tags: [("env", "prod"), ("team name", "x")]
            .into_iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
        ports: vec![80, 443],
        pair: (1, "a"),
        server: Server {
            host: "localhost".into(),
            port: 8080,
        },
    };
    let expected = r#"name          = "web"
replicas      = 3
ratio         = 0.5
enabled       = true
explicit_null = null
tags = {
  env         = "prod"
  "team name" = "x"
}
ports = [80, 443]
pair  = [1, "a"]

server {
  host = "localhost"
  port = 8080
}
"#;
    assert_eq!(hcl::to_string(&c).unwrap(), expected);
    assert_eq!(hcl::to_vec(&c).unwrap(), expected.as_bytes());
    let mut buf = Vec::new();
    hcl::to_writer(&mut buf, &c).unwrap();
    assert_eq!(buf, expected.as_bytes());
}

#[derive(Serialize)]
struct Repeated {
    server: Vec<Server>,
    empty: Vec<Server>,
}

#[test]
fn vec_of_structs_is_repeated_blocks() {
    let r = Repeated {
        server: vec![
            Server {
                host: "a".into(),
                port: 1,
            },
            Server {
                host: "b".into(),
                port: 2,
            },
        ],
        empty: vec![],
    };
    let expected = r#"server {
  host = "a"
  port = 1
}

server {
  host = "b"
  port = 2
}

empty = []
"#;
    assert_eq!(hcl::to_string(&r).unwrap(), expected);
}

#[test]
fn errors_name_the_field_path() {
    #[derive(serde::Serialize)]
    struct Inner {
        list: Vec<f64>,
    }
    #[derive(serde::Serialize)]
    struct Outer {
        inner: Inner,
    }
    let err = hcl::to_string(&Outer {
        inner: Inner {
            list: vec![1.0, f64::NAN],
        },
    })
    .unwrap_err();
    assert_eq!(err.path(), Some("inner.list[1]"));
    assert!(err.to_string().starts_with("inner.list[1]: "), "{err}");
    assert!(err.message().contains("NaN"), "{}", err.message());
}
