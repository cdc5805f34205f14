//! The grammar's own combinators, beside nom's: nesting (depth budget),
//! newline scopes, turning a recoverable error into a stopping one with a
//! message, and running a scanner under the caller's output mode.

use nom::{Emit, Err, Mode, OutputM, OutputMode, PResult, Parser};

use super::error::{fail, Kind, PErr};
use super::input::{In, LeafResult};
use super::scratch::{Cx, Stack};

/// The error half of a result in output mode `OM` (`()` for recoverable
/// errors in [`Check`] mode: backtracking builds nothing).
pub(crate) type ErrOf<OM> = Err<PErr, <<OM as OutputMode>::Error as Mode>::Output<PErr>>;

/// A production's result in output mode `OM`.
pub(crate) type Res<'a, OM, O> = PResult<OM, In<'a>, O, PErr>;

/// `OM` with its output emitted: for the few values the grammar needs in
/// [`Check`] mode too (names for duplicate checks, directive kinds).
pub(crate) type Emitting<OM> =
    OutputM<Emit, <OM as OutputMode>::Error, <OM as OutputMode>::Incomplete>;

/// A scanner's result under `OM`'s error mode, its output kept as is.
#[inline(always)]
pub(crate) fn leaf<'a, OM: OutputMode, O>(r: LeafResult<'a, O>) -> Result<(In<'a>, O), ErrOf<OM>> {
    match r {
        Ok(x) => Ok(x),
        Err(Err::Error(e)) => Err(Err::Error(OM::Error::bind(|| e))),
        Err(Err::Failure(e)) => Err(Err::Failure(e)),
        Err(Err::Incomplete(n)) => Err(Err::Incomplete(n)),
    }
}

/// `p` repeated (`many0`) into a list in the arena, which only `Emit` mode
/// builds: the items go onto their scratch stack ([`Cx`]) as they are read
/// and into the arena at the end, at their exact length.
pub(crate) fn collect<'a, P>(p: P) -> Collect<P>
where
    P: Parser<In<'a>, Error = PErr>,
{
    Collect { p }
}

/// See [`collect`].
pub(crate) struct Collect<P> {
    p: P,
}

impl<'a, P, T> Parser<In<'a>> for Collect<P>
where
    P: Parser<In<'a>, Output = T, Error = PErr>,
    T: Copy + 'a,
    Cx<'a>: Stack<'a, T>,
{
    type Output = &'a [T];
    type Error = PErr;

    #[inline]
    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, &'a [T]> {
        let cx = i.cx;
        let base = cx.mark::<T>();
        let mut i = i;
        loop {
            let before = cx.mark::<T>();
            match self.p.process::<OM>(i) {
                Ok((j, item)) if j.at() > i.at() => {
                    OM::Output::map(item, |x| cx.push(x));
                    i = j;
                }
                // An item that reads nothing ends the list (as `many0`).
                Ok(_) | Err(Err::Error(_)) => {
                    cx.reset::<T>(before);
                    break;
                }
                Err(e) => {
                    cx.reset::<T>(base);
                    return Err(e);
                }
            }
        }
        Ok((i, OM::Output::bind(|| cx.finish::<T>(base))))
    }
}

/// A stopping error.
#[inline(always)]
pub(crate) fn stop<T, OM: OutputMode>(e: PErr) -> Result<T, ErrOf<OM>> {
    Err(fail(e))
}

/// Enters one nesting level (bracket, block, template, `for`) at `i`.
#[inline(always)]
pub(crate) fn enter<OM: OutputMode>(i: In<'_>) -> Result<In<'_>, ErrOf<OM>> {
    if i.budget() == 0 {
        return stop::<_, OM>(PErr::at(Kind::TooDeep, i));
    }
    Ok(i.entered())
}

/// Leaves what [`enter`] (and a newline scope) entered: the context of
/// `outer` at the position of `inner`.
#[inline(always)]
pub(crate) fn leave<'a>(inner: In<'a>, outer: In<'a>) -> In<'a> {
    inner.in_context_of(outer)
}

/// `p` with newlines as whitespace (`nl`) or as item ends, the caller's
/// mode restored after it.
pub(crate) fn nl_scope<'a, P>(nl: bool, p: P) -> NlScope<P>
where
    P: Parser<In<'a>, Error = PErr>,
{
    NlScope { nl, p }
}

/// See [`nl_scope`].
pub(crate) struct NlScope<P> {
    nl: bool,
    p: P,
}

impl<'a, P: Parser<In<'a>, Error = PErr>> Parser<In<'a>> for NlScope<P> {
    type Output = P::Output;
    type Error = PErr;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, P::Output> {
        let (j, o) = self.p.process::<OM>(i.with_nl(self.nl))?;
        Ok((j.with_nl(i.nl()), o))
    }
}

/// `p`, where failing is an error `kind` at the input (nom's `cut` with a
/// message): for the places where nothing else may follow.
pub(crate) fn expect<'a, P>(p: P, kind: Kind) -> Expect<P>
where
    P: Parser<In<'a>, Error = PErr>,
{
    Expect { p, kind }
}

/// See [`expect`].
pub(crate) struct Expect<P> {
    p: P,
    kind: Kind,
}

impl<'a, P: Parser<In<'a>, Error = PErr>> Parser<In<'a>> for Expect<P> {
    type Output = P::Output;
    type Error = PErr;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, i: In<'a>) -> Res<'a, OM, P::Output> {
        match self.p.process::<OM>(i) {
            Err(Err::Error(_)) => stop::<_, OM>(PErr::at(self.kind, i)),
            r => r,
        }
    }
}
