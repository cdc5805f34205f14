#!/usr/bin/env python3
"""hcl2rs.loads against python-hcl2's hcl2.loads, side by side in one run:
on big-common.tf and on every Nth corpus file Terraform accepts. Prints
each one's time and MB/s and the ratio. Needs python-hcl2 installed
(`pip install python-hcl2==8.1.4`) and the shared corpus.

    python3 python/bench/bench.py --corpus ../shared/corpus [--every 20] [--repeat 3]
"""
import argparse
import csv
import os
import time

import hcl2rs
import hcl2rs.compat

try:
    import hcl2  # python-hcl2
except ImportError:  # pragma: no cover
    hcl2 = None


def timed(fn, texts, repeat):
    """The best total time of `fn` over `texts`, of `repeat` runs."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        for t in texts:
            try:
                fn(t)
            except Exception:  # noqa: BLE001 - a file one library refuses
                pass
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best


def report(name, texts, repeat):
    size = sum(len(t.encode()) for t in texts) / 1e6
    theirs = timed(hcl2.loads, texts, 1) if hcl2 is not None else None
    for label, fn in (("hcl2rs.loads", hcl2rs.loads), ("hcl2rs.compat.loads", hcl2rs.compat.loads)):
        ours = timed(fn, texts, repeat)
        line = f"{name}: {size:.2f} MB; {label} {ours:.3f} s ({size / ours:.1f} MB/s)"
        if theirs is not None:
            line += f"; hcl2.loads {theirs:.1f} s ({size / theirs:.3f} MB/s); ratio {theirs / ours:.0f}x"
        print(line, flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--every", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows = list(csv.DictReader(open(os.path.join(args.corpus, "EXPECT.tsv")), delimiter="\t"))
    files = [r["file"] for r in rows if r["expect"] == "ok" and not r["file"].endswith(".json")]
    sample = [open(os.path.join(args.corpus, f), encoding="utf-8").read() for f in files[:: args.every]]
    report(f"corpus, every {args.every}th file ({len(sample)} files)", sample, args.repeat)
    big = open(os.path.join(args.corpus, "bench", "big-common.tf"), encoding="utf-8").read()
    report("big-common.tf", [big], args.repeat)


if __name__ == "__main__":
    main()
