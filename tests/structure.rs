//! The owned structure model (`hcl::structure`): built bodies write as
//! `terraform fmt` lays them out and read back equal; every corpus file
//! parses into a `Body` that writes and reads back to an equal `Body`;
//! chains as long as the parser takes are built, written, compared,
//! cloned and dropped without running out of stack.
//!
//! The corpus part needs `HCL_CORPUS_DIR`; it is skipped without it.

use hcl::structure::{
    Attribute, BinaryOp, BinaryOperator, Block, BlockLabel, Body, Conditional, Expression, ForExpr,
    FuncCall, Heredoc, HeredocStripMode, Identifier, Object, ObjectKey, TemplateExpr, Traversal,
    TraversalOperator, Variable,
};

fn var(name: &str) -> Expression {
    Variable::new(name).unwrap().into()
}

#[test]
fn a_built_body_writes_in_terraform_fmt_layout_and_reads_back() {
    let mut tags = Object::new();
    tags.insert(ObjectKey::from("Name"), Expression::from("main"));
    tags.insert(ObjectKey::from("cost-center"), Expression::from(42));
    let body = Body::builder()
        .add_block(
            Block::builder("resource")
                .add_label("aws_instance")
                .add_label(BlockLabel::identifier("web"))
                .add_attribute(("ami", Traversal::new(var("var"), ["ami_id"])))
                .add_attribute((
                    "count",
                    Conditional::new(var("enabled"), 2, BinaryOp::new(1, BinaryOperator::Plus, 0)),
                ))
                .add_attribute(("tags", tags))
                .add_attribute((
                    "names",
                    ForExpr {
                        key_var: None,
                        value_var: Identifier::new("n").unwrap(),
                        collection_expr: var("names"),
                        key_expr: None,
                        value_expr: FuncCall {
                            args: vec![var("n")],
                            ..FuncCall::new("upper")
                        }
                        .into(),
                        grouping: false,
                        cond_expr: None,
                    },
                ))
                .build(),
        )
        .add_attribute(Attribute::new(
            "doc",
            Heredoc::new(Identifier::new("EOT").unwrap(), "line ${x}\n")
                .with_strip_mode(HeredocStripMode::Indent),
        ))
        .build();
    // `terraform fmt`'s layout: equals aligned, the object one item a line,
    // a bare label quoted.
    let want = "resource \"aws_instance\" \"web\" {\n  ami   = var.ami_id\n  count = enabled ? 2 : 1 + 0\n  tags = {\n    Name        = \"main\"\n    cost-center = 42\n  }\n  names = [for n in names : upper(n)]\n}\ndoc = <<-EOT\nline ${x}\nEOT\n";
    assert_eq!(body.to_string(), want);
    assert_eq!(want.parse::<Body>().unwrap(), body);
}

#[test]
fn strings_and_templates_keep_what_they_hold() {
    let body: Body = "a = \"x\\ny\"\nb = \"${v}-$${lit}\"\nc = <<EOT\n  raw\nEOT\n"
        .parse()
        .unwrap();
    let attrs: Vec<&Attribute> = body.attributes().collect();
    assert_eq!(attrs[0].expr, Expression::String("x\ny".into()));
    assert_eq!(
        attrs[1].expr,
        TemplateExpr::QuotedString("${v}-$${lit}".into()).into()
    );
    let Expression::TemplateExpr(t) = &attrs[2].expr else {
        panic!("a heredoc is a template expression")
    };
    assert_eq!(
        **t,
        TemplateExpr::Heredoc(Heredoc::new(Identifier::new("EOT").unwrap(), "  raw\n"))
    );
    assert_eq!(body.to_string().parse::<Body>().unwrap(), body);
}

#[test]
fn traversals_splats_and_namespaced_calls() {
    let src = "x = a.b[0].*.c[*].d\ny = provider::aws::arn_parse(v)\nz = f(xs...)\n";
    let body: Body = src.parse().unwrap();
    assert_eq!(body.to_string(), src);
    let Expression::Traversal(t) = &body.attributes().next().unwrap().expr else {
        panic!("a traversal")
    };
    assert_eq!(
        t.operators,
        [
            TraversalOperator::GetAttr("b".into()),
            TraversalOperator::Index(0u64.into()),
            TraversalOperator::AttrSplat,
            TraversalOperator::GetAttr("c".into()),
            TraversalOperator::FullSplat,
            TraversalOperator::GetAttr("d".into()),
        ]
    );
}

#[test]
fn identifiers_are_checked_or_sanitized() {
    assert!(Identifier::new("").is_err());
    assert!(Identifier::new("a-b_c9").is_ok());
    assert_eq!(Identifier::sanitized("").as_str(), "_");
    assert_eq!(Identifier::sanitized("9lives").as_str(), "_9lives");
}

#[test]
fn a_long_chain_is_built_written_compared_cloned_and_dropped() {
    let n = 100_000;
    let src = format!("x = {}\n", vec!["a"; n].join(" + "));
    let body: Body = src.parse().unwrap();
    let copy = body.clone();
    assert_eq!(copy, body);
    assert_eq!(body.to_string(), src);
    let mut built = Expression::from(0);
    for i in 1..n {
        built = BinaryOp::new(built, BinaryOperator::Add, i).into();
    }
    let other = built.clone();
    assert_eq!(other, built);
    // Shown as a derived `Debug` would show it.
    let shown = format!("{built:?}");
    assert!(shown.starts_with("Operation(Binary(BinaryOp { lhs_expr: Operation(Binary(BinaryOp {"));
    assert!(shown.ends_with("operator: Add, rhs_expr: Number(Number(99999)) }))"));
    let small = BinaryOp::new(1, BinaryOperator::Add, 2);
    assert_eq!(
        format!("{small:?}"),
        "BinaryOp { lhs_expr: Number(Number(1)), operator: Add, rhs_expr: Number(Number(2)) }"
    );
    drop((body, copy, built, other));
}

#[test]
fn corpus_files_read_back_equal() {
    let Ok(dir) = std::env::var("HCL_CORPUS_DIR") else {
        eprintln!("HCL_CORPUS_DIR not set: structure corpus round trip skipped");
        return;
    };
    let tsv = std::fs::read_to_string(format!("{dir}/EXPECT.tsv")).expect("EXPECT.tsv");
    let (mut files, mut fixed) = (0usize, 0usize);
    let mut failures = Vec::new();
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.get(1) != Some(&"ok") {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(format!("{dir}/{}", cols[0])) else {
            continue;
        };
        let Ok(body) = src.parse::<Body>() else {
            continue;
        };
        files += 1;
        let text = body.to_string();
        match text.parse::<Body>() {
            Ok(back) if back == body => {}
            Ok(_) => failures.push(format!("{}: reads back different", cols[0])),
            Err(e) => failures.push(format!("{}: does not read back: {e}", cols[0])),
        }
        // The text is in `terraform fmt`'s layout (hcl fmt's bytes are
        // terraform fmt's over the corpus): formatting leaves it as it is.
        if hcl::format::format_source(&text, false).ok().as_deref() == Some(text.as_str()) {
            fixed += 1;
        }
    }
    eprintln!(
        "structure: {} of {files} corpus files read back equal; formatting leaves {fixed} of their texts unchanged",
        files - failures.len()
    );
    assert_eq!(
        fixed, files,
        "every written text is in terraform fmt's layout"
    );
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
}
