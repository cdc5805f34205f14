#!/usr/bin/env bash
# How often `hcl fmt -diff` prints the same bytes as `terraform fmt -diff`
# (GNU `diff -u`) on the corpus: both run over the corpus's files without
# writing, and each file's diff is compared.
#
#   cargo build --release --features cli
#   TF_CLI_CONFIG_FILE=/tmp/empty.tfrc \
#     scripts/fmt_diff_agreement.sh ../shared/corpus target/release/hcl
#
# Needs `terraform` on the PATH; no test runs it.
set -euo pipefail
corpus=$(cd "$1" && pwd)
hcl=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
out=$(mktemp -d)
cd "$corpus/files"
terraform fmt -recursive -diff -write=false -list=false . >"$out/terraform.diff" 2>/dev/null || true
"$hcl" fmt -recursive -diff -write=false -list=false . >"$out/hcl.diff" 2>/dev/null || true
python3 - "$out/terraform.diff" "$out/hcl.diff" <<'PY'
import sys

def per_file(path):
    files, cur = {}, None
    for line in open(path, encoding="utf-8", errors="surrogateescape").read().split("\n"):
        if line.startswith("--- old/"):
            cur = line[len("--- old/"):]
            files[cur] = []
        if cur is not None:
            files[cur].append(line)
    return files

def changed(lines):
    return sum(1 for l in lines if l[:1] in "+-" and l[:3] not in ("+++", "---"))

tf, ours = per_file(sys.argv[1]), per_file(sys.argv[2])
same = [k for k in tf if ours.get(k) == tf[k]]
other = [k for k in tf if k in ours and ours[k] != tf[k]]
print(f"{len(same)} of {len(tf)} diffs are the same bytes as terraform fmt -diff's")
print(f"{len(set(tf) ^ set(ours))} files have a diff from one tool only")
for k in other:
    print(f"  differs: {k}: {changed(tf[k])} changed lines in terraform's, {changed(ours[k])} in hcl's")
PY
rm -rf "$out"
