#!/usr/bin/env python3
"""Records Terraform's answers for the module fixtures of
tests/fixtures/modules/: for each directory, each expression of its EXPRS
file evaluated by `terraform console` (with the flags of its ARGS file,
if any), as JSON (`jsonencode`) and as a type (`type`), written to the
directory's ANSWERS.json. Needs terraform on the PATH and
TF_CLI_CONFIG_FILE pointing at an existing file.

    python3 scripts/module_answers.py
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(__file__), "..", "tests", "fixtures", "modules")


def console(workdir, args, expr):
    out = subprocess.run(
        ["terraform", "console", *args],
        input=expr + "\n",
        capture_output=True,
        text=True,
        cwd=workdir,
        timeout=120,
    )
    if out.returncode != 0:
        sys.exit(f"{workdir}: {expr}: {out.stderr}")
    return out.stdout.strip()


def main():
    for name in sorted(os.listdir(ROOT)):
        src = os.path.join(ROOT, name)
        exprs = [l for l in open(os.path.join(src, "EXPRS")).read().splitlines() if l]
        args_path = os.path.join(src, "ARGS")
        args = open(args_path).read().split() if os.path.exists(args_path) else []
        with tempfile.TemporaryDirectory() as tmp:
            work = os.path.join(tmp, name)
            shutil.copytree(src, work)
            subprocess.run(["terraform", "init", "-backend=false"], cwd=work, capture_output=True, check=True)
            answers = {}
            for e in exprs:
                encoded = console(work, args, f"jsonencode({e})")
                answers[e] = {
                    # The console prints the JSON text as an HCL string.
                    "json": json.loads(json.loads(encoded)),
                    "type": " ".join(console(work, args, f"type({e})").split()),
                }
        with open(os.path.join(src, "ANSWERS.json"), "w") as f:
            json.dump(answers, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"{name}: {len(answers)} answers")


if __name__ == "__main__":
    main()
