#!/usr/bin/env python3
"""Does Terraform read our `hcl json` output as it reads the original file?

For every corpus file Terraform accepts whose top-level blocks are only
`variable` (each with a default), `locals` and `output`, this writes the
file into one directory as `main.tf` and `hcl json`'s output into another
as `main.tf.json`, asks `terraform console` in both for every local and
variable (`jsonencode({...})`), and compares the answers. Files Terraform
cannot evaluate offline from the original (functions reading files, ...),
or answers differently when asked twice (`uuid()`), are left out.

    cargo build --release
    TF_CLI_CONFIG_FILE=/tmp/empty.tfrc \\
      python3 scripts/json_terraform_agreement.py ../shared/corpus target/release/hcl

Needs `terraform` on the PATH; no test runs it.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def console(directory, query):
    p = subprocess.run(
        ["terraform", "console"],
        input=query,
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return p.returncode, p.stdout.strip(), p.stderr.strip()


def names(doc):
    """The names of the locals and of the variables (all with defaults)."""
    if not set(doc) <= {"variable", "locals", "output"}:
        return None
    variables = doc.get("variable", {})
    if isinstance(variables, list):
        return None
    if any(not isinstance(v, dict) or "default" not in v for v in variables.values()):
        return None
    blocks = doc.get("locals", [])
    blocks = blocks if isinstance(blocks, list) else [blocks]
    local_names = [k for b in blocks for k in b if k != "//"]
    found = [("local", n) for n in local_names] + [("var", n) for n in variables]
    if not found or any(not IDENT.match(n) for _, n in found):
        return None
    return found


def main():
    corpus, hcl = sys.argv[1], sys.argv[2]
    rows = [line.split("\t") for line in open(os.path.join(corpus, "EXPECT.tsv")) if "\t" in line]
    files = [r[0] for r in rows if len(r) > 1 and r[1].strip() == "ok" and r[0].endswith(".tf")]
    candidates = agree = differ = skipped = 0
    for rel in files:
        path = os.path.join(corpus, rel)
        out = subprocess.run([hcl, "json", path], capture_output=True, text=True)
        if out.returncode != 0:
            continue
        found = names(json.loads(out.stdout))
        if found is None:
            continue
        query = "jsonencode({%s})\n" % ", ".join(
            '"%s.%s" = %s.%s' % (kind, n, kind, n) for kind, n in found
        )
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            with open(path) as src, open(os.path.join(a, "main.tf"), "w") as dst:
                dst.write(src.read())
            with open(os.path.join(b, "main.tf.json"), "w") as dst:
                dst.write(out.stdout)
            ra = console(a, query)
            if ra[0] != 0 or console(a, query) != ra:
                # Not evaluable offline, or not the same twice (uuid()).
                skipped += 1
                continue
            candidates += 1
            rb = console(b, query)
            if rb[0] == 0 and rb[1] == ra[1]:
                agree += 1
            else:
                differ += 1
                print(f"DIFFER {rel}\n  tf:   {ra[1][:300]}\n  json: {(rb[1] or rb[2])[:300]}")
    print(
        f"{candidates} files Terraform evaluates offline: {agree} agree, {differ} differ "
        f"({skipped} more of the right shape that Terraform cannot evaluate offline or "
        f"evaluates differently each time)"
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
