//! Hostile input by size and repetition: 1,000,000 attributes in one body,
//! duplicate attributes (Terraform: "Attribute redefined", at the second
//! definition) and duplicate object keys (Terraform: the last one wins).

use hcl::{parse, ErrorKind, Value};

#[test]
fn a_million_attributes_in_one_body() {
    let n = 1_000_000;
    let mut src = String::with_capacity(n * 16);
    for i in 0..n {
        src.push_str(&format!("a{i} = {i}\n"));
    }
    let file = parse(&src).unwrap();
    assert_eq!(file.body().structures.len(), n);
    drop(file);
    let v: Value = hcl::from_str(&src).unwrap();
    assert_eq!(v["a999999"], Value::from(999_999));
    assert_eq!(v.as_object().map(|o| o.len()), Some(n));
    // A duplicate at the very end is found, at its line, naming the first.
    src.push_str("a17 = 0\n");
    let e = parse(&src).unwrap_err();
    assert_eq!(e.line(), Some(n + 1));
    assert_eq!(e.column(), Some(1));
    assert!(
        e.message()
            .contains("`a17` is defined twice (first on line 18, column 1)"),
        "{e}"
    );
}

#[test]
fn a_million_blocks_and_a_million_element_list() {
    let n = 1_000_000;
    let src = "b {}\n".repeat(n);
    let v: Value = hcl::from_str(&src).unwrap();
    assert_eq!(v["b"].as_array().map(Vec::len), Some(n));
    let list = format!("a = [{}]\n", "1, ".repeat(n));
    let v: Value = hcl::from_str(&list).unwrap();
    assert_eq!(v["a"].as_array().map(Vec::len), Some(n));
}

#[test]
fn duplicate_attributes_point_at_the_second_definition() {
    // As Terraform: the error is on the second definition, the first in a note.
    let src = "a = 1\nb = 2\n  a = 3\n";
    let e = parse(src).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Parse);
    assert_eq!((e.line(), e.column()), (Some(3), Some(3)));
    assert!(e.message().contains("`a` is defined twice"), "{e}");
    let notes: Vec<_> = e.notes().collect();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].0, "first defined here");
    assert_eq!(notes[0].1.map(|l| (l.line, l.column)), Some((1, 1)));
    // In a block, and with many attributes between (the hashed path).
    let mut blk = String::from("r \"x\" {\n  k = 1\n");
    for i in 0..40 {
        blk.push_str(&format!("  f{i} = {i}\n"));
    }
    blk.push_str("  k = 2\n}\n");
    let e = parse(&blk).unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(43), Some(3)));
    // The same name in different blocks, or as attribute and block, is fine.
    assert!(parse("a {\n  x = 1\n}\nb {\n  x = 1\n}\n").is_ok());
    assert!(parse("x = 1\nx {\n}\n").is_ok());
    // Through the deserializer: the same error.
    let e = hcl::from_str::<Value>(src).unwrap_err();
    assert_eq!(e.line(), Some(3));
}

#[test]
fn duplicate_object_keys_keep_the_last_value() {
    // `terraform console`: {a = 1, a = 2} is { "a" = 2 }; jsonencode({a = 1, "a" = 2}) is {"a":2}.
    let v: Value = hcl::from_str("o = {a = 1, a = 2}\np = {a = 1, \"a\" = 2}\n").unwrap();
    assert_eq!(
        v["o"],
        hcl::from_str::<Value>("x = {a = 2}\n").unwrap()["x"]
    );
    assert_eq!(v["p"]["a"], Value::from(2));
    // 100,000 duplicates of one key: one entry.
    let src = format!("o = {{{}}}\n", "k = 1, ".repeat(100_000));
    let v: Value = hcl::from_str(&src).unwrap();
    assert_eq!(v["o"].as_object().map(|o| o.len()), Some(1));
    // for-expressions: a duplicate key is an error unless grouping (`...`).
    let e = hcl::eval::evaluate_str(
        "{for s in [\"a\", \"a\"] : s => 1}",
        &hcl::eval::Context::new(),
    )
    .unwrap_err();
    assert!(e.message().contains("Duplicate object key"), "{e}");
}

#[test]
fn a_set_of_two_hundred_thousand_elements() {
    // Deduplication sorts first: no quadratic search over the elements.
    let n = 200_000;
    let items: Vec<String> = (0..n).map(|i| format!("k{}", i % 150_000)).collect();
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_var("csv", items.join(","));
    let v = hcl::eval::evaluate_str(r#"length(toset(split(",", csv)))"#, &ctx).unwrap();
    assert_eq!(v, Value::from(150_000));
    let v = hcl::eval::evaluate_str(r#"length(toset([for s in split(",", csv) : [s]]))"#, &ctx)
        .unwrap();
    assert_eq!(v, Value::from(150_000));
}

#[test]
fn a_hundred_thousand_references_are_located_in_one_pass() {
    // One reference a line: `hcl refs`' shape, every position as
    // `Location::of` gives it alone.
    let n = 100_000;
    let src: String = (0..n).map(|i| format!("a{i} = var.x{i}\n")).collect();
    let file = parse(&src).unwrap();
    let refs = hcl::analysis::body_references(file.body());
    assert_eq!(refs.len(), n);
    let at = hcl::error::Locator::new(&src);
    for (i, r) in refs.iter().enumerate() {
        let v = hcl::analysis::reference_value(None, &r.reference, &at);
        if i % 9_973 == 0 || i == n - 1 {
            let want = hcl::error::Location::of(&src, r.reference.span.end());
            assert_eq!(v["end"]["line"], Value::from(want.line as u64));
            assert_eq!(v["end"]["column"], Value::from(want.column as u64));
            assert_eq!(want.line, i + 1);
        }
    }
}
