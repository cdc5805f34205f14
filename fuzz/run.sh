#!/usr/bin/env bash
# Runs the cargo-fuzz targets on a stable toolchain.
#
# cargo-fuzz drives libFuzzer through nightly-only rustc flags; on stable,
# RUSTC_BOOTSTRAP=1 lets rustc accept them, and `-s none` skips the sanitizer
# (the crate forbids `unsafe`, so AddressSanitizer has little to find;
# `-a` keeps debug assertions, so integer overflow panics are caught).
#
#   cargo install cargo-fuzz
#   fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags...]
#
# Targets: parse, recover, roundtrip, from_str_value, eval_expr, value_roundtrip, json_syntax, edit,
# plan (seeds: fuzz/seeds/plan, the plan oracle's first 40 configurations, joined at `\n---\n`).
# Corpora grow in fuzz/corpus/TARGET (not committed); seeds are ours, in
# fuzz/seeds/. Crashes land in fuzz/artifacts/TARGET; each one fixed becomes
# a test in tests/hostile/fuzz_regressions.rs.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?target}
secs=${2:-600}
shift 2 || shift $#
mkdir -p "corpus/$target"
seeds="seeds/hcl ../examples"
[ "$target" = value_roundtrip ] && seeds=
[ "$target" = json_syntax ] && seeds=seeds/json
[ "$target" = plan ] && seeds=seeds/plan
RUSTC_BOOTSTRAP=1 cargo fuzz run -s none -O -a "$target" "corpus/$target" $seeds -- \
  -max_total_time="$secs" -rss_limit_mb=2048 -max_len=8192 -timeout=10 -print_final_stats=1 "$@"
