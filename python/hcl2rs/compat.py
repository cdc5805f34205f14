"""python-hcl2 compatibility: `loads` gives what python-hcl2 8.1's
`hcl2.loads` gives with its default options (its quoted labels and string
values, `__is_block__` markers, blocks as lists, `__comments__`,
expressions re-printed its way), hundreds of times faster.

>>> loads('resource "aws_instance" "web" {\\n  ami = "x"\\n}\\n')
{'resource': [{'"aws_instance"': {'"web"': {'ami': '"x"', '__is_block__': True}}}]}
"""

from __future__ import annotations

from typing import IO, Any, Union

from . import _native

__all__ = ["loads", "load"]


def loads(text: Union[str, bytes]) -> dict:
    """A file's text in python-hcl2's shape."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return _native.compat_loads(text)


def load(fp: IO) -> dict:
    """`loads` of a file object's content."""
    return loads(fp.read())
