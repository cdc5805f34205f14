//! Every error of an expression is reported, as Terraform 1.11.4 reports
//! them (`terraform console`): evaluation goes on after a failure with the
//! placeholder HCL gives the failed part.

use hcl::eval::{evaluate_str, evaluate_typed_str, Context};

fn summaries(src: &str) -> Vec<(usize, usize, String)> {
    let e = evaluate_str(src, &Context::new()).unwrap_err();
    e.diagnostics()
        .map(|d| {
            let r = d.range.expect("a position");
            (r.start.line, r.start.column, d.summary)
        })
        .collect()
}

#[test]
fn every_failing_element_is_reported_in_order() {
    assert_eq!(
        summaries("[tostring({}), 1 + \"a\", upper(1, 2), {a = 1}.b]"),
        [
            // (Where `terraform validate -json` shows them: the refused
            // argument's brace, the operand, the argument too many, the
            // attribute with its dot.)
            (1, 11, "Invalid function argument".to_owned()),
            (1, 20, "Invalid operand".to_owned()),
            (1, 34, "Too many function arguments".to_owned()),
            (1, 45, "Unsupported attribute".to_owned()),
        ]
    );
    // Both operands of a comparison are converted (two diagnostics).
    let both = summaries("\"a\" < \"b\"");
    assert_eq!(both.len(), 2, "{both:?}");
}

#[test]
fn the_first_diagnostic_is_what_the_error_says() {
    let e = evaluate_str("[1, tostring({}), {a = 1}.b]", &Context::new()).unwrap_err();
    assert_eq!(e.count(), 2);
    // (At the refused argument's brace, as Terraform shows it.)
    assert_eq!((e.line(), e.column()), (Some(1), Some(14)));
    assert!(e.message().starts_with("Invalid function argument"));
    let shown = e.to_string();
    assert!(shown.contains("Unsupported attribute"), "{shown}");
    assert_eq!(
        shown.lines().filter(|l| l.starts_with("1 | ")).count(),
        2,
        "a snippet each: {shown}"
    );
}

/// The branch not taken is still evaluated (its type takes part), and a
/// failed part of it goes on as its placeholder: HCL's unification then
/// refuses the branches (Terraform 1.11.4).
#[test]
fn placeholders_take_part_in_conditional_types() {
    let e = evaluate_str(
        "can(zipmap([], [true, 0])) ? {} : true ? {b = null, name = true, k1 = 8} : {}[1][0]",
        &Context::new(),
    )
    .unwrap_err();
    assert!(
        e.message()
            .starts_with("Inconsistent conditional result types"),
        "{e}"
    );
    let t = evaluate_typed_str(
        "false ? {c = {for v in [\"héllo\", \"Bar\"] : v => v...}, a = [for i, v in [for i, v in [null, -2] : upper(tostring(v))] : i]} : null",
        &Context::new(),
    )
    .unwrap();
    assert_eq!(
        t.ty().to_string(),
        "object({a: tuple([number, number]), c: object({Bar: tuple([string]), héllo: tuple([string])})})"
    );
}
