//! Bodies, their attributes and blocks, and the builders of both.

use std::fmt;
use std::str::FromStr;

use super::{Expression, Identifier, Structure};

/// A body: attributes and blocks in the order written (a file, or a
/// block's content).
///
/// ```
/// use hcl::structure::{Attribute, Block, Body};
/// let body = Body::builder()
///     .add_attribute(("region", "eu-west-1"))
///     .add_block(
///         Block::builder("resource")
///             .add_label("aws_vpc")
///             .add_label("main")
///             .add_attribute(("cidr_block", "10.0.0.0/16"))
///             .build(),
///     )
///     .build();
/// assert_eq!(
///     body.to_string(),
///     "region = \"eu-west-1\"\nresource \"aws_vpc\" \"main\" {\n  cidr_block = \"10.0.0.0/16\"\n}\n"
/// );
/// let parsed: Body = body.to_string().parse().unwrap();
/// assert_eq!(parsed, body);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Body(pub Vec<Structure>);

/// An attribute: `key = expr`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The name.
    pub key: Identifier,
    /// The value's expression.
    pub expr: Expression,
}

/// A block: `identifier "label" ... { body }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The block type.
    pub identifier: Identifier,
    /// The labels.
    pub labels: Vec<BlockLabel>,
    /// The content.
    pub body: Body,
}

/// A block label: quoted, or a bare identifier. Two labels are equal when
/// their text is: `web` and `"web"` name the same label, and `terraform
/// fmt` writes both as `"web"`.
#[derive(Debug, Clone, Eq)]
pub enum BlockLabel {
    /// `"name"`
    String(String),
    /// `name`
    Identifier(Identifier),
}

impl Body {
    /// Starts building a body.
    pub fn builder() -> BodyBuilder {
        BodyBuilder(Vec::new())
    }

    /// The structures, owned.
    pub fn into_inner(self) -> Vec<Structure> {
        self.0
    }

    /// The structures in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Structure> {
        self.0.iter()
    }

    /// The structures in order, to change.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Structure> {
        self.0.iter_mut()
    }

    /// The attributes in order.
    pub fn attributes(&self) -> impl Iterator<Item = &Attribute> {
        self.0.iter().filter_map(Structure::as_attribute)
    }

    /// The attributes in order, to change.
    pub fn attributes_mut(&mut self) -> impl Iterator<Item = &mut Attribute> {
        self.0.iter_mut().filter_map(Structure::as_attribute_mut)
    }

    /// The attributes, owned.
    pub fn into_attributes(self) -> impl Iterator<Item = Attribute> {
        self.0.into_iter().filter_map(Structure::into_attribute)
    }

    /// The blocks in order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.0.iter().filter_map(Structure::as_block)
    }

    /// The blocks in order, to change.
    pub fn blocks_mut(&mut self) -> impl Iterator<Item = &mut Block> {
        self.0.iter_mut().filter_map(Structure::as_block_mut)
    }

    /// The blocks, owned.
    pub fn into_blocks(self) -> impl Iterator<Item = Block> {
        self.0.into_iter().filter_map(Structure::into_block)
    }
}

impl FromStr for Body {
    type Err = crate::Error;

    /// Parses native HCL syntax.
    fn from_str(s: &str) -> crate::Result<Body> {
        let file = crate::parser::parse(s)?;
        Ok(super::from_syntax::body(file.body(), s))
    }
}

impl fmt::Display for Body {
    /// The body as `terraform fmt` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::write::body_text(self))
    }
}

impl<T: Into<Structure>> From<T> for Body {
    fn from(s: T) -> Body {
        Body(vec![s.into()])
    }
}

