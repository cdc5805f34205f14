//! Evaluation: syntax tree + [`Context`] → [`Value`](crate::Value).

mod func;

pub use func::{FuncDef, FuncDefBuilder, FuncImpl, FuncResult, Param, ParamType};
pub mod functions;
