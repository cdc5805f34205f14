//! Date and time functions.
use super::Registry;
pub(crate) fn register(_r: &mut Registry) {}
