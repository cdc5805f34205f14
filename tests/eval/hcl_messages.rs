//! Refusals of attribute access, indexing, conditionals, operators and null
//! arguments, in the words Terraform 1.11.4 prints (HCL's `GetAttr`,
//! `Index`, conditional and operator diagnostics). Every expected message
//! was printed by `terraform console -plan` in the scope of
//! `support/unknown_scope.rs` (summary and detail joined by ": ", runs of
//! whitespace as one space).

use crate::unknown_scope;

fn check(cases: &[(&str, &str)]) {
    let ctx = unknown_scope::context();
    let mut wrong = Vec::new();
    for (src, want) in cases {
        let got = match hcl::eval::evaluate_typed_str(src, &ctx) {
            Ok(t) => format!("no error: {}", t.ty()),
            Err(e) => normalize(e.message()),
        };
        if got != *want {
            wrong.push(format!("{src}\n    want {want}\n    got  {got}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// Runs of whitespace as one space, and no `(at L:C)` positions (`try`'s list gives them where
/// Terraform gives `(at main.tf:L,C-C)`).
fn normalize(msg: &str) -> String {
    let mut out = String::new();
    let mut rest = msg;
    while let Some(i) = rest.find(" (at ") {
        out.push_str(&rest[..i]);
        rest = rest[i..].split_once(')').map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An attribute of a primitive, of a sequence, of a list or set of objects (HCL's hint), a missing
/// map key, a null.
#[test]
fn attribute_access_refusals_name_what_the_value_is() {
    check(&[
        ("\"a\".a", "Unsupported attribute: Can't access attributes on a primitive-typed value (string)."),
        ("(1).a", "Unsupported attribute: Can't access attributes on a primitive-typed value (number)."),
        ("(true).a", "Unsupported attribute: Can't access attributes on a primitive-typed value (bool)."),
        ("[1].a", "Unsupported attribute: This value does not have any attributes."),
        ("tolist([{a=1}]).a", "Unsupported attribute: Can't access attributes on a list of objects. Did you mean to access attribute \"a\" for a specific element of the list, or across all elements of the list?"),
        ("tolist([{a=1}]).b", "Unsupported attribute: Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?"),
        ("toset([{a=1}]).a", "Unsupported attribute: Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?"),
        ("tolist([1]).a", "Unsupported attribute: This value does not have any attributes."),
        ("tomap({a=1}).b", "Missing map element: This map does not have an element with the key \"b\"."),
        ("(null).a", "Attempt to get attribute from null value: This value is null, so it does not have any attributes."),
        ("{a=1}.b", "Unsupported attribute: This object does not have an attribute named \"b\"."),
        ("local.us.a", "Unsupported attribute: Can't access attributes on a primitive-typed value (string)."),
        ("local.ul.a", "Unsupported attribute: This value does not have any attributes."),
        ("[{a=1}].a", "Unsupported attribute: This value does not have any attributes."),
        ("tolist([[1]]).a", "Unsupported attribute: This value does not have any attributes."),
        ("tomap({a={b=1}}).a.c", "Unsupported attribute: This object does not have an attribute named \"c\"."),
        ("local.uset.a", "Unsupported attribute: This value does not have any attributes."),
        ("tolist(null).a", "Attempt to get attribute from null value: This value is null, so it does not have any attributes."),
        ("[for x in [1] : x].a", "Unsupported attribute: This value does not have any attributes."),
    ]);
}

/// A fraction, a negative index, an index equal to the length (only that one is named: HCL's rule),
/// a set, an object indexed by a number, a value with no indices, a null key.
#[test]
fn index_refusals_say_why_the_key_does_not_fit() {
    check(&[
        ("[1][1]", "Invalid index: The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection."),
        ("[1][2]", "Invalid index: The given key does not identify an element in this collection value."),
        ("[][0]", "Invalid index: The given key does not identify an element in this collection value: the collection has no elements."),
        ("[][1]", "Invalid index: The given key does not identify an element in this collection value."),
        ("[1][-1]", "Invalid index: The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence."),
        ("[1][0.5]", "Invalid index: The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part."),
        ("tolist([1])[1]", "Invalid index: The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection."),
        ("toset([1])[0]", "Invalid index: Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set."),
        ("{a=1}[0]", "Invalid index: The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index."),
        ("{a=1}[\"b\"]", "Invalid index: The given key does not identify an element in this collection value."),
        ("tomap({a=1})[\"b\"]", "Invalid index: The given key does not identify an element in this collection value."),
        ("\"a\"[0]", "Invalid index: This value does not have any indices."),
        ("[1][\"x\"]", "Invalid index: The given key does not identify an element in this collection value: a number is required."),
        ("[1,2][1.5]", "Invalid index: The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part."),
        ("{a=1}[true]", "Invalid index: The given key does not identify an element in this collection value."),
        ("tomap({a=1})[0]", "Invalid index: The given key does not identify an element in this collection value."),
        ("tolist([1,2])[-1]", "Invalid index: The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence."),
        ("tolist([])[0]", "Invalid index: The given key does not identify an element in this collection value: the collection has no elements."),
        ("tolist([1])[5]", "Invalid index: The given key does not identify an element in this collection value."),
        ("[1][[1]]", "Invalid index: The given key does not identify an element in this collection value: number required."),
        ("{a=1}[[1]]", "Invalid index: The given key does not identify an element in this collection value: string required."),
        ("tomap({a=1})[[1]]", "Invalid index: The given key does not identify an element in this collection value: string required."),
        ("(null)[0]", "Attempt to index null value: This value is null, so it does not have any indices."),
        ("[1][null]", "Invalid index: Can't use a null value as an indexing key."),
        ("local.uset[0]", "Invalid index: Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set."),
        ("local.us[0]", "Invalid index: This value does not have any indices."),
        ("[1,2,3][3]", "Invalid index: The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection."),
        ("[1,2,3][4]", "Invalid index: The given key does not identify an element in this collection value."),
        ("true[0]", "Invalid index: This value does not have any indices."),
        ("{a=1}[1.5]", "Invalid index: The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index."),
    ]);
}

/// The first attribute (sorted) or tuple element where the branches differ, collections of objects
/// or tuples by their element types, else the two type names.
#[test]
fn conditional_mismatches_name_the_first_difference() {
    check(&[
        ("true ? \"\" : [1,2]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is string, but the 'false' value is tuple."),
        ("true ? [{a=1},{b=2}] : [[1],[2]]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Type mismatch for tuple element 0: The 'true' value is object, but the 'false' value is tuple."),
        ("true ? {a=[1]} : {a=true}", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Type mismatch for object attribute \"a\": The 'true' value is tuple, but the 'false' value is bool."),
        ("true ? {a=1} : {b=[1]}", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value includes object attribute \"a\", which is absent in the 'false' value."),
        ("true ? tolist([{a=1}]) : tolist([{a=\"x\", b=[1]}])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Mismatched list element types: Type mismatch for object attribute \"a\": The 'true' value is number, but the 'false' value is string."),
        ("true ? tomap({a={a=1}}) : tomap({a={b=[1]}})", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Mismatched map element types: The 'true' value includes object attribute \"a\", which is absent in the 'false' value."),
        ("true ? {} : []", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("true ? [{a=[1]}] : [{a=true}]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Type mismatch for tuple element 0: Type mismatch for object attribute \"a\": The 'true' value is tuple, but the 'false' value is bool."),
        ("false ? toset([{a=1}]) : toset([{b=[1]}])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Mismatched set element types: The 'true' value includes object attribute \"a\", which is absent in the 'false' value."),
        ("true ? local.uo : [1]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("true ? {a=1} : true", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is bool."),
    ]);
}

/// Every operand converts first (a typed null by its type, an unknown one by its type), then a null
/// is refused, even beside an unknown.
#[test]
fn operands_convert_before_a_null_is_refused() {
    check(&[
        (
            "null < 1",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "null < [1, \"a\"]",
            "Invalid operand: Unsuitable value for right operand: number required.",
        ),
        (
            "null && \"a\"",
            "Invalid operand: Unsuitable value for right operand: a bool is required.",
        ),
        (
            "tomap(null) || true",
            "Invalid operand: Unsuitable value for left operand: bool required.",
        ),
        (
            "1 + null",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "null + [1]",
            "Invalid operand: Unsuitable value for right operand: number required.",
        ),
        (
            "-null",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "!null",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "tostring(null) + 1",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "[1] && null",
            "Invalid operand: Unsuitable value for left operand: bool required.",
        ),
        (
            "!tolist(null)",
            "Invalid operand: Unsuitable value for unary operand: bool required.",
        ),
        (
            "-[1]",
            "Invalid operand: Unsuitable value for unary operand: number required.",
        ),
        (
            "!\"x\"",
            "Invalid operand: Unsuitable value for unary operand: a bool is required.",
        ),
        (
            "local.un + null",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "null + local.un",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "local.ub && null",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "null || local.ub",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "tostring(null) + local.un",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "tomap(null) + local.un",
            "Invalid operand: Unsuitable value for left operand: number required.",
        ),
        (
            "local.un + tomap(null)",
            "Invalid operand: Unsuitable value for right operand: number required.",
        ),
        (
            "[1] + null",
            "Invalid operand: Unsuitable value for left operand: number required.",
        ),
        (
            "null + tomap(null)",
            "Invalid operand: Unsuitable value for right operand: number required.",
        ),
        (
            "-tostring(null)",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "-tomap(null)",
            "Invalid operand: Unsuitable value for unary operand: number required.",
        ),
        (
            "null > local.un",
            "Operation failed: Error during operation: argument must not be null.",
        ),
        (
            "local.ul + null",
            "Invalid operand: Unsuitable value for left operand: number required.",
        ),
    ]);
}

/// A null where a parameter takes none, typed or not.
#[test]
fn a_null_argument_names_its_parameter() {
    check(&[
        ("length(tostring(null))", "Invalid function argument: Invalid value for \"value\" parameter: argument must not be null."),
        ("length(null)", "Invalid function argument: Invalid value for \"value\" parameter: argument must not be null."),
        ("keys(null)", "Invalid function argument: Invalid value for \"inputMap\" parameter: argument must not be null."),
        ("upper(null)", "Invalid function argument: Invalid value for \"str\" parameter: argument must not be null."),
        ("max(null, 1)", "Invalid function argument: Invalid value for \"numbers\" parameter: argument must not be null."),
        ("abs(null)", "Invalid function argument: Invalid value for \"num\" parameter: argument must not be null."),
        ("join(\",\", null)", "Invalid function argument: Invalid value for \"lists\" parameter: argument must not be null."),
        ("element(null, 0)", "Invalid function argument: Invalid value for \"list\" parameter: argument must not be null."),
        ("lookup(null, \"a\", 1)", "Invalid function argument: Invalid value for \"inputMap\" parameter: argument must not be null."),
        ("concat(null, [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: argument must not be null."),
    ]);
}

/// Each failure with its summary and detail, then HCL's closing sentence. (An argument with two
/// errors, as `(tolist(["a"]) || "")` has in Terraform, lists only its first here.) (Terraform's
/// positions `(at main.tf:L,C-C)` are left out of the comparison: ours name line and column of the
/// expression given).
#[test]
fn try_lists_every_failure() {
    check(&[
        ("try([1].a, \"a\"[0])", "Error in function call: Call to function \"try\" failed: no expression succeeded: - Unsupported attribute This value does not have any attributes. - Invalid index This value does not have any indices. At least one expression must produce a successful result."),
    ]);
}

/// `try`, `can` and `templatestring` take their arguments' expressions, and are counted and
/// expanded as every function is: HCL's messages for the number of arguments, and an expanded
/// sequence gives its elements as arguments (values, not expressions).
#[test]
fn functions_taking_expressions_count_and_expand_their_arguments() {
    check(&[
        ("can()", "Not enough function arguments: Function \"can\" expects 1 argument(s). Missing value for \"expression\"."),
        ("can(1, 2)", "Too many function arguments: Function \"can\" expects only 1 argument(s)."),
        ("can([1]...)", "no error: bool"),
        ("try([1]...)", "no error: number"),
        ("try(\"a\", [2]...)", "no error: string"),
        ("try(tolist([1, 2])...)", "no error: number"),
        ("try()", "Error in function call: Call to function \"try\" failed: at least one argument is required."),
        ("try([]...)", "Error in function call: Call to function \"try\" failed: at least one argument is required."),
        ("can([]...)", "Not enough function arguments: Function \"can\" expects 1 argument(s). Missing value for \"expression\"."),
        ("can([1, 2]...)", "Too many function arguments: Function \"can\" expects only 1 argument(s)."),
        ("try(null...)", "Invalid expanding argument value: The expanding argument (indicated by ...) must not be null."),
        ("can(1...)", "Invalid expanding argument value: The expanding argument (indicated by ...) must be of a tuple, list, or set type."),
        ("templatestring(\"a\")", "Not enough function arguments: Function \"templatestring\" expects 2 argument(s). Missing value for \"vars\"."),
        ("templatestring(\"a\", {}, 1)", "Too many function arguments: Function \"templatestring\" expects only 2 argument(s)."),
        ("templatestring(\"a\"...)", "Invalid expanding argument value: The expanding argument (indicated by ...) must be of a tuple, list, or set type."),
    ]);
}

/// An error before another in the source comes first: an argument that does not convert to its
/// parameter's type before a later argument's error (HCL converts each argument once evaluated),
/// a left operand that does not convert before the right operand's error, the argument count
/// before any argument, conversions before a refused null.
#[test]
fn the_error_first_in_the_source_is_the_one_reported() {
    check(&[
        ("max(\"a\", keys(1))", "Invalid function argument: Invalid value for \"numbers\" parameter: a number is required."),
        ("max([1], keys(1))", "Invalid function argument: Invalid value for \"numbers\" parameter: number required."),
        ("element(1, keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("upper([\"a\"]) == keys(1)", "Invalid function argument: Invalid value for \"str\" parameter: string required."),
        ("[1] + keys(1)", "Invalid operand: Unsuitable value for left operand: number required."),
        ("\"x\" && keys(1)", "Invalid operand: Unsuitable value for left operand: a bool is required."),
        ("true < one(tomap({a = 1}))", "Invalid operand: Unsuitable value for left operand: number required."),
        ("concat(1, keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("length(null, keys(1))", "Too many function arguments: Function \"length\" expects only 1 argument(s)."),
        ("join(\",\", [\"a\"], keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("max(null, keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("abs(tostring(null)) + keys(1)", "Invalid function argument: Invalid value for \"num\" parameter: argument must not be null."),
        ("keys(1) + [1]", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("format(\"%d\", \"x\", keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("lookup({}, \"a\", keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("cidrhost(\"x\", keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("max(\"1\", \"a\", [1])", "Invalid function argument: Invalid value for \"numbers\" parameter: a number is required."),
        ("coalesce(1, keys(1))", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
    ]);
}

/// Random expressions (from the probe sets compared with `terraform console -plan`) whose
/// message differed before HCL's wording and order were followed: many fail twice, and Terraform
/// prints the error first in the source, where HCL went on after the other with a placeholder of
/// the failed part's type (`[for x in (a && b) : x]` with `a` failing is "Iteration over
/// non-iterable value": the placeholder is a bool).
#[test]
fn random_expressions_fail_with_terraform_s_first_message() {
    check(&[
        ("-1.5[*].a[*]", "Invalid operand: Unsuitable value for unary operand: number required."),
        ("[for x in (toset([\"b\", \"a\"]) && {a = [1]}) : [x]]", "Iteration over non-iterable value: A value of type bool cannot be used as the collection in a 'for' expression."),
        ("(false ? [[1], [2]] : toset([1, 2])[*])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is list of number."),
        ("(true ? try([1, \"a\"], tostring(null)) : tomap({a = 1}))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is map of number."),
        ("([\"a\", \"b\"] || [for x in -1.5 : tostring(x)])", "Invalid operand: Unsuitable value for left operand: bool required."),
        ("(true ? (false ? {a = [1]} : []) : (\"1\" + tostring(null)))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("{for k, x in (true || {}) : tostring(k) => 1}", "Iteration over non-iterable value: A value of type bool cannot be used as the collection in a 'for' expression."),
        ("(true ? tolist([{a = 1}])[*] : \"a\"[*])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is list of object, but the 'false' value is tuple."),
        ("(false ? {a = {b = 1}} : toset([\"b\", \"a\"]))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is set of string."),
        ("((true ? {} : true) || keys(\"a\"))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is bool."),
        ("(false ? [{a = 1}, {a = 2}] : 1)[*].a", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is number."),
        ("((false ? [\"a\", \"b\"] : toset([\"b\", \"a\"])) && distinct(1))", "Invalid operand: Unsuitable value for left operand: bool required."),
        ("(true ? \"\" : [1, 2])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is string, but the 'false' value is tuple."),
        ("(true ? {for k, x in [[1], [2]] : tostring(k) => x} : ([] != true))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is bool."),
        ("(true ? [{a = 1}, {b = 2}] : {a = 1})[\"a\"]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object."),
        ("\"${(false ? 0 : {a = {b = 1}})}-x\"", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is object."),
        ("(true ? try([], [[1], [2]]) : -1.5)", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is number."),
        ("(false ? [true, false] : tomap(null))[*].a", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is map of dynamic."),
        ("(null < {a = {b = 1}}[*].a)", "Invalid operand: Unsuitable value for right operand: number required."),
        ("(false ? [] : {a = [1]})", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object."),
        ("[for x in (\"\" || tomap(null)) : tostring(x)]", "Iteration over non-iterable value: A value of type bool cannot be used as the collection in a 'for' expression."),
        ("(true ? {a = \"x\", b = 2} : [\"a\", \"b\"])[*]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("{for k, x in (true ? [{a = 1}, {b = 2}] : \"1\") : tostring(k) => x}", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is string."),
        ("[for x in \"${toset([1, 2])}-x\" : tostring(x)]", "Iteration over non-iterable value: A value of type string cannot be used as the collection in a 'for' expression."),
        ("[for x in (false ? {} : [[1], [2]]) : {a = x}]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("(true < one(tomap({a = 1})))", "Invalid operand: Unsuitable value for left operand: number required."),
        ("[for x in (false ? [[1], [2]] : {a = \"x\", b = 2}) : tostring(x)]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object."),
        ("(false ? [{a = 1}, {b = 2}] : [[1], [2]])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Type mismatch for tuple element 0: The 'true' value is object, but the 'false' value is tuple."),
        ("(false ? 0 : [\"a\", \"b\"])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is tuple."),
        ("values((tolist(null) < [\"a\", \"b\"]))", "Invalid operand: Unsuitable value for left operand: number required."),
        ("flatten((false ? tolist([\"a\"]) : {a = {b = 1}}))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is list of string, but the 'false' value is object."),
        ("(true ? \"${null}-x\" : 0[*].a)", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is string, but the 'false' value is tuple."),
        ("-1.5[*][0]", "Invalid operand: Unsuitable value for unary operand: number required."),
        ("{for k, x in (tomap(null) || tomap({a = \"x\", b = \"y\"})) : tostring(k) => [x]}", "Iteration over non-iterable value: A value of type bool cannot be used as the collection in a 'for' expression."),
        ("(true ? tolist(null) : (true ? null : 1))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is list of dynamic, but the 'false' value is number."),
        ("\"${(true ? tomap({a = 1}) : [\"a\", \"b\"])}-x\"", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is map of number, but the 'false' value is tuple."),
        ("(try(tolist([\"a\"]), {}) && [null][1])", "Invalid operand: Unsuitable value for left operand: bool required."),
        ("(false ? {for k, x in {a = [1]} : tostring(k) => [x]} : [for x in tolist([\"a\"]) : x])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("[for x in (false ? [null] : tomap(null)) : x]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is map of dynamic."),
        ("(true ? [for x in [\"a\", \"b\"] : [x]] : [true, false][*])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. Type mismatch for tuple element 0: The 'true' value is tuple, but the 'false' value is bool."),
        ("(false ? true : {a = 1})", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is bool, but the 'false' value is object."),
        ("[for x in \"${tomap({a = \"x\", b = \"y\"})}-x\" : x]", "Iteration over non-iterable value: A value of type string cannot be used as the collection in a 'for' expression."),
        ("({for k, x in [null] : tostring(k) => 1} < (true ? tomap({a = \"x\", b = \"y\"}) : []))", "Invalid operand: Unsuitable value for left operand: number required."),
        ("(false ? (toset([\"b\", \"a\"]) || [1, \"a\"]) : [])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is bool, but the 'false' value is tuple."),
        ("([1, 2] + toset(\"a\"))", "Invalid operand: Unsuitable value for left operand: number required."),
        ("(tomap({a = 1}) < (false ? {a = {b = 1}} : tomap({a = \"x\", b = \"y\"})))", "Invalid operand: Unsuitable value for left operand: number required."),
        ("(tomap({a = \"x\", b = \"y\"}) || 1[1])", "Invalid operand: Unsuitable value for left operand: bool required."),
        ("([for x in [[1], [2]] : {a = x}] && ({a = [1]} < tomap({a = \"x\", b = \"y\"})))", "Invalid operand: Unsuitable value for left operand: bool required."),
        ("\"${(true ? {a = \"x\", b = 2} : true)}-x\"", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is bool."),
        ("(false ? false : {})[\"a\"]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is bool, but the 'false' value is object."),
        ("(false ? {a = {b = 1}}[0] : (true ? {a = {b = 1}} : 1))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is number."),
        ("(false ? [for x in [true, false] : [x]] : {for k, x in [{a = 1}, {b = 2}] : tostring(k) => x})", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object."),
        ("(false ? {for k, x in [[1], [2]] : tostring(k) => [x]} : (true ? \"1\" : {}))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is string, but the 'false' value is object."),
        ("(true ? [{a = 1}, {a = 2}] : toset([1, 2]))[1]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is set of number."),
        ("(false ? 0 : {a = \"x\", b = 2}[*])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is tuple."),
        ("(false ? [for x in tolist([\"a\"]) : [x]] : [{a = 1}, {b = 2}])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' tuple has length 1, but the 'false' tuple has length 2."),
        ("(false ? [1, \"a\"] : tomap({a = \"x\", b = \"y\"}))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is map of string."),
        ("(true ? {for k, x in toset([1, 2]) : tostring(k) => [x]} : (true ? {a = 1} : {a = \"x\", b = 2}))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is map of string."),
        ("(tomap(null) || tolist([\"a\"])[0])", "Invalid operand: Unsuitable value for left operand: bool required."),
        ("(true ? {a = [1]}.a : -1.5[0])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is number."),
        ("(false ? [{a = 1}, {a = 2}] : {a = 1})[*].a", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object."),
        ("(false ? toset([[1], [2]]) : [for x in tomap({a = \"x\", b = \"y\"}) : [x]])", "Inconsistent conditional result types: The false result value has the wrong type: a number is required."),
        ("(true ? (false ? [{a = 1}, {b = 2}] : 0) : try([], {}))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is number."),
        ("(false ? [1, \"a\"] : {for k, x in [] : tostring(k) => x})", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object."),
        ("{for k, x in (true ? {a = {b = 1}} : [1, \"a\"]) : tostring(k) => 1}", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("(true ? [] : tostring(null))[1]", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is string."),
        ("(true ? [true, false] : [for x in {a = {b = 1}} : [x]])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' tuple has length 2, but the 'false' tuple has length 1."),
        ("(try([], tomap({a = 1})) + {for k, x in null : tostring(k) => 1})", "Invalid operand: Unsuitable value for left operand: number required."),
        ("{for k, x in (true ? true : [null]) : tostring(k) => 1}", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is bool, but the 'false' value is tuple."),
        ("distinct(\"${{a = {b = 1}}}-x\")", "Invalid function argument: Invalid value for \"list\" parameter: list of any single type required."),
        ("(true ? -1.5 : [\"a\", \"b\"])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is tuple."),
        ("(true ? try([1, 2], tolist([\"a\"])) : tostring(null))", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is string."),
        ("(true ? ({a = 1} + {a = {b = 1}}) : [null])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is tuple."),
        ("\"${(null < [1, \"a\"])}-x\"", "Invalid operand: Unsuitable value for right operand: number required."),
        ("{for k, x in (false + [1, 2]) : tostring(k) => 1}", "Iteration over non-iterable value: A value of type number cannot be used as the collection in a 'for' expression."),
        ("((true ? [{a = 1}, {b = 2}] : [{a = 1}, {a = 2}]) != length(tostring(null)))", "Invalid function argument: Invalid value for \"value\" parameter: argument must not be null."),
        ("{for k, x in ([1, 2] && toset([1, 2])) : tostring(k) => [x]}", "Iteration over non-iterable value: A value of type bool cannot be used as the collection in a 'for' expression."),
        ("(false ? {a = 1} : [for x in tolist([\"a\"]) : tostring(x)])", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is tuple."),
        ("\"${(null && \"a\")}-x\"", "Invalid operand: Unsuitable value for right operand: a bool is required."),
    ]);
}

/// Function-call messages checked against `terraform console` this time: a
/// name near a function's (HCL's suggestion), a duplicate `for` key, `%q`
/// quoting, no verbs in a format, a NaN result and a tuple's negative
/// element index (Go panics there: Terraform prints the panic's first line,
/// then Go's stack trace, then the period; hcl2 puts the period after the
/// first line).
#[test]
fn calls_and_for_keys_fail_with_terraform_s_words() {
    check(&[
        (
            "sqrt(-1)",
            "Call to unknown function: There is no function named \"sqrt\". Did you mean \"sort\"?",
        ),
        (
            "lenght([1])",
            "Call to unknown function: There is no function named \"lenght\". Did you mean \"length\"?",
        ),
        (
            "{for k, v in [1, 2] : \"x\" => v}",
            "Duplicate object key: Two different items produced the key \"x\" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
        ),
        (
            "tonumber(\"a\\tb\")",
            "Invalid function argument: Invalid value for \"v\" parameter: cannot convert \"a\\tb\" to number; given string must be a decimal representation of a number.",
        ),
        (
            "tonumber(\"é\\u0001\")",
            "Invalid function argument: Invalid value for \"v\" parameter: cannot convert \"é\\x01\" to number; given string must be a decimal representation of a number.",
        ),
        (
            "format(\"%%\", true)",
            "Invalid function argument: Invalid value for \"args\" parameter: too many arguments; no verbs in format string.",
        ),
        (
            "format(\"%d %%\", 1, 2)",
            "Invalid function argument: Invalid value for \"args\" parameter: too many arguments; only 1 used by format string.",
        ),
        (
            "log(-1, 2)",
            "Error in function call: Call to function \"log\" failed: panic in function implementation: Float.SetFloat64(NaN).",
        ),
        (
            "pow(-8, 1/3)",
            "Error in function call: Call to function \"pow\" failed: panic in function implementation: Float.SetFloat64(NaN).",
        ),
        (
            "element([true, false], -3)",
            "Error in function call: Call to function \"element\" failed: panic in function implementation: runtime error: index out of range [-1].",
        ),
        ("element([true, false], -2)", "no error: bool"),
        (
            "lookup(tomap({k = 1, j = 2}), \"k\", [1, \"a\", true])",
            "Invalid function argument: Invalid value for \"default\" parameter: the default value must have the same type as the map elements.",
        ),
    ]);
}

/// A `for` that fails in an element goes on (HCL), so its placeholder is a tuple, or an object of
/// its keys: the operator or conditional around it fails first, in Terraform 1.11.4's words.
#[test]
fn a_failed_for_is_a_tuple_or_object_placeholder() {
    check(&[
        ("true ? [for v in [{a = 1}] : tostring(v)] : 1", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is number."),
        ("false ? [for v in [{a = 1}] : tostring(v)] : 1", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is number."),
        ("true ? {for k, v in {a = {}} : k => tostring(v)} : 1", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is object, but the 'false' value is number."),
        ("true ? [for v in [{a = 1}] : v.b] : 1", "Inconsistent conditional result types: The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is number."),
        ("-[for v in [{}] : tostring(v)]", "Invalid operand: Unsuitable value for unary operand: number required."),
        ("[for v in [{}] : tostring(v)] + 1", "Invalid operand: Unsuitable value for left operand: number required."),
        ("!{for k, v in {a = {}} : k => tostring(v)}", "Invalid operand: Unsuitable value for unary operand: bool required."),
        ("true ? [for v in [1, {}] : tostring(v)] : [1]", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert object to string."),
    ]);
}

/// A condition that fails inside a tuple, object or `for` is a known value holding the failed
/// parts, refused first as not a bool; any other failed condition is an unknown value, whose own
/// error is the one reported (HCL checks a condition's type only once it is known). Terraform
/// 1.11.4's messages, from the random probe sets.
#[test]
fn a_failed_condition_is_refused_by_type_only_when_known() {
    check(&[
        ("([([\"a\", \"b\"])[*][0]] ? contains(({})[*].a, (\"a\")[*]) : keys(\"${\"x${local.us}\"}\"))", "Incorrect condition type: The condition expression must be of type bool."),
        ("\"%{if [one({}), element([\"a\", \"b\"], 1)]}T%{endif}\"", "Incorrect condition type: The condition expression must be of type bool."),
        ("([coalescelist([\"a\", \"b\"], 2), [for k, v in 2 : [v]], \"abab\"] ? \"x\" : \"y\")", "Incorrect condition type: The condition expression must be of type bool."),
        ("({b = true[local.un]} ? 1 : 2)", "Incorrect condition type: The condition expression must be of type bool."),
        ("((true)[*][0] ? ({} ? tomap({k = \"v\"}) : [1, 2]) : \"${[{a = 1}, {a = local.un}]}\")[0]", "Invalid index: This value does not have any indices."),
        ("\"ab%{if (flatten([\"a\", \"b\"]))[*].a}T%{endif}\"", "Unsupported attribute: Can't access attributes on a primitive-typed value (string)."),
        ("(({b = true, a = 2})[*].a.b ? 1 : 2)", "Unsupported attribute: Can't access attributes on a primitive-typed value (number)."),
        // A `for`'s `if` converts before it looks at whether the value is known.
        ("[for v in [1] : v if [tostring({})]]", "Invalid 'for' condition: The 'if' clause value is invalid: bool required."),
        ("[for v in [1] : v if tostring({})]", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert object to string."),
    ]);
}

/// A template that fails is the string it wrote before its first error, unless a part of it is
/// unknown (a failed call is); a failed tuple or object interpolated is not a string, refused
/// first. Terraform 1.11.4's messages.
#[test]
fn a_failed_template_is_its_known_prefix() {
    check(&[
        ("\"%{if \"ab${[]}\"}T%{endif}\"", "Incorrect condition type: The condition expression must be of type bool."),
        ("\"%{if \"true${[]}\"}T%{endif}\"", "Invalid template interpolation value: Cannot include the given value in a string template: string required."),
        ("\"%{if \"ab${tostring({})}\"}T%{endif}\"", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert object to string."),
        ("\"${[]}true\" ? 1 : 2", "Incorrect condition type: The condition expression must be of type bool."),
        ("\"a${[tostring({})]}b\" ? 1 : 2", "Incorrect condition type: The condition expression must be of type bool."),
        ("\"${local.us}${[]}\" ? 1 : 2", "Invalid template interpolation value: Cannot include the given value in a string template: string required."),
        ("\"-${[tostring([1, 2]), [\"b\"]]}\"", "Invalid template interpolation value: Cannot include the given value in a string template: string required."),
        ("\"-${[for v in [1] : tostring({})]}\"", "Invalid template interpolation value: Cannot include the given value in a string template: string required."),
        ("\"-${tostring([1, 2])}\"", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert tuple to string."),
        // As an operand or a `for`'s `if`, the known string converts as that string does.
        ("\"true${[]}\" + \"%{if upper([])}T%{endif}\"", "Invalid operand: Unsuitable value for left operand: a number is required."),
        ("\"ab${[]}\" && {for k, v in {a = {}} : k => tostring(v)}", "Invalid operand: Unsuitable value for left operand: a bool is required."),
        ("\"ab${[]}\" + [tostring({})] && (1 + \"a\")", "Invalid operand: Unsuitable value for left operand: a number is required."),
        ("[for v in [1, 2] : v if \"ab${[]}\"]", "Invalid 'for' condition: The 'if' clause value is invalid: a bool is required."),
        ("(\"-${{for k, v in \"pre-${local.usn}\" : \"k${k}\" => v...}}ab\" && [])", "Iteration over non-iterable value: A value of type string cannot be used as the collection in a 'for' expression."),
        // A template that is one interpolation is that expression's value.
        ("\"${[tostring({})]}\" ? 1 : 2", "Incorrect condition type: The condition expression must be of type bool."),
        ("\"${tostring({})}\" ? 1 : 2", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert object to string."),
        ("\"a${\"${[tostring({})]}\"}\"", "Invalid template interpolation value: Cannot include the given value in a string template: string required."),
    ]);
}
