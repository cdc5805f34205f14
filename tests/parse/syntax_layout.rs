//! The size of the main syntax node types (as oxc's `assert_layouts`), and
//! that no node needs `Drop`: a tree is freed with its arena's chunks,
//! without visiting a node.

use std::mem::{needs_drop, size_of};

use hcl::syntax::{
    Attribute, Block, BlockLabel, Body, Element, ExprKind, Expression, Ident, ObjectItem, Span,
    Structure, Template, TraversalOperator,
};

#[test]
fn node_sizes() {
    // 64-bit targets (the sizes are in pointer-sized words and u32s).
    if size_of::<usize>() != 8 {
        return;
    }
    assert_eq!(size_of::<Span>(), 8);
    assert_eq!(size_of::<Ident<'_>>(), 24);
    assert_eq!(size_of::<ExprKind<'_>>(), 24);
    assert_eq!(size_of::<Expression<'_>>(), 32);
    assert_eq!(size_of::<Body<'_>>(), 24);
    assert_eq!(size_of::<Attribute<'_>>(), 56);
    assert_eq!(size_of::<Block<'_>>(), 64);
    assert_eq!(size_of::<Structure<'_>>(), 64);
    assert_eq!(size_of::<BlockLabel<'_>>(), 32);
    assert_eq!(size_of::<ObjectItem<'_>>(), 72);
    assert_eq!(size_of::<TraversalOperator<'_>>(), 40);
    assert_eq!(size_of::<Template<'_>>(), 24);
    assert_eq!(size_of::<Element<'_>>(), 48);
}

#[test]
fn no_node_needs_drop() {
    assert!(!needs_drop::<Body<'_>>());
    assert!(!needs_drop::<Structure<'_>>());
    assert!(!needs_drop::<Expression<'_>>());
    assert!(!needs_drop::<Template<'_>>());
    assert!(!needs_drop::<Element<'_>>());
}

#[test]
fn owning_trees_can_move_between_threads() {
    fn send<T: Send>() {}
    send::<hcl::ConfigFile<'static>>();
    send::<hcl::syntax::ParsedExpression<'static>>();
    send::<hcl::syntax::Arena>();
    let file: hcl::ConfigFile<'static> = "a = 1\n".parse().unwrap();
    let n = std::thread::spawn(move || file.body().structures.len())
        .join()
        .unwrap();
    assert_eq!(n, 1);
}
