//! Collection functions: fixture cases, oracle `fn-collection` cases and
//! direct calls.

use crate::support;

use hcl::Value;
use support::call;

/// Cases where we knowingly differ from Terraform.
const KNOWN_DIFFERENCES: &[&str] = &[];

/// Cases whose answer depends on an argument's type (a set or map is an
/// array or object here): the evaluator knows it, a direct call does not.
const NEED_TYPES: &[&str] = &[
    "collection/slice-set-error",
    "collection/index-set-is-an-error",
];

#[test]
fn fixture_cases() {
    let skip: Vec<&str> = KNOWN_DIFFERENCES
        .iter()
        .chain(NEED_TYPES)
        .copied()
        .collect();
    support::check(&support::fixture_cases(), "collection/", &skip, 150);
}

#[test]
fn fixture_cases_through_the_evaluator() {
    support::check_eval(
        &support::fixture_cases(),
        "collection/",
        KNOWN_DIFFERENCES,
        1,
    );
}

#[test]
fn oracle_cases() {
    support::check_oracle("fn-collection/", 40);
}

#[test]
fn sets_are_unified_and_sorted() {
    // setunion([1], ["1", "2"]) = ["1", "2"]; toset([10, 2, 33, 2]) = [2, 10, 33].
    let u = call(
        "setunion",
        vec![Value::from(vec![1]), Value::from(vec!["1", "2"])],
    )
    .unwrap();
    assert_eq!(u, Value::from(vec!["1", "2"]));
    let s = call(
        "setunion",
        vec![Value::from(vec![10, 2]), Value::from(vec![33, 2])],
    )
    .unwrap();
    assert_eq!(s, Value::from(vec![2, 10, 33]));
}

#[test]
fn element_negative_index_is_an_error_on_a_tuple() {
    // A direct call gets an array, which it takes for a tuple: Terraform 1.11
    // panics here; we return an error instead.
    let l = Value::from(vec!["a", "b"]);
    assert!(call("element", vec![l.clone(), Value::from(-1)]).is_err());
    assert_eq!(call("element", vec![l, Value::from(2)]).unwrap(), "a");
}

#[test]
fn error_messages() {
    let err = call(
        "lookup",
        vec![Value::from_iter([("a", "x")]), Value::from("z")],
    )
    .unwrap_err();
    // The function alone sees a map; Terraform 1.11.4: `lookup(tomap({k = "v"}), "x")` failed
    // "lookup failed to find key \"x\"", `lookup({k = "v"}, "x")` (an object) is refused by type:
    // "the given object has no attribute \"x\"".
    assert!(err.contains("lookup failed to find key \"z\""), "{err}");
    let ctx = hcl::eval::Context::new();
    for (src, want) in [
        ("lookup(tomap({k = \"v\"}), \"x\")", "Error in function call: Call to function \"lookup\" failed: lookup failed to find key \"x\"."),
        ("lookup({k = \"v\"}, \"x\")", "Invalid function argument: Invalid value for \"inputMap\" parameter: the given object has no attribute \"x\"."),
        ("lookup({k = \"v\"}, true)", "Invalid function argument: Invalid value for \"inputMap\" parameter: the given object has no attribute \"true\"."),
    ] {
        let err = hcl::eval::evaluate_str(src, &ctx).unwrap_err();
        assert_eq!(err.message(), want, "{src}");
    }
    let err = call("sum", vec![Value::Array(vec![])]).unwrap_err();
    assert!(err.contains("cannot sum an empty list"), "{err}");
    let err = call("range", vec![Value::from(1025)]).unwrap_err();
    assert!(
        err.contains("more than 1024 values were generated"),
        "{err}"
    );
}

