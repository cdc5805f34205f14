//! Hostile input: deep nesting, long chains, huge sizes, odd text, and every crash the
//! fuzzers found. Bad input must give an error, never a panic, hang or stack overflow.

mod chains;
mod fuzz_regressions;
mod nesting;
mod plan;
mod sizes;
mod text;
