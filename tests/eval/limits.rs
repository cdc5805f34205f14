//! Limits on the size of values an evaluation builds ([`hcl::eval::Limits`]):
//! small hostile expressions that would need gigabytes fail quickly with an
//! [`ErrorKind::Limit`] error at the expression that crossed the limit.

use hcl::eval::{evaluate_str, Context, Limits};
use hcl::{ErrorKind, Value};

fn limit_err(src: &str, ctx: &Context<'_>) -> hcl::Error {
    // Without the limit these would try to allocate gigabytes: the test
    // process would be killed, not fail slowly.
    let e = evaluate_str(src, ctx).expect_err("must exceed a limit");
    assert_eq!(e.kind(), ErrorKind::Limit, "{src}: {e}");
    e
}

#[test]
fn range_of_a_hundred_million_is_refused_at_once() {
    // Terraform's own limit: range generates at most 1024 values (its
    // function fails, as in Terraform).
    let e = evaluate_str("[for i in range(100000000): i]", &Context::new()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Eval, "{e}");
    assert!(
        e.message().starts_with(
            "Error in function call: Call to function \"range\" failed: more than 1024 values"
        ),
        "{e}"
    );
    assert_eq!(e.column(), Some(11), "points at the range call: {e}");
}

#[test]
fn nested_for_expressions_hit_the_element_limit() {
    let src = "[for a in range(1000) : [for b in range(1000) : [for c in range(1000) : c]]]";
    let e = limit_err(src, &Context::new());
    assert!(e.message().contains("limit exceeded"), "{e}");
    assert!(e.message().contains("10000000 values"), "{e}");
    // Objects too.
    let src =
        "{for a in range(1000) : a => {for b in range(1000) : b => [for c in range(1000) : c]}}";
    limit_err(src, &Context::new());
    // Template for-directives.
    let src = "\"%{for a in range(1000)}%{for b in range(1000)}%{for c in range(1000)}xxxxxxxxxx%{endfor}%{endfor}%{endfor}\"";
    let e = limit_err(src, &Context::new());
    assert!(e.message().contains("bytes of strings"), "{e}");
}

#[test]
fn string_functions_with_huge_results() {
    let ctx = Context::new();
    // 1024 strings of 1 MB each: 1 GiB.
    let e = limit_err("[for i in range(1024) : format(\"%1000000s\", \"\")]", &ctx);
    assert!(e.message().contains("268435456 bytes"), "{e}");
    // join with a 1 MB separator over 1024 * 1024 elements.
    let e = limit_err(
        "join(format(\"%1000000s\", \"\"), flatten([for i in range(1024) : range(1024)]))",
        &ctx,
    );
    assert!(
        e.message().contains("\"join\" failed: limit exceeded"),
        "{e}"
    );
    // indent of a string with many lines by a large amount.
    let e = limit_err(
        "indent(1000000, join(\"\\n\", [for i in range(1024) : \"x\"]))",
        &ctx,
    );
    assert!(e.message().contains("\"indent\""), "{e}");
    // replace amplifying every character.
    let e = limit_err(
        "replace(format(\"%100000s\", \"\"), \" \", format(\"%10000s\", \"\"))",
        &ctx,
    );
    assert!(e.message().contains("\"replace\""), "{e}");
    // The same through a regular expression (the `regex` feature).
    if cfg!(feature = "regex") {
        let e = limit_err(
            "replace(format(\"%100000s\", \"\"), \"/ /\", format(\"%10000s\", \"\"))",
            &ctx,
        );
        assert!(e.message().contains("\"replace\""), "{e}");
    }
    // formatlist over a long list with a wide verb.
    let e = limit_err(
        "formatlist(\"%1000000s\", flatten([for i in range(1024) : [\"a\"]]))",
        &ctx,
    );
    assert!(e.message().contains("\"formatlist\""), "{e}");
    // format with many wide verbs.
    let verbs = "%1000000d".repeat(300);
    let args = ", 1".repeat(300);
    let e = limit_err(&format!("format(\"{verbs}\"{args})"), &ctx);
    assert!(e.message().contains("\"format\""), "{e}");
    // split into single characters of a 1 MB string, 300 times.
    let e = limit_err(
        "[for i in range(300) : split(\"\", format(\"%1000000s\", \"\"))]",
        &ctx,
    );
    assert!(e.message().contains("limit exceeded"), "{e}");
}

#[test]
fn setproduct_is_bounded() {
    let ctx = Context::new();
    // More than 10,000,000 combinations: refused before building.
    let e = evaluate_str("setproduct(range(1000), range(1000), range(1000))", &ctx).unwrap_err();
    assert!(e.message().contains("more than 10000000"), "{e}");
    // Within that bound but over the element budget (4M tuples of 2 + 1).
    let small = Context::new().with_limits(Limits::new().max_elements(1_000_000));
    let e = limit_err("setproduct(range(1000), range(1000))", &small);
    assert!(e.message().contains("1000000 values"), "{e}");
}

