//! An owned model of HCL's structure, to build, change and write: a
//! [`Body`] of [`Attribute`]s and [`Block`]s, and [`Expression`]s with
//! their parts, in hcl-rs 0.20's names (`hcl::structure` and `hcl::expr`
//! there).
//!
//! A body parses from text (`str::parse`) and writes as `terraform fmt`
//! lays it out (`Display`), so what is built reads back equal:
//!
//! ```
//! use hcl::structure::{Block, Body, Expression, FuncCall, Traversal, Variable};
//! let mut body: Body = "variable \"name\" {\n  default = \"x\"\n}\n".parse().unwrap();
//! let call = FuncCall {
//!     args: vec![Traversal::new(Variable::new("var").unwrap(), ["name"]).into()],
//!     ..FuncCall::new("upper")
//! };
//! body.0.push(Block::builder("locals").add_attribute(("upper_name", call)).build().into());
//! assert_eq!(
//!     body.to_string(),
//!     "variable \"name\" {\n  default = \"x\"\n}\nlocals {\n  upper_name = upper(var.name)\n}\n"
//! );
//! assert_eq!(body.to_string().parse::<Body>().unwrap(), body);
//! ```
//!
//! The parsed tree of [`crate::syntax`] borrows the text it was parsed
//! from; this model owns its parts.

mod body;
mod expr;
mod from_syntax;
mod ident;
mod write;

pub use body::{Attribute, Block, BlockBuilder, BlockLabel, Body, BodyBuilder};
pub use expr::{
    BinaryOp, BinaryOperator, Conditional, Expression, ForExpr, FuncCall, FuncName, Heredoc,
    HeredocStripMode, Object, ObjectKey, Operation, TemplateExpr, Traversal, TraversalOperator,
    UnaryOp, UnaryOperator, Variable,
};
pub use ident::Identifier;

/// An attribute or a block.
#[derive(Debug, Clone, PartialEq)]
pub enum Structure {
    /// `key = expr`
    Attribute(Attribute),
    /// `type "label" { ... }`
    Block(Block),
}

impl Structure {
    /// Whether it is an attribute.
    pub fn is_attribute(&self) -> bool {
        matches!(self, Structure::Attribute(_))
    }

    /// Whether it is a block.
    pub fn is_block(&self) -> bool {
        matches!(self, Structure::Block(_))
    }

    /// The attribute, if it is one.
    pub fn as_attribute(&self) -> Option<&Attribute> {
        match self {
            Structure::Attribute(a) => Some(a),
            Structure::Block(_) => None,
        }
    }

    /// The attribute, if it is one, to change.
    pub fn as_attribute_mut(&mut self) -> Option<&mut Attribute> {
        match self {
            Structure::Attribute(a) => Some(a),
            Structure::Block(_) => None,
        }
    }

    /// The attribute, if it is one, owned.
    pub fn into_attribute(self) -> Option<Attribute> {
        match self {
            Structure::Attribute(a) => Some(a),
            Structure::Block(_) => None,
        }
    }

    /// The block, if it is one.
    pub fn as_block(&self) -> Option<&Block> {
        match self {
            Structure::Block(b) => Some(b),
            Structure::Attribute(_) => None,
        }
    }

    /// The block, if it is one, to change.
    pub fn as_block_mut(&mut self) -> Option<&mut Block> {
        match self {
            Structure::Block(b) => Some(b),
            Structure::Attribute(_) => None,
        }
    }

    /// The block, if it is one, owned.
    pub fn into_block(self) -> Option<Block> {
        match self {
            Structure::Block(b) => Some(b),
            Structure::Attribute(_) => None,
        }
    }
}

impl From<Attribute> for Structure {
    fn from(a: Attribute) -> Structure {
        Structure::Attribute(a)
    }
}

impl From<Block> for Structure {
    fn from(b: Block) -> Structure {
        Structure::Block(b)
    }
}
