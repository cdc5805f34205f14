//! Our own function cases (tests/fixtures/functions/cases.txt, inputs written
//! by us), with expected values produced by Terraform 1.11.4 (cases.json).

#[path = "support/func_cases.rs"]
mod support;

/// Cases where we knowingly differ from Terraform (see the table in
/// `hcl::eval::functions`).
const KNOWN_DIFFERENCES: &[&str] = &[
    // Terraform's parser reads "::ffff:10.0.0.0/120" as a 16-byte IPv4 form
    // and produces "0:1::ffff:a00:0"; we treat it as plain IPv6.
    "network/cidrhost-ipv4-mapped",
    // Terraform (cty) normalises every string to NFC, so "e\u0301" is "é"
    // (U+00E9) before strrev sees it; our functions leave strings as given.
    "string/strrev-combining",
];

#[test]
fn terraform_function_cases() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/functions/cases.json"
    ))
    .unwrap();
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let (ran, failures) = support::run(&cases, KNOWN_DIFFERENCES);
    assert!(ran > 300, "only {ran} cases ran");
    assert!(
        failures.is_empty(),
        "{} of {ran} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
