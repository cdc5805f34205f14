//! The owning trees: `ConfigFile`, `ParsedExpression`, `ParsedTemplate`
//! (arena and source together), and parsing into an arena of one's own.

use hcl::syntax::{Arena, Attribute, ExprKind, Expression, Structure};
use hcl::{ConfigFile, Span};

const SRC: &str = "a = 1\nb \"x\" {\n  c = \"d\"\n}\n";

#[test]
fn parse_borrows_the_source_and_owns_the_arena() {
    let file = hcl::parse(SRC).unwrap();
    assert_eq!(file.source(), SRC);
    assert_eq!(file.offset(), 0);
    assert_eq!(file.body().structures.len(), 2);
    assert!(file.arena().used_bytes() > 0);
    // The same tree as parsing into an arena of one's own.
    let arena = Arena::new();
    let body = hcl::parser::parse_in(&arena, SRC).unwrap();
    assert_eq!(&body, file.body());
}

#[test]
fn owned_files_outlive_their_source() {
    let owned: ConfigFile<'static> = {
        let src = String::from(SRC);
        hcl::parse(&src).unwrap().into_owned()
    };
    assert_eq!(owned.source(), SRC);
    assert_eq!(owned.body().attribute("a").unwrap().span(), Span::new(0, 5));
    let parsed: ConfigFile<'static> = SRC.parse().unwrap();
    assert_eq!(owned, parsed);
}

#[test]
fn edits_are_kept_by_clone_and_into_owned() {
    let mut file = hcl::parse(SRC).unwrap();
    file.edit(|body, arena| {
        let extra = Structure::Attribute(Attribute {
            name: hcl::syntax::Ident::new("e", Span::default()),
            expr: Expression::new(ExprKind::Bool(true), Span::default()),
        });
        let items = arena.alloc_iter(body.structures.iter().copied().chain([extra]));
        body.structures = items;
    });
    assert_eq!(file.body().structures.len(), 3);
    // The source is as parsed; the tree has the edit.
    assert_eq!(file.source(), SRC);
    let copy = file.clone();
    assert_eq!(copy.body().structures.len(), 3);
    assert_eq!(copy, file);
    let owned = file.into_owned();
    assert!(owned.body().attribute("e").is_some());
}

#[test]
fn a_tree_without_source_becomes_an_owning_file() {
    let arena = Arena::new();
    let body = hcl::parser::parse_in(&arena, SRC).unwrap();
    let file = ConfigFile::from_tree(&body);
    assert_eq!(file.source(), "");
    assert_eq!(file.body(), &body);
}

#[test]
fn expressions_and_templates_own_their_trees_too() {
    let e = hcl::parser::parse_expression("[1, x]").unwrap();
    assert!(matches!(e.expr().kind, ExprKind::Tuple(items) if items.len() == 2));
    let owned: hcl::syntax::ParsedExpression<'static> = "var.a".parse().unwrap();
    assert_eq!(owned.expr().to_string(), "var.a");
    let t = hcl::parser::parse_template("Hi ${name}").unwrap();
    assert_eq!(t.template().elements.len(), 2);
}

#[test]
fn parse_errors_are_the_same_for_every_entry_point() {
    let arena = Arena::new();
    let a = hcl::parse("a = [\n").unwrap_err();
    let b = hcl::parser::parse_in(&arena, "a = [\n").unwrap_err();
    assert_eq!(a.to_string(), b.to_string());
    assert_eq!((a.line(), a.column()), (b.line(), b.column()));
}
