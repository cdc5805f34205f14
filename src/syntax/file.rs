//! Trees that own their arena (and, if asked, their source text): what
//! [`crate::parse`], [`crate::parser::parse_expression`] and
//! [`crate::parser::parse_template`] return, and the syntax types users
//! keep in their own structs.

use std::borrow::Cow;
use std::fmt;

use super::{Arena, Body, Expression, Template};
use crate::error::Location;
use crate::error::Result;

/// What an owning tree owns: its source text and the arena its nodes are in.
struct Owner<'src> {
    text: Cow<'src, str>,
    arena: Arena,
}

impl<'src> Owner<'src> {
    fn new(text: Cow<'src, str>) -> Owner<'src> {
        // Trees take a few times as many bytes as their source; a first
        // chunk of the source's size saves the arena's first doublings. It
        // is capped, so that an input the parser will refuse (over 4 GiB)
        // costs no large reservation first.
        let arena = Arena::with_capacity(text.len().min(64 << 20));
        Owner { text, arena }
    }
}

macro_rules! owning_tree {
    (
        $(#[$doc:meta])*
        $name:ident, $cell:ident, $node:ident, $get:ident, $what:literal, $src:literal
    ) => {
        self_cell::self_cell!(
            struct $cell<'src> {
                owner: Owner<'src>,
                #[covariant]
                dependent: $node,
            }
        );

        $(#[$doc])*
        pub struct $name<'src> {
            cell: $cell<'src>,
            start: Location,
        }

        impl<'src> $name<'src> {
            #[doc = concat!("The ", $what, ".")]
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            #[doc = concat!("assert_eq!(t.", stringify!($get), "().span, hcl::Span::new(0, 5));")]
            /// ```
            #[inline]
            pub fn $get(&self) -> &$node<'_> {
                self.cell.borrow_dependent()
            }

            /// The source text the tree was parsed from.
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            #[doc = concat!("assert_eq!(t.source(), ", stringify!($src), ");")]
            /// ```
            #[inline]
            pub fn source(&self) -> &str {
                &self.cell.borrow_owner().text
            }

            /// Where [`source`](Self::source) starts in the file it was
            /// taken from: 0, except for trees a deserializer handed over
            /// (a block's body or an attribute's expression, parsed from
            /// its own text).
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            /// assert_eq!(t.offset(), 0);
            /// assert_eq!(t.with_offset(100).offset(), 100);
            /// ```
            #[inline]
            pub fn offset(&self) -> usize {
                self.start.offset
            }

            /// Where [`source`](Self::source) starts in the file it was
            /// taken from (line, column and byte offset): line 1, column 1
            /// except for trees a deserializer handed over. Errors of
            /// evaluating the tree are placed in the file by it.
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            /// let start = t.start();
            /// assert_eq!((start.line, start.column, start.offset), (1, 1, 0));
            /// ```
            #[inline]
            pub fn start(&self) -> Location {
                self.start
            }

            /// The same tree, recorded as starting at byte `offset` of a
            /// file (its line and column unchanged: see
            /// [`with_start`](Self::with_start)).
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            /// let t = t.with_offset(40);
            /// assert_eq!((t.start().line, t.start().offset), (1, 40));
            /// ```
            pub fn with_offset(mut self, offset: usize) -> Self {
                self.start.offset = offset;
                self
            }

            /// The same tree, recorded as starting at `start` of a file.
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            /// let at = hcl::error::Location::of("a = 1\nb = 2\n", 6);
            /// let t = t.with_start(at);
            /// assert_eq!((t.start().line, t.offset()), (2, 6));
            /// ```
            pub fn with_start(mut self, start: Location) -> Self {
                self.start = start;
                self
            }

            /// The arena the tree's nodes are in.
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            /// let used = t.arena().used_bytes();
            /// t.arena().alloc_str("more text");
            /// assert!(t.arena().used_bytes() > used);
            /// ```
            #[inline]
            pub fn arena(&self) -> &Arena {
                &self.cell.borrow_owner().arena
            }

            /// A tree that `build` makes in the arena, over `src` (the
            /// parser's, or a reader's of another syntax).
            pub(crate) fn build(
                src: Cow<'src, str>,
                build: impl for<'a> FnOnce(&'a Arena, &'a str) -> Result<$node<'a>>,
            ) -> Result<Self> {
                let cell = $cell::try_new(Owner::new(src), |o| build(&o.arena, &o.text))?;
                Ok($name { cell, start: Location::default() })
            }

            /// Changes the tree: `f` gets it with the arena for new nodes.
            /// The source text stays as it was parsed.
            ///
            /// ```
            #[doc = concat!("let mut t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            #[doc = concat!("let other: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            #[doc = concat!("t.edit(|node, arena| *node = other.", stringify!($get), "().copy_in(arena));")]
            #[doc = concat!("assert_eq!(t.", stringify!($get), "(), other.", stringify!($get), "());")]
            #[doc = concat!("assert_eq!(t.source(), ", stringify!($src), ");")]
            /// ```
            pub fn edit<R>(&mut self, f: impl for<'a> FnOnce(&mut $node<'a>, &'a Arena) -> R) -> R {
                self.cell.with_dependent_mut(|o, t| f(t, &o.arena))
            }

            /// The same tree owning a copy of its source text, its nodes
            /// copied into an arena of its own (edits kept).
            ///
            /// ```
            #[doc = concat!("let text = String::from(", stringify!($src), ");")]
            #[doc = concat!("let t = hcl::syntax::", stringify!($name), "::parse_with(text.as_str(), &hcl::ParseOptions::new()).unwrap();")]
            #[doc = concat!("let owned: hcl::syntax::", stringify!($name), "<'static> = t.into_owned();")]
            /// drop(text);
            #[doc = concat!("assert_eq!(owned.source(), ", stringify!($src), ");")]
            /// ```
            pub fn into_owned(self) -> $name<'static> {
                $name::copied(Cow::Owned(self.source().to_owned()), self.$get(), self.start)
            }

            /// A tree owning `text` and a copy of `tree` in an arena of its
            /// own.
            fn copied(text: Cow<'src, str>, tree: &$node<'_>, start: Location) -> Self {
                let cell = $cell::new(Owner::new(text), |o| tree.copy_in(&o.arena));
                $name { cell, start }
            }
        }

