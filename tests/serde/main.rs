//! Tests of the serde Deserializer (`de_*`) and Serializer (`ser_*`). One module per topic.

#[path = "../common/mod.rs"]
mod common;

mod de_api;
mod de_blocks;
mod de_context;
mod de_enum;
mod de_errors;
mod de_known_limits;
mod de_numbers;
mod de_serde_attrs;
mod de_spanned;
mod de_syntax;
mod de_value;
mod dynamic_serde;
mod ser_blocks;
mod ser_proptest;
mod ser_strings;
mod ser_struct;
mod ser_value;
