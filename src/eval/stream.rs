//! Parsing and evaluating a config file a chunk of top-level items at a
//! time, in one arena reused for every chunk: the tree of a chunk is
//! evaluated while it is still in the cache, and a large file never has
//! its whole tree in memory. The result, and the errors, are those of
//! parsing the whole file and evaluating its body.

use super::body::eval_structures;
use super::expr::Eval;
use super::fail::{Fail, Failures, Placeholder};
use super::limits::Budget;
use super::Context;
use crate::error::Result;
use crate::parser::{self, ParseOptions};
use crate::syntax::Arena;
use crate::value::{Key, Map, Value};

/// About how many bytes of source each chunk holds: enough that the
/// per-chunk work is nothing, small enough that a chunk's tree stays in
/// the cache.
const CHUNK: usize = 64 * 1024;

/// The body of `src` evaluated in `ctx` (whose source is `src`), as
/// `parse` and then evaluating the body give it.
pub(crate) fn evaluate_file(src: &str, options: &ParseOptions, ctx: &Context<'_>) -> Result<Value> {
    let budget = Budget::new(ctx.limits());
    let eval = Eval::new(ctx, &budget);
    let mut arena = Arena::new();
    let mut map: Map<Key, Value> = Map::new();
    let mut names = Vec::new();
    let mut at: usize = 0;
    let mut failures = Failures::default();
    loop {
        let until = at.saturating_add(CHUNK);
        let (next, evaluated) = {
            let (items, next) =
                match parser::parse_top_items(&arena, src, at, until, &mut names, options) {
                    Ok(r) => r,
                    // Every syntax error of the file, as parsing it whole
                    // reports them.
                    Err(e) => return Err(parser::validate_with(src, options).err().unwrap_or(e)),
                };
            (next, eval_structures(&mut map, items, &eval, 0))
        };
        // Every chunk's errors are reported.
        let stopped = match evaluated {
            Err(fail) => failures.add_fail(fail).err(),
            Ok(()) => None,
        };
        arena.reset();
        if let Some(fail) = stopped {
            return Err(failed(fail, src, options));
        }
        if next >= src.len() {
            break;
        }
        at = next;
    }
    if let Err(fail) = failures.finish((), |()| Placeholder::Dynamic) {
        return Err(failed(fail, src, options));
    }
    parser::check_names(&names, src, options)?;
    Ok(Value::Object(map))
}

/// The error of evaluating `src`, which failed with `fail`: a syntax error
/// anywhere in the file comes first, as when the whole file is parsed
/// before it is evaluated.
#[cold]
fn failed(fail: Fail, src: &str, options: &ParseOptions) -> crate::error::Error {
    if let Err(e) = parser::validate_with(src, options) {
        return e;
    }
    fail.into_error().with_source(src)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::EvalMode;

    /// Streaming gives what parsing the whole file and evaluating it gives,
    /// across chunk boundaries (a file of many top-level items).
    #[test]
    fn chunks_evaluate_as_the_whole_file() {
        let mut src = String::new();
        for i in 0..20_000 {
            src.push_str(&format!(
                "resource \"t{}\" \"r{i}\" {{\n  n = {i} + 1\n  s = \"${{var.x}}-{i}\"\n}}\n\n",
                i % 7
            ));
        }
        src.push_str("last = 1\n");
        let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
        let whole = crate::eval::evaluate_with_source(
            crate::parser::parse(&src).unwrap().body(),
            &src,
            &ctx,
        );
        let streamed = evaluate_file(&src, &ParseOptions::default(), &ctx);
        assert_eq!(whole.unwrap(), streamed.unwrap());
    }

    /// Errors: a syntax error after an evaluation error is the one
    /// reported; a duplicate attribute in different chunks too.
    #[test]
    fn errors_are_the_whole_file_s() {
        let ctx = Context::new().with_mode(EvalMode::PreserveTemplates);
        let pad = "p {\n  x = 1\n}\n".repeat(20_000);
        let opts = ParseOptions::default();
        let src = format!("a = 1 + \"x\"\n{pad}b = = 2\n");
        let err = evaluate_file(&src, &opts, &ctx).unwrap_err();
        assert_eq!(err.kind(), crate::error::ErrorKind::Parse, "{err}");
        assert_eq!(
            err.to_string(),
            crate::parser::parse(&src).unwrap_err().to_string()
        );
        let src = format!("a = 1\n{pad}a = 2\n");
        let err = evaluate_file(&src, &opts, &ctx).unwrap_err();
        assert_eq!(
            err.to_string(),
            crate::parser::parse(&src).unwrap_err().to_string()
        );
        let src = format!("{pad}a = 1 + \"x\"\n");
        let err = evaluate_file(&src, &opts, &ctx).unwrap_err();
        assert_eq!(err.kind(), crate::error::ErrorKind::Eval, "{err}");
        assert_eq!(err.line(), Some(60_001));
    }
}
