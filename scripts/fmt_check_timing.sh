#!/usr/bin/env bash
# `hcl fmt -check -recursive` against `terraform fmt -check -recursive`,
# whole-process wall time, on a copy of the corpus's `.tf` files that
# Terraform accepts (best of three runs each), and whether both list the
# same files.
#
#   scripts/fmt_check_timing.sh [CORPUS_DIR]    (default ../shared/corpus)
#
# Needs `terraform` on the PATH (TF_CLI_CONFIG_FILE pointing at an
# existing file) and `target/release/hcl`
# (`cargo build --release --features cli`).
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS="$(cd "${1:-../shared/corpus}" && pwd)"
HCL="$(pwd)/target/release/hcl"
DIR="$(mktemp -d)"
trap 'rm -rf "$DIR"' EXIT
(cd "$CORPUS" && awk -F'\t' 'NR > 1 && $2 == "ok" && $1 ~ /\.tf$/ { print $1 }' EXPECT.tsv |
  while read -r f; do cp "$f" "$DIR/$(echo "$f" | tr '/' '_')"; done)
echo "$(ls "$DIR" | wc -l) files, $(du -sh "$DIR" | cut -f1)"
best() {
  local best=""
  for _ in 1 2 3; do
    local s e t
    s=$(date +%s%N)
    (cd "$DIR" && "$@" >/dev/null 2>&1) || true
    e=$(date +%s%N)
    t=$(((e - s) / 1000000))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}
tf=$(best terraform fmt -check -recursive .)
ours=$(best "$HCL" fmt -check -recursive .)
echo "terraform fmt -check: ${tf} ms; hcl fmt -check: ${ours} ms; ratio $(awk "BEGIN { printf \"%.0f\", $tf / $ours }")x"
(cd "$DIR" && terraform fmt -check -recursive . | sort >"$DIR.tf" || true)
(cd "$DIR" && "$HCL" fmt -check -recursive . | sed 's#^\./##' | sort >"$DIR.hcl" || true)
if cmp -s "$DIR.tf" "$DIR.hcl"; then echo "both list the same $(wc -l <"$DIR.tf") files"; else echo "the lists differ"; fi
rm -f "$DIR.tf" "$DIR.hcl"
