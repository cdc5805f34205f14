#!/usr/bin/env python3
"""rustdoc's coverage of the library: documented items and items with an
example, from `cargo rustdoc -- -Z unstable-options --show-coverage
--output-format json` (RUSTC_BOOTSTRAP=1 on a stable toolchain).

    python3 scripts/doc_coverage.py [--min-examples PERCENT]

Prints the totals; with --min-examples, exits 1 when the share of items
that can have an example and have one is below PERCENT.
"""
import argparse
import json
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--min-examples", type=float, default=None)
    args = ap.parse_args()
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    out = subprocess.run(
        ["cargo", "rustdoc", "-q", "--lib", "--all-features", "--",
         "-Z", "unstable-options", "--show-coverage", "--output-format", "json"],
        env=env, check=True, capture_output=True, text=True,
    ).stdout
    files = json.loads(out)
    total = sum(f["total"] for f in files.values())
    docs = sum(f["with_docs"] for f in files.values())
    can = sum(f["total_examples"] for f in files.values())
    have = sum(f["with_examples"] for f in files.values())
    share = 100.0 * have / can if can else 100.0
    print(f"documented {docs}/{total}; with an example {have}/{can} ({share:.1f}%)")
    missing = sorted(
        (f["total_examples"] - f["with_examples"], name)
        for name, f in files.items()
        if f["with_examples"] < f["total_examples"]
    )
    for n, name in reversed(missing):
        print(f"  {name}: {n} without an example")
    if docs < total:
        print("REQUIRED: every public item documented")
        return 1
    if args.min_examples is not None and share < args.min_examples:
        print(f"REQUIRED: at least {args.min_examples}% with an example")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
