//! Tests of Terraform's built-in functions, one module per family; the expected values
//! come from Terraform 1.11.4 (`tests/fixtures/functions/`).

#[path = "../support/func_cases.rs"]
mod support;
#[path = "../support/unknown_scope.rs"]
mod unknown_scope;

mod collection;
mod convert;
mod crypto;
mod datetime;
mod encoding;
mod features;
mod fs;
mod hash;
mod kind_errors;
mod network;
mod numeric;
mod robustness;
mod string;
mod yaml;
