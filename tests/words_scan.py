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
    # start-up and background failures: for whoever runs the bot, logged or printed
    "OpenError",
    "CopyError",
    "WorkerError",
    "RenderError",
    "MetricsError",
    # the rules' own: a game or level no command offers, a test's scripted dice gone wrong, a
    # broken data file shipped with a game
    "UnknownPolicy",
    "ScriptExhausted",
    "ScriptMismatch",
    "DataError",
}
#: names whose values are the move notation (the action log's format, the same in every
#: language) or the words typed moves accept: read from players, never shown as prose
NOTATION = {"notation", "NOTATION", "_PLURAL"}
#: command-line parsing: for whoever runs the bot
OPERATOR_CALLS = {"add_argument", "ArgumentParser", "add_parser", "add_argument_group"}
#: names of tasks, loggers and threads
INTERNAL_CALLS = {"create_task", "getLogger", "Thread", "Task"}
#: slash-command names, descriptions and choice names: discord.py hands each of them to the
#: command tree's ``app_commands.Translator`` when the commands are synced
TRANSLATOR_CALLS = {"command", "describe", "Choice", "Command", "Group", "rename", "choices"}
NOT_FOR_PLAYERS = OPERATOR_CALLS | TRANSLATOR_CALLS | INTERNAL_CALLS
#: keywords whose values a player reads whatever their length

SHOWN = {"label", "placeholder", "content", "title", "name", "value", "text", "description"}
#: keywords whose values nobody reads as words
HIDDEN = {"custom_id", "url", "filename", "emoji", "style", "format", "help", "metavar", "dest"}
_SQL = re.compile(
    r"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA|BEGIN|FROM|WHERE|VALUES|ORDER BY"
    r"|LIMIT|OFFSET|RETURNING|COALESCE|IS NULL|ON CONFLICT|PRIMARY KEY|PRECISION|AND|OR|IN|AS)\b"
    r"|\w = (\?|')"
)
#: column lists (``match_id, seat``), qualified names, regular expressions
_CODE = re.compile(r"^[\w.]+(,\s*[\w.]+)*$|\\[sdwb(]|\(\?|\[[A-Za-z0-9]-")
_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True)
class Found:
    path: str
    line: int
    text: str
    #: the function (or class) it is in, dotted; "" at module level
    where: str = ""

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
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _wordy(text: str, shown: bool) -> bool:
    if _SQL.search(text) or not _WORD.search(text):
        return False
    if not shown and _CODE.search(text.strip()):
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
        self.where: list[str] = []

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
        self.where.append(node.name)
        self.generic_visit(node)
        self.where.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._docstring(node)
        self.where.append(node.name)
        for kw in node.keywords:  # a command group's name and description (the Translator's)
            self._skip_all(kw.value)
        self.generic_visit(node)
        self.where.pop()

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        owner = node.func.value if isinstance(node.func, ast.Attribute) else None
        logging = name in LOGGING and owner is not None and "log" in ast.unparse(owner).lower()
        if logging or name in WORDING | DEVELOPER_ERRORS | NOT_FOR_PLAYERS:
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

    def visit_Assign(self, node: ast.Assign) -> None:
        if any(isinstance(t, ast.Name) and t.id in NOTATION for t in node.targets):
            self._skip_all(node.value)
        self.generic_visit(node)

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
        where = ".".join(self.where)
        self.found.append(Found(self.path, getattr(node, "lineno", 0), text, where))


def files(targets: list[str]) -> Iterator[Path]:
    for target in targets:
        path = ROOT / target
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def scan(targets: list[str], allowed: dict[tuple[str, str], str] | None = None) -> list[Found]:
    """Every literal a player could read, outside the catalogue's functions, except those in
    ``allowed``: (file or folder, function or "*") -> the reason."""
    out: list[Found] = []
    for path in files(targets):
        found = scan_source(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
        out.extend(f for f in found if not _allowed(f, allowed or {}))
    return out


def scan_source(source: str, path: str = "<source>") -> list[Found]:
    """The player text of one module's source."""
    visitor = _Scan(path)
    visitor.visit(ast.parse(source, filename=path))
    return visitor.found


def _allowed(found: Found, allowed: dict[tuple[str, str], str]) -> bool:
    for (where, function), _reason in allowed.items():
        in_file = found.path == where or found.path.startswith(where.rstrip("/") + "/")
        top = found.where.split(".")
        if in_file and (function == "*" or function in (found.where, top[-1], top[0])):
            return True
    return False
