//! Function calls and conditionals over values not known yet, as Terraform
//! 1.11.4 evaluates them. Every expected result was printed by
//! `terraform console -plan` (the unknowns oracle's layout, see
//! `../shared/oracle/TYPES-README.md`) in the scope of
//! `support/unknown_scope.rs`: `local.us` a string known not to be null,
//! `local.ub` a bool, `local.ud` of any type, ...
//!
//! An expectation is `error`, `unknown T`, or `T = JSON` with each unknown
//! inside written `{"$unknown": "T"}`.

use crate::unknown_scope;

fn check(cases: &[(&str, &str)]) {
    let ctx = unknown_scope::context();
    let mut wrong = Vec::new();
    for (src, want) in cases {
        let got = match hcl::eval::evaluate_typed_str(src, &ctx) {
            Err(_) => "error".to_owned(),
            Ok(t) if t.is_unknown() => format!("unknown {}", t.ty()),
            Ok(t) => {
                let v = t.map_unknowns(|ty| {
                    let mut m = hcl::value::Map::new();
                    m.insert("$unknown", hcl::Value::from(ty.to_string()));
                    hcl::Value::Object(m)
                });
                format!("{} = {}", t.ty(), serde_json::to_string(&v).unwrap())
            }
        };
        if got != *want {
            wrong.push(format!("{src}\n    want {want}\n    got  {got}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn an_unknown_condition_drops_both_branches_errors() {
    check(&[
        ("local.ub ? 1 : keys(1)", "unknown dynamic"),
        ("local.ub ? keys(1) : keys(2)", "unknown dynamic"),
        (
            "(local.ub ? {for k, v in [] : k => v} : keys(null))",
            "unknown dynamic",
        ),
        (
            "(local.ub ? {} : (local.ub ? keys(1) : (local.ub ? local.ub : 10000000000000000000)))",
            "unknown dynamic",
        ),
        // A known condition keeps the branch taken, whatever the other's errors.
        ("true ? 1 : keys(1)", "number = 1"),
        ("false ? keys(1) : 2", "number = 2"),
        ("true ? 1 : {}", "error"),
    ]);
}

#[test]
fn unknown_arguments_are_checked_against_parameter_types() {
    check(&[
        ("compact(tonumber((local.ub ? \"x y\" : true)))", "error"),
        ("chunklist(local.um, local.ud)", "error"),
        ("join(toset([0, true, local.us])[*], 1)", "error"),
        (
            "[for k, v in [{b = \"a\", \"k\" = false}, zipmap(false, local.un)] : k]",
            "error",
        ),
        ("sort(slice(local.ub, 0, 1))", "error"),
        (
            "[[2.5, [for v in {c = \"1\", b = local.usn} : v], toset(local.ub)]]",
            "error",
        ),
        (
            "tolist([values(toset([local.us, \"a\"])), tolist([])[*]])",
            "error",
        ),
        (
            "(false ? tolist(2.5) : tolist(setproduct(local.usn)))",
            "error",
        ),
        (
            "merge(\"a\", one(format(\"%v-%s\", local.ud, local.ut)))",
            "error",
        ),
        ("lookup(1, local.ud, null)", "error"),
        ("lookup(1, local.us)", "error"),
        (
            "one([for v in {n = \"1\", c = local.us, b = local.ut} : v])",
            "error",
        ),
        (
            "tomap({b = setproduct(tolist([local.us, 10000000000000000000])[*], local.uset, tolist([])), \"k\" = \"a\"})",
            "error",
        ),
    ]);
}

#[test]
fn an_argument_of_unknown_type_makes_the_type_unknown() {
    check(&[
        (
            "{b = slice(concat(2.5, local.ud), 1, 1)}",
            r#"object({b: dynamic}) = {"b":{"$unknown":"dynamic"}}"#,
        ),
        ("coalescelist(local.uo)", "unknown dynamic"),
        (
            "index(local.usn, reverse(tomap({c = local.us, a = local.un, b = \"5\"})[*]))",
            "unknown number",
        ),
        (
            "sum((local.ub ? (true ? local.ul : local.us) : compact(0)))",
            "unknown dynamic",
        ),
    ]);
}

#[test]
fn known_sequences_holding_unknowns_keep_what_is_known() {
    check(&[
        (
            "sort([local.us])",
            r#"list(string) = [{"$unknown":"string"}]"#,
        ),
        (
            "sort([\"b\", local.us, \"a\"])",
            r#"list(string) = [{"$unknown":"string"},{"$unknown":"string"},{"$unknown":"string"}]"#,
        ),
        ("length(sort([local.us]))", "number = 1"),
        (
            "flatten([local.us, [\"c\"]])",
            r#"tuple([string, string]) = [{"$unknown":"string"},"c"]"#,
        ),
        (
            "flatten([[local.us], [\"c\"]])",
            r#"tuple([string, string]) = [{"$unknown":"string"},"c"]"#,
        ),
        (
            "flatten([{a = local.us}])",
            r#"tuple([object({a: string})]) = [{"a":{"$unknown":"string"}}]"#,
        ),
        (
            "reverse([local.us, \"a\"])",
            r#"tuple([string, string]) = ["a",{"$unknown":"string"}]"#,
        ),
        (
            "reverse(tolist([local.us, \"a\"]))",
            r#"list(string) = ["a",{"$unknown":"string"}]"#,
        ),
        ("distinct([local.us])", "unknown list(string)"),
        ("compact([local.us, \"a\"])", "unknown list(string)"),
    ]);
}

#[test]
fn collection_conversions_convert_each_element_by_its_own_type() {
    check(&[
        (
            "tomap({a = toset([1]), n = [\"5\"]})",
            r#"map(set(number)) = {"a":[1],"n":[5]}"#,
        ),
        (
            "tolist([toset([1]), [\"5\"]])",
            r#"list(set(number)) = [[1],[5]]"#,
        ),
        ("tomap({a = toset([1]), n = [\"x\"]})", "error"),
        (
            "coalesce(null, tolist([\"1\", \"true\"])[*])",
            r#"list(string) = ["1","true"]"#,
        ),
    ]);
}

#[test]
fn known_maps_holding_unknowns_give_their_values_in_key_order() {
    check(&[
        (
            "values(tomap({c = local.usn, n = true, b = local.usn}))",
            r#"list(string) = [{"$unknown":"string"},{"$unknown":"string"},"true"]"#,
        ),
        (
            "flatten(tomap({b = local.us, c = \"x\"}))",
            r#"tuple([string, string]) = [{"$unknown":"string"},"x"]"#,
        ),
    ]);
}

#[test]
fn lookup_in_an_unknown_object_knows_its_attributes() {
    check(&[
        ("lookup(local.uo, \"a\")", "unknown string"),
        ("lookup(local.uo, \"zz\", 1)", "unknown number"),
        ("lookup(local.uo, \"zz\")", "error"),
    ]);
}

#[test]
fn lookup_of_a_missing_key_in_a_known_map_holding_unknowns_is_the_default() {
    // `terraform console -plan`, with an unknown string for local.us
    // with `terraform_data.u.id` for it).
    check(&[
        ("lookup({c = local.us}, \"a\", \"d\")", "string = \"d\""),
        (
            "lookup(tomap({c = local.us}), \"a\", \"d\")",
            "string = \"d\"",
        ),
        ("lookup({c = local.us}, \"a\", 1)", "number = 1"),
        ("lookup({c = [local.us]}, \"a\", \"d\")", "string = \"d\""),
        (
            "lookup({c = local.us, a = \"x\"}, \"a\", \"d\")",
            "string = \"x\"",
        ),
        ("lookup({c = local.us}, \"c\", \"d\")", "unknown string"),
        ("lookup({c = \"x\"}, \"a\", local.us)", "unknown string"),
        ("lookup({c = local.us}, \"a\")", "error"),
    ]);
}

#[test]
fn coalesce_needs_one_type_even_beside_unknowns() {
    check(&[
        ("coalesce(1, \"5\", local.ut)", "error"),
        ("zipmap(local.ul, [\"a\"])", "unknown dynamic"),
    ]);
}

#[test]
fn a_set_holds_known_elements_then_unknown_ones_then_null() {
    check(&[
        (
            "toset([null, local.us, \"a\"])",
            r#"set(string) = ["a",{"$unknown":"string"},null]"#,
        ),
        (
            "[for v in toset([null, local.us, \"a\"]) : v]",
            r#"tuple([string, string, string]) = ["a",{"$unknown":"string"},null]"#,
        ),
        (
            "[for v in toset([1, local.us]) : v]",
            r#"tuple([string, string]) = ["1",{"$unknown":"string"}]"#,
        ),
        // The unknown key comes before the null one, which is then no error.
        (
            "{for k, v in toset([null, local.us]) : k => v}",
            "unknown dynamic",
        ),
        (
            "{for k, v in toset([1, local.us, null]) : k => v}",
            "unknown dynamic",
        ),
        ("{for k, v in toset([null, \"a\"]) : k => v}", "error"),
    ]);
}

#[test]
fn unification_prefers_a_list_or_a_tuple_to_a_set() {
    check(&[
        ("true ? tolist([1]) : toset([2])", "list(number) = [1]"),
        ("true ? toset([1]) : tolist([2])", "list(number) = [1]"),
        ("true ? [1] : toset([2])", "set(number) = [1]"),
        (
            "true ? toset([1]) : tolist([\"a\"])",
            r#"list(string) = ["1"]"#,
        ),
        ("false ? [1, 2] : toset([\"a\"])", r#"set(string) = ["a"]"#),
        (
            "tolist([toset([\"b\"]), tolist([\"a\"])])",
            r#"list(list(string)) = [["b"],["a"]]"#,
        ),
        (
            "tolist([toset([\"b\"]), [\"a\"]])",
            r#"list(set(string)) = [["b"],["a"]]"#,
        ),
        (
            "toset((false ? toset([null, 2.5])[*] : toset([])))",
            "set(number) = []",
        ),
    ]);
}

#[test]
fn a_failed_branch_keeps_the_type_hcl_gives_it() {
    // HCL goes on after an error with a placeholder of the type the
    // expression would have had: it takes part in the result type.
    check(&[
        (
            "(true ? 0 : {c = slice(local.ul, 0, 2), a = tostring(local.usn), n = join(10000000000000000000, \"true\")})",
            "error",
        ),
        ("(false ? [min(local.ul, local.ul)] : local.us)", "error"),
        (
            "(false ? {b = reverse(local.ul), a = flatten(2.5)} : [[], try(2.5), tolist([])])",
            "error",
        ),
        ("abs((local.ul ? (2.5 % local.ut) : !local.ut))", "error"),
        ("true ? 1 : \"x${keys(1)}\"", r#"string = "1""#),
        ("true ? \"a\" : \"${keys(1)}\"", r#"string = "a""#),
    ]);
    let ctx = unknown_scope::context();
    let e = hcl::eval::evaluate_typed_str("(false ? [min(local.ul, local.ul)] : local.us)", &ctx)
        .unwrap_err();
    assert!(
        e.message()
            .contains("The 'true' value is tuple, but the 'false' value is string."),
        "{}",
        e.message()
    );
}

#[test]
fn what_an_unknown_value_cannot_do_its_type_already_says() {
    check(&[
        ("[for x in local.us : x]", "error"),
        ("{for k, x in local.un : k => x}", "error"),
        ("[for x in local.ud : x]", "unknown dynamic"),
        ("null[local.un]", "error"),
    ]);
}

#[test]
fn formatlist_iterates_what_is_known() {
    check(&[
        // A single unknown argument: each iteration is unknown, the
        // length is the sequences'.
        (
            "formatlist(\"%s-%s\", local.us, [\"a\", \"b\"])",
            r#"list(string) = [{"$unknown":"string"},{"$unknown":"string"}]"#,
        ),
        (
            "formatlist(\"%s-%d\", [\"a\", \"b\"], local.un)",
            r#"list(string) = [{"$unknown":"string"},{"$unknown":"string"}]"#,
        ),
        (
            "formatlist(\"%s-%s\", local.uo, [\"a\"])",
            r#"list(string) = [{"$unknown":"string"}]"#,
        ),
        (
            "length(formatlist(\"%s-%s\", local.us, [\"a\", \"b\"]))",
            "number = 2",
        ),
        ("formatlist(\"%s-%s\", local.us, [])", "list(string) = []"),
        // An unknown element: that iteration only, known not null. An
        // unknown element stops the iteration before the later sequences
        // move on, as in Terraform 1.11 (the second row is "x-a").
        (
            "formatlist(\"%s\", [local.us, \"b\"])",
            r#"list(string) = [{"$unknown":"string"},"b"]"#,
        ),
        (
            "formatlist(\"%s-%s\", [local.us, \"x\"], [\"a\", \"b\"])",
            r#"list(string) = [{"$unknown":"string"},"x-a"]"#,
        ),
        (
            "formatlist(\"%s-%s\", [\"x\", local.us], [\"a\", \"b\"])[1] == null",
            "bool = false",
        ),
        // A sequence not known yet, or the format: wholly unknown.
        ("formatlist(\"%s\", local.ul)", "unknown list(string)"),
        ("formatlist(\"%s\", local.uset)", "unknown list(string)"),
        (
            "formatlist(\"%s-%s\", local.ut, [\"a\", \"b\"])",
            "unknown list(string)",
        ),
        (
            "formatlist(local.us, [\"a\", \"b\"])",
            "unknown list(string)",
        ),
        // An unknown tuple's length is still checked; known rows still fail.
        (
            "formatlist(\"%s-%s\", local.ut, [\"a\", \"b\", \"c\"])",
            "error",
        ),
        (
            "formatlist(\"%d-%s\", [\"x\", local.us], [\"a\", \"b\"])",
            "error",
        ),
        // An argument of unknown type (or an untyped null): unknown type.
        (
            "formatlist(\"%s-%s\", local.ud, [\"a\", \"b\"])",
            "unknown dynamic",
        ),
        ("formatlist(\"%v\", null)", "unknown dynamic"),
        ("formatlist(\"%v\", [null], null)", "unknown dynamic"),
        (
            "formatlist(\"%v\", [null, 1])",
            r#"list(string) = ["null","1"]"#,
        ),
    ]);
}

#[test]
fn format_of_unknowns_knows_its_prefix() {
    check(&[
        ("format(\"pre-%s\", local.us)", "unknown string"),
        (
            "startswith(format(\"pre-%s\", local.usn), \"pre\")",
            "bool = true",
        ),
        ("format(\"%s\", local.ud)", "unknown dynamic"),
        ("format(\"%s\", local.ud) == null", "unknown bool"),
        ("format(\"%v\", null)", "unknown dynamic"),
    ]);
}

#[test]
fn arguments_take_their_parameters_types_and_known_ones_are_checked() {
    // Found by random calls checked against `terraform console -plan`: an
    // argument of unknown type takes its parameter's type (HCL converts
    // arguments first), an argument known at its top level is checked as
    // the function checks it, and a known value holding unknowns can be the
    // result of coalesce and coalescelist.
    check(&[
        ("contains(tomap({a = local.us}), true)", "error"),
        ("concat(local.ut)", "unknown tuple([string, number])"),
        ("zipmap(local.ul, {a = 1})", "error"),
        (
            "coalescelist(\"é\", local.usn, concat(tolist([])))",
            "error",
        ),
        ("zipmap(local.uset, {b = local.ub, a = []})", "error"),
        ("index({}, tolist([local.us]))", "error"),
        (
            "coalesce({a = local.un}, {a = 1})",
            "object({a: number}) = {\"a\":{\"$unknown\":\"number\"}}",
        ),
        (
            "coalescelist([[], [\"x\"]], local.ul)",
            "tuple([tuple([]), tuple([string])]) = [[],[\"x\"]]",
        ),
        (
            "coalesce({a = local.un})",
            "object({a: number}) = {\"a\":{\"$unknown\":\"number\"}}",
        ),
        (
            "matchkeys(flatten(local.uset), [\"b\", \"a\", \"b\"], toset([1, 2]))",
            "unknown list(dynamic)",
        ),
        ("split(local.ud, (true ? null : 0))", "error"),
        ("reverse(local.ut)", "unknown tuple([number, string])"),
        ("index(tomap({a = 1}), tolist([local.us]))", "error"),
        ("sum(tomap({a = local.us}))", "error"),
        ("coalescelist([local.ut, tomap(null)], \"1\")", "error"),
        (
            "coalescelist([tomap({a = local.us})], local.uo)",
            "tuple([map(string)]) = [{\"a\":{\"$unknown\":\"string\"}}]",
        ),
        (
            "chunklist([3], flatten(local.um))",
            "unknown list(list(number))",
        ),
    ]);
}

/// cty runs `element`, `slice`, `chunklist`, `setproduct`, `zipmap`, `sort`,
/// `keys` and `length` on a sequence or map that is known though it holds
/// unknowns: the result is known, with the unknowns where they land. A set
/// holding unknowns has a known order and length only with one element.
#[test]
fn sequences_known_at_their_top_keep_unknown_elements_in_place() {
    check(&[
        // A negative index counts from the end of a list.
        ("element(tolist([local.us, \"b\"]), -1)", "string = \"b\""),
        ("element(tolist([local.us, \"b\"]), -2)", "unknown string"),
        ("keys(tomap({a=local.un}))", "list(string) = [\"a\"]"),
        ("setproduct([local.un], [1])", "list(tuple([number, number])) = [[{\"$unknown\":\"number\"},1]]"),
        ("setproduct(tolist([local.un]), [1])", "list(tuple([number, number])) = [[{\"$unknown\":\"number\"},1]]"),
        ("setproduct(toset([local.un]), [1])", "set(tuple([number, number])) = [[{\"$unknown\":\"number\"},1]]"),
        ("slice([local.un], 0, 0)", "tuple([]) = []"),
        ("slice(tolist([local.un]), 0, 0)", "list(number) = []"),
        ("length(toset([local.un]))", "number = 1"),
        ("chunklist([local.un], 1)", "list(list(number)) = [[{\"$unknown\":\"number\"}]]"),
        ("chunklist(tolist([local.un]), 1)", "list(list(number)) = [[{\"$unknown\":\"number\"}]]"),
        ("chunklist(toset([local.un]), 1)", "list(list(number)) = [[{\"$unknown\":\"number\"}]]"),
        ("zipmap([\"a\"], [local.un])", "object({a: number}) = {\"a\":{\"$unknown\":\"number\"}}"),
        ("zipmap([\"a\"], tolist([local.un]))", "map(number) = {\"a\":{\"$unknown\":\"number\"}}"),
        ("sort(local.ut)", "list(string) = [{\"$unknown\":\"string\"},{\"$unknown\":\"string\"}]"),
        ("element([1, local.un, \"a\"], 2)", "string = \"a\""),
        ("element([local.us, 1], 1)", "number = 1"),
        ("element(tolist([local.us, \"b\"]), 3)", "string = \"b\""),
        ("slice([1, local.un, 2], 1, 3)", "tuple([number, number]) = [{\"$unknown\":\"number\"},2]"),
        ("slice(tolist([local.un, 2]), 0, 1)", "list(number) = [{\"$unknown\":\"number\"}]"),
        ("chunklist([1, local.un, 2], 2)", "list(list(number)) = [[1,{\"$unknown\":\"number\"}],[2]]"),
        ("chunklist([local.un, \"a\"], 1)", "list(list(string)) = [[{\"$unknown\":\"string\"}],[\"a\"]]"),
        ("setproduct([local.un, 2], [\"a\", local.us])", "list(tuple([number, string])) = [[{\"$unknown\":\"number\"},\"a\"],[{\"$unknown\":\"number\"},{\"$unknown\":\"string\"}],[2,\"a\"],[2,{\"$unknown\":\"string\"}]]"),
        ("setproduct(toset([local.un]), tolist([1, 2]))", "set(tuple([number, number])) = [[{\"$unknown\":\"number\"},1],[{\"$unknown\":\"number\"},2]]"),
        ("setproduct([local.un], [])", "list(tuple([number, dynamic])) = []"),
        ("zipmap([\"a\", \"b\"], [local.un, \"x\"])", "object({a: number, b: string}) = {\"a\":{\"$unknown\":\"number\"},\"b\":\"x\"}"),
        ("zipmap([\"b\", \"a\", \"b\"], [1, local.un, 3])", "object({a: number, b: number}) = {\"a\":{\"$unknown\":\"number\"},\"b\":3}"),
        ("zipmap(tolist([\"a\"]), tolist([local.us]))", "map(string) = {\"a\":{\"$unknown\":\"string\"}}"),
        ("keys(tomap({b = local.un, a = 1}))", "list(string) = [\"a\",\"b\"]"),
        ("sort([local.us, \"a\"])", "list(string) = [{\"$unknown\":\"string\"},{\"$unknown\":\"string\"}]"),
        ("sort(tolist([local.un]))", "list(string) = [{\"$unknown\":\"string\"}]"),
        ("reverse([local.un, \"a\"])", "tuple([string, number]) = [\"a\",{\"$unknown\":\"number\"}]"),
        ("zipmap([1, true], [local.un, local.us])", "object({1: number, true: string}) = {\"1\":{\"$unknown\":\"number\"},\"true\":{\"$unknown\":\"string\"}}"),
        ("values({b = local.un, a = \"x\"})", "tuple([string, number]) = [\"x\",{\"$unknown\":\"number\"}]"),
        ("chunklist(tolist([]), 2)", "list(list(dynamic)) = []"),
    ]);
}

/// A result not known yet has the type the function's type rule gives from
/// its arguments' types: a tuple's element types, an object's attribute
/// types, a list's length from an unknown tuple.
#[test]
fn unknown_results_are_typed_from_tuple_and_object_types() {
    check(&[
        ("values(local.uo)", "unknown tuple([string, number])"),
        ("slice(local.ut, 0, 0)", "unknown tuple([])"),
        ("element([local.un], 0)", "unknown number"),
        ("element(local.ut, 0)", "unknown string"),
        ("zipmap([local.un], [1])", "unknown dynamic"),
        ("zipmap(tolist([local.un]), [1])", "unknown dynamic"),
        (
            "chunklist(toset([local.un, 1]), 0)",
            "unknown list(list(number))",
        ),
        ("zipmap([local.us], tolist([1]))", "unknown map(number)"),
        ("length(toset([local.un, 1]))", "unknown number"),
        ("values(local.um)", "unknown list(number)"),
        ("element(local.ul, 0)", "unknown string"),
        ("slice(local.ul, 0, 1)", "unknown list(string)"),
        ("slice(local.ut, 0, 1)", "unknown tuple([string])"),
        ("element(local.ut, local.un)", "unknown dynamic"),
        ("min([local.un, 2]...)", "unknown number"),
        ("max(local.ul...)", "unknown dynamic"),
        ("length(local.ut...)", "unknown dynamic"),
        (
            "element([local.ut, 1], 0)",
            "unknown tuple([string, number])",
        ),
        ("zipmap([\"a\"], local.ul)", "unknown map(string)"),
        ("slice([local.un, 1, 2], local.un, 2)", "unknown dynamic"),
        (
            "chunklist([local.un, 1], local.un)",
            "unknown list(list(number))",
        ),
        (
            "setproduct(local.ul, [1])",
            "unknown list(tuple([string, number]))",
        ),
        ("zipmap([\"a\", local.us], [1, 2])", "unknown dynamic"),
        (
            "setproduct([local.un], [1], toset([\"a\", local.us]))",
            "unknown set(tuple([number, number, string]))",
        ),
    ]);
}

/// What cty checks from types and known indexes fails before any value is
/// known: `zipmap`'s values kind and key count, `slice`'s indexes against a
/// tuple's length, an expanding argument that is not a sequence.
#[test]
fn checks_that_need_only_types_fail_before_the_values_are_known() {
    check(&[
        // (A list known at its top level has a known length too.)
        ("zipmap([\"a\", \"b\"], tolist([local.un]))", "error"),
        ("zipmap([\"a\"], [local.un, 2])", "error"),
        ("zipmap([\"a\", \"b\"], [local.un])", "error"),
        ("zipmap([\"a\"], toset([1]))", "error"),
        ("zipmap([\"a\"], local.ut)", "error"),
        ("min(local.us...)", "error"),
        ("min(local.um...)", "error"),
        ("min(local.uo...)", "error"),
        ("element([local.us, 1], -1)", "error"),
        ("slice([local.un], 1, 0)", "error"),
        ("slice([local.un, 1], 0, 5)", "error"),
        ("chunklist([local.un], -1)", "error"),
        ("zipmap([\"a\"], [local.un, 1])", "error"),
        ("slice(local.ut, 1, 3)", "error"),
        ("length(toset([local.un]...))", "error"),
    ]);
}

/// `setunion` runs on sets known at their top level though they hold
/// unknowns: an unknown element equals no other, so each one stays beside
/// the known elements. `setintersection` and `setsubtract` give up on them.
#[test]
fn setunion_keeps_unknown_elements_beside_the_known_ones() {
    check(&[
        (
            "setunion([local.un, local.un], [1, 1])",
            "set(number) = [1,{\"$unknown\":\"number\"},{\"$unknown\":\"number\"}]",
        ),
        (
            "setunion(toset([local.un, 2]), [2, local.us])",
            "set(string) = [\"2\",{\"$unknown\":\"string\"},{\"$unknown\":\"string\"}]",
        ),
        (
            "setunion([local.un], [1])",
            "set(number) = [1,{\"$unknown\":\"number\"}]",
        ),
        (
            "setunion(toset([\"a\"]), tolist([local.us]), [\"b\", \"a\"])",
            "set(string) = [\"a\",\"b\",{\"$unknown\":\"string\"}]",
        ),
        ("setunion([local.un], local.ul)", "unknown set(string)"),
        ("setintersection([local.un, 1], [1])", "unknown set(number)"),
        ("setsubtract([1, 2], [local.un])", "unknown set(number)"),
        ("length(setunion([local.un], [1]))", "unknown number"),
        (
            "setunion([[local.un]], [[1]])",
            "set(tuple([number])) = [[1],[{\"$unknown\":\"number\"}]]",
        ),
        (
            "setunion([local.us], [])",
            "set(string) = [{\"$unknown\":\"string\"}]",
        ),
    ]);
}

#[cfg(feature = "regex")]
#[test]
fn regex_results_are_typed_from_the_pattern() {
    check(&[
        ("regex(\"^(\\\\d+)\", local.us)", "unknown tuple([string])"),
        (
            "regex(\"(?P<a>x)(?P<b>y)\", local.us)",
            "unknown object({a: string, b: string})",
        ),
        ("regexall(\"x\", local.us)", "unknown list(string)"),
        (
            "regexall(\"(a)(b)\", local.us)",
            "unknown list(tuple([string, string]))",
        ),
        ("regex(local.us, \"x\")", "unknown dynamic"),
        ("regexall(local.us, \"x\")", "unknown list(dynamic)"),
        ("regex(\"[\", local.us)", "error"),
        ("regex(\"(?P<a>x)(y)\", local.us)", "error"),
        ("regex(\"x\", local.ud)", "unknown string"),
    ]);
}

/// Splats, indexes, conditions and template directives over values not known yet, as HCL 2.23
/// (Terraform 1.11.4) treats them: a splat over an unknown value of another kind checks its
/// operators on that type (`local.un[*].a` fails) and is unknown when the value may be null; a
/// splat over an empty list types its result from the element type (`sort([])[*].a` fails); an
/// object not known yet gives an unknown of any type for any key; a condition holding unknowns is
/// still not a bool, a wholly unknown one is not checked; a template's `for` over an unknown
/// string fails as a `for` expression does. The last cases are random expressions that disagreed.
#[test]
fn traversals_conditions_and_directives_over_unknowns() {
    check(&[
        ("local.uo[1]", "unknown dynamic"),
        ("local.uo[\"zz\"]", "unknown dynamic"),
        ("local.uo.zz", "error"),
        ("(local.uo[1])[*]", "unknown dynamic"),
        ("(local.uo[1])[*].a.b", "unknown dynamic"),
        ("local.uo[\"a\"]", "unknown dynamic"),
        ("local.un[*]", "unknown dynamic"),
        ("local.un[*].a", "error"),
        ("local.us[*]", "tuple([string]) = [{\"$unknown\":\"string\"}]"),
        ("tolist([])[*].a", "list(dynamic) = []"),
        ("tolist([])[*]", "list(dynamic) = []"),
        ("toset([])[*].a", "list(dynamic) = []"),
        ("[][*].a", "tuple([]) = []"),
        ("sort([])[*].a", "error"),
        ("\"%{for x in local.us}${x}%{endfor}\"", "error"),
        ("[1] ? 1 : 2", "error"),
        ("[local.un] ? 1 : 2", "error"),
        ("local.ul ? 1 : 2", "unknown number"),
        ("local.ud ? 1 : 2", "unknown number"),
        ("tolist([{a=1}])[*].b", "error"),
        ("local.uset[*].a", "error"),
        ("local.ul[*].a", "error"),
        ("\"%{if [local.ub]}a%{endif}\"", "error"),
        ("\"%{for x in local.ud}${x}%{endfor}\"", "unknown string"),
        ("tomap({})[*].a", "error"),
        ("local.usn[*].a", "error"),
        ("local.uo[*].zz", "error"),
        ("[local.un][*].a", "error"),
        ("\"%{for x in 1}${x}%{endfor}\"", "error"),
        ("\"%{for x in null}${x}%{endfor}\"", "error"),
        ("\"%{if [1]}a%{endif}\"", "error"),
        ("\"%{if null}a%{endif}\"", "error"),
        ("\"x\" ? 1 : 2", "error"),
        ("\"%{if \"x\"}a%{endif}\"", "error"),
        ("local.us ? 1 : 2", "unknown number"),
        ("local.un ? 1 : 2", "unknown number"),
        ("\"%{for x in local.un}${x}%{endfor}\"", "error"),
        ("\"%{for x in local.ul}${x}%{endfor}\"", "unknown string"),
        ("\"%{if local.ul}a%{endif}\"", "unknown string"),
        ("[for x in local.us : x]", "error"),
        ("([for k, v in ([{a = 1}, {a = local.un}] ? local.uo : tomap({k = \"v\"})) : tostring(v)])[*]", "error"),
        ("(\"%{for x in reverse([\"a\", \"b\"])}[${x}]%{endfor}%{for x in local.ul[1]}[${x}]%{endfor}%{if local.ud[\"a\"]}T%{endif}\")[*]", "error"),
        ("(sort([for v in {} : {x = v} if v != \"a\"]))[*].a", "error"),
        ("\"%{for x in length({for k, v in local.um : \"k${k}\" => v...})}[${x}]%{endfor}ab\"", "error"),
        ("(tostring(\"%{for x in \"pre-${local.usn}\"}[${x}]%{endfor}-%{for x in {a = 1, b = \"x\"}}[${x}]%{endfor}\") + {for k, v in tomap({k = \"v\"}) : \"k${k}\" => v}[local.un])", "error"),
        ("((local.un)[*].a.b)[*][\"a\"]", "error"),
        ("{b = ([\"pre-${local.usn}\", \"a\", toset([\"p\"])] ? local.un[0] : [for k, v in {} : v])}", "error"),
        ("(([{a = 1}, {a = local.un}])[*].a ? local.ub[0] : {for k, v in \"x${local.us}\" : \"k${k}\" => [v]...})[1]", "error"),
        ("((local.uo[1])[*].a.b)[*]", "unknown dynamic"),
        ("(reverse([{a = [local.us], b = []}, local.um, local.ut]) ? (index(\"x${local.us}\", {a = [local.us], b = []}))[*].a.b : coalesce([for v in \"a\" : [v] if v != \"a\"], (tomap({k = \"v\"}))[*].a.b))", "error"),
        ("[for k, v in ([for k, v in [{a = 1}, {a = local.un}] : v if v != null] ? (local.ub)[*] : coalescelist(local.ud, local.us)) : \"${v}\" if k != \"a\"]", "error"),
        ("toset((local.um)[*][0][local.us])", "error"),
        ("{c = ([\"a\", null, local.ub] != (local.ub)[*].a.b)}", "error"),
    ]);
}

/// What is known of a template's unknown result and how collections holding unknowns compare, as
/// Terraform 1.11.4 (cty) decides: the known start of a template keeps at most 128 bytes, less the
/// last grapheme cluster unless that is a delimiter (`"ab${u}"` is known to start with "a" only,
/// `"pre-${u}"` with "pre-"); two known collections of types that could not match compare unequal
/// even when they hold unknowns (`{} != [local.ud]`), of types that could (the dynamic
/// pseudo-type standing for any) compare as unknown; a collection holding unknowns is still not
/// a string in a template.
#[test]
fn template_prefixes_and_comparisons_of_collections_holding_unknowns() {
    check(&[
        ("startswith(\"pre-${local.us}\", \"pre-\")", "bool = true"),
        ("startswith(\"pre-${local.us}\", \"pre\")", "bool = true"),
        ("startswith(\"ab${local.us}\", \"a\")", "bool = true"),
        ("startswith(\"ab${local.us}\", \"ab\")", "unknown bool"),
        ("startswith(\"é${local.us}\", \"é\")", "unknown bool"),
        ("startswith(\"aé-${local.us}\", \"aé\")", "bool = true"),
        ("\"ab${local.us}\" == \"b\"", "bool = false"),
        ("\"ab${local.us}\" == \"ax\"", "unknown bool"),
        ("[local.us][0] == null", "bool = false"),
        ("{a = local.us}.a == null", "bool = false"),
        ("tolist([local.us])[0] == null", "bool = false"),
        ("[for v in [local.us] : v == null]", "tuple([bool]) = [false]"),
        ("\"x${local.us}\" != \"a\"", "unknown bool"),
        ("{a = \"x${local.us}\"}.a != \"b\"", "unknown bool"),
        ("[for v in [\"x${local.us}\"] : startswith(v, \"x\")]", "tuple([bool]) = [{\"$unknown\":\"bool\"}]"),
        ("startswith([\"x${local.us}\"][0], \"x\")", "unknown bool"),
        ("local.us == null", "bool = false"),
        ("[local.us][*]", "tuple([string]) = [{\"$unknown\":\"string\"}]"),
        ("[for v in [local.us] : v][0] == null", "bool = false"),
        ("length([local.ul][0])", "unknown number"),
        ("local.uo.a == null", "unknown bool"),
        ("[for v in [\"x${local.us}\"] : v if v != \"a\"]", "unknown dynamic"),
        ("[for v in coalesce([\"x${local.us}\"]) : v if v != \"a\"]", "unknown dynamic"),
        ("coalesce([\"x${local.us}\"])[0] != \"a\"", "unknown bool"),
        ("[\"x${local.us}\"][0] != \"a\"", "unknown bool"),
        ("coalesce([\"x${local.us}\"])", "tuple([string]) = [{\"$unknown\":\"string\"}]"),
        ("[for v in coalesce([\"b\", local.us]) : v]", "tuple([string, string]) = [\"b\",{\"$unknown\":\"string\"}]"),
        ("[for v in [local.us] : v if v != \"a\"]", "unknown dynamic"),
        ("[local.ud] == [\"a\"]", "unknown bool"),
        ("{} != [local.ud]", "bool = true"),
        ("[local.ud] == [local.ud]", "unknown bool"),
        ("{a = local.ud} == {a = 1}", "unknown bool"),
        ("[local.us] == [\"a\"]", "unknown bool"),
        ("[local.ud, 1] == [\"a\", 1]", "unknown bool"),
        ("tolist([local.us]) == tolist([\"a\"])", "unknown bool"),
        ("[local.ud] == tolist([\"a\"])", "bool = false"),
        ("{a = local.ud} == {b = 1}", "bool = false"),
        ("\"${{a = local.us}}\"", "object({a: string}) = {\"a\":{\"$unknown\":\"string\"}}"),
        ("\"${[local.us]}\"", "tuple([string]) = [{\"$unknown\":\"string\"}]"),
        ("\"${local.uo}\"", "unknown object({a: string, n: number})"),
        ("\"${{b = [2], a = [for v in local.ut : v if v != \"a\"]}}-%{for x in {b = \"-%{if local.ut}T%{endif}\"}}[${x}]%{endfor}\"", "error"),
        ("({for k, v in {c = local.usn, a = local.ud} : \"k${k}\" => [v]} == distinct((tolist([]))[*].a.b))", "bool = false"),
        ("({} != ([local.ud])[*].a.b)", "bool = true"),
        ("[for v in coalesce([\"x${local.us}\"]) : tostring(v) if v != \"a\"]", "unknown dynamic"),
    ]);
}

/// `flatten` of an object holding an unknown of any type is unknown: that value could be a list
/// to flatten too (as for a tuple). Found by random expressions; Terraform 1.11.4's answers.
#[test]
fn flatten_of_an_object_holding_an_unknown_of_any_type() {
    check(&[
        ("flatten({c = tolist([])[local.un]})", "unknown dynamic"),
        ("flatten({c = local.ud})", "unknown dynamic"),
    ]);
}

/// A `for` whose condition or key is not known for one element is unknown, but HCL goes on with
/// the later elements: their values' errors count, their conditions' and keys' do not.
#[test]
fn a_for_goes_on_after_an_unknown_condition_or_key() {
    check(&[
        ("[for x in [1] : x if null]", "error"),
        ("[for x in [local.ub, null] : x if x]", "unknown dynamic"),
        ("[for x in [local.ub, \"q\"] : x if x]", "unknown dynamic"),
        ("[for x in [local.ub, 1] : tostring([x]) if x]", "unknown dynamic"),
        ("{for x in [local.us, null] : x => 1}", "unknown dynamic"),
        ("{for x in [1] : null => 1}", "error"),
        ("{for x in [local.us, [2]] : x => 1}", "unknown dynamic"),
        ("{for x in [local.us, 2] : tostring(x) => keys(x)}", "error"),
        ("[for v in [for k, v in {c = {a = [local.us], b = []}, b = local.ud} : \"${v}\"] : tostring(v) if v != null]", "error"),
    ]);
}

#[test]
fn a_conditional_between_equal_numbers_is_known() {
    // HCL refines the unknown result to the branches' bounds; cty makes a
    // number whose bounds meet known. Other equal values stay unknown.
    check(&[
        ("local.ub ? 1 : 1", "number = 1"),
        ("local.ub ? \"a\" : \"a\"", "unknown string"),
        ("local.ub ? [1] : [1]", "unknown tuple([number])"),
        ("local.ub ? 1 : 2", "unknown number"),
        ("local.ub ? null : null", "dynamic = null"),
    ]);
}

#[test]
fn lookup_of_a_key_the_map_has_ignores_an_unknown_default() {
    check(&[
        ("lookup({a = \"x\"}, \"a\", local.us)", "string = \"x\""),
        (
            "lookup({a = \"x\", b = 1}, \"a\", local.us)",
            "string = \"x\"",
        ),
        ("lookup({a = \"x\"}, \"a\", local.un)", "string = \"x\""),
        ("lookup({a = 1}, \"a\", local.usn)", "number = 1"),
        (
            "lookup({a = [1]}, \"a\", local.ud)",
            "tuple([number]) = [1]",
        ),
        ("lookup({a = \"x\"}, \"b\", local.us)", "unknown string"),
        ("lookup(local.um, \"a\", local.un)", "unknown number"),
    ]);
}
