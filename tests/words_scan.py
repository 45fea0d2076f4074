"""Finding string literals a player could read outside the catalogue's functions.

A literal counts as player text when it is long enough to say something (a letter and a
space, or any letter where a keyword such as ``label=`` or ``content=`` shows it is shown),
and it is not a docstring, a log message, a developer's exception, a custom id, SQL, a format
spec, a dictionary key or a comparison with a code. Literals inside ``_()``, ``ngettext()``,
``N_()``, ``pgettext()``, ``npgettext()`` and ``locale_str()`` are worded by the catalogue.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the calls whose text arguments are worded by the catalogue
WORDING = {"_", "ngettext", "N_", "pgettext", "npgettext", "gettext", "locale_str"}
#: calls whose texts are for the people running the bot, not for players
LOGGING = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
DEVELOPER_ERRORS = {
    "TypeError",
    "ValueError",
    "KeyError",
    "RuntimeError",
    "AssertionError",
    "NotImplementedError",
    "AttributeError",
    "IndexError",
    "LookupError",
    "OSError",
    "SystemExit",
    "InvalidState",
    "StoreError",
    "ConfigError",
    "InvalidDump",
}
#: keywords whose values a player reads whatever their length
SHOWN = {"label", "placeholder", "content", "title", "name", "value", "text", "description"}
#: keywords whose values nobody reads as words
HIDDEN = {"custom_id", "url", "filename", "emoji", "style", "format", "help", "metavar", "dest"}
_SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA|WITH|BEGIN)\b", re.I)
_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True)
class Found:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _text(node: ast.expr) -> str | None:
    """The words of a literal (an f-string's fixed parts, its fields as ``{}``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value if isinstance(v, ast.Constant) else "{}" for v in node.values
        )
    return None


def _wordy(text: str, shown: bool) -> bool:
    if _SQL.match(text) or not _WORD.search(text):
        return False
    bare = re.sub(r"\{[^{}]*\}|<[^<>]*>|`[^`]*`|https?://\S+|[%:/][\w.-]+", "", text)
    if not _WORD.search(bare):
        return False
    return shown or (" " in bare.strip())


class _Scan(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[Found] = []
        self.skip: set[int] = set()

    def _skip_all(self, node: ast.AST | None) -> None:
        if node is None:
            return
        for inner in ast.walk(node):
            self.skip.add(id(inner))

    def visit_Module(self, node: ast.Module) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def _docstring(self, node: ast.AST) -> None:
        for stmt in getattr(node, "body", []):
            if isinstance(stmt, ast.Expr) and _text(stmt.value) is not None:
                self._skip_all(stmt)  # docstrings, and strings left as comments

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._docstring(node)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        owner = node.func.value if isinstance(node.func, ast.Attribute) else None
        if name in WORDING:
            self._skip_all(node)
        elif name in LOGGING and owner is not None and "log" in ast.unparse(owner).lower():
            self._skip_all(node)
        elif name in DEVELOPER_ERRORS or name in {"add_argument", "ArgumentParser"}:
            self._skip_all(node)
        else:
            for kw in node.keywords:
                if kw.arg in HIDDEN:
                    self._skip_all(kw.value)
                elif kw.arg in SHOWN:
                    self._shown(kw.value)
        self.generic_visit(node)

    def _shown(self, value: ast.expr) -> None:
        text = _text(value)
        if text is not None and id(value) not in self.skip and _wordy(text, shown=True):
            self._report(value, text)
            self._skip_all(value)

    def visit_Dict(self, node: ast.Dict) -> None:
        for key in node.keys:
            self._skip_all(key)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self._skip_all(node.slice)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        self._skip_all(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        self._skip_all(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if id(node) in self.skip or not isinstance(node.value, str):
            return
        if _wordy(node.value, shown=False):
            self._report(node, node.value)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        if id(node) in self.skip:
            return
        text = _text(node) or ""
        if _wordy(text, shown=False):
            self._report(node, text)
            self._skip_all(node)
        self.generic_visit(node)

    def _report(self, node: ast.AST, text: str) -> None:
        self.found.append(Found(self.path, getattr(node, "lineno", 0), text))


def files(targets: list[str]) -> Iterator[Path]:
    for target in targets:
        path = ROOT / target
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def scan(targets: list[str]) -> list[Found]:
    """Every literal a player could read, outside the catalogue's functions."""
    out: list[Found] = []
    for path in files(targets):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        visitor = _Scan(str(path.relative_to(ROOT)))
        visitor.visit(tree)
        out.extend(visitor.found)
    return out
