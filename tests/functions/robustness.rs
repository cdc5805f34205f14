//! Every built-in function, called with many combinations of awkward
//! arguments, returns a value or an error: it never panics.

use hcl::eval::functions::{builtin, builtin_names};
use hcl::Value;

fn pool() -> Vec<Value> {
    let obj = |k: &str, v: Value| Value::from_iter([(k.to_owned(), v)]);
    vec![
        Value::Null,
        Value::Bool(true),
        Value::from(0),
        Value::from(-1),
        Value::from(1.5),
        Value::from(1e300),
        Value::from(-1e300),
        Value::from(u64::MAX),
        Value::from(""),
        Value::from("a"),
        Value::from("%"),
        Value::from("/(/"),
        Value::from("[\u{0}\u{301}é👍🏽"),
        Value::from("10.0.0.0/8"),
        Value::from("::/0"),
        Value::from("2024-01-01T00:00:00Z"),
        Value::Array(vec![]),
        Value::from(vec![Value::from(1), Value::from("a")]),
        Value::from(vec![Value::from(vec![1])]),
        Value::Object(hcl::Map::new()),
        obj("a", Value::from(1)),
        obj("a", Value::from(vec![Value::Null])),
    ]
}

#[test]
fn no_function_panics() {
    let pool = pool();
    let small: Vec<Value> = pool.iter().step_by(3).cloned().collect();
    let mut calls = 0usize;
    for name in builtin_names() {
        // fileset walks directories: it is exercised by func_fs instead.
        if *name == "fileset" {
            continue;
        }
        let f = builtin(name).unwrap();
        let mut arg_lists: Vec<Vec<Value>> = vec![vec![]];
        for a in &pool {
            arg_lists.push(vec![a.clone()]);
            for b in &pool {
                arg_lists.push(vec![a.clone(), b.clone()]);
            }
        }
        for a in &small {
            for b in &small {
                for c in &small {
                    arg_lists.push(vec![a.clone(), b.clone(), c.clone()]);
                }
            }
        }
        for args in arg_lists {
            calls += 1;
            let shown = format!("{name}({args:?})");
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let _ = f.call(args);
            }));
            assert!(result.is_ok(), "panicked: {shown}");
        }
    }
    assert!(calls > 10_000);
}
