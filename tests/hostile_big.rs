//! Hostile input: a 100 MB valid file. Ignored by default (it needs a
//! release build and ~1.5 GB of memory); run it with
//!
//! ```text
//! cargo test --release --test hostile_big -- --ignored --nocapture
//! ```
//!
//! It builds 10 MB and 100 MB files by repeating a realistic chunk
//! (a resource with nested blocks, a heredoc with a directive, a `for`
//! expression, function calls), parses each, and prints the parse time
//! and the peak heap (counted by this test's global allocator) relative to
//! the input size. It asserts that time grows linearly (100 MB takes less
//! than 15× the 10 MB time) and that the peak heap stays under 12× the
//! input.
//!
//! It also times `hcl::parser::validate` (what `hcl check` runs: a full
//! parse that keeps no tree) and asserts its peak heap is under 1× the input.
//!
//! Measured on the team machine (2 cores, shared), release build, with
//! `/usr/bin/time -f "%e s %M KB" ./target/release/hcl check FILE` on the
//! same generated files (5 runs each): 10 MB in 0.08–0.14 s (median 0.09),
//! max RSS 13.3 MB; 100 MB in 0.82–0.93 s (median 0.86), max RSS 101 MB —
//! linear, and the peak is the file itself (1.0–1.3× the input). Building
//! the full syntax tree (`hcl::parse`, this test) keeps its nodes in an
//! arena (an `Expression` is 32 bytes, a `Structure` 64, an `ObjectItem`
//! 72; see `tests/parse/syntax_layout.rs`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator; only counts bytes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const CHUNK: &str = r#"# Instance {i}: a realistic resource with nested blocks and expressions
resource "aws_instance" "web_{i}" {
  ami           = data.aws_ami.ubuntu.id
  instance_type = var.instance_types[{i} % length(var.instance_types)]
  count         = var.enabled ? 2 : 0
  subnet_id     = element(module.vpc.private_subnets, count.index)
  tags = merge(local.common_tags, {
    Name  = "web-${var.environment}-{i}-${count.index}"
    Index = {i}
  })
  user_data = <<-EOT
    #!/bin/bash
    echo "hello from ${var.environment}" > /tmp/index.html
    %{ for port in var.ports ~}
    ufw allow ${port}
    %{ endfor ~}
  EOT
  root_block_device {
    volume_size = 20 * (1 + {i} % 3)
    encrypted   = true
  }
  dynamic "ebs_block_device" {
    for_each = { for k, v in var.disks : k => v if v.enabled }
    content {
      device_name = ebs_block_device.key
      volume_size = ebs_block_device.value.size
    }
  }
  lifecycle {
    ignore_changes = [tags["LastModified"], ami]
  }
}

"#;

fn file_of(size: usize) -> String {
    let mut s = String::with_capacity(size + CHUNK.len() + 32);
    let mut i = 0usize;
    while s.len() < size {
        s.push_str(&CHUNK.replace("{i}", &i.to_string()));
        i += 1;
    }
    s
}

/// (seconds, peak heap bytes above the input) of validating `src`.
fn measure_validate(src: &str) -> (f64, usize) {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let t = Instant::now();
    hcl::parser::validate(src).expect("the generated file is valid");
    (
        t.elapsed().as_secs_f64(),
        PEAK.load(Ordering::Relaxed) - base,
    )
}

/// (seconds, peak heap bytes above the input) of parsing `src`.
fn measure(src: &str) -> (f64, usize) {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let t = Instant::now();
    let file = hcl::parse(src).expect("the generated file is valid");
    let secs = t.elapsed().as_secs_f64();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    assert!(file.body().structures.len() > 1000);
    drop(file);
    (secs, peak)
}

#[test]
#[ignore = "100 MB input: run in release with --ignored (see the file's doc)"]
fn parse_10_mb_and_100_mb_linear_time_and_bounded_memory() {
    let small = file_of(10_000_000);
    let (t10, _) = measure(&small); // warm-up
    let (t10b, m10) = measure(&small);
    let t10 = t10.min(t10b);
    drop(small);
    let (v10, vm10) = measure_validate(&file_of(10_000_000));
    let big = file_of(100_000_000);
    let (t100, m100) = measure(&big);
    let (v100, vm100) = measure_validate(&big);
    println!(
        "validate: 10 MB {v10:.3} s, peak {:.1} MB; 100 MB {v100:.3} s, peak {:.1} MB",
        vm10 as f64 / 1e6,
        vm100 as f64 / 1e6
    );
    // 10 MB largely fits in the CPU caches, 100 MB does not: allow 20x.
    assert!(v100 / v10 < 20.0, "validate time is not linear");
    assert!(vm100 < 100_000_000, "validate peak {vm100} bytes");
    let ratio_t = t100 / t10;
    let mem10 = m10 as f64 / 10e6;
    let mem100 = m100 as f64 / 100e6;
    println!(
        "10 MB: {t10:.3} s, peak tree heap {:.0} MB ({mem10:.2}x input + input itself)",
        m10 as f64 / 1e6
    );
    println!(
        "100 MB: {t100:.3} s, peak tree heap {:.0} MB ({mem100:.2}x input + input itself); time ratio {ratio_t:.1}",
        m100 as f64 / 1e6
    );
    assert!(
        ratio_t < 15.0,
        "parse time is not linear: {ratio_t:.1}x for 10x input"
    );
    assert!(mem100 + 1.0 < 12.0, "peak memory {mem100:.1}x + input");
}
