"""Hostile input through every Python entry point: long operator chains
and deep nesting give a value or an `HCLError`, never a crashed
interpreter. Each case runs in a child interpreter, so that a crash is a
failed test with its exit code rather than the end of the test run."""

import subprocess
import sys
import textwrap

import pytest


def run(code):
    """Runs `code` in a fresh interpreter; its exit code and output."""
    p = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    return p.returncode, p.stdout + p.stderr


CHAINS = [
    # (what, the expression text in Python)
    ("50,000 additions", "'+'.join(['1'] * 50000)"),
    ("100,000 ors", "' || '.join(['var.x'] * 100000)"),
    ("a million ors", "' || '.join(['var.x'] * 1000000)"),
    ("a million additions with comments", "' + '.join(['1 /* c */'] * 1000000)"),
]


@pytest.mark.parametrize("what,expr", CHAINS, ids=[c[0] for c in CHAINS])
def test_long_chains_go_through_every_entry_point(what, expr):
    code, out = run(
        f"""
        import hcl2rs, hcl2rs.compat
        e = {expr}
        text = "a = " + e + "\\n"
        got = hcl2rs.compat.loads(text)
        assert got["a"].startswith("${{") and got["a"].endswith("}}"), got["a"][:50]
        v = hcl2rs.loads(text)["a"]
        assert v == e.count("1") if "var" not in e else v.startswith("${{"), str(v)[:50]
        assert hcl2rs.format(text).startswith("a = ")
        refs = hcl2rs.references(text)
        assert len(refs) == e.count("var.x")
        d = hcl2rs.Document(text)
        assert d.get("a").startswith(e[:20])
        print("ok")
        """
    )
    assert code == 0 and out.strip().endswith("ok"), f"exit {code}: {out[-2000:]}"


def test_deep_nesting_is_a_value_or_an_error_everywhere():
    code, out = run(
        """
        import hcl2rs, hcl2rs.compat
        for depth in (100, 1000, 100000):
            text = "a = " + "[" * depth + "1" + "]" * depth + "\\n"
            for f in (hcl2rs.compat.loads, hcl2rs.loads, hcl2rs.format, hcl2rs.references, hcl2rs.Document):
                try:
                    f(text)
                except hcl2rs.HCLError as e:
                    assert "nesting" in str(e), str(e)[:200]
        print("ok")
        """
    )
    assert code == 0 and out.strip().endswith("ok"), f"exit {code}: {out[-2000:]}"