        impl $name<'static> {
            /// A copy of `tree` that owns its nodes, with no source text.
            ///
            /// ```
            #[doc = concat!("let t: hcl::syntax::", stringify!($name), " = ", stringify!($src), ".parse().unwrap();")]
            #[doc = concat!("let copy = hcl::syntax::", stringify!($name), "::from_tree(t.", stringify!($get), "());")]
            #[doc = concat!("assert_eq!(copy.", stringify!($get), "(), t.", stringify!($get), "());")]
            /// assert_eq!(copy.source(), "");
            /// ```
            pub fn from_tree(tree: &$node<'_>) -> $name<'static> {
                $name::copied(Cow::Owned(String::new()), tree, Location::default())
            }
        }

        impl Clone for $name<'_> {
            /// A copy of the source text and of the tree (edits kept).
            fn clone(&self) -> Self {
                let text = self.cell.borrow_owner().text.clone();
                $name::copied(text, self.$get(), self.start)
            }
        }

        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(self.$get(), f)
            }
        }

        impl fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self.$get(), f)
            }
        }

        impl PartialEq for $name<'_> {
            fn eq(&self, other: &Self) -> bool {
                self.$get() == other.$get()
            }
        }

    };
}

owning_tree!(
    /// A parsed config file: its [`Body`], the arena the tree is in, and
    /// the source text (borrowed, or owned for `ConfigFile<'static>`).
    ///
    /// It is `Send` but not `Sync` (its arena is not): move it to another
    /// thread, or share a copy ([`Clone`]) per thread.
    ///
    /// ```
    /// let file = hcl::parse("a = 1\nb { c = 2 }\n").unwrap();
    /// assert_eq!(file.body().structures.len(), 2);
    /// assert_eq!(file.source().len(), 18);
    ///
    /// // Detached from any source text, e.g. to keep in a struct:
    /// let owned: hcl::ConfigFile<'static> = "a = 1".parse().unwrap();
    /// assert_eq!(owned.body().attributes().count(), 1);
    /// ```
    ConfigFile, ConfigFileCell, Body, body, "a config file", "a = 1"
);

owning_tree!(
    /// A parsed expression, with the arena it is in and its source text.
    ///
    /// ```
    /// use hcl::syntax::ExprKind;
    /// let e = hcl::parser::parse_expression("1 + 2 * 3").unwrap();
    /// assert!(matches!(e.expr().kind, ExprKind::Binary(_)));
    /// ```
    ParsedExpression, ParsedExpressionCell, Expression, expr, "an expression", "1 + 2"
);

owning_tree!(
    /// A parsed standalone template (as `templatefile()` reads), with the
    /// arena it is in and its source text.
    ///
    /// ```
    /// let t = hcl::parser::parse_template("Hello, ${name}!\n").unwrap();
    /// assert_eq!(t.template().elements.len(), 3);
    /// ```
    ParsedTemplate, ParsedTemplateCell, Template, template, "a standalone template", "a${b}"
);
