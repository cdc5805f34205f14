//! Blocks in the JSON syntax's shape: one rule for the evaluator, the
//! deserializer and the serializer (serde_json of a body).

use hcl::eval::{Context, Evaluate};
use serde_json::json;

fn three_ways(src: &str) -> [serde_json::Value; 3] {
    let file = hcl::parse(src).unwrap();
    let evaluated = file.body().evaluate(&Context::new()).unwrap();
    let deserialized: hcl::Value = hcl::from_str(src).unwrap();
    [
        serde_json::to_value(&evaluated).unwrap(),
        serde_json::to_value(&deserialized).unwrap(),
        serde_json::to_value(file.body()).unwrap(),
    ]
}

#[test]
fn repeated_and_labeled_blocks() {
    let src = "a = 1\nb {\n  x = 1\n}\nb {\n  x = 2\n}\nr \"t\" \"n1\" {\n  y = 1\n}\n\
               r \"t\" \"n2\" {\n  y = 2\n}\nr \"t\" \"n1\" {\n  y = 3\n}\n";
    let want = json!({
        "a": 1,
        "b": [{"x": 1}, {"x": 2}],
        "r": {"t": {"n1": [{"y": 1}, {"y": 3}], "n2": {"y": 2}}}
    });
    for (how, got) in ["evaluated", "deserialized", "serialized"]
        .iter()
        .zip(three_ways(src))
    {
        assert_eq!(got, want, "{how}");
    }
}

#[test]
fn unlabeled_and_labeled_blocks_of_one_type() {
    let src = "inc {\n  a = 1\n}\ninc \"env\" {\n  b = 2\n}\n";
    let want = json!({"inc": {"a": 1, "env": {"b": 2}}});
    for (how, got) in ["evaluated", "deserialized", "serialized"]
        .iter()
        .zip(three_ways(src))
    {
        assert_eq!(got, want, "{how}");
    }
}
