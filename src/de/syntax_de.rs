//! `hcl::Body` and `hcl::Expression` as field types: the deserializer hands
//! over the syntax itself.

use serde::de::Visitor;

use crate::error::{Error, ErrorKind, Result};
use crate::syntax::{Body, Expression};

/// The struct name `Body`'s `Deserialize` asks for.
pub(crate) const BODY_NAME: &str = "$__hcl_private_Body";
/// The struct name `Expression`'s `Deserialize` asks for.
pub(crate) const EXPRESSION_NAME: &str = "$__hcl_private_Expression";

pub(crate) fn visit_body<'de, V: Visitor<'de>>(_body: &Body<'_>, _visitor: V) -> Result<V::Value> {
    Err(Error::new(
        ErrorKind::De,
        "hcl::Body fields are not supported yet",
    ))
}

pub(crate) fn visit_expression<'de, V: Visitor<'de>>(
    _expr: &Expression<'_>,
    _visitor: V,
) -> Result<V::Value> {
    Err(Error::new(
        ErrorKind::De,
        "hcl::Expression fields are not supported yet",
    ))
}
