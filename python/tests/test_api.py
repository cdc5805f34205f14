"""The hcl2rs API: what each function gives, its errors, and the GIL."""

import decimal
import gc
import io
import json
import os
import subprocess
import tempfile
import threading
import time

import pytest

import hcl2rs

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def test_loads_evaluates_and_keeps_unknown_references():
    got = hcl2rs.loads('name = "web-${1 + 1}"\nport = var.port\nlit = "$${x}"\n')
    # hcl json's output: unknown references kept, a literal ${ escaped.
    assert got == {"name": "web-2", "port": "${var.port}", "lit": "$${x}"}


def test_loads_blocks_as_hcl_json_nests_them():
    text = 'resource "aws_instance" "web" {\n  ami = "x"\n  count = 2\n}\n'
    assert hcl2rs.loads(text) == {"resource": {"aws_instance": {"web": {"ami": "x", "count": 2}}}}


def test_loads_reads_json_syntax_by_filename():
    assert hcl2rs.loads('{"b": "${upper(\\"x\\")}"}', filename="main.tf.json") == {"b": "X"}


def test_loads_variables_strict_and_bytes():
    assert hcl2rs.loads(b"a = var.x + 1", variables={"var": {"x": 41}}) == {"a": 42}
    with pytest.raises(hcl2rs.HCLError) as e:
        hcl2rs.loads("a = var.x", strict=True)
    assert e.value.diagnostics[0]["summary"] == "Unknown variable"


def test_parse_float_keeps_every_digit():
    got = hcl2rs.loads("a = 0.1 + 0.2\nb = 1/3\n", parse_float=decimal.Decimal)
    assert got["a"] == decimal.Decimal("0.3")
    assert str(got["b"]).startswith("0.333333333333333333333333333333")


def test_load_takes_text_and_binary_files():
    assert hcl2rs.load(io.StringIO("a = 1")) == {"a": 1}
    assert hcl2rs.load(io.BytesIO(b"a = 2")) == {"a": 2}


def test_errors_say_where_with_the_snippet():
    with pytest.raises(hcl2rs.HCLError) as e:
        hcl2rs.loads("a = 1\nb = [1 2]\n", filename="main.tf")
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.line, err.column, err.filename) == (2, 8, "main.tf")
    assert "2 | b = [1 2]" in str(err)
    d = err.diagnostics[0]
    assert d["severity"] == "error"
    assert d["summary"] == "Missing item separator"
    assert d["range"]["filename"] == "main.tf"
    assert d["range"]["start"] == {"line": 2, "column": 8, "byte": 13}


def test_every_error_is_reported():
    with pytest.raises(hcl2rs.HCLError) as e:
        hcl2rs.loads("a = [tostring({}), 1 + \"a\"]\n", strict=True)
    summaries = [d["summary"] for d in e.value.diagnostics]
    assert summaries == ["Invalid function argument", "Invalid operand"]


def test_evaluate():
    assert hcl2rs.evaluate('upper("${a}-x")', {"a": "b"}) == "B-X"
    assert hcl2rs.evaluate("[for i in range(3) : i * i]") == [0, 1, 4]
    with pytest.raises(hcl2rs.HCLError):
        hcl2rs.evaluate("nope + 1")


def test_format_is_terraform_fmt():
    assert hcl2rs.format("a=1\nbb = {x=1}\n") == "a  = 1\nbb = { x = 1 }\n"
    assert hcl2rs.format('x = "${y}"\n') == "x = y\n"


def test_dumps_round_trips_attributes():
    obj = {"name": "web", "port": 8080, "tags": ["a", "b"], "on": True, "none": None}
    text = hcl2rs.dumps(obj)
    assert text == hcl2rs.format(text)
    assert hcl2rs.loads(text) == obj


def test_dumps_writes_blocks_by_its_rule_and_round_trips_loads():
    text = 'resource "aws_instance" "web" {\n  ami   = var.ami\n  count = 2\n}\n'
    assert hcl2rs.dumps(hcl2rs.loads(text)) == text
    assert hcl2rs.dumps({"tags": {"Name": "x"}}) == 'tags = {\n  Name = "x"\n}\n'
    assert hcl2rs.dumps({"x": "$${lit}"}) == 'x = "$${lit}"\n'


def test_references_in_hcl_refs_json_shape():
    refs = hcl2rs.references('a = var.x + local.y\nb {\n  c = module.m.out[0]\n}\n')
    assert [(r.get("attr_path"), r["root"]) for r in refs] == [("a", "var"), ("a", "local"), ("b.c", "module")]
    assert refs[2]["steps"] == [{"attr": "m"}, {"attr": "out"}, {"index": 0}]
    assert refs[0]["start"] == {"line": 1, "column": 5, "byte": 4}


