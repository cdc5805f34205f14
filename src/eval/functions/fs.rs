//! Filesystem functions.
use super::Registry;
pub(crate) fn register(_r: &mut Registry) {}