impl<T: Into<Structure>> From<Vec<T>> for Body {
    fn from(v: Vec<T>) -> Body {
        Body(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Structure>> FromIterator<T> for Body {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Body {
        Body(iter.into_iter().map(Into::into).collect())
    }
}

impl IntoIterator for Body {
    type Item = Structure;
    type IntoIter = std::vec::IntoIter<Structure>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Body {
    type Item = &'a Structure;
    type IntoIter = std::slice::Iter<'a, Structure>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Builds a [`Body`].
#[derive(Debug, Default)]
pub struct BodyBuilder(Vec<Structure>);

impl BodyBuilder {
    /// Adds an attribute.
    pub fn add_attribute(self, attr: impl Into<Attribute>) -> BodyBuilder {
        self.add_structure(attr.into())
    }

    /// Adds attributes.
    pub fn add_attributes<I>(self, iter: I) -> BodyBuilder
    where
        I: IntoIterator,
        I::Item: Into<Attribute>,
    {
        self.add_structures(iter.into_iter().map(Into::into))
    }

    /// Adds a block.
    pub fn add_block(self, block: impl Into<Block>) -> BodyBuilder {
        self.add_structure(block.into())
    }

    /// Adds blocks.
    pub fn add_blocks<I>(self, iter: I) -> BodyBuilder
    where
        I: IntoIterator,
        I::Item: Into<Block>,
    {
        self.add_structures(iter.into_iter().map(Into::into))
    }

    /// Adds an attribute or a block.
    pub fn add_structure(mut self, s: impl Into<Structure>) -> BodyBuilder {
        self.0.push(s.into());
        self
    }

    /// Adds attributes and blocks.
    pub fn add_structures<I>(mut self, iter: I) -> BodyBuilder
    where
        I: IntoIterator,
        I::Item: Into<Structure>,
    {
        self.0.extend(iter.into_iter().map(Into::into));
        self
    }

    /// The body.
    pub fn build(self) -> Body {
        Body(self.0)
    }
}

impl Attribute {
    /// `key = expr`.
    pub fn new(key: impl Into<Identifier>, expr: impl Into<Expression>) -> Attribute {
        Attribute {
            key: key.into(),
            expr: expr.into(),
        }
    }

    /// The name.
    pub fn key(&self) -> &str {
        self.key.as_str()
    }

    /// The expression.
    pub fn expr(&self) -> &Expression {
        &self.expr
    }
}

impl<K: Into<Identifier>, V: Into<Expression>> From<(K, V)> for Attribute {
    fn from((k, v): (K, V)) -> Attribute {
        Attribute::new(k, v)
    }
}

impl Block {
    /// An empty block of type `identifier`, without labels.
    pub fn new(identifier: impl Into<Identifier>) -> Block {
        Block {
            identifier: identifier.into(),
            labels: Vec::new(),
            body: Body::default(),
        }
    }

    /// Starts building a block of type `identifier`.
    pub fn builder(identifier: impl Into<Identifier>) -> BlockBuilder {
        BlockBuilder(Block::new(identifier))
    }

    /// The block type.
    pub fn identifier(&self) -> &str {
        self.identifier.as_str()
    }

    /// The labels.
    pub fn labels(&self) -> &[BlockLabel] {
        &self.labels
    }

    /// The content.
    pub fn body(&self) -> &Body {
        &self.body
    }
}

impl<I: Into<Identifier>, B: Into<Body>> From<(I, B)> for Block {
    fn from((i, b): (I, B)) -> Block {
        Block {
            identifier: i.into(),
            labels: Vec::new(),
            body: b.into(),
        }
    }
}

impl<I, L, B> From<(I, Vec<L>, B)> for Block
where
    I: Into<Identifier>,
    L: Into<BlockLabel>,
    B: Into<Body>,
{
    fn from((i, labels, b): (I, Vec<L>, B)) -> Block {
        Block {
            identifier: i.into(),
            labels: labels.into_iter().map(Into::into).collect(),
            body: b.into(),
        }
    }
}

/// Builds a [`Block`].
#[derive(Debug)]
pub struct BlockBuilder(Block);

impl BlockBuilder {
    /// Adds a label.
    pub fn add_label(mut self, label: impl Into<BlockLabel>) -> BlockBuilder {
        self.0.labels.push(label.into());
        self
    }

    /// Adds labels.
    pub fn add_labels<I>(mut self, iter: I) -> BlockBuilder
    where
        I: IntoIterator,
        I::Item: Into<BlockLabel>,
    {
        self.0.labels.extend(iter.into_iter().map(Into::into));
        self
    }

    /// Adds an attribute.
    pub fn add_attribute(self, attr: impl Into<Attribute>) -> BlockBuilder {
        self.add_structure(attr.into())
    }

    /// Adds attributes.
    pub fn add_attributes<I>(self, iter: I) -> BlockBuilder
    where
        I: IntoIterator,
        I::Item: Into<Attribute>,
    {
        self.add_structures(iter.into_iter().map(Into::into))
    }

    /// Adds a block.
    pub fn add_block(self, block: impl Into<Block>) -> BlockBuilder {
        self.add_structure(block.into())
    }

    /// Adds blocks.
    pub fn add_blocks<I>(self, iter: I) -> BlockBuilder
    where
        I: IntoIterator,
        I::Item: Into<Block>,
    {
        self.add_structures(iter.into_iter().map(Into::into))
    }

    /// Adds an attribute or a block.
    pub fn add_structure(mut self, s: impl Into<Structure>) -> BlockBuilder {
        self.0.body.0.push(s.into());
        self
    }

    /// Adds attributes and blocks.
    pub fn add_structures<I>(mut self, iter: I) -> BlockBuilder
    where
        I: IntoIterator,
        I::Item: Into<Structure>,
    {
        self.0.body.0.extend(iter.into_iter().map(Into::into));
        self
    }

    /// The block.
    pub fn build(self) -> Block {
        self.0
    }
}

impl BlockLabel {
    /// A quoted label.
    pub fn string(s: impl Into<String>) -> BlockLabel {
        BlockLabel::String(s.into())
    }

    /// A bare label.
    pub fn identifier(i: impl Into<Identifier>) -> BlockLabel {
        BlockLabel::Identifier(i.into())
    }

    /// The label's text.
    pub fn as_str(&self) -> &str {
        match self {
            BlockLabel::String(s) => s,
            BlockLabel::Identifier(i) => i.as_str(),
        }
    }

    /// The label's text, owned.
    pub fn into_inner(self) -> String {
        match self {
            BlockLabel::String(s) => s,
            BlockLabel::Identifier(i) => i.into_inner(),
        }
    }
}

impl PartialEq for BlockLabel {
    fn eq(&self, other: &BlockLabel) -> bool {
        self.as_str() == other.as_str()
    }
}

impl From<&str> for BlockLabel {
    fn from(s: &str) -> BlockLabel {
        BlockLabel::String(s.to_owned())
    }
}

impl From<String> for BlockLabel {
    fn from(s: String) -> BlockLabel {
        BlockLabel::String(s)
    }
}

impl From<&String> for BlockLabel {
    fn from(s: &String) -> BlockLabel {
        BlockLabel::String(s.clone())
    }
}

impl From<Identifier> for BlockLabel {
    fn from(i: Identifier) -> BlockLabel {
        BlockLabel::Identifier(i)
    }
}
