//! serde serialization of Rust types as native HCL.
