#!/usr/bin/env python3
"""Records Terraform's values for the outputs of the corpus's module
directories that need no provider (only variable, locals, output and
terraform blocks), into tests/fixtures/module_corpus/answers.json.

For each such directory (its .tf files, all accepted by Terraform), a
variable file is made that gives every variable of a primitive type (or
of no type) a value, over its default; a directory with a required
variable of another type is left out. `terraform console -var-file=F`
then evaluates each output's value expression (jsonencode, and type).

Needs terraform on the PATH, TF_CLI_CONFIG_FILE pointing at an existing
file, the corpus (HCL_CORPUS_DIR) and the built `hcl` binary (to read the
files' structure: `cargo build --release --features cli`).

    HCL_CORPUS_DIR=../shared/corpus python3 scripts/module_corpus_answers.py
"""
import collections
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "fixtures", "module_corpus", "answers.json")
HCL = os.path.join(HERE, "..", "target", "release", "hcl")
# What gives another value at each run or on each machine (the time,
# random ids, absolute paths, files read).
VARYING = ("timestamp(", "uuid(", "bcrypt(", "path.cwd", "abspath(", "file(", "fileexists(",
           "templatefile(", "fileset(", "filebase64(", "filemd5(", "filesha1(", "filesha256(",
           "filesha512(", "filebase64sha256(", "filebase64sha512(")


def blocks(v):
    return v if isinstance(v, list) else [v]


def var_file(variables):
    """A variable file for `variables` (hcl json's shape), or None."""
    lines = []
    for name, decls in sorted(variables.items()):
        decl = blocks(decls)[0]
        ty = decl.get("type")
        ty = ty[2:-1] if isinstance(ty, str) and ty.startswith("${") else ty
        if ty in (None, "string", "any"):
            lines.append(f'{name} = "v-{name}"')
        elif ty == "number":
            lines.append(f"{name} = 7")
        elif ty == "bool":
            lines.append(f"{name} = true")
        elif "default" not in decl:
            return None
    return "".join(l + "\n" for l in lines)


def console(work, expr):
    """`terraform console`'s answer for one expression: its output, or
    the summary of its first error."""
    out = subprocess.run(
        ["terraform", "console", "-no-color", "-var-file=given.tfvars"],
        input=expr + "\n", capture_output=True, text=True, cwd=work, timeout=300,
    )
    if out.returncode == 0:
        return out.stdout.strip(), None
    for line in (out.stderr + out.stdout).splitlines():
        if "Error: " in line:
            return None, line.split("Error: ", 1)[1].strip()
    return None, (out.stderr or out.stdout).strip().splitlines()[0]


def main():
    corpus = os.environ["HCL_CORPUS_DIR"]
    rows = list(csv.DictReader(open(os.path.join(corpus, "EXPECT.tsv")), delimiter="\t"))
    modules = collections.defaultdict(list)
    for r in rows:
        folder, _, name = r["path"].rpartition("/")
        modules[(r["repo"], folder)].append((name, r["file"], r["expect"]))
    answers = []
    tmp = tempfile.mkdtemp()
    for (repo, folder), files in sorted(modules.items()):
        tf = [f for f in files if f[0].endswith(".tf")]
        if not tf or any(f[2] != "ok" for f in tf):
            continue
        if any(f[0] == "override.tf" or f[0].endswith("_override.tf") for f in tf):
            continue
        work = os.path.join(tmp, f"{repo}/{folder}".replace("/", "__"))
        os.makedirs(work)
        for name, file, _ in tf:
            shutil.copy(os.path.join(corpus, file), os.path.join(work, name))
        got = subprocess.run([HCL, "json", "--merge", "--no-eval", work], capture_output=True, text=True)
        if got.returncode:
            continue
        shape = json.loads(got.stdout)
        if not set(shape) <= {"variable", "locals", "output", "terraform"} or "output" not in shape:
            continue
        if any("required_providers" in t or "backend" in t or "cloud" in t for t in blocks(shape.get("terraform", {}))):
            continue
        given = var_file(shape.get("variable", {}))
        if given is None:
            continue
        with open(os.path.join(work, "given.tfvars"), "w") as f:
            f.write(given)
        if subprocess.run(["terraform", "init", "-backend=false"], cwd=work, capture_output=True).returncode:
            continue
        names = sorted(shape["output"])
        exprs = []
        for n in names:
            value = blocks(shape["output"][n])[0].get("value")
            if (
                isinstance(value, str)
                and value.startswith("${")
                and value.endswith("}")
                and "${" not in value[2:]
            ):
                value = value[2:-1]  # one interpolation: its expression
            else:
                value = json.dumps(value)  # a literal or a template, as an expression
            exprs.append(value)
        outputs = {}
        for n, e in zip(names, exprs):
            # (Or through a local that does.)
            module_text = "".join(open(os.path.join(work, f[0])).read() for f in tf)
            through_local = "local." in e and any(f in module_text for f in VARYING)
            if through_local or any(f in e for f in VARYING):
                # A value of the moment or of this machine: not compared.
                outputs[n] = {"console": "varies"}
                continue
            text, error = console(work, f"jsonencode({e})")
            if error is None:
                try:
                    outputs[n] = {"json": json.loads(json.loads(text))}
                except ValueError:
                    # Not a JSON text: "(known after apply)", "(sensitive value)".
                    outputs[n] = {"console": text}
            else:
                outputs[n] = {"error": error}
        answers.append({"repo": repo, "folder": folder, "var_file": given, "outputs": outputs})
        print(f"{repo}/{folder}: {len(outputs)} outputs", file=sys.stderr)
    shutil.rmtree(tmp)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(answers, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(answers)} modules, {sum(len(a['outputs']) for a in answers)} outputs")


if __name__ == "__main__":
    main()
