//! Tests of the formatter, the JSON syntax (`json_*`) and the editable document
//! (`edit_*`). One module per topic.

#[path = "../format_common/mod.rs"]
mod format_common;

mod comments;
mod edit_document;
mod edit_scenarios;
mod expr_layout;
mod json_read;
mod json_shape;
mod json_write;
mod layout;
mod terraform_cases;
