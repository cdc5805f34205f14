"""python-hcl2 compatibility: `loads` gives what python-hcl2 8.1's
`hcl2.loads` gives with its default options (its quoted labels and string
values, `__is_block__` markers, blocks as lists, `__comments__`,
expressions re-printed its way), hundreds of times faster.

>>> loads('resource "aws_instance" "web" {\\n  ami = "x"\\n}\\n')
{'resource': [{'"aws_instance"': {'"web"': {'ami': '"x"', '__is_block__': True}}}]}
"""

from __future__ import annotations

import json as _json
from typing import IO, Any, Mapping, Union

from . import _native

__all__ = ["loads", "load", "dumps", "dump", "from_dict"]


def loads(text: Union[str, bytes], *, max_depth: Union[int, None] = None) -> dict:
    """A file's text in python-hcl2's shape (`max_depth`: the nesting
    limit, default 256)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return _native.compat_loads(text, max_depth)


def load(fp: IO) -> dict:
    """`loads` of a file object's content."""
    return loads(fp.read())


# ---------------------------------------------------------------------------
# Writing: python-hcl2's dict shape back to HCL.
# ---------------------------------------------------------------------------

_RESERVED = ("__is_block__", "__comments__", "__inline_comments__")


def _is_ident(s: str) -> bool:
    if not s or not (s[0].isalpha() or s[0] == "_"):
        return False
    return all(c.isalnum() or c in "_-" for c in s)


def _has_marker(v: Any) -> bool:
    """Whether `v` is, or holds, a dict marked `__is_block__`."""
    if isinstance(v, dict):
        return bool(v.get("__is_block__")) or any(_has_marker(x) for x in v.values())
    if isinstance(v, list):
        return any(isinstance(x, dict) and _has_marker(x) for x in v)
    return False


def _is_block_list(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and any(isinstance(x, dict) and _has_marker(x) for x in v)


def _key(k: Any) -> str:
    """An object key: an identifier bare, a quoted one as written, an
    expression (`${...}`) in parentheses, anything else quoted."""
    if not isinstance(k, str):
        k = str(k)
    if _is_ident(k):
        return k
    if len(k) >= 2 and k.startswith('"') and k.endswith('"'):
        return k
    if k.startswith("${") and k.endswith("}"):
        return k[2:-1]
    return _json.dumps(k, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{")


def _value(v: Any) -> str:
    """A value of python-hcl2's shape as native syntax (one line; heredocs
    end their line)."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise ValueError(f"compat.dumps: HCL has no literal for {v!r}")
        return repr(v)
    if isinstance(v, str):
        if len(v) >= 2 and v.startswith('"') and v.endswith('"'):
            inner = v[1:-1]
            if inner.startswith("<<"):
                # A heredoc, as `loads` gives it: its text in quotes.
                return inner + "\n"
            return v
        if v.startswith("${") and v.endswith("}"):
            return v[2:-1]
        # A bare name (`type = string`), as `loads` gives it.
        return v
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        items = [(k, x) for k, x in v.items() if k not in _RESERVED]
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in items) + "}"
    raise TypeError(f"compat.dumps: cannot write a {type(v).__name__}")


def _label(label: str) -> str:
    if _is_ident(label) or (len(label) >= 2 and label.startswith('"') and label.endswith('"')):
        return label
    return _json.dumps(label, ensure_ascii=False)


def _body(d: Mapping[str, Any], out: list, indent: str) -> None:
    """The items of a body, `=` aligned within each run of one-line
    attributes, a blank line around blocks (`terraform fmt`'s layout;
    the text of each value is kept as it is, directives too)."""
    run: list = []

    def flush() -> None:
        width = max((len(k) for k, _ in run), default=0)
        for k, text in run:
            out.append(f"{indent}{k.ljust(width)} = {text}\n")
        run.clear()

    previous = None
    for k, v in d.items():
        if k in _RESERVED:
            continue
        if _is_block_list(v):
            flush()
            for item in v:
                labels = []
                body = item
                while isinstance(body, dict) and not body.get("__is_block__"):
                    keys = [x for x in body if x not in _RESERVED]
                    if len(keys) != 1:
                        break
                    labels.append(keys[0])
                    body = body[keys[0]]
                if not isinstance(body, dict):
                    raise ValueError(f"compat.dumps: block {k!r} has no body")
                if previous is not None:
                    out.append("\n")
                out.append(indent + " ".join([k] + [_label(x) for x in labels]) + " {\n")
                _body(body, out, indent + "  ")
                out.append(indent + "}\n")
                previous = "block"
            continue
        if not _is_ident(k):
            raise ValueError(f"compat.dumps: {k!r} cannot be an attribute name")
        if previous == "block":
            out.append("\n")
        text = _value(v).rstrip("\n")
        if "\n" in text:
            # (A heredoc ends the run it would be aligned with.)
            flush()
            out.append(f"{indent}{k} = {text}\n")
        else:
            run.append((k, text))
        previous = "attribute"
    flush()


def dumps(data: Mapping[str, Any]) -> str:
    """HCL for a dict in python-hcl2 8.1's shape (what `loads` gives),
    indented and aligned as `terraform fmt` does (each value's text as the
    dict has it, on one line): blocks from the lists of
    dicts marked `__is_block__` (labels from the dicts between, as
    written: `'"web"'` is the quoted label), quoted strings and heredocs
    as written, `${...}` strings as their expressions, other strings as
    bare names. Comments (`__comments__`, `__inline_comments__`) are not
    written, as python-hcl2 8.1 does not write them. What it writes,
    `loads` and python-hcl2's `hcl2.loads` read back as `data`, comments
    aside.

    >>> print(dumps({"resource": [{'"aws_instance"': {'"web"': {"ami": '"x"', "count": 2, "__is_block__": True}}}]}), end="")
    resource "aws_instance" "web" {
      ami   = "x"
      count = 2
    }
    >>> print(dumps({"a": "${var.x + 1}", "t": "string", "l": [1, '"b"']}), end="")
    a = var.x + 1
    t = string
    l = [1, "b"]
    """
    if not isinstance(data, Mapping):
        raise TypeError(f"compat.dumps: expected a dict, got {type(data).__name__}")
    out: list = []
    _body(data, out, "")
    return "".join(out)


def dump(data: Mapping[str, Any], fp: IO) -> None:
    """Writes `dumps(data)` to the file object `fp`."""
    fp.write(dumps(data))


def from_dict(data: Mapping[str, Any]) -> "Document":
    """`dumps(data)` as a `hcl2rs.Document`, to edit before writing it
    (python-hcl2's `from_dict` gives its own tree)."""
    from . import Document

    return Document(dumps(data))