#[test]
fn doubling_through_nested_concatenation() {
    // Each level doubles the text: 2^40 bytes if nothing stopped it.
    let mut src = String::from("\"xxxxxxxxxxxxxxxx\"");
    for _ in 0..40 {
        src = format!("join(\"\", [for i in range(2) : {src}])");
    }
    let e = limit_err(&src, &Context::new());
    assert!(e.message().contains("bytes of strings"), "{e}");
    // The same with lists: 2^40 elements.
    let mut src = String::from("[1, 2, 3, 4, 5, 6, 7, 8]");
    for _ in 0..40 {
        src = format!("flatten([for i in range(2) : {src}])");
    }
    let e = limit_err(&src, &Context::new());
    assert!(e.message().contains("10000000 values"), "{e}");
}

#[test]
fn limits_are_configurable_and_per_evaluation() {
    // range(50) returns 51 values (the list and its elements) and the for
    // stores 50 more: 101 of 200.
    let small = Context::new().with_limits(Limits::new().max_elements(200).max_string_bytes(1000));
    assert_eq!(small.limits().element_limit(), 200);
    assert!(evaluate_str("[for i in range(50) : i]", &small).is_ok());
    // The budget is per evaluation: a second one starts afresh.
    assert!(evaluate_str("[for i in range(50) : i]", &small).is_ok());
    let e = limit_err("[for i in range(200) : i]", &small);
    assert!(e.message().contains("more than 200 values"), "{e}");
    let e = limit_err("[for i in range(10) : format(\"%200s\", \"\")]", &small);
    assert!(e.message().contains("more than 1000 bytes"), "{e}");
    // Child scopes inherit the limits.
    let child = small.child();
    limit_err("[for i in range(200) : i]", &child);
    // Unlimited: the same expression is fine.
    let free = Context::new().with_limits(Limits::unlimited());
    let v = evaluate_str("[for i in range(200) : i]", &free).unwrap();
    assert_eq!(v.as_array().map(Vec::len), Some(200));
    // Defaults are documented constants.
    assert_eq!(
        Limits::default().element_limit(),
        hcl::eval::DEFAULT_MAX_ELEMENTS
    );
    assert_eq!(Limits::default().string_limit(), 256 << 20);
}

#[test]
fn limit_errors_are_not_kept_as_templates() {
    // In template-preserving mode an expression that fails a limit is an
    // error too (it is not a reference to something unknown).
    let ctx = Context::new()
        .with_mode(hcl::eval::EvalMode::PreserveTemplates)
        .with_limits(Limits::new().max_elements(10));
    let e = evaluate_str("[for i in range(100) : i]", &ctx).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    // Through the deserializer, with a context.
    let e =
        hcl::from_str_with_context::<Value>("a = [for i in range(100) : i]\n", &ctx).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
    assert_eq!(e.line(), Some(1));
}

#[test]
fn one_budget_for_a_whole_document() {
    // Each attribute alone fits (range: 101 values, the for: 100 more), the
    // document does not: the deserializer shares one budget.
    let ctx = Context::new().with_limits(Limits::new().max_elements(500));
    let one = "a = [for i in range(100) : i]\n";
    assert!(hcl::from_str_with_context::<Value>(one, &ctx).is_ok());
    let three = "a = [for i in range(100) : i]\nb = [for i in range(100) : i]\nc = [for i in range(100) : i]\n";
    let e = hcl::from_str_with_context::<Value>(three, &ctx).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
    assert_eq!(e.line(), Some(3), "{e}");
    // A whole body evaluated at once shares one budget too.
    let body = hcl::parse(three).unwrap();
    let e = hcl::eval::evaluate_with_source(&body, three, &ctx).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
}

#[test]
fn templates_rendered_by_functions_spend_the_callers_budget() {
    // The rendered template builds 900 bytes (its `%{ for }` is charged
    // inside), and its result is charged again where `templatestring`
    // returns it: 1,800 bytes. Within one budget of 1,000 that is too much;
    // with 2,000 it is fine.
    let template = "%{ for i in range(90) }0123456789%{ endfor }";
    let mut tight = Context::new().with_limits(Limits::new().max_string_bytes(1000));
    tight.declare_var("t", Value::from(template));
    let e = limit_err("templatestring(t, {})", &tight);
    assert!(e.message().contains("more than 1000 bytes"), "{e}");
    let mut roomy = Context::new().with_limits(Limits::new().max_string_bytes(2000));
    roomy.declare_var("t", Value::from(template));
    let v = evaluate_str("templatestring(t, {})", &roomy).unwrap();
    assert_eq!(v.as_str().map(str::len), Some(900));
}

#[test]
fn evaluations_on_other_threads_have_their_own_budgets() {
    // The budget is a value of each evaluation, not of the thread: two
    // threads sharing one context each get the full budget.
    let ctx = Context::new().with_limits(Limits::new().max_elements(200));
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                for _ in 0..20 {
                    assert!(evaluate_str("[for i in range(50) : i]", &ctx).is_ok());
                }
            });
        }
    });
}
