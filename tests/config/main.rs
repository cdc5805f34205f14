//! Whole configurations: several files read as one body.

mod dir;
mod files;
mod module;
mod plan;
