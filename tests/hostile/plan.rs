//! Planning broken module trees never panics: the plan oracle's first 60
//! configurations, each cut short at ten places and with bytes swapped, are
//! planned in both modes (errors are expected; a panic fails the test).
//! `fuzz/fuzz_targets/plan.rs` does the same with libFuzzer's inputs.

use hcl::config::{plan_dir, Mode, PlanOptions};

#[test]
fn truncated_and_mangled_module_trees_plan_or_fail_cleanly() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/plan/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let dir = std::env::temp_dir().join(format!("hcl-hostile-plan-{}", std::process::id()));
    let small = PlanOptions::new().max_instances(1000).max_module_depth(8);
    let mut planned = 0;
    for line in text.lines().take(60) {
        let case = hcl::json::value_from_str(line).unwrap();
        let hcl::Value::Object(files) = &case["files"] else {
            panic!("files")
        };
        let main = files
            .get("main.tf")
            .and_then(|v| v.as_str())
            .unwrap()
            .to_owned();
        for k in 0..10 {
            let cut = main.len() * k / 10;
            let mut root: String = main.chars().take(main[..cut].chars().count()).collect();
            if k % 2 == 1 {
                // Swap the braces and brackets of the part kept.
                root = root
                    .chars()
                    .map(|c| match c {
                        '{' => '[',
                        '[' => '{',
                        '}' => ')',
                        other => other,
                    })
                    .collect();
            }
            let _ = std::fs::remove_dir_all(&dir);
            for (p, t) in files {
                let full = dir.join(p.as_str());
                std::fs::create_dir_all(full.parent().unwrap()).unwrap();
                let t = if p.as_str() == "main.tf" {
                    root.as_str()
                } else {
                    t.as_str().unwrap()
                };
                std::fs::write(full, t).unwrap();
            }
            let _ = plan_dir(&dir, &small);
            let _ = plan_dir(&dir, &small.clone().mode(Mode::Validate));
            planned += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(planned, 600);
}

/// 100,000 locals in a chain, each the one before plus one: each local's
/// scope holds what it refers to, not every local before it (linear, not
/// quadratic), and the order is found without recursion.
#[test]
fn a_hundred_thousand_chained_locals() {
    let mut src = String::from("locals {\n  l0 = 0\n");
    for i in 1..100_000 {
        src.push_str(&format!("  l{i} = local.l{} + 1\n", i - 1));
    }
    src.push_str("}\n");
    let files = hcl::config::Files::parse([("main.tf", src.as_str())]).unwrap();
    let module = files.module(&hcl::config::Inputs::new()).unwrap();
    let last = module.locals().last().unwrap();
    assert_eq!(
        (last.0, last.1.value()),
        ("l99999", &hcl::Value::from(99_999))
    );
    // And planned, in both of Terraform's walks.
    files.plan(&hcl::config::PlanOptions::new()).unwrap();
}
