//! Room on the stack for walking a tree as deep as the parser allows.

/// Runs `f`, one level of a recursive walk over a tree (parsing,
/// evaluating, printing, visiting), on a stack with room for it: a new
/// segment (on the heap) when the thread's is nearly used up. No depth the
/// nesting limit allows overflows a thread's stack, a 2 MiB test thread's
/// in an unoptimised build included.
#[inline(always)]
pub(crate) fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    // Room for a few levels of the largest, unoptimised frames; segments
    // of 2 MiB, each good for dozens of levels at least.
    stacker::maybe_grow(256 * 1024, 2 * 1024 * 1024, f)
}
