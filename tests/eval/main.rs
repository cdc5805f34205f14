//! Tests of evaluation and the information model: operators, collections, `for`,
//! splats, templates, typed and unknown values, type constraints, references and `dynamic`
//! blocks. One module per topic.

#[path = "../common/mod.rs"]
mod common;
#[path = "../support/unknown_scope.rs"]
mod unknown_scope;

mod collection_kinds;
mod collections;
mod context;
mod diagnostics;
mod dynamic_expand;
mod errors;
mod for_expr;
mod hcl_messages;
mod heredoc;
mod limits;
mod operators;
mod preserve;
mod refs_bodies;
mod refs_expressions;
mod refs_static_forms;
mod splat;
mod templates;
mod typed;
mod typeexpr_convert;
mod typeexpr_parse;
mod typeexpr_serde;
mod typeexpr_variables;
mod types_model;
mod unknown_calls;
mod value_layout;
