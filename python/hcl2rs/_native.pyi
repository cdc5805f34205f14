"""Type stubs of the compiled part of hcl2rs (see hcl2rs for the API)."""

from typing import Any, Callable, Optional

class HCLError(ValueError):
    line: Optional[int]
    column: Optional[int]
    filename: Optional[str]
    @property
    def diagnostics(self) -> list[dict]: ...

def loads(
    text: str,
    filename: Optional[str] = None,
    variables: Optional[str] = None,
    strict: bool = False,
    allow_files: Optional[str] = None,
    parse_float: Optional[Callable[[str], Any]] = None,
    max_depth: Optional[int] = None,
) -> dict: ...
def load_dir(
    path: str,
    extensions: Optional[list[str]] = None,
    variables: Optional[str] = None,
    strict: bool = False,
    allow_files: Optional[str] = None,
    module: bool = False,
    var_files: list[str] = ...,
    var_values: list[tuple[str, str]] = ...,
    parse_float: Optional[Callable[[str], Any]] = None,
    max_depth: Optional[int] = None,
    tool: Optional[str] = None,
    env: list[tuple[str, str]] = ...,
    unknown_missing: bool = False,
) -> dict: ...
def plan(
    path: str,
    var_files: list[str] = ...,
    var_values: list[tuple[str, str]] = ...,
    validate: bool = False,
    unknown_missing: bool = False,
    workspace: Optional[str] = None,
    allow_files: bool = False,
    parse_float: Optional[Callable[[str], Any]] = None,
    env: list[tuple[str, str]] = ...,
    configuration: bool = True,
) -> dict: ...
def dumps_json(json: str) -> str: ...
def format(text: str) -> str: ...
def evaluate_json(expr: str, variables: Optional[str] = None) -> str: ...
def references_json(
    text: str, filename: Optional[str] = None, max_depth: Optional[int] = None
) -> str: ...
def compat_loads(text: str, max_depth: Optional[int] = None) -> dict: ...

class Document:
    def __init__(self, text: str) -> None: ...
    def get_all(self, address_: str) -> list[str]: ...
    def blocks(self, address_: str) -> list[str]: ...
    def set(self, address_: str, expression: str) -> int: ...
    def set_value_json(self, address_: str, json: str) -> int: ...
    def remove(self, address_: str) -> int: ...
