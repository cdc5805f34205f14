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
