"""`hcl2rs.compat.dumps`: python-hcl2 8.1's dict shape back to HCL. What it
writes, `compat.loads` and python-hcl2's own `hcl2.loads` read back as the
dict (comments aside, which python-hcl2 8.1 does not write either)."""

import io

import corpus
import pytest

import hcl2rs
from hcl2rs import compat


def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in ("__comments__", "__inline_comments__")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


CASES = [
    'resource "aws_instance" "web" {\n  ami   = "x"\n  count = 2\n}\n',
    'a = var.x + 1\nt = string\nl = [1, "b", true, null]\n',
    'o = {\n  k      = "v"\n  "q-k"  = 1\n  (var.k) = 2\n}\n',
    'h = <<EOT\nhello ${var.x}\nEOT\n',
    'l = [<<EOT\nx\nEOT\n, 1]\n',
    'b {\n  c {\n    d = 1.5\n  }\n  c {\n    d = -2\n  }\n}\n',
    'x = [for a in var.l : upper(a) if a != ""]\ny = { for k, v in var.m : k => v... }\n',
    'e {\n}\n',
    's = "a-${var.b}-%{ if var.c }c%{ endif }"\n',
    'n = 1e3\nf = 0.5\n',
]


@pytest.mark.parametrize("text", CASES)
def test_dumps_reads_back_as_the_dict(text):
    d = compat.loads(text)
    out = compat.dumps(d)
    assert strip(compat.loads(out)) == strip(d), out
    assert out.endswith("\n")


def test_dumps_agrees_with_python_hcl2_s_reading():
    hcl2 = pytest.importorskip("hcl2")
    for text in CASES:
        d = compat.loads(text)
        assert strip(hcl2.loads(compat.dumps(d))) == strip(d), text


def test_dump_and_from_dict():
    d = compat.loads('a = "x"\n')
    f = io.StringIO()
    compat.dump(d, f)
    assert f.getvalue() == 'a = "x"\n'
    doc = compat.from_dict(d)
    assert isinstance(doc, hcl2rs.Document) and doc.get("a") == '"x"'


def test_what_cannot_be_written_is_refused():
    with pytest.raises(TypeError):
        compat.dumps([1])
    with pytest.raises(ValueError):
        compat.dumps({"a": float("nan")})
    with pytest.raises(ValueError, match="attribute name"):
        compat.dumps({"x/y": 1})


@pytest.mark.skipif(not corpus.DIR, reason="HCL_CORPUS_DIR not set")
def test_dumps_reads_back_over_the_corpus():
    # What python-hcl2's shape cannot say: a heredoc inside an expression
    # is its text in quotes there, which is not HCL (python-hcl2's own
    # dumps fails on those files too).
    checked, wrong = 0, []
    for path, d in corpus.read(compat.loads):
        checked += 1
        try:
            back = compat.loads(compat.dumps(d))
        except hcl2rs.HCLError:
            if '"<<' in repr(d):
                continue
            wrong.append(path)
            continue
        if strip(back) != strip(d):
            wrong.append(path)
    assert checked > 5000 and not wrong, (checked, len(wrong), wrong[:10])