#[test]
fn names_are_complete() {
    if !cfg!(feature = "functions") {
        return;
    }
    // Terraform's table: the built-ins, and the functions that read files
    // (allowed per context, never built in).
    let file_functions = hcl::eval::functions::FILE_FUNCTIONS;
    let builtins = hcl::eval::functions::builtin_names();
    assert!(!builtins.iter().any(|n| file_functions.contains(n)));
    let names: Vec<&str> = builtins.iter().chain(file_functions).copied().collect();
    let want = [
        "abs",
        "abspath",
        "alltrue",
        "anytrue",
        "base64decode",
        "base64encode",
        "base64gzip",
        "base64sha256",
        "base64sha512",
        "basename",
        "can",
        "ceil",
        "chomp",
        "chunklist",
        "cidrhost",
        "cidrnetmask",
        "cidrsubnet",
        "cidrsubnets",
        "coalesce",
        "coalescelist",
        "compact",
        "concat",
        "contains",
        "csvdecode",
        "dirname",
        "distinct",
        "element",
        "endswith",
        "file",
        "filebase64",
        "filebase64sha256",
        "filebase64sha512",
        "fileexists",
        "filemd5",
        "fileset",
        "filesha1",
        "filesha256",
        "filesha512",
        "flatten",
        "floor",
        "format",
        "formatdate",
        "formatlist",
        "indent",
        "index",
        "join",
        "jsondecode",
        "jsonencode",
        "keys",
        "length",
        "log",
        "lookup",
        "lower",
        "matchkeys",
        "max",
        "md5",
        "merge",
        "min",
        "one",
        "parseint",
        "pathexpand",
        "pow",
        "range",
        "regex",
        "regexall",
        "replace",
        "reverse",
        "rsadecrypt",
        "setintersection",
        "setproduct",
        "setsubtract",
        "setunion",
        "sha1",
        "sha256",
        "sha512",
        "signum",
        "slice",
        "sort",
        "split",
        "startswith",
        "strcontains",
        "strrev",
        "substr",
        "sum",
        "textdecodebase64",
        "textencodebase64",
        "timeadd",
        "timecmp",
        "title",
        "tobool",
        "tolist",
        "tomap",
        "tonumber",
        "toset",
        "tostring",
        "transpose",
        "trim",
        "trimprefix",
        "trimspace",
        "trimsuffix",
        "try",
        "upper",
        "urlencode",
        "uuidv5",
        "values",
        "yamldecode",
        "yamlencode",
        "zipmap",
    ];
    let missing: Vec<&str> = want
        .iter()
        .copied()
        .filter(|n| !names.contains(n))
        .collect();
    assert!(missing.is_empty(), "missing: {missing:?}");
    // The list of the functions that read files is the filesystem family's.
    #[cfg(feature = "fs")]
    {
        let mut family: Vec<&str> = hcl::eval::functions::fs::with_base_dir(".")
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        let mut listed = file_functions.to_vec();
        family.sort_unstable();
        listed.sort_unstable();
        assert_eq!(family, listed);
    }
}

#[test]
fn huge_setproduct_is_refused() {
    let l: Value = (0..100).map(Value::from).collect();
    let args = vec![l.clone(), l.clone(), l.clone(), l.clone()];
    let err = call("setproduct", args).unwrap_err();
    assert!(err.contains("more than 10000000"), "{err}");
}

#[test]
fn sum_adds_decimals_exactly() {
    // Terraform: sum([0.1, 0.2]) prints 0.3 (its literals are 512-bit);
    // sum([1.5, 2.25, -0.75]) = 3.
    let v = hcl::eval::evaluate_str("sum([0.1, 0.2])", &hcl::eval::Context::new()).unwrap();
    assert_eq!(
        hcl::eval::functions::format_number(v.as_number().unwrap()),
        "0.3"
    );
    // Numbers made from Rust f64s are the decimals they print as: they
    // add as a file's literals do.
    let v = call("sum", vec![Value::from(vec![0.1, 0.2])]).unwrap();
    assert_eq!(v, Value::from(0.3));
    let v = call("sum", vec![Value::from(vec![1.5, 2.25, -0.75])]).unwrap();
    assert_eq!(v, Value::from(3));
    let v = call(
        "sum",
        vec![Value::from(vec![Value::from(u64::MAX), Value::from(-1)])],
    )
    .unwrap();
    assert_eq!(v.as_u64(), Some(u64::MAX - 1));
}

#[test]
fn element_counts_a_negative_index_from_the_end_of_a_list() {
    // Terraform 1.11.4: `element(tolist(["a", "b", "c"]), -1)` and `-4` and
    // `-7` are "c"; on a tuple a negative index fails (a panic in Terraform).
    let ctx = hcl::eval::Context::new();
    for i in [-1, -4, -7] {
        let src = format!("element(tolist([\"a\", \"b\", \"c\"]), {i})");
        assert_eq!(hcl::eval::evaluate_str(&src, &ctx).unwrap(), "c", "{src}");
    }
    assert!(hcl::eval::evaluate_str("element([\"a\", \"b\", \"c\"], -1)", &ctx).is_err());
    assert_eq!(
        hcl::eval::evaluate_str("element(tolist([\"a\", \"b\", \"c\"]), 4)", &ctx).unwrap(),
        "b"
    );
    // A set cannot be indexed: "cannot read elements from set of number".
    let e = hcl::eval::evaluate_str("element(toset([1, 2]), 0)", &ctx).unwrap_err();
    assert!(
        e.message().ends_with(
            "Call to function \"element\" failed: cannot read elements from set of number."
        ),
        "{e}"
    );
}

#[test]
fn range_adds_its_step_as_terraform_does() {
    // Terraform 1.11.4: `jsonencode(range(0, 1, 0.1))` — repeated 512-bit
    // additions, artefacts included.
    let v = hcl::eval::evaluate_str("range(0, 1, 0.1)", &hcl::eval::Context::new()).unwrap();
    let texts: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_number().unwrap().to_plain_string())
        .collect();
    assert_eq!(&texts[..7], ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6"]);
    assert_eq!(texts[7], format!("0.7{}6", "0".repeat(153)));
    assert_eq!(texts[8], format!("0.8{}1", "0".repeat(152)));
    assert_eq!(texts[9], format!("0.9{}1", "0".repeat(152)));
    assert_eq!(texts.len(), 10);
}
