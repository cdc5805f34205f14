//! Tests of the parser and the syntax tree: lexical rules, structure, expressions,
//! templates, spans, errors, limits and the tree's layout and walkers. One module per topic.

mod attribute_values;
mod corpus_dev;
mod errors;
mod expr;
mod keyword_object_keys;
mod lexical;
mod limits;
mod recovery;
mod spans;
mod structure;
mod summaries;
mod syntax_layout;
mod syntax_owning;
mod syntax_walk;
mod template;
mod terraform_cases;
