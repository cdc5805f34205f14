"""The shared corpus's Terraform files, for the tests that go over it."""

import os

import hcl2rs

DIR = os.environ.get("HCL_CORPUS_DIR")


def read(load):
    """Each `.tf` file of the corpus that `load` reads: its path and what
    `load` gave (files it refuses are passed over)."""
    for root, _, names in os.walk(DIR):
        for name in sorted(names):
            if not name.endswith(".tf"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            try:
                yield path, load(text)
            except hcl2rs.HCLError:
                continue
