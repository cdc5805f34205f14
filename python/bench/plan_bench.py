#!/usr/bin/env python3
"""hcl2rs.plan against tfparse (Trivy's evaluator, from Cloud Custodian),
side by side in one run, on the corpus's root modules that call local
modules: each one's time, the ratio, and whether the two find the same
resource instance addresses. Needs tfparse installed (`pip install
tfparse==0.6.22`) and the shared corpus.

    python3 python/bench/plan_bench.py --corpus ../shared/corpus [--repeat 3] [--show 20] [--no-configuration] [--by-time]
    valgrind --tool=callgrind python3 python/bench/plan_bench.py --corpus ../shared/corpus --only-ours

The corpus's files are written back into their directories under a
temporary directory first (the corpus keeps each file once, named by its
repository and path). hcl2rs plans with `unknown_missing=True` (a module's
required variables unknown, as tfparse leaves them). tfparse runs in a
worker process, timed there: on some directories its Go code panics and
takes its process down (counted as a tfparse error, and the worker is
started again).
"""
import argparse
import concurrent.futures
import contextlib
import csv
import importlib.util
import io
import multiprocessing
import os
import re
import shutil
import tempfile
import time
from collections import defaultdict

import hcl2rs

# (tfparse is imported where it runs, in the worker: its Go runtime is not
# loaded into the process that plans with hcl2rs.)

LOCAL_SOURCE = re.compile(r'source\s*=\s*"\.\.?/')


def rebuild(corpus, into):
    """The corpus's module directories, written back; those whose files
    Terraform all accepts."""
    rows = list(csv.DictReader(open(os.path.join(corpus, "EXPECT.tsv")), delimiter="\t"))
    dirs = defaultdict(list)
    for r in rows:
        dirs[(r["repo"], os.path.dirname(r["path"]))].append(r)
    for (repo, folder), rs in dirs.items():
        if any(r["expect"] != "ok" for r in rs):
            continue
        d = os.path.join(into, repo.replace("/", "__"), folder)
        os.makedirs(d, exist_ok=True)
        for r in rs:
            shutil.copy(os.path.join(corpus, r["file"]), os.path.join(d, os.path.basename(r["path"])))
    roots = []
    for root, _, files in os.walk(into):
        tf = [f for f in files if f.endswith(".tf")]
        if any(LOCAL_SOURCE.search(open(os.path.join(root, f), errors="replace").read()) for f in tf):
            roots.append(root)
    return sorted(roots)


# (Whether hcl2rs's plans describe the configuration: `--no-configuration`
# times the scanner's call, which leaves the `configuration` section out.)
CONFIGURATION = True


def ours(d):
    p = hcl2rs.plan(d, unknown_missing=True, configuration=CONFIGURATION)
    return {c["address"] for c in p["resource_changes"]}


def theirs(d):
    import tfparse

    out = set()
    for kind, blocks in tfparse.load_from_path(d).items():
        for b in blocks:
            meta = b.get("__tfmeta", {})
            if meta.get("type") == "resource":
                out.add(meta["path"])
            elif meta.get("type") == "data":
                out.add(meta["path"] if meta["path"].startswith("data.") or ".data." in meta["path"] else "data." + meta["path"])
    return out


def worker():
    """A process for tfparse: spawned, not forked (tfparse's Go runtime,
    loaded here, does not survive a fork)."""
    return concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))


def theirs_timed(d, repeat):
    """In the worker: tfparse's best time, addresses or error."""
    # (tfparse logs each block type it does not know on stderr.)
    with contextlib.redirect_stderr(io.StringIO()):
        t, got, err = timed(theirs, d, repeat)
    return t, got, None if err is None else str(err).splitlines()[0]


def timed(fn, d, repeat):
    best, result, error = None, None, None
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            result = fn(d)
        except Exception as e:  # noqa: BLE001 - a directory one side refuses
            error = e
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best, result, error


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--limit", type=int, default=0, help="only the first N root modules")
    ap.add_argument("--only-ours", action="store_true",
                    help="plan each directory once with hcl2rs only (to count instructions, "
                         "e.g. under valgrind --tool=callgrind, where a shared machine's timings are noisy)")
    ap.add_argument("--by-time", action="store_true",
                    help="also group the directories by how long hcl2rs takes on each: "
                         "each group's share of hcl2rs's time and its ratio")
    ap.add_argument("--no-configuration", action="store_true",
                    help="hcl2rs plans without the configuration section (configuration=False), "
                         "as a scanner that reads instances and values calls it")
    args = ap.parse_args()
    global CONFIGURATION
    CONFIGURATION = not args.no_configuration
    if args.only_ours:
        tmp = tempfile.mkdtemp(prefix="hcl-plan-bench-")
        try:
            roots = rebuild(args.corpus, tmp)[: args.limit or None]
            planned = sum(1 for d in roots if timed(ours, d, 1)[2] is None)
            print(f"{len(roots)} root modules, {planned} planned")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    if importlib.util.find_spec("tfparse") is None:
        raise SystemExit("plan_bench: tfparse is not installed (pip install tfparse==0.6.22)")
    tmp = tempfile.mkdtemp(prefix="hcl-plan-bench-")
    try:
        roots = rebuild(args.corpus, tmp)
        if args.limit:
            roots = roots[: args.limit]
        t_ours = t_theirs = 0.0
        same, differ, our_errors, their_errors = 0, [], [], []
        times = []
        pool = worker()
        for d in roots:
            a, got, err_a = timed(ours, d, args.repeat)
            try:
                b, want, err_b = pool.submit(theirs_timed, d, args.repeat).result()
            except concurrent.futures.process.BrokenProcessPool:
                b, want, err_b = 0.0, None, "the process died (a Go panic)"
                pool = worker()
            name = os.path.relpath(d, tmp)
            if err_a is None and err_b is None:
                t_ours += a
                t_theirs += b
                times.append((a, b))
            if err_a is not None:
                our_errors.append((name, str(err_a).splitlines()[0]))
            if err_b is not None:
                their_errors.append((name, err_b))
            if err_a is None and err_b is None:
                if got == want:
                    same += 1
                else:
                    differ.append((name, sorted(got - want)[:3], sorted(want - got)[:3]))
        pool.shutdown()
        print(f"{len(roots)} root modules that call local modules")
        print(f"hcl2rs.plan: {t_ours * 1000:.0f} ms; tfparse.load_from_path: {t_theirs * 1000:.0f} ms "
              f"(directories both plan); ratio {t_theirs / t_ours:.0f}x")
        print(f"same instance addresses: {same}; different: {len(differ)}; "
              f"hcl2rs errors: {len(our_errors)}; tfparse errors: {len(their_errors)}")
        if args.by_time:
            for lo, hi in ((0, 1e-4), (1e-4, 1e-3), (1e-3, 3e-3), (3e-3, float("inf"))):
                group = [(a, b) for a, b in times if lo <= a < hi]
                a = sum(x for x, _ in group)
                b = sum(y for _, y in group)
                if group:
                    print(f"  hcl2rs {lo * 1000:g} ms to {hi * 1000:g} ms: {len(group)} directories, "
                          f"{a / t_ours:.0%} of hcl2rs's time, ratio {b / a:.0f}x")
        for name, only_ours, only_theirs in differ[: args.show]:
            print(f"  {name}: only hcl2rs {only_ours}, only tfparse {only_theirs}")
        for name, e in our_errors[: args.show]:
            print(f"  hcl2rs error {name}: {e}")
        for name, e in their_errors[: args.show]:
            print(f"  tfparse error {name}: {e}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
