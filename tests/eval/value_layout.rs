//! The size of a `Value` and of its parts, and which strings live inline:
//! what keeps `from_str::<Value>` to few allocations.

use std::mem::size_of;

use hcl::{Key, Map, Number, Str, Value};

#[test]
fn value_sizes() {
    // 64-bit targets (the sizes are in pointer-sized words).
    if size_of::<usize>() != 8 {
        return;
    }
    assert_eq!(size_of::<Str>(), 24);
    assert_eq!(size_of::<Map<Key, Value>>(), 24);
    assert_eq!(size_of::<Number>(), 16);
    assert_eq!(size_of::<Value>(), 32);
}

#[test]
fn strings_up_to_24_bytes_are_inline() {
    let short = Str::from("a".repeat(24));
    let long = Str::from("a".repeat(25));
    assert!(!short.is_heap_allocated());
    assert!(long.is_heap_allocated());
    let v: Value = hcl::from_str("k = \"ami-0123456789abcdef0\"\n").unwrap();
    match &v["k"] {
        Value::String(s) => {
            assert_eq!(s, "ami-0123456789abcdef0");
            assert!(!s.is_heap_allocated());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn big_numbers_survive_the_boxing() {
    // A 512-bit number lives behind a box in values and in the tree's arena
    // in literals; both read back exactly.
    let v: Value = hcl::from_str("n = 18446744073709551617\nf = 0.1\n").unwrap();
    assert_eq!(
        v["n"].as_number().unwrap().to_string(),
        "18446744073709551617"
    );
    assert_eq!(v["f"].as_number().unwrap().to_string(), "0.1");
    let file = hcl::parse("n = 18446744073709551617\n").unwrap();
    let attr = file.body().attributes().next().unwrap();
    match attr.expr.kind {
        hcl::syntax::ExprKind::Number(n) => {
            assert_eq!(n.value().to_string(), "18446744073709551617");
            assert_eq!(n.raw, "18446744073709551617");
        }
        ref k => panic!("{k:?}"),
    }
}
