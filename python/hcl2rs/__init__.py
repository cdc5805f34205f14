"""hcl2rs: HCL (Terraform, OpenTofu, Packer, Nomad, Vault) for Python, read,
evaluated and written as Terraform does it, by the hcl2 Rust crate.

>>> import hcl2rs
>>> hcl2rs.loads('name = "web-${1 + 1}"\\nport = var.port\\n')
{'name': 'web-2', 'port': '${var.port}'}
"""

from __future__ import annotations

import copy as _copy
import json
import os
from importlib import metadata as _metadata
from typing import IO, Any, Callable, Iterable, Mapping, Optional, Union

from . import _native

try:
    __version__ = _metadata.version("hcl2-rs")
except _metadata.PackageNotFoundError:  # pragma: no cover (not installed)
    __version__ = "0.0.0"

PathLike = Union[str, "os.PathLike[str]"]

__all__ = [
    "__version__",
    "compat",
    "HCLError",
    "Document",
    "loads",
    "load",
    "load_dir",
    "plan",
    "dumps",
    "format",
    "evaluate",
    "references",
]

HCLError = _native.HCLError


def _diagnostics(self: BaseException) -> list:
    text = getattr(self, "_diagnostics_json", None)
    return json.loads(text) if text else []


# Each diagnostic as a dict in `terraform validate -json`'s shape.
HCLError.diagnostics = property(_diagnostics)  # type: ignore[attr-defined]


def _variables(variables: Optional[Mapping[str, Any]]) -> Optional[str]:
    return None if variables is None else json.dumps(dict(variables))


def _path(p: Optional[PathLike]) -> Optional[str]:
    return None if p is None else os.fspath(p)


def _paths(ps: Union[PathLike, Iterable[PathLike]]) -> list:
    # (A lone path is one path, not its characters.)
    if isinstance(ps, (str, bytes)) or hasattr(ps, "__fspath__"):
        return [os.fspath(ps)]
    return [os.fspath(p) for p in ps]


