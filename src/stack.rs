//! Room on the stack for walking a tree as deep as the parser allows.

/// Runs `f`, one level of a recursive walk over a tree (parsing,
/// evaluating, printing, visiting), on a stack with room for it: a new
/// segment (on the heap) when the thread's is nearly used up. No depth the
/// nesting limit allows overflows a thread's stack, a 2 MiB test thread's
/// in an unoptimised build included.
#[inline(always)]
pub(crate) fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(ROOM, SEGMENT, f)
}

/// The room kept for a few levels of the largest, unoptimised frames.
const ROOM: usize = 256 * 1024;

/// A new segment's size: good for dozens of levels at least.
const SEGMENT: usize = 2 * 1024 * 1024;

/// How many levels of evaluation share one look at the stack's room (see
/// [`with_stack_every`]).
const EVERY: u32 = 4;

/// [`with_stack`] for a walk that looks at the stack every [`EVERY`]
/// levels only (at a depth that is a multiple of it): room for that many
/// levels is kept.
#[inline(always)]
pub(crate) fn with_stack_every<R>(depth: u32, f: impl FnOnce() -> R) -> R {
    if depth % EVERY == 0 {
        stacker::maybe_grow(EVERY as usize * ROOM, SEGMENT, f)
    } else {
        f()
    }
}
