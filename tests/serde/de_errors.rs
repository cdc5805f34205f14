//! Deserialization errors: missing field, unknown field, invalid type,
//! out-of-range, custom — each with the line and column of the attribute or
//! block concerned, the field path, and a snippet in `Display`.

use std::collections::HashMap;

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[allow(dead_code)]
struct Instance {
    ami: String,
    count: u32,
}

#[derive(Debug, Deserialize)]
#[allow(dead_code)]
struct Tf {
    resource: HashMap<String, HashMap<String, Instance>>,
}

#[test]
fn missing_field_points_at_the_block() {
    let src = "x = 1\nresource \"aws_instance\" \"web\" {\n  ami = \"x\"\n}\n";
    let err = hcl::from_str::<Tf>(src).unwrap_err();
    assert_eq!(err.kind(), hcl::ErrorKind::De);
    assert_eq!(err.message(), "missing field `count`");
    assert_eq!(err.path(), Some("resource.aws_instance.web"));
    assert_eq!((err.line(), err.column()), (Some(2), Some(1)));
    assert_eq!(err.span().unwrap().start, 6);
}

#[test]
fn invalid_value_points_at_the_expression() {
    let src = "resource \"aws_instance\" \"web\" {\n  ami   = \"x\"\n  count = \"abc\"\n}\n";
    let err = hcl::from_str::<Tf>(src).unwrap_err();
    assert_eq!(err.message(), "invalid value: string \"abc\", expected u32");
    assert_eq!(err.path(), Some("resource.aws_instance.web.count"));
    assert_eq!((err.line(), err.column()), (Some(3), Some(11)));
    assert_eq!(
        err.to_string(),
        "resource.aws_instance.web.count: invalid value: string \"abc\", expected u32 \
         at line 3, column 11\n  |\n3 |   count = \"abc\"\n  |           ^^^^^"
    );
}

#[test]
fn invalid_type() {
    let src = "resource \"aws_instance\" \"web\" {\n  ami   = [1]\n  count = 1\n}\n";
    let err = hcl::from_str::<Tf>(src).unwrap_err();
    assert_eq!(err.message(), "invalid type: sequence, expected a string");
    assert_eq!(err.path(), Some("resource.aws_instance.web.ami"));
    assert_eq!((err.line(), err.column()), (Some(2), Some(11)));
}

#[test]
fn block_where_a_value_is_expected() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        name: String,
    }
    let err = hcl::from_str::<C>("\nname {\n}\n").unwrap_err();
    assert_eq!(err.message(), "invalid type: a block, expected a string");
    assert_eq!(err.path(), Some("name"));
    assert_eq!((err.line(), err.column()), (Some(2), Some(1)));
}

#[test]
fn unknown_field() {
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct C {
        a: u8,
    }
    let err = hcl::from_str::<C>("a = 1\nbb = 2\n").unwrap_err();
    assert_eq!(err.message(), "unknown field `bb`, expected `a`");
    assert_eq!(err.path(), Some("bb"));
    assert_eq!((err.line(), err.column()), (Some(2), Some(1)));
}

#[test]
fn out_of_range_in_a_tuple() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        ports: Vec<u16>,
    }
    let err = hcl::from_str::<C>("ports = [80, 70000]\n").unwrap_err();
    assert_eq!(
        err.message(),
        "invalid value: integer `70000`, expected u16"
    );
    assert_eq!(err.path(), Some("ports[1]"));
    assert_eq!((err.line(), err.column()), (Some(1), Some(14)));
}

#[test]
fn error_inside_an_object_literal() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        limits: HashMap<String, u8>,
    }
    let err = hcl::from_str::<C>("limits = {\n  cpu = 2\n  mem = -1\n}\n").unwrap_err();
    assert_eq!(err.path(), Some("limits.mem"));
    assert_eq!((err.line(), err.column()), (Some(3), Some(9)));
}

