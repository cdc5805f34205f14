//! serde deserialization of HCL onto Rust types.

mod path;
mod value;

pub use value::from_value;
