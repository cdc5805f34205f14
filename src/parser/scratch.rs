//! What the parser reads and builds the tree with: the source text, the
//! arena, and one scratch stack per kind of list.
//!
//! A list (a body's items, a tuple's elements, a call's arguments, ...) is
//! pushed onto its kind's stack while it is read, then copied into the
//! arena at its exact length and popped. Nested lists of one kind stack
//! above each other, so the stacks grow to the largest nesting of lists,
//! not to the size of the tree, and the tree costs no allocation per list.
//!
//! The context is itself in the arena, so that the input can refer to it
//! for the arena's lifetime; [`Cx::release`] frees the stacks' memory when
//! the parse ends (the arena never runs `Drop`).

use std::cell::RefCell;

use super::template::TPart;
use crate::syntax::{
    Arena, BlockLabel, Element, Expression, Ident, ObjectItem, Structure, TraversalOperator,
};

/// The arena and the scratch stacks.
pub(crate) struct Cx<'a> {
    /// The source text.
    pub(crate) src: &'a str,
    pub(crate) arena: &'a Arena,
    structures: RefCell<Vec<Structure<'a>>>,
    exprs: RefCell<Vec<Expression<'a>>>,
    items: RefCell<Vec<ObjectItem<'a>>>,
    labels: RefCell<Vec<BlockLabel<'a>>>,
    operators: RefCell<Vec<TraversalOperator<'a>>>,
    idents: RefCell<Vec<Ident<'a>>>,
    elements: RefCell<Vec<Element<'a>>>,
    /// Emptied buffers for templates' parts, reused by the next template
    /// (templates nest, so there may be several).
    template_parts: RefCell<Vec<Vec<TPart<'a>>>>,
}

/// The stack for lists of `T`.
pub(crate) trait Stack<'a, T: Copy + 'a> {
    fn stack(&self) -> &RefCell<Vec<T>>;
}

macro_rules! stacks {
    ($($field:ident: $ty:ident),*) => {
        $(impl<'a> Stack<'a, $ty<'a>> for Cx<'a> {
            #[inline(always)]
            fn stack(&self) -> &RefCell<Vec<$ty<'a>>> {
                &self.$field
            }
        })*

        impl<'a> Cx<'a> {
            /// A context in `arena`.
            pub(crate) fn new_in(arena: &'a Arena, src: &'a str) -> &'a Cx<'a> {
                arena.alloc_undropped(Cx {
                    src,
                    arena,
                    $($field: RefCell::new(Vec::new()),)*
                    template_parts: RefCell::new(Vec::new()),
                })
            }

            /// Frees the stacks (called when the parse ends).
            pub(crate) fn release(&self) {
                $(drop(self.$field.take());)*
                drop(self.template_parts.take());
            }
        }
    };
}

stacks!(
    structures: Structure,
    exprs: Expression,
    items: ObjectItem,
    labels: BlockLabel,
    operators: TraversalOperator,
    idents: Ident,
    elements: Element
);

impl<'a> Cx<'a> {
    /// Where a new list of `T` starts.
    #[inline(always)]
    pub(crate) fn mark<T: Copy + 'a>(&self) -> usize
    where
        Self: Stack<'a, T>,
    {
        self.stack().borrow().len()
    }

    /// Adds an item to the list being read.
    #[inline(always)]
    pub(crate) fn push<T: Copy + 'a>(&self, item: T)
    where
        Self: Stack<'a, T>,
    {
        self.stack().borrow_mut().push(item);
    }

    /// Drops what was pushed since `mark` (an item that failed).
    #[inline(always)]
    pub(crate) fn reset<T: Copy + 'a>(&self, mark: usize)
    where
        Self: Stack<'a, T>,
    {
        self.stack().borrow_mut().truncate(mark);
    }

    /// The list pushed since `mark`, moved into the arena.
    #[inline]
    pub(crate) fn finish<T: Copy + 'a>(&self, mark: usize) -> &'a [T]
    where
        Self: Stack<'a, T>,
    {
        let mut stack = self.stack().borrow_mut();
        let list = self
            .arena
            .alloc_slice(stack.get(mark..).unwrap_or_default());
        stack.truncate(mark);
        list
    }

    /// An empty buffer for a template's parts.
    pub(crate) fn parts_buffer(&self) -> Vec<TPart<'a>> {
        self.template_parts.borrow_mut().pop().unwrap_or_default()
    }

    /// Gives a template's parts buffer back, emptied.
    pub(crate) fn return_parts(&self, mut parts: Vec<TPart<'a>>) {
        parts.clear();
        self.template_parts.borrow_mut().push(parts);
    }

    /// Moves `value` into the arena.
    #[inline(always)]
    pub(crate) fn alloc<T: Copy>(&self, value: T) -> &'a T {
        self.arena.alloc(value)
    }
}
