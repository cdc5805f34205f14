#!/usr/bin/env python3
"""How often hcl2rs.compat.loads gives python-hcl2's dict, over every
.tf, .hcl and .tfvars file under a directory (a checkout of any
repository): files python-hcl2 reads within the timeout are compared, and
the differing ones listed. Needs python-hcl2 (`pip install
python-hcl2==8.1.4`).

    python3 python/bench/compat_agreement.py DIR [--timeout 20]
"""
import argparse
import multiprocessing
import os

import hcl2rs.compat


def theirs(path, q):
    import hcl2

    try:
        with open(path, encoding="utf-8") as f:
            q.put(("ok", hcl2.loads(f.read())))
    except Exception as e:  # noqa: BLE001 - any failure of the library
        q.put(("error", type(e).__name__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()
    import hcl2

    hcl2.loads("a = 1\n")  # the parser, built once and inherited by each worker
    ctx = multiprocessing.get_context("fork")
    paths = sorted(
        os.path.join(root, f)
        for root, _, files in os.walk(args.dir)
        for f in files
        if f.endswith((".tf", ".hcl", ".tfvars")) and "/.git/" not in root
    )
    same = read = 0
    differ = []
    for path in paths:
        q = ctx.Queue()
        p = ctx.Process(target=theirs, args=(path, q))
        p.start()
        p.join(args.timeout)
        if p.is_alive():
            p.kill()
            continue
        if q.empty():
            continue
        kind, want = q.get()
        if kind != "ok":
            continue
        read += 1
        with open(path, encoding="utf-8") as f:
            ours = hcl2rs.compat.loads(f.read())
        if ours == want:
            same += 1
        else:
            differ.append(os.path.relpath(path, args.dir))
    print(f"{same} of {read} files python-hcl2 reads give the same dict ({len(paths)} files)")
    for d in differ:
        print("    differs:", d)


if __name__ == "__main__":
    main()
