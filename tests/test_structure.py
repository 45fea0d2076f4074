"""The code's shape: no import circle among the project's modules, short functions where the
runtime lives, short files everywhere, benchmarks independent of the tests."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the packages whose modules may not import each other in a circle
PACKAGES = ("games", "render", "bot", "cogs", "words", "fakediscord", "bench", "ranchtest")
#: where no function may be longer than this many lines
SHORT_FUNCTIONS = ("bot", "cogs", "fakediscord")
MAX_FUNCTION = 80
MAX_FILE = 600
SKIP_DIRS = {".venv", "build", "dist", "node_modules", "__pycache__"}


def project_files() -> Iterator[Path]:
    """Every .py file of the project, tests and benchmarks included."""
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if any(p in SKIP_DIRS or p.startswith(".") or p.endswith(".egg-info") for p in parts):
            continue
        yield path


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(path)] = path
    return found


def imported(tree: ast.Module, name: str, is_package: bool) -> Iterator[tuple[str, str | None]]:
    """Every import in a module, wherever it stands (in functions, under ``TYPE_CHECKING``):
    (the module named, the name taken from it or None)."""
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                yield base, alias.name


def resolve(target: str, taken: str | None, importer: str, known: dict[str, Path]) -> str | None:
    """The project module an import reaches: ``from a import b`` reaches module ``a.b`` when
    there is one, else ``a``; a benchmark's bare ``import analysis`` reaches ``bench.analysis``
    (the benchmarks run as scripts from their folder)."""
    candidates = []
    if taken is not None:
        candidates.append(f"{target}.{taken}")
    candidates.append(target)
    if importer.startswith("bench."):
        candidates += [f"bench.{c}" for c in list(candidates)]
    for candidate in candidates:
        if candidate in known:
            return candidate
    return None


def import_graph() -> dict[str, set[str]]:
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for target, taken in imported(tree, name, path.name == "__init__.py"):
            reached = resolve(target, taken, name, known)
            if reached is not None and reached != name:
                graph[name].add(reached)
                graph[name] |= initialised(reached, name, known)
    return graph


def initialised(reached: str, importer: str, known: dict[str, Path]) -> set[str]:
    """The packages importing ``reached`` runs first: each enclosing package's ``__init__``
    (``from a.b import c`` runs ``a/b/__init__.py``), but for the importer's own packages,
    which are already being imported when it runs."""
    parts = reached.split(".")
    own = {".".join(importer.split(".")[:k]) for k in range(1, importer.count(".") + 2)}
    return {
        package
        for package in (".".join(parts[:k]) for k in range(1, len(parts)))
        if package in known and package not in own
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert not found, "import circles (TYPE_CHECKING and function-local imports count):\n" + (
        "\n".join(" <-> ".join(group) for group in found)
    )


def test_the_circle_finder_sees_circles_through_local_and_type_checking_imports() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot import b\n"
    taken = list(imported(ast.parse(source), "bot.a", False))
    assert ("bot", "b") in taken
    local = list(imported(ast.parse("def f():\n    from . import a\n"), "bot.b", False))
    assert local == [("bot", "a")]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def long_functions() -> Iterator[str]:
    for package in SHORT_FUNCTIONS:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    length = (node.end_lineno or node.lineno) - node.lineno + 1
                    if length > MAX_FUNCTION:
                        where = path.relative_to(ROOT)
                        yield f"{where}:{node.lineno} {node.name} ({length} lines)"


def test_no_long_function_in_the_runtime() -> None:
    found = list(long_functions())
    assert not found, f"functions over {MAX_FUNCTION} lines:\n" + "\n".join(found)


def test_no_long_file() -> None:
    found = []
    for path in project_files():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_FILE:
            found.append(f"{path.relative_to(ROOT)} ({lines} lines)")
    assert not found, f"files over {MAX_FILE} lines:\n" + "\n".join(found)


def test_benchmarks_import_nothing_from_the_tests() -> None:
    found = []
    for path in sorted((ROOT / "bench").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for target, _ in imported(tree, module_name(path), False):
            if target == "tests" or target.startswith("tests."):
                found.append(f"{path.relative_to(ROOT)}: {target}")
    assert not found, "bench/ imports the tests:\n" + "\n".join(found)
