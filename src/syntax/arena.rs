//! The arena a syntax tree lives in.

use std::fmt;

/// Memory for syntax trees: nodes are bump-allocated into a few large
/// chunks, and dropping the arena frees those chunks without visiting a
/// node.
///
/// Only `Copy` values go in (every node type is `Copy`), so nothing in an
/// arena ever needs `Drop`.
///
/// ```
/// use hcl::syntax::{Arena, ExprKind, Expression};
/// use hcl::Span;
///
/// let arena = Arena::new();
/// let items = arena.alloc_slice(&[
///     Expression::new(ExprKind::Bool(true), Span::default()),
///     Expression::new(ExprKind::String(arena.alloc_str("x")), Span::default()),
/// ]);
/// let tuple = Expression::new(ExprKind::Tuple(items), Span::default());
/// assert_eq!(tuple.to_string(), "[true, \"x\"]");
/// ```
#[derive(Default)]
pub struct Arena {
    bump: bumpalo::Bump,
}

impl Arena {
    /// An empty arena (it allocates its first chunk when first used).
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// assert_eq!(arena.allocated_bytes(), 0);
    /// let body = hcl::parser::parse_in(&arena, "a = 1").unwrap();
    /// assert_eq!(body.attributes().count(), 1);
    /// assert!(arena.allocated_bytes() > 0);
    /// ```
    pub fn new() -> Arena {
        Arena::default()
    }

    /// An arena with room for about `bytes` bytes of nodes before it
    /// grows.
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::with_capacity(4096);
    /// assert!(arena.allocated_bytes() >= 4096);
    /// assert_eq!(arena.used_bytes(), 0);
    /// ```
    pub fn with_capacity(bytes: usize) -> Arena {
        Arena {
            bump: bumpalo::Bump::with_capacity(bytes),
        }
    }

    /// Frees every node, keeping the arena's largest chunk for the next
    /// tree (streaming evaluation parses a file into one arena a chunk at a
    /// time).
    pub(crate) fn reset(&mut self) {
        self.bump.reset();
    }

    /// Moves `value` into the arena.
    ///
    /// ```
    /// use hcl::syntax::{Arena, ExprKind, Expression};
    /// let arena = Arena::new();
    /// let inner = arena.alloc(Expression::new(ExprKind::Variable("x"), hcl::Span::default()));
    /// let e = Expression::new(ExprKind::Parenthesis(inner), hcl::Span::default());
    /// assert_eq!(e.to_string(), "(x)");
    /// ```
    #[inline]
    pub fn alloc<T: Copy>(&self, value: T) -> &T {
        self.bump.alloc(value)
    }

    /// Copies `s` into the arena.
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// let s = arena.alloc_str(&format!("{}-{}", "a", 1));
    /// assert_eq!(s, "a-1");
    /// ```
    #[inline]
    pub fn alloc_str(&self, s: &str) -> &str {
        if s.is_empty() {
            return "";
        }
        self.bump.alloc_str(s)
    }

    /// Copies `items` into the arena.
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// let v = vec![1, 2, 3];
    /// let copy = arena.alloc_slice(&v);
    /// drop(v);
    /// assert_eq!(copy, &[1, 2, 3]);
    /// ```
    #[inline]
    pub fn alloc_slice<T: Copy>(&self, items: &[T]) -> &[T] {
        if items.is_empty() {
            return &[];
        }
        self.bump.alloc_slice_copy(items)
    }

    /// Collects `items` into a slice in the arena.
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// let squares = arena.alloc_iter((1..4).map(|n| n * n));
    /// assert_eq!(squares, &[1, 4, 9]);
    /// ```
    pub fn alloc_iter<T: Copy, I: IntoIterator<Item = T>>(&self, items: I) -> &[T] {
        let items: Vec<T> = items.into_iter().collect();
        self.alloc_slice(&items)
    }

    /// Moves a value that is not `Copy` into the arena. It is never
    /// dropped: the parser's context, which empties itself when the parse
    /// ends, is the one user.
    pub(crate) fn alloc_undropped<T>(&self, value: T) -> &T {
        self.bump.alloc(value)
    }

    /// The bytes the nodes take (the chunks taken from the system, less the
    /// free end of the current one).
    ///
    /// ```
    /// let file = hcl::parse("a = [1, 2, 3]\n").unwrap();
    /// assert!(file.arena().used_bytes() > 0);
    /// assert!(file.arena().used_bytes() <= file.arena().allocated_bytes());
    /// ```
    pub fn used_bytes(&self) -> usize {
        self.bump.allocated_bytes() - self.bump.chunk_capacity()
    }

    /// The bytes taken from the system so far (the chunks, used or not).
    ///
    /// ```
    /// let arena = hcl::syntax::Arena::new();
    /// assert_eq!(arena.allocated_bytes(), 0);
    /// arena.alloc_str("some text");
    /// assert!(arena.allocated_bytes() >= arena.used_bytes());
    /// assert!(arena.used_bytes() >= 9);
    /// ```
    pub fn allocated_bytes(&self) -> usize {
        self.bump.allocated_bytes()
    }
}

impl fmt::Debug for Arena {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Arena")
            .field("allocated_bytes", &self.allocated_bytes())
            .finish()
    }
}