#[test]
fn custom_error() {
    fn lowercase<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let s = String::deserialize(d)?;
        if s.chars().any(char::is_uppercase) {
            return Err(serde::de::Error::custom("must be lowercase"));
        }
        Ok(s)
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Svc {
        #[serde(deserialize_with = "lowercase")]
        name: String,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        service: Vec<Svc>,
    }
    let src = "service {\n  name = \"ok\"\n}\nservice {\n  name = \"NotOk\"\n}\n";
    let err = hcl::from_str::<C>(src).unwrap_err();
    assert_eq!(err.message(), "must be lowercase");
    assert_eq!(err.path(), Some("service[1].name"));
    assert_eq!((err.line(), err.column()), (Some(5), Some(10)));
}

#[test]
fn two_blocks_where_one_is_expected() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Logging {
        level: String,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        logging: Logging,
    }
    let src = "logging {\n  level = \"a\"\n}\nlogging {\n  level = \"b\"\n}\n";
    let err = hcl::from_str::<C>(src).unwrap_err();
    assert!(
        err.message()
            .starts_with("expected one `logging` block here, found 2"),
        "{err}"
    );
    assert_eq!(err.path(), Some("logging"));
    assert_eq!((err.line(), err.column()), (Some(4), Some(1)));
}

#[test]
fn missing_top_level_field_has_no_position() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        name: String,
    }
    let err = hcl::from_str::<C>("other = 1\n").unwrap_err();
    assert_eq!(err.message(), "missing field `name`");
    assert_eq!(err.path(), None);
    assert_eq!(err.line(), None);
}

#[test]
fn parse_errors_pass_through() {
    let err = hcl::from_str::<hcl::Value>("a = [1, 2\n").unwrap_err();
    assert_eq!(err.kind(), hcl::ErrorKind::Parse);
    assert_eq!(err.line(), Some(1));
}

#[test]
fn invalid_utf8_in_slice() {
    let err = hcl::from_slice::<hcl::Value>(b"a = 1\nb = \"\xff\"\n").unwrap_err();
    // The parser's UTF-8 error, the same for every entry point.
    assert_eq!(
        err.message(),
        "Invalid character encoding: byte 0xff at offset 11 is not valid UTF-8 (HCL files must be UTF-8)"
    );
    assert_eq!((err.line(), err.column()), (Some(2), Some(6)));
}

#[test]
fn from_body_errors_have_spans_until_given_the_source() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct C {
        a: bool,
    }
    let src = "a = \"maybe\"\n";
    let file = hcl::parse(src).unwrap();
    let err = hcl::from_body::<C>(file.body()).unwrap_err();
    assert_eq!(err.span(), Some(hcl::Span::new(4, 11)));
    assert_eq!(err.line(), None);
    let err = err.with_source(src);
    assert_eq!((err.line(), err.column()), (Some(1), Some(5)));
}

#[test]
fn block_missing_a_label_among_labeled_ones() {
    let src = "resource \"a\" \"x\" {\n  ami = \"1\"\n  count = 1\n}\nresource \"a\" {\n  ami = \"2\"\n  count = 2\n}\n";
    let err = hcl::from_str::<Tf>(src).unwrap_err();
    assert_eq!(
        err.message(),
        "this `resource` block has 1 label, the others here have more"
    );
    assert_eq!(err.path(), Some("resource.a"));
    assert_eq!((err.line(), err.column()), (Some(5), Some(1)));
}

/// An attribute that fails reports every diagnostic of its expression
/// (Terraform 1.11.4 reports these two for it), even where the visitor
/// asked for one element; the attributes after it are not read (serde's
/// model: the first failing field stops).
#[test]
fn a_failing_attribute_reports_every_diagnostic() {
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Config {
        a: Vec<String>,
        b: u32,
    }
    let e =
        hcl::from_str::<Config>("a = [tostring({}), 1 + \"a\"]\nb = upper(1, 2)\n").unwrap_err();
    let found: Vec<(Option<usize>, String)> = e
        .diagnostics()
        .map(|d| (d.range.map(|r| r.start.column), d.summary))
        .collect();
    assert_eq!(
        found,
        [
            // (The refused argument's brace, as Terraform shows it.)
            (Some(15), "Invalid function argument".to_owned()),
            (Some(24), "Invalid operand".to_owned()),
        ]
    );
    assert_eq!(e.path(), Some("a"));
}
