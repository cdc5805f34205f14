"""What new users ran into (issue 48's Python items): each expectation is
Python's own behaviour, python-hcl2 8.1.4's, or Terraform's."""

import copy
import io
import json
import math
import os
import pathlib
import tempfile

import corpus
import pytest

import hcl2rs



def test_import_hcl2rs_makes_compat_available():
    # The README writes `hcl2rs.compat.loads` after `import hcl2rs`.
    assert hcl2rs.compat.loads("a = 1\n") == {"a": 1}
    assert "compat" in hcl2rs.__all__


def test_version_is_the_distribution_s():
    from importlib import metadata

    assert hcl2rs.__version__ == metadata.version("hcl2-rs")


def test_strict_keeps_infinity_a_number():
    # `terraform console`: 1/0 is +Inf, -1/0 is -Inf (numbers).
    got = hcl2rs.loads("a = 1/0\nb = -1/0\n", strict=True)
    assert got["a"] == math.inf and got["b"] == -math.inf
    # Outside strict mode the expression is kept, as `hcl json` keeps it.
    assert hcl2rs.loads("a = 1/0\n") == {"a": "${1 / 0}"}


def _dir(files):
    d = tempfile.mkdtemp()
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    return d


def test_load_dir_takes_path_objects_and_a_lone_var_file():
    d = _dir({"main.tf": 'variable "n" {}\noutput "o" {\n  value = var.n\n}\n', "a.tfvars": "n = 7\n"})
    p = pathlib.Path(d)
    got = hcl2rs.load_dir(p, module=True, var_files=p / "a.tfvars")
    assert got["output"]["o"]["value"] == 7
    got = hcl2rs.load_dir(p, module=True, var_files=[str(p / "a.tfvars")])
    assert got["output"]["o"]["value"] == 7


def test_load_dir_refuses_options_that_do_nothing():
    d = _dir({"main.tf": "a = 1\n"})
    with pytest.raises(ValueError, match="module=True"):
        hcl2rs.load_dir(d, var_files=["missing.tfvars"])
    with pytest.raises(ValueError, match="module=True"):
        hcl2rs.load_dir(d, var_values={"n": "1"})


def test_load_dir_of_a_directory_without_its_files_is_an_error():
    d = _dir({"job.hcl": 'job = "web"\n'})
    with pytest.raises(hcl2rs.HCLError, match=r"no configuration files in .* \(no file ends with \.tf or \.tf\.json\)"):
        hcl2rs.load_dir(d)
    assert hcl2rs.load_dir(d, extensions=[".hcl"]) == {"job": "web"}


def test_allow_files_reaches_module_locals_and_errors_name_the_keyword():
    d = _dir({"main.tf": 'locals {\n  g = file("g.txt")\n}\noutput "o" {\n  value = local.g\n}\n', "g.txt": "hi"})
    got = hcl2rs.load_dir(d, module=True, allow_files=pathlib.Path(d))
    assert got["output"]["o"]["value"] == "hi"
    with pytest.raises(hcl2rs.HCLError) as e:
        hcl2rs.loads('a = file("g.txt")\n', strict=True)
    assert "allow_files=DIR" in str(e.value)
    assert "Context::allow_files" not in str(e.value) and "--allow-files" not in str(e.value)


def test_dumps_writes_a_name_that_cannot_be_an_attribute_where_hcl_allows_it():
    nested = {"a": {"b": {"x/y": 1}}}
    text = hcl2rs.dumps(nested)
    assert hcl2rs.loads(text) == nested
    with pytest.raises(hcl2rs.HCLError, match="cannot be written as native syntax"):
        hcl2rs.dumps({"x/y": 1})


def test_set_value_writes_strings_as_dumps_does():
    doc = hcl2rs.Document('a = "x"\n')
    doc.set_value("a", "pre-${var.x}")
    assert str(doc) == 'a = "pre-${var.x}"\n'
    assert str(doc) == hcl2rs.dumps({"a": "pre-${var.x}"})
    doc.set_value("a", "$${x}")
    assert hcl2rs.loads(str(doc)) == {"a": "$${x}"}


def test_document_has_a_repr_and_copies():
    doc = hcl2rs.Document("a = 1\n")
    assert repr(doc) == "Document('a = 1\\n')"
    other = copy.copy(doc)
    deep = copy.deepcopy(doc)
    other.set("a", "2")
    assert str(doc) == "a = 1\n" and str(other) == "a = 2\n" and str(deep) == "a = 1\n"
    assert str(doc.copy()) == "a = 1\n"


@pytest.mark.skipif(not corpus.DIR, reason="HCL_CORPUS_DIR not set")
def test_loads_of_dumps_is_the_value_over_the_corpus():
    # One file differs: a Terraform test fixture of invalid interpolation
    # in `depends_on`, whose static text reads back otherwise.
    known = {"hashicorp__terraform/internal__command__testdata__validate-invalid__interpolation__main.tf"}
    checked, wrong = 0, []
    for path, v in corpus.read(hcl2rs.loads):
        checked += 1
        back = hcl2rs.loads(hcl2rs.dumps(v))
        if back != v and not any(path.endswith(k) for k in known):
            wrong.append(path)
    assert checked > 5000 and not wrong, (checked, wrong[:10])


def test_the_nesting_limit_takes_what_terraform_takes_and_can_be_set(tmp_path):
    # `terraform fmt` takes 129 nested brackets, python-hcl2 200, and
    # Terraform a chain of 1,000 conditionals (terraform console gives
    # "v997" for a = 997).
    deep = "a = " + "[" * 1000 + "1" + "]" * 1000 + "\n"
    assert hcl2rs.compat.loads(deep)["a"]
    assert hcl2rs.loads(deep)["a"]
    deeper = "a = " + "[" * 1100 + "1" + "]" * 1100 + "\n"
    with pytest.raises(hcl2rs.HCLError, match="nesting too deep"):
        hcl2rs.loads(deeper)
    assert hcl2rs.loads(deeper, max_depth=1200)["a"]
    assert hcl2rs.compat.loads(deeper, max_depth=1200)["a"]
    assert hcl2rs.references(deeper, max_depth=1200) == []
    with pytest.raises(hcl2rs.HCLError, match="nesting too deep"):
        hcl2rs.compat.loads("a = [[1]]\n", max_depth=1)
    chain = " ".join(f'var.a == {i} ? "v{i}" :' for i in range(1000)) + ' "none"'
    assert hcl2rs.evaluate(chain, {"var": {"a": 997}}) == "v997"
    assert hcl2rs.compat.loads("a = " + chain + "\n")["a"].startswith("${var.a == 0 ?")
    (tmp_path / "main.tf").write_text("a = [[1]]\n")
    assert hcl2rs.load_dir(tmp_path)["a"] == [[1]]
    with pytest.raises(hcl2rs.HCLError, match="nesting too deep"):
        hcl2rs.load_dir(tmp_path, max_depth=1)
