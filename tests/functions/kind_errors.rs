//! Arguments of the wrong kind fail as Terraform 1.11.4 fails them, with its
//! message, whether their values are known or not: each message below was
//! printed by `terraform console -plan` for the expression beside it (in
//! the unknowns oracle's scope, `support/unknown_scope.rs`). One case per
//! distinct message.

use crate::unknown_scope;

#[test]
fn wrong_kinds_fail_with_terraform_s_messages() {
    let ctx = unknown_scope::context();
    let cases: &[(&str, &str)] = &[
        // A primitive parameter: a string that does not read as a number
        // is not "a number"; any other value is not of the type at all.
        (
            "element([1, \"a\"], \" x \")",
            "Invalid function argument: Invalid value for \"index\" parameter: a number is required.",
        ),
        (
            "max(\"a\", 1)",
            "Invalid function argument: Invalid value for \"numbers\" parameter: a number is required.",
        ),
        (
            "abs([true, false])",
            "Invalid function argument: Invalid value for \"num\" parameter: number required.",
        ),
        (
            "max({}, false)",
            "Invalid function argument: Invalid value for \"numbers\" parameter: number required.",
        ),
        (
            "split([1, 2], [{b = null}])",
            "Invalid function argument: Invalid value for \"separator\" parameter: string required.",
        ),
        ("keys(\"abc\")", "Invalid function argument: Invalid value for \"inputMap\" parameter: must have map or object type."),
        ("values(\"abc\")", "Error in function call: Call to function \"values\" failed: values() requires a map as the first argument."),
        ("lookup(\"abc\", \"a\")", "Invalid function argument: Invalid value for \"inputMap\" parameter: lookup() requires a map as the first argument."),
        ("merge(\"abc\", {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"string\"."),
        ("merge(1, {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"number\"."),
        ("merge(true, {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"bool\"."),
        ("merge([1], {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"tuple\"."),
        ("merge(tolist([1]), {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"list of number\"."),
        ("merge(toset([1]), {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"set of number\"."),
        ("merge(local.ul, {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"list of string\"."),
        ("merge(local.uset, {})", "Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"set of string\"."),
        ("one(\"abc\")", "Invalid function argument: Invalid value for \"list\" parameter: must be a list, set, or tuple value with either zero or one elements."),
        ("reverse(\"abc\")", "Invalid function argument: Invalid value for \"list\" parameter: can only reverse list or tuple values, not string."),
        ("reverse(1)", "Invalid function argument: Invalid value for \"list\" parameter: can only reverse list or tuple values, not number."),
        ("reverse(true)", "Invalid function argument: Invalid value for \"list\" parameter: can only reverse list or tuple values, not bool."),
        ("reverse({a=1})", "Invalid function argument: Invalid value for \"list\" parameter: can only reverse list or tuple values, not object."),
        ("reverse(tomap({a=1}))", "Invalid function argument: Invalid value for \"list\" parameter: can only reverse list or tuple values, not map of number."),
        ("setproduct(\"abc\", [1])", "Invalid function argument: Invalid value for \"sets\" parameter: a set or a list is required."),
        ("slice(\"abc\", 0, 0)", "Invalid function argument: Invalid value for \"list\" parameter: must be a list or tuple value."),
        ("slice(toset([1]), 0, 0)", "Invalid function argument: Invalid value for \"list\" parameter: cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important."),
        ("element(\"abc\", 0)", "Error in function call: Call to function \"element\" failed: cannot read elements from string."),
        ("element(1, 0)", "Error in function call: Call to function \"element\" failed: cannot read elements from number."),
        ("element(true, 0)", "Error in function call: Call to function \"element\" failed: cannot read elements from bool."),
        ("element({a=1}, 0)", "Error in function call: Call to function \"element\" failed: cannot read elements from object."),
        ("element(tomap({a=1}), 0)", "Error in function call: Call to function \"element\" failed: cannot read elements from map of number."),
        ("element(toset([1]), 0)", "Error in function call: Call to function \"element\" failed: cannot read elements from set of number."),
        ("element(local.uset, 0)", "Error in function call: Call to function \"element\" failed: cannot read elements from set of string."),
        ("concat(\"abc\", [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got string."),
        ("concat(1, [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got number."),
        ("concat(true, [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got bool."),
        ("concat({a=1}, [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got object."),
        ("concat(tomap({a=1}), [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got map of number."),
        ("concat(toset([1]), [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got set of number."),
        ("concat(local.uset, [1])", "Invalid function argument: Invalid value for \"seqs\" parameter: all arguments must be lists or tuples; got set of string."),
        ("length(1)", "Error in function call: Call to function \"length\" failed: argument must be a string, a collection type, or a structural type."),
        ("contains(\"abc\", 1)", "Error in function call: Call to function \"contains\" failed: argument must be list, tuple, or set."),
        ("index(\"abc\", 1)", "Error in function call: Call to function \"index\" failed: argument must be a list or tuple."),
        ("sum(\"abc\")", "Invalid function argument: Invalid value for \"list\" parameter: cannot sum noniterable."),
        ("sum({a=1})", "Invalid function argument: Invalid value for \"list\" parameter: argument must be list, set, or tuple. Received object."),
        ("sum(tomap({a=1}))", "Invalid function argument: Invalid value for \"list\" parameter: argument must be list, set, or tuple. Received map of number."),
        ("flatten(\"abc\")", "Error in function call: Call to function \"flatten\" failed: can only flatten lists, sets and tuples."),
        ("distinct(\"abc\")", "Invalid function argument: Invalid value for \"list\" parameter: list of any single type required."),
        ("compact(\"abc\")", "Invalid function argument: Invalid value for \"list\" parameter: list of string required."),
        ("coalescelist(\"abc\", [1])", "Error in function call: Call to function \"coalescelist\" failed: coalescelist arguments must be lists or tuples."),
        ("transpose(\"abc\")", "Invalid function argument: Invalid value for \"values\" parameter: map of list of string required."),
        ("transpose({a=1})", "Invalid function argument: Invalid value for \"values\" parameter: element \"a\": list of string required."),
        ("transpose(tomap({a=1}))", "Invalid function argument: Invalid value for \"values\" parameter: incorrect map element type: list of string required."),
        ("zipmap(\"abc\", [1])", "Invalid function argument: Invalid value for \"keys\" parameter: list of string required."),
        ("zipmap([\"a\"], \"abc\")", "Error in function call: Call to function \"zipmap\" failed: values argument must be a list or tuple value."),
        ("zipmap([\"a\"], local.ut)", "Error in function call: Call to function \"zipmap\" failed: number of keys (1) does not match number of values (2)."),
        ("tolist(\"abc\")", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert string to list of any single type."),
        ("tolist(1)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert number to list of any single type."),
        ("tolist(true)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert bool to list of any single type."),
        ("tolist({a=1})", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert object to list of any single type."),
        ("tolist(tomap({a=1}))", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert map of number to list of any single type."),
        ("toset(\"abc\")", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert string to set of any single type."),
        ("toset(1)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert number to set of any single type."),
        ("toset(true)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert bool to set of any single type."),
        ("toset({a=1})", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert object to set of any single type."),
        ("toset(tomap({a=1}))", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert map of number to set of any single type."),
        ("tomap(\"abc\")", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert string to map of any single type."),
        ("tomap(1)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert number to map of any single type."),
        ("tomap(true)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert bool to map of any single type."),
        ("tomap([1])", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert tuple to map of any single type."),
        ("tomap(tolist([1]))", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert list of number to map of any single type."),
        ("tomap(toset([1]))", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert set of number to map of any single type."),
        ("tomap(local.ul)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert list of string to map of any single type."),
        ("tomap(local.uset)", "Invalid function argument: Invalid value for \"v\" parameter: cannot convert set of string to map of any single type."),
        ("setunion(\"abc\", [1])", "Invalid function argument: Invalid value for \"first_set\" parameter: set of any single type required."),
        ("setsubtract(\"abc\", [1])", "Invalid function argument: Invalid value for \"a\" parameter: set of any single type required."),
        ("alltrue(\"abc\")", "Invalid function argument: Invalid value for \"list\" parameter: list of bool required."),
        ("alltrue([1])", "Invalid function argument: Invalid value for \"list\" parameter: element 0: bool required."),
        ("alltrue(tolist([1]))", "Invalid function argument: Invalid value for \"list\" parameter: incorrect list element type: bool required."),
        ("alltrue(local.ut)", "Invalid function argument: Invalid value for \"list\" parameter: element 1: bool required."),
        // A string element that does not read as a bool fails the
        // parameter's conversion, not the call.
        ("alltrue([\"true\", \"x\"])", "Invalid function argument: Invalid value for \"list\" parameter: a bool is required."),
        ("anytrue(tolist([\"a\"]))", "Invalid function argument: Invalid value for \"list\" parameter: a bool is required."),
        ("join(\",\", \"abc\")", "Invalid function argument: Invalid value for \"lists\" parameter: list of string required."),
        ("matchkeys(\"abc\", [1], [1])", "Invalid function argument: Invalid value for \"values\" parameter: list of any single type required."),
        ("min(\"abc\"...)", "Invalid expanding argument value: The expanding argument (indicated by ...) must be of a tuple, list, or set type."),
        // Terraform 1.11.4's cty indexes a tuple's type with the index's
        // remainder, and a negative one panics: the panic's first line.
        (
            "element([local.us, 1], -1)",
            "Error in function call: Call to function \"element\" failed: panic in function implementation: runtime error: index out of range [-1].",
        ),
        // `lookup`'s default converts to the element type by its type, an
        // unknown one too.
        (
            "lookup(tomap({a = 1}), \"b\", local.ul)",
            "Invalid function argument: Invalid value for \"default\" parameter: the default value must have the same type as the map elements.",
        ),
        (
            "element(local.ut, -3)",
            "Error in function call: Call to function \"element\" failed: panic in function implementation: runtime error: index out of range [-1].",
        ),
        ("slice([local.un], 1, 0)", "Invalid function argument: Invalid value for \"start_index\" parameter: start index must not be greater than end index."),
        ("slice([local.un, 1], 0, 5)", "Invalid function argument: Invalid value for \"end_index\" parameter: end index must not be greater than the length of the list."),
        ("chunklist([local.un], -1)", "Error in function call: Call to function \"chunklist\" failed: the size argument must be positive."),
        // What the implementations check, in their order: `sum` counts
        // before it looks at the kind, null elements, `index` of an empty
        // list, `transpose`'s nulls, `format`'s verbs, `formatlist` with
        // no list, `setproduct`'s tuples, a variadic function's count.
        ("sum([1, null])", "Invalid function argument: Invalid value for \"list\" parameter: argument must be list, set, or tuple of number values."),
        ("sum([null, 1])", "Invalid function argument: Invalid value for \"list\" parameter: argument must be list, set, or tuple of number values."),
        ("sum({})", "Invalid function argument: Invalid value for \"list\" parameter: cannot sum an empty list."),
        ("sum(tomap({a = 1}))", "Invalid function argument: Invalid value for \"list\" parameter: argument must be list, set, or tuple. Received map of number."),
        ("sum(\"a\")", "Invalid function argument: Invalid value for \"list\" parameter: cannot sum noniterable."),
        ("sum([])", "Invalid function argument: Invalid value for \"list\" parameter: cannot sum an empty list."),
        ("sum([\"a\"])", "Invalid function argument: Invalid value for \"list\" parameter: argument must be list, set, or tuple of number values."),
        ("index([], 1)", "Error in function call: Call to function \"index\" failed: cannot search an empty list."),
        ("index(tolist([]), 1)", "Error in function call: Call to function \"index\" failed: cannot search an empty list."),
        ("transpose({b = null})", "Error in function call: Call to function \"transpose\" failed: input must not contain null list."),
        ("transpose({b = [null]})", "Error in function call: Call to function \"transpose\" failed: input list must not contain null string."),
        ("format(\"%t\", 1)", "Error in function call: Call to function \"format\" failed: unsupported value for \"%t\" at 0: bool required."),
        ("format(\"%t\", \"x\")", "Error in function call: Call to function \"format\" failed: unsupported value for \"%t\" at 0: a bool is required."),
        ("format(\"%d\", true)", "Error in function call: Call to function \"format\" failed: unsupported value for \"%d\" at 0: number required."),
        ("formatlist(\"%d %d\", 1)", "Error in function call: Call to function \"formatlist\" failed: error on format iteration 0: not enough arguments for \"%d\" at 3: need index 2 but have 1 total."),
        ("formatlist(\"%d\", \"x\")", "Error in function call: Call to function \"formatlist\" failed: error on format iteration 0: unsupported value for \"%d\" at 0: a number is required."),
        ("setproduct([{a = [1]}, 0.1], {b = null})", "Invalid function argument: Invalid value for \"sets\" parameter: all elements must be of the same type."),
        ("setunion()", "Not enough function arguments: Function \"setunion\" expects at least 1 argument(s). Missing value for \"first_set\"."),
        ("index([1], 2)", "Error in function call: Call to function \"index\" failed: item not found."),
        ("sum(tolist([null]))", "Invalid function argument: Invalid value for \"list\" parameter: argument must be list, set, or tuple of number values."),
        ("format(\"%s\", [1])", "Error in function call: Call to function \"format\" failed: unsupported value for \"%s\" at 0: string required."),
        ("formatlist(\"%s\")", "Error in function call: Call to function \"formatlist\" failed: not enough arguments for \"%s\" at 0: need index 1 but have 0 total."),
    ];
    let mut wrong = Vec::new();
    for (src, want) in cases {
        match hcl::eval::evaluate_typed_str(src, &ctx) {
            Err(e) if e.message() == *want => {}
            Err(e) => wrong.push(format!("{src}\n    want {want}\n    got  {}", e.message())),
            Ok(_) => wrong.push(format!("{src}\n    want {want}\n    got  a value")),
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// Whole-number arguments: a fraction, or a number too large for `i64`, in
/// the words of each function (cty's conversion error alone for most; the
/// network functions read big integers), and `format`'s verb offsets.
/// Every message printed by `terraform console`.
#[test]
fn whole_number_arguments_fail_as_terraform_s() {
    let ctx = unknown_scope::context();
    let cases: &[(&str, &str)] = &[
        ("chunklist([\"a\"], 1.5)", "Error in function call: Call to function \"chunklist\" failed: invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("element([\"a\"], 1.5)", "Error in function call: Call to function \"element\" failed: invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("indent(1.5, \"x\")", "Error in function call: Call to function \"indent\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("cidrhost(\"10.0.0.0/16\", 1.5)", "Error in function call: Call to function \"cidrhost\" failed: value must be a whole number."),
        ("cidrsubnet(\"10.0.0.0/16\", 1.5, 1)", "Error in function call: Call to function \"cidrsubnet\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("cidrsubnet(\"10.0.0.0/16\", 8, 1.5)", "Error in function call: Call to function \"cidrsubnet\" failed: value must be a whole number."),
        ("cidrsubnets(\"10.0.0.0/16\", 1.5)", "Invalid function argument: Invalid value for \"newbits\" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("parseint(\"10\", 1.5)", "Invalid function argument: Invalid value for \"base\" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("substr(\"abc\", 1.5, 1)", "Error in function call: Call to function \"substr\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("substr(\"abc\", 0, 1.5)", "Error in function call: Call to function \"substr\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("slice([\"a\"], 0.5, 1)", "Invalid function argument: Invalid value for \"start_index\" parameter: invalid start index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("cidrsubnet(\"10.0.0.0/16\", 8, 1e20)", "Error in function call: Call to function \"cidrsubnet\" failed: prefix extension of 8 does not accommodate a subnet numbered 100000000000000000000."),
        ("cidrhost(\"10.0.0.0/16\", 1e20)", "Error in function call: Call to function \"cidrhost\" failed: prefix of 16 does not accommodate a host numbered 100000000000000000000."),
        ("chunklist([\"a\"], 1e20)", "Error in function call: Call to function \"chunklist\" failed: invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("element([\"a\"], 1e20)", "Error in function call: Call to function \"element\" failed: invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("substr(\"abc\", 1e20, 1)", "Error in function call: Call to function \"substr\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("cidrsubnet(\"10.0.0.0/16\", 1e20, 1)", "Error in function call: Call to function \"cidrsubnet\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."),
        ("format(\"%s-%d\", \"a\", 1.5)", "Error in function call: Call to function \"format\" failed: unsupported value for \"%d\" at 3: an integer is required."),
        ("cidrsubnet(\"10.0.0.0/8\", 8, 300)", "Error in function call: Call to function \"cidrsubnet\" failed: prefix extension of 8 does not accommodate a subnet numbered 300."),
    ];
    for (src, want) in cases {
        let e = hcl::eval::evaluate_typed_str(src, &ctx).unwrap_err();
        assert_eq!(e.message(), *want, "{src}");
    }
}
