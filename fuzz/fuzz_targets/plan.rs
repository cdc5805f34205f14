//! Planning a module tree never panics or hangs: the input is split at
//! `\n---\n` into a root module (`main.tf`) and up to three child modules
//! (`modules/c0` ...), written to a directory of this process, and planned
//! in both modes. The seeds are the plan oracle's configurations
//! (`tests/fixtures/plan/cases.jsonl`), joined that way.
#![no_main]
use libfuzzer_sys::fuzz_target;

use hcl::config::{plan_dir, Mode, PlanOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let dir = std::env::temp_dir().join(format!("hcl-fuzz-plan-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (i, part) in text.splitn(4, "\n---\n").enumerate() {
        let path = match i {
            0 => dir.join("main.tf"),
            n => dir.join(format!("modules/c{}/main.tf", n - 1)),
        };
        let _ = std::fs::create_dir_all(path.parent().unwrap());
        let _ = std::fs::write(path, part);
    }
    let small = PlanOptions::new().max_instances(1000).max_module_depth(8);
    let _ = plan_dir(&dir, &small);
    let _ = plan_dir(&dir, &small.clone().mode(Mode::Validate));
});