def loads(
    text: Union[str, bytes],
    *,
    filename: Optional[PathLike] = None,
    variables: Optional[Mapping[str, Any]] = None,
    strict: bool = False,
    allow_files: Optional[PathLike] = None,
    parse_float: Optional[Callable[[str], Any]] = None,
    max_depth: Optional[int] = None,
) -> dict:
    r"""Reads a file's text as `hcl json FILE` does: expressions evaluated
    with Terraform's functions, what refers to unknown names kept as
    `"${...}"` (`strict=True`: an error); `variables` are root variables
    (`var` is one: `{"var": {"region": "eu"}}`); a `filename` ending in
    `.json` is read as HCL's JSON syntax and names the file in errors;
    `allow_files` lets `file()` and its kin read under that directory;
    `parse_float` as `json.loads`'s (`decimal.Decimal` keeps every digit);
    `max_depth` the nesting limit of brackets, blocks, templates and
    conditional arms (default 1024).

    >>> loads('a = [for x in [1, 2] : x * 2]')
    {'a': [2, 4]}
    >>> loads('{"b": "${upper(\\"x\\")}"}', filename="main.tf.json")
    {'b': 'X'}
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return _native.loads(
        text,
        _path(filename),
        _variables(variables),
        strict,
        _path(allow_files),
        parse_float,
        max_depth,
    )


def load(fp: IO, **kwargs: Any) -> dict:
    """`loads` of a file object's content (text or binary); its `name`
    is the `filename` unless one is given.

    >>> import io
    >>> load(io.BytesIO(b"a = 1"))
    {'a': 1}
    """
    if "filename" not in kwargs and isinstance(getattr(fp, "name", None), (str, os.PathLike)):
        kwargs["filename"] = fp.name
    return loads(fp.read(), **kwargs)


def load_dir(
    path: PathLike,
    *,
    extensions: Optional[Iterable[str]] = None,
    variables: Optional[Mapping[str, Any]] = None,
    strict: bool = False,
    allow_files: Optional[PathLike] = None,
    module: bool = False,
    var_files: Union[PathLike, Iterable[PathLike]] = (),
    var_values: Optional[Mapping[str, str]] = None,
    parse_float: Optional[Callable[[str], Any]] = None,
    max_depth: Optional[int] = None,
    tool: Optional[str] = None,
    env: Optional[Mapping[str, str]] = None,
    unknown_missing: bool = False,
) -> dict:
    """A directory's files read as one configuration, as `hcl json --merge
    DIR`: Terraform's `.tf` and `.tf.json` files (or those ending with one
    of `extensions`, e.g. `[".pkr.hcl", ".pkr.json"]`) in name order, as
    one object. With `module=True`, as `hcl json --module`: variables take
    their values from the directory's `terraform.tfvars` and
    `*.auto.tfvars`, then `var_files`, then `var_values` (`{"name": "RAW"}`,
    read as Terraform reads `-var`), and `var.NAME` and `local.NAME` are
    substituted wherever they are known; `allow_files` lets the locals
    read files too. `var_files` and `var_values` are read only with
    `module=True` (without it they are refused). Paths may be `str` or
    `os.PathLike`; a lone path given as `var_files` is one file. A
    directory with no file to read is an `HCLError` naming it.
    `max_depth` is the nesting limit, as for `loads`. With `module=True`,
    the bodies of resources, data sources and module calls that `count = 0`
    or an empty `for_each` switch off are not evaluated (as Terraform does
    not): their expressions are kept as written, `"${...}"`.

    `tool="packer"` or `"nomad"` reads that tool's files (`.pkr.hcl` and
    `.pkr.json`; `.nomad.hcl` and `.nomad`) unless `extensions` are given,
    and with `module=True` its variable files (`*.auto.pkrvars.hcl`; none
    for Nomad) and its words in errors (`Unset variable "x"`). `env`
    (`os.environ`, or any mapping) gives values from the tool's
    environment variables (`TF_VAR_x`, `PKR_VAR_x`, `NOMAD_VAR_x`), before
    every file; nothing reads the environment unless it is given.
    `unknown_missing=True` (with `module=True`): a required variable
    without a value is unknown, as for `plan`, and what refers to it is
    kept as written, instead of the `HCLError`.
    """
    files = _paths(var_files)
    values = [(k, v) for k, v in (var_values or {}).items()]
    if not module and (files or values or env or unknown_missing):
        given = (
            "var_files" if files else "var_values" if values else "env" if env else "unknown_missing"
        )
        raise ValueError(f"load_dir: {given} are read only with module=True")
    return _native.load_dir(
        os.fspath(path),
        list(extensions) if extensions is not None else None,
        _variables(variables),
        strict,
        _path(allow_files),
        module,
        files,
        values,
        parse_float,
        max_depth,
        tool,
        list((env or {}).items()),
        unknown_missing,
    )


def plan(
    path: PathLike,
    *,
    var_files: Union[PathLike, Iterable[PathLike]] = (),
    var_values: Optional[Mapping[str, str]] = None,
    validate: bool = False,
    unknown_missing: bool = False,
    workspace: Optional[str] = None,
    allow_files: bool = False,
    parse_float: Optional[Callable[[str], Any]] = None,
    env: Optional[Mapping[str, str]] = None,
    configuration: bool = True,
) -> dict:
    """The Terraform configuration in `path` planned as `terraform plan`
    plans it, without providers, as the dict of `terraform show -json
    PLANFILE` (`hcl plan --format json DIR`): variables from defaults,
    `terraform.tfvars`, `*.auto.tfvars`, `var_files` and `var_values`
    (`{"name": "RAW"}`, read as `-var`); `count` and `for_each` expanded;
    module calls followed; what providers compute is unknown
    (`after_unknown`). `unknown_missing=True`: a required variable without
    a value is unknown instead of an error; `validate=True`: `terraform
    validate` (every variable unknown, each body once); `allow_files`:
    file functions read from each module's directory (otherwise their
    results are unknown). `env` (`os.environ`, or any mapping): values from
    its `TF_VAR_NAME` variables, before every file (nothing reads the
    environment unless it is given). `configuration=False` leaves out the
    `configuration` section (each module's expressions and references, most
    of the document): what a scanner that reads instances and values needs,
    in about two thirds of the time. Errors raise `HCLError` with every
    diagnostic.
    """
    values = [(k, v) for k, v in (var_values or {}).items()]
    return _native.plan(
        os.fspath(path),
        _paths(var_files),
        values,
        validate,
        unknown_missing,
        workspace,
        allow_files,
        parse_float,
        list((env or {}).items()),
        configuration,
    )


def dumps(obj: Mapping[str, Any]) -> str:
    """Native HCL for a dict in the shape `loads` gives (HCL's JSON syntax),
    laid out as `terraform fmt` lays it out. Strings are templates, as
    `loads` writes them: `"${var.x}"` is the reference, `"$${x}"` the text
    `${x}`. The rule for blocks: a dict whose keys are all identifiers and
    whose values are all dicts or lists of dicts is blocks, each key a
    label as long as the values are such dicts, the innermost dicts their
    bodies (a list gives one block per element); any other value is an
    attribute.

    >>> print(dumps({"resource": {"aws_instance": {"web": {"ami": "${var.ami}"}}}}), end="")
    resource "aws_instance" "web" {
      ami = var.ami
    }
    >>> print(dumps({"name": "web", "tags": ["a"]}), end="")
    name = "web"
    tags = ["a"]
    """
    return _native.dumps_json(json.dumps(obj))


def format(text: str) -> str:
    """`terraform fmt`'s output for `text`.

    >>> format("a=1\\nbb = {x=1}\\n")
    'a  = 1\\nbb = { x = 1 }\\n'
    """
    return _native.format(text)


def evaluate(expr: str, variables: Optional[Mapping[str, Any]] = None) -> Any:
    """One expression's value, with Terraform's functions; `variables` are
    root variables (an undefined name is an error).

    >>> evaluate('upper("${a}-x")', {"a": "b"})
    'B-X'
    """
    return json.loads(_native.evaluate_json(expr, _variables(variables)))


def references(
    text: str, *, filename: Optional[PathLike] = None, max_depth: Optional[int] = None
) -> list:
    """The references of every attribute of a file, in the shape of `hcl
    refs --json`: `attr_path`, `root`, `steps`, `start`, `end`
    (`max_depth`: as for `loads`).

    >>> [r["root"] for r in references("a = var.x + local.y")]
    ['var', 'local']
    """
    return json.loads(_native.references_json(text, _path(filename), max_depth))


class Document:
    """A file edited in place: every byte an edit does not touch is kept.

    >>> doc = Document('resource "aws_instance" "web" {\\n  ami = "x"\\n}\\n')
    >>> doc.get("resource.aws_instance.web.ami")
    '"x"'
    >>> doc.set_value("resource.aws_instance.web.ami", "ami-123")
    1
    >>> print(doc, end="")
    resource "aws_instance" "web" {
      ami = "ami-123"
    }
    """

    def __init__(self, text: str) -> None:
        self._doc = _native.Document(text)

    def get(self, address: str) -> Optional[str]:
        """The expression text of the first attribute at `address`, or None."""
        found = self._doc.get_all(address)
        return found[0] if found else None

    def get_all(self, address: str) -> list:
        """The expression text of every attribute at `address`."""
        return self._doc.get_all(address)

    def set(self, address: str, expression: str) -> int:
        """Sets the attribute(s) at `address` to `expression` (HCL text);
        how many were set."""
        return self._doc.set(address, expression)

    def set_value(self, address: str, value: Any) -> int:
        """Sets the attribute(s) at `address` to a Python value, written as
        `dumps` writes it: strings are templates, as `loads` gives them
        (`"${var.x}"` is the reference `var.x`, `"pre-${var.x}"` a template
        and `"$${x}"` the text `${x}`)."""
        return self._doc.set_value_json(address, json.dumps(value))

    def remove(self, address: str) -> int:
        """Removes the attributes at `address`, or else the blocks; how many."""
        return self._doc.remove(address)

    def blocks(self, address: str) -> list:
        """The text of each block at `address`."""
        return self._doc.blocks(address)

    def __str__(self) -> str:
        return str(self._doc)

    def __repr__(self) -> str:
        text = str(self._doc)
        shown = text if len(text) <= 60 else text[:57] + "..."
        return f"Document({shown!r})"

    def __copy__(self) -> "Document":
        return Document(str(self._doc))

    def __deepcopy__(self, memo: dict) -> "Document":
        return Document(str(self._doc))

    def copy(self) -> "Document":
        """An independent copy: edits of one do not change the other."""
        return _copy.copy(self)


from . import compat  # noqa: E402  (`import hcl2rs` makes `hcl2rs.compat` available)
