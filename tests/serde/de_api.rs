//! The entry points: from_str, from_slice, from_reader, from_body,
//! from_value, Deserializer (with parse options and a context).

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Debug, Deserialize, PartialEq)]
struct C {
    name: String,
    port: u16,
}

const SRC: &str = "name = \"web\"\nport = 8080\n";

fn expected() -> C {
    C {
        name: "web".into(),
        port: 8080,
    }
}

#[test]
fn from_str_slice_reader_body_agree() {
    assert_eq!(hcl::from_str::<C>(SRC).unwrap(), expected());
    assert_eq!(hcl::from_slice::<C>(SRC.as_bytes()).unwrap(), expected());
    assert_eq!(
        hcl::from_reader::<_, C>(std::io::Cursor::new(SRC)).unwrap(),
        expected()
    );
    let file = hcl::parse(SRC).unwrap();
    assert_eq!(hcl::from_body::<C>(file.body()).unwrap(), expected());
    let v: hcl::Value = hcl::from_str(SRC).unwrap();
    assert_eq!(hcl::from_value::<C>(v).unwrap(), expected());
}

#[test]
fn borrowed_strings() {
    #[derive(Debug, Deserialize)]
    struct B<'a> {
        #[serde(borrow)]
        name: &'a str,
        #[serde(borrow)]
        labels: BTreeMap<&'a str, &'a str>,
    }
    let src = "name = \"web\"\nlabels = { app = \"shop\" }\n";
    let b: B = hcl::from_str(src).unwrap();
    assert_eq!(b.name, "web");
    assert_eq!(b.labels["app"], "shop");
    // A string with escapes cannot be borrowed: a clear error, not a panic.
    let err = hcl::from_str::<B>("name = \"a\\nb\"\nlabels = {}\n").unwrap_err();
    assert!(
        err.message().contains("expected a borrowed string"),
        "{err}"
    );
    // From a parsed tree the strings live as long as the tree: all borrow.
    let file = hcl::parse(src).unwrap();
    let b: B = hcl::from_body(file.body()).unwrap();
    assert_eq!((b.name, b.labels["app"]), ("web", "shop"));
    let file = hcl::parse("name = \"a\\nb\"\nlabels = {}\n").unwrap();
    let b: B = hcl::from_body(file.body()).unwrap();
    assert_eq!(b.name, "a\nb");
}

#[test]
fn reader_errors() {
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let err = hcl::from_reader::<_, C>(Failing).unwrap_err();
    assert_eq!(err.kind(), hcl::ErrorKind::Io);
    assert!(err.message().contains("disk on fire"));
}

#[test]
fn parse_options_apply() {
    let src = "a = [[[[1]]]]\n";
    let mut de =
        hcl::Deserializer::from_str(src).with_parse_options(hcl::ParseOptions::new().max_depth(2));
    let err = hcl::Value::deserialize(&mut de).unwrap_err();
    assert_eq!(err.line(), Some(1));
    let mut de = hcl::Deserializer::from_str(src);
    assert!(hcl::Value::deserialize(&mut de).is_ok());
}

#[test]
fn deserializer_reports_positions_relative_to_its_source() {
    let mut de = hcl::Deserializer::from_str("name = \"web\"\nport = true\n");
    let err = C::deserialize(&mut de).unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(2), Some(8)));
    assert_eq!(err.path(), Some("port"));
}
