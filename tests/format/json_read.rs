//! Reading HCL's JSON syntax (`json-spec.md`): expected values from the
//! spec's sections on structure, expressions and strings.

use std::collections::HashMap;

use hcl::eval::Context;
use hcl::Value;
use serde::Deserialize;

fn value(src: &str) -> Value {
    hcl::from_json_str(src).unwrap_or_else(|e| panic!("{src}: {e}"))
}

#[test]
fn strings_are_templates() {
    let mut ctx = Context::new();
    ctx.declare_var("name", "web");
    let v: Value = hcl::from_json_str_with_context(
        r#"{"a": "Hello, ${name}!", "b": "${1 + 2}", "c": "$${literal}", "d": "%%{if}", "e": "plain"}"#,
        &ctx,
    )
    .unwrap();
    assert_eq!(v["a"], Value::from("Hello, web!"));
    // Template interpolation unwrapping: a number, not a string.
    assert_eq!(v["b"], Value::from(3));
    assert_eq!(v["c"], Value::from("${literal}"));
    assert_eq!(v["d"], Value::from("%{if}"));
    assert_eq!(v["e"], Value::from("plain"));
}

#[test]
fn values_map_as_the_spec_says() {
    let v = value(r#"{"n": 1.5e3, "t": true, "z": null, "l": [1, "a"], "o": {"k": [false]}}"#);
    assert_eq!(v["n"], Value::from(1500));
    assert_eq!(v["t"], Value::Bool(true));
    assert_eq!(v["z"], Value::Null);
    assert_eq!(v["l"], Value::from(vec![Value::from(1), Value::from("a")]));
    assert_eq!(v["o"]["k"][0], Value::Bool(false));
    // Numbers are exact.
    let v = value(r#"{"big": 18446744073709551617}"#);
    assert_eq!(
        v["big"].as_number().unwrap().to_plain_string(),
        "18446744073709551617"
    );
}

#[test]
fn comments_in_bodies_are_dropped_only_there() {
    let v = value(r#"{"//": "about this file", "a": {"//": "kept: an object value"}}"#);
    let Value::Object(o) = &v else { panic!() };
    assert_eq!(o.len(), 1);
    assert_eq!(v["a"]["//"], Value::from("kept: an object value"));
}

#[test]
fn object_keys_are_templates() {
    let mut ctx = Context::new();
    ctx.declare_var("k", "key");
    let v: Value = hcl::from_json_str_with_context(r#"{"o": {"${k}-1": 1}}"#, &ctx).unwrap();
    assert_eq!(v["o"]["key-1"], Value::from(1));
}

#[test]
fn repeated_properties_are_repeated_blocks() {
    // The spec: a parser must keep every definition of a repeated name.
    #[derive(Deserialize, Debug)]
    struct Config {
        resource: HashMap<String, HashMap<String, Value>>,
    }
    let c: Config = hcl::from_json_str(
        r#"{"resource": {"a": {"x": {"n": 1}}}, "resource": {"a": {"y": {"n": 2}}, "b": {"z": {}}}}"#,
    )
    .unwrap();
    assert_eq!(c.resource["a"].len(), 2);
    assert_eq!(c.resource["a"]["y"]["n"], Value::from(2));
    assert!(c.resource["b"].contains_key("z"));
}

#[test]
fn every_definition_of_a_repeated_name_is_kept() {
    // json-spec.md: "A JSON HCL parser must support duplicate definitions
    // of the same property name within a single object, preserving all of
    // them and the relative ordering between them."
    #[derive(Deserialize, Debug, PartialEq)]
    struct Listener {
        port: u16,
    }
    #[derive(Deserialize, Debug)]
    struct Config {
        listener: Vec<Listener>,
        resource: HashMap<String, HashMap<String, Value>>,
    }
    // A block type without labels given twice is two blocks; an array at a
    // level of labels holds the labels of all its definitions.
    let c: Config = hcl::from_json_str(
        r#"{"listener": {"port": 1}, "listener": [{"port": 2}, {"port": 3}],
            "resource": [{"t": {"a": {"n": 1}}}, {"t": {"b": {"n": 2}}}]}"#,
    )
    .unwrap();
    assert_eq!(
        c.listener,
        [
            Listener { port: 1 },
            Listener { port: 2 },
            Listener { port: 3 }
        ]
    );
    assert_eq!(c.resource["t"]["a"]["n"], Value::from(1));
    assert_eq!(c.resource["t"]["b"]["n"], Value::from(2));
    // One block (a struct) given twice is refused, as in native syntax.
    #[derive(Deserialize, Debug)]
    struct One {
        listener: Listener,
    }
    let err = hcl::from_json_str::<One>(r#"{"listener": {"port": 1}, "listener": {"port": 2}}"#)
        .unwrap_err();
    assert!(
        err.message()
            .starts_with("expected one block here, found 2"),
        "{err}"
    );
    assert_eq!(err.path(), Some("listener"));
    // Definitions that hold one block between them are that block.
    let one: One = hcl::from_json_str(r#"{"listener": [], "listener": {"port": 7}}"#).unwrap();
    assert_eq!(one.listener, Listener { port: 7 });
    // Without a schema, the definitions are a list, in order.
    let v: Value = hcl::from_json_str(r#"{"b": {"x": 1}, "b": {"y": 2}}"#).unwrap();
    assert_eq!(v["b"][0]["x"], Value::from(1));
    assert_eq!(v["b"][1]["y"], Value::from(2));
}

#[test]
fn the_target_type_decides_what_is_a_block() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Rule {
        port: u16,
    }
    #[derive(Deserialize, Debug)]
    struct Config {
        // One object is one block, an array several.
        one: Vec<Rule>,
        many: Vec<Rule>,
        single: Rule,
        // Labelled blocks written in the array form keep working as a map.
        provisioner: HashMap<String, Rule>,
    }
    let c: Config = hcl::from_json_str(
        r#"{"one": {"port": 1}, "many": [{"port": 2}, {"port": "3"}], "single": {"port": 4},
            "provisioner": [{"local-exec": {"port": 5}}, {"file": {"port": 6}}]}"#,
    )
    .unwrap();
    assert_eq!(c.one, [Rule { port: 1 }]);
    assert_eq!(c.many, [Rule { port: 2 }, Rule { port: 3 }]);
    assert_eq!(c.single, Rule { port: 4 });
    assert_eq!(c.provisioner["file"], Rule { port: 6 });
}

#[test]
fn syntax_fields_read_a_string_as_an_expression() {
    // The spec's static analysis: a string's content is a native
    // expression where syntax is asked for.
    #[derive(Deserialize, Debug)]
    struct Variable {
        #[serde(rename = "type")]
        ty: hcl::TypeConstraint,
        depends_on: Vec<hcl::syntax::ParsedExpression<'static>>,
    }
    let v: Variable =
        hcl::from_json_str(r#"{"type": "list(object({a = optional(string, \"x\")}))", "depends_on": ["aws_s3_bucket.b"]}"#)
            .unwrap();
    assert_eq!(
        v.ty.to_string(),
        "list(object({a = optional(string, \"x\")}))"
    );
    assert_eq!(v.depends_on[0].source(), "aws_s3_bucket.b");
}

#[test]
fn errors_have_the_json_text_positions() {
    let err = hcl::from_json_str::<Value>("{\n  \"a\": \"${1 +}\"\n}").unwrap_err();
    assert_eq!(err.line(), Some(2));
    let err = hcl::from_json_str::<Value>("{\"a\": 1,}").unwrap_err();
    assert_eq!((err.line(), err.column()), (Some(1), Some(9)));
    assert!(
        err.message().starts_with("invalid JSON"),
        "{}",
        err.message()
    );
    let err = hcl::from_json_str::<Value>("[1]").unwrap_err();
    assert!(
        err.message().contains("one JSON object"),
        "{}",
        err.message()
    );
    let mut ctx = Context::new();
    ctx.declare_var("x", 1);
    let err =
        hcl::from_json_str_with_context::<Value>("{\n  \"a\": \"${y}\"\n}", &ctx).unwrap_err();
    assert_eq!(err.line(), Some(2));
    // Deep nesting is refused, not a stack overflow.
    let deep = format!("{{\"a\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(hcl::from_json_str::<Value>(&deep).is_err());
}

#[test]
fn json_strings_with_escapes() {
    let v = value(r#"{"a": "tab\there \u00e9 \ud83d\ude00 \"${upper(\"x\")}\""}"#);
    assert_eq!(v["a"], Value::from("tab\there é 😀 \"X\""));
}

#[test]
fn literal_strings_are_nfc_normalised_as_templates_are() {
    // A string without template sequences is a template's literal, which
    // Terraform normalises to NFC (terraform console 1.11.4: "e\u0301"
    // in a .tf.json local is "é", U+00E9), in values, lists and object keys.
    let v =
        value(r#"{"a": "e\u0301", "b": ["e\u0301"], "c": {"e\u0301": "k"}, "d": "${1}e\u0301"}"#);
    assert_eq!(v["a"], Value::from("\u{e9}"));
    assert_eq!(v["b"][0], Value::from("\u{e9}"));
    assert_eq!(v["c"]["\u{e9}"], Value::from("k"));
    assert_eq!(v["d"], Value::from("1\u{e9}"));
}

#[test]
fn a_property_defined_twice_that_cannot_be_blocks_is_an_error() {
    // Terraform 1.11.4: `{"locals": {"x": {"a": 1, "a": 2}}}` is "Duplicate
    // object attribute" at the second "a"; a variables file `{"x": 1, "x":
    // 2}` is "Duplicate attribute definition".
    let e = hcl::from_json_str::<Value>(r#"{"x": {"a": 1, "a": 2}}"#).unwrap_err();
    assert!(e.message().starts_with("Duplicate object attribute: An attribute named \"a\" was already defined at line 1, column 8"), "{e}");
    assert_eq!((e.line(), e.column()), (Some(1), Some(16)));
    let e = hcl::from_json_str::<Value>(r#"{"x": 1, "x": 2}"#).unwrap_err();
    assert!(
        e.message()
            .starts_with("Duplicate attribute definition: The argument \"x\""),
        "{e}"
    );
    let e = hcl::from_json_str::<Value>(r#"{"x": [{"a": ["s"], "a": ["t"]}]}"#).unwrap_err();
    assert!(e.message().starts_with("Duplicate object attribute"), "{e}");
}

#[test]
fn an_object_constructor_s_repeated_key_is_written_once() {
    // HCL's object constructor keeps a repeated key's last value
    // (`ObjectConsExpr`; terraform console: {a = 1, a = 2} is {"a" = 2}),
    // and the JSON written reads back the same.
    let src = "x = {a = 1, a = 2}\ny = {a = var.q, b = 1, a = 3}\n";
    let file = hcl::parse(src).unwrap();
    let ctx = hcl::eval::Context::new().with_mode(hcl::eval::EvalMode::PreserveTemplates);
    let json =
        hcl::json::to_string(file.body(), src, &ctx, &hcl::json::WriteOptions::new()).unwrap();
    assert_eq!(json, r#"{"x":{"a":2},"y":{"b":1,"a":3}}"#);
    let back: Value = hcl::from_json_str(&json).unwrap();
    assert_eq!(back["x"]["a"], Value::from(2));
}