def test_document_edits_keep_every_other_byte():
    text = '# header\nresource "aws_instance" "web" {\n  ami = "x" # the image\n  tags = {}\n}\n'
    doc = hcl2rs.Document(text)
    assert doc.get("resource.aws_instance.web.ami") == '"x"'
    assert doc.get("resource.aws_instance.web.nope") is None
    assert doc.set_value("resource.aws_instance.web.ami", "ami-123") == 1
    assert doc.set("resource.aws_instance.web.tags", '{ Name = "web" }') == 1
    # (The edited lines are aligned as terraform fmt aligns them.)
    assert str(doc) == '# header\nresource "aws_instance" "web" {\n  ami  = "ami-123" # the image\n  tags = { Name = "web" }\n}\n'
    assert len(doc.blocks("resource.aws_instance.web")) == 1
    assert doc.remove("resource.aws_instance.web.tags") == 1
    assert "tags" not in str(doc)


def test_load_dir_merges_a_module_and_evaluates_it():
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "variables.tf"), "w") as f:
            f.write('variable "env" {\n  default = "dev"\n}\n')
        with open(os.path.join(d, "main.tf"), "w") as f:
            f.write('locals {\n  name = "app-${var.env}"\n}\noutput "name" {\n  value = local.name\n}\n')
        with open(os.path.join(d, "terraform.tfvars"), "w") as f:
            f.write('env = "prod"\n')
        merged = hcl2rs.load_dir(d)
        assert merged["output"]["name"]["value"] == "${local.name}"
        module = hcl2rs.load_dir(d, module=True)
        assert module["output"]["name"]["value"] == "app-prod"
        assert module["locals"]["name"] == "app-prod"
        given = hcl2rs.load_dir(d, module=True, var_values={"env": "test"})
        assert given["output"]["name"]["value"] == "app-test"
        with open(os.path.join(d, "dup.tf"), "w") as f:
            f.write('variable "env" {}\n')
        with pytest.raises(hcl2rs.HCLError) as e:
            hcl2rs.load_dir(d, module=True)
        assert e.value.filename.endswith("variables.tf")
        assert e.value.diagnostics[0]["summary"] == "Duplicate variable declaration"


def test_loads_equals_the_binary_s_hcl_json():
    built = [os.path.join(ROOT, "target", d, "hcl") for d in ("release", "debug")]
    binary = next((b for b in built if os.path.exists(b)), None)
    if binary is None:
        pytest.skip("the hcl binary is not built")
    path = os.path.join(ROOT, "examples", "main.tf")
    out = subprocess.run([binary, "json", path], capture_output=True, text=True, check=True)
    with open(path) as f:
        assert hcl2rs.loads(f.read()) == json.loads(out.stdout)


def test_loads_equals_hcl_json_on_numbers_and_large_files():
    # Numbers as json.loads reads hcl json's text (ints of any width,
    # floats), and a file large enough to be made with the collector
    # paused and keys shared, which must leave the collector as it was.
    built = [os.path.join(ROOT, "target", d, "hcl") for d in ("release", "debug")]
    binary = next((b for b in built if os.path.exists(b)), None)
    if binary is None:
        pytest.skip("the hcl binary is not built")
    numbers = "a = 18446744073709551617 + 1\nb = 1 / 3\nc = -0\nd = 2.5e30\ne = [1e-7, 0.5, -12]\n"
    blocks = "".join(f'resource "t" "r{i}" {{\n  n = {i}\n  s = "x-${{var.v}}"\n  l = [{i}.5, true, null]\n}}\n' for i in range(3000))
    for text in (numbers, numbers + blocks):
        with tempfile.NamedTemporaryFile("w", suffix=".tf", delete=False) as f:
            f.write(text)
        try:
            out = subprocess.run([binary, "json", f.name], capture_output=True, text=True, check=True)
        finally:
            os.unlink(f.name)
        assert len(text) < 64 * 1024 or len(text) > 100_000
        assert hcl2rs.loads(text) == json.loads(out.stdout)
        assert gc.isenabled()


def test_the_gil_is_released_while_parsing():
    # A file big enough to take a while (the corpus's big-common.tf, or
    # one made here): another thread counts meanwhile.
    corpus = os.environ.get("HCL_CORPUS_DIR")
    big = os.path.join(corpus, "bench", "big-common.tf") if corpus else None
    if big and os.path.exists(big):
        with open(big, encoding="utf-8") as f:
            text = f.read()
    else:
        text = "".join(f'resource "t" "r{i}" {{\n  a = "${{upper("x")}}-{i}"\n  b = [1, 2, 3]\n}}\n' for i in range(200_000))
    counter = 0
    done = threading.Event()

    def count():
        nonlocal counter
        while not done.is_set():
            counter += 1
            time.sleep(0)

    t = threading.Thread(target=count)
    t.start()
    time.sleep(0.05)
    before = counter
    started = time.perf_counter()
    hcl2rs.loads(text)
    took = time.perf_counter() - started
    during = counter - before
    done.set()
    t.join()
    # The other thread ran while loads did (had loads held the GIL, it
    # would have counted only at the switch interval).
    assert took > 0.02
    assert during > 100, (during, took)
