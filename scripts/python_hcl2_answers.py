#!/usr/bin/env python3
"""Records what python-hcl2 8.1.4's `hcl2.loads` gives for each corpus file
Terraform accepts (native syntax), with a per-file timeout, as the SHA-256
of its canonical JSON (`json.dumps(..., sort_keys=True)`), in
tests/fixtures/python_hcl2/answers.tsv (file, sha256 or `error`/`timeout`,
seconds). The compatibility runner compares `hcl2rs.compat.loads` with it,
so CI needs no python-hcl2.

    pip install python-hcl2==8.1.4
    HCL_CORPUS_DIR=../shared/corpus python3 scripts/python_hcl2_answers.py
"""
import csv
import hashlib
import json
import multiprocessing
import os
import sys
import time

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "python_hcl2", "answers.tsv")
TIMEOUT = 20


def canonical(obj):
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def work(path, q):
    import hcl2

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        q.put(("ok", hashlib.sha256(canonical(hcl2.loads(text)).encode()).hexdigest()))
    except Exception as e:  # noqa: BLE001 - any failure of the library
        q.put(("error", type(e).__name__))


def main():
    import hcl2

    # The parser is built once, here, and each forked worker inherits it.
    hcl2.loads("a = 1\n")
    corpus = os.environ["HCL_CORPUS_DIR"]
    rows = list(csv.DictReader(open(os.path.join(corpus, "EXPECT.tsv")), delimiter="\t"))
    rows = [r for r in rows if r["expect"] == "ok" and not r["file"].endswith(".json")]
    ctx = multiprocessing.get_context("fork")
    with open(OUT, "w") as out:
        out.write("file\tanswer\tseconds\n")
        for i, r in enumerate(rows):
            q = ctx.Queue()
            p = ctx.Process(target=work, args=(os.path.join(corpus, r["file"]), q))
            start = time.perf_counter()
            p.start()
            p.join(TIMEOUT)
            took = time.perf_counter() - start
            if p.is_alive():
                p.kill()
                p.join()
                answer = "timeout"
            else:
                kind, value = q.get() if not q.empty() else ("error", "crash")
                answer = value if kind == "ok" else "error"
            out.write(f"{r['file']}\t{answer}\t{took:.3f}\n")
            out.flush()
            if i % 500 == 0:
                print(f"{i}/{len(rows)}", file=sys.stderr)


if __name__ == "__main__":
    main()
