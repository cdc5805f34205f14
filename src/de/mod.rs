//! serde deserialization of HCL onto Rust types.
