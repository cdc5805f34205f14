//! Which of Terraform's functions a build has, and what a call to one it
//! lacks says: every family that needs no other crate is in the default
//! build (`base64encode`), and a function of a feature that is off names
//! the feature.

use hcl::eval::functions::{builtin, feature_of, FEATURE_FUNCTIONS};

/// Whether this build has `feature` (the features of Cargo.toml).
fn enabled(feature: &str) -> bool {
    match feature {
        "base64" => cfg!(feature = "base64"),
        "gzip" => cfg!(feature = "gzip"),
        "hash" => cfg!(feature = "hash"),
        "crypto" => cfg!(feature = "crypto"),
        "regex" => cfg!(feature = "regex"),
        "yaml" => cfg!(feature = "yaml"),
        "csv" => cfg!(feature = "csv"),
        "json" => cfg!(feature = "json"),
        "textencoding" => cfg!(feature = "textencoding"),
        "datetime" => cfg!(feature = "datetime"),
        other => panic!("unknown feature {other}"),
    }
}

#[test]
fn each_feature_function_is_built_in_exactly_when_its_feature_is_on() {
    for (name, feature) in FEATURE_FUNCTIONS {
        assert_eq!(builtin(name).is_some(), enabled(feature), "{name}");
        assert_eq!(feature_of(name).is_some(), !enabled(feature), "{name}");
    }
}

#[test]
fn base64_is_in_the_default_build() {
    // `terraform console`: base64encode("hello") is "aGVsbG8=".
    #[derive(serde::Deserialize)]
    struct Config {
        user_data: String,
    }
    if !cfg!(feature = "base64") {
        return; // built with --no-default-features
    }
    let c: Config = hcl::from_str("user_data = base64encode(\"hello\")\n").unwrap();
    assert_eq!(c.user_data, "aGVsbG8=");
}

#[test]
fn a_function_of_a_feature_this_build_lacks_names_the_feature() {
    let ctx = hcl::eval::Context::new();
    for (name, feature) in FEATURE_FUNCTIONS {
        if enabled(feature) {
            continue;
        }
        let err = hcl::eval::evaluate_str(&format!("{name}(\"x\")"), &ctx).unwrap_err();
        assert!(
            err.message().contains(&format!(
                "in hcl2's feature `{feature}`, which this build does not have"
            )),
            "{err}"
        );
    }
}
