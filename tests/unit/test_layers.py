"""Import contracts between the layers (docs/house-rules.md, "Layers"), enforced by ``make test``.

- ``dynoview.core`` is Qt-free: it imports neither Qt (PySide6, shiboken6, qasync, other
  bindings) nor ``dynoview.ui`` nor ``dynoview.cli``, nor the demo backend (``dynoview.demo``, moto).
- ``dynoview.cli`` never imports Qt (nor ``dynoview.ui``, which is Qt).
- ``dynoview.ui`` reaches the embedded demo backend through one entry only:
  ``dynoview.ui.demo_entry.spawn_demo`` (function-level, off the UI thread).

Two checks, because each misses what the other sees: an AST scan of every module (absolute and
relative imports, at any depth, ``importlib.import_module("...")`` with a literal name) catches
lazy imports that never run at import time; a fresh interpreter per package, importing every
module and inspecting ``sys.modules``, catches what a dependency drags in transitively.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "dynoview"

QT = ("PySide6", "shiboken6", "qasync", "PySide2", "PyQt5", "PyQt6")
#: The demo backend: the engines the app starts itself, and the servers they run.
DEMO_BACKEND = ("dynoview.demo", "moto")
#: (module, function) through which the UI may start the demo backend.
DEMO_ENTRY = ("dynoview.ui.demo_entry", "spawn_demo")

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "dynoview.core": (*QT, "dynoview.ui", "dynoview.cli", *DEMO_BACKEND),
    "dynoview.cli": (*QT, "dynoview.ui"),
}


@dataclass(frozen=True)
class Import:
    module: str  # absolute dotted name
    line: int
    function: str | None  # innermost enclosing def, None at module level


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_under(package: str) -> list[Path]:
    return sorted(p for p in (ROOT / package.replace(".", "/")).rglob("*.py")
                  if "__pycache__" not in p.parts)


def _resolve(importer: str, is_package: bool, level: int, name: str | None) -> str:
    """``from ..x import y`` in ``importer`` as an absolute module name."""
    if level == 0:
        return name or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def imports_of(path: Path, root: Path = ROOT) -> Iterator[Import]:
    """Every import in the file, wherever it sits (module, class, function, TYPE_CHECKING)."""
    importer = module_name(path, root)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def visit(node: ast.AST, function: str | None) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield Import(alias.name, child.lineno, function)
            elif isinstance(child, ast.ImportFrom):
                base = _resolve(importer, is_package, child.level, child.module)
                yield Import(base, child.lineno, function)
                # ``from dynoview.demo import backend`` imports the submodule dynoview.demo.backend.
                for alias in child.names:
                    if alias.name != "*":
                        yield Import(f"{base}.{alias.name}", child.lineno, function)
            elif (isinstance(child, ast.Call) and child.args
                  and isinstance(child.args[0], ast.Constant) and isinstance(child.args[0].value, str)
                  and _is_dynamic_import(child.func)):
                yield Import(child.args[0].value, child.lineno, function)
            yield from visit(child, inner)

    yield from visit(tree, None)


def _is_dynamic_import(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in {"__import__", "import_module"}
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def _within(name: str, roots: tuple[str, ...]) -> str | None:
    return next((r for r in roots if name == r or name.startswith(r + ".")), None)


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# ------------------------------------------------------------------ the AST scan


def test_the_scan_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The scanner itself: relative, function-level and dynamic imports all count."""
    pkg = tmp_path / "dynoview" / "core"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .. import ui\n")
    (pkg / "sample.py").write_text(
        "import os\n"
        "from ..cli import common\n"
        "def later():\n"
        "    import PySide6.QtCore\n"
        "    import importlib\n"
        "    return importlib.import_module('qasync')\n")
    found = {(i.module, i.function) for i in imports_of(pkg / "sample.py", tmp_path)}
    init = {i.module for i in imports_of(pkg / "__init__.py", tmp_path)}
    assert {("os", None), ("dynoview.cli", None), ("dynoview.cli.common", None),
            ("PySide6.QtCore", "later"), ("qasync", "later")} <= found
    assert "dynoview.ui" in init


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_forbidden_import_anywhere_in_the_source(package: str) -> None:
    banned = FORBIDDEN[package]
    offences = [f"{_rel(path)}:{imp.line} imports {imp.module}"
                for path in modules_under(package) for imp in imports_of(path)
                if _within(imp.module, banned)]
    assert not offences, (f"{package} must not import {', '.join(banned)}:\n  " + "\n  ".join(offences))


def test_ui_starts_the_demo_backend_through_one_entry() -> None:
    entry_module, entry_function = DEMO_ENTRY
    offences, entries = [], []
    for path in modules_under("dynoview.ui"):
        for imp in imports_of(path):
            if not _within(imp.module, DEMO_BACKEND):
                continue
            if module_name(path) == entry_module and imp.function == entry_function:
                entries.append(imp)
            else:
                where = f"in {imp.function}()" if imp.function else "at module level"
                offences.append(f"{_rel(path)}:{imp.line} imports {imp.module} {where}")
    assert not offences, (f"dynoview.ui must reach the demo backend only through "
                          f"{entry_module}.{entry_function}:\n  " + "\n  ".join(offences))
    assert entries, f"{entry_module}.{entry_function} no longer starts the demo: update DEMO_ENTRY"


# ------------------------------------------------------------------ fresh interpreters

# Imports the modules one by one and names the first one after which a banned package is loaded.
_PROBE = """
import importlib, json, sys
banned = json.loads(sys.argv[1])
hits = {}
for name in sys.argv[2:]:
    importlib.import_module(name)
    roots = sorted({b for b in banned for m in list(sys.modules) if m == b or m.startswith(b + ".")})
    for root in roots:
        hits.setdefault(root, name)
print(json.dumps(hits))
"""


def _loaded_after_importing(modules: list[str], banned: tuple[str, ...]) -> dict[str, str]:
    """{banned package: the first module whose import loaded it}."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                                     os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(banned), *modules], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"importing {len(modules)} modules failed:\n{done.stderr[-3000:]}"
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


RUNTIME: dict[str, tuple[str, ...]] = {**FORBIDDEN, "dynoview.ui": DEMO_BACKEND}


@pytest.mark.parametrize("package", sorted(RUNTIME))
def test_importing_every_module_loads_nothing_forbidden(package: str) -> None:
    """What the package's modules pull in at import time, dependencies included."""
    modules = [module_name(p) for p in modules_under(package)]
    loaded = _loaded_after_importing(modules, RUNTIME[package])
    assert not loaded, (f"importing every module of {package} in a fresh interpreter loaded:\n  "
                        + "\n  ".join(f"{root} (first with {module})" for root, module in loaded.items()))


# ------------------------------------------------------------------ no cycles inside core


def _core_graph(level: int) -> dict[str, set[str]]:
    """Imports between core modules (``level`` 0) or core packages (``level`` 1), lazy ones included.

    A package here is ``dynoview.core.<name>``; the two base modules (``errors``, ``redaction``)
    count as packages of their own.
    """
    modules = {module_name(p): p for p in modules_under("dynoview.core")}

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if not name or name == "dynoview.core":
            return None
        return ".".join(name.split(".")[:3]) if level else name

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        source = owner(name)
        if source is None:
            continue
        for imp in imports_of(path):
            target = owner(imp.module)
            if target is not None and target != source and not target.endswith("__init__"):
                graph.setdefault(source, set()).add(target)
            graph.setdefault(source, set())
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("level", [0, 1], ids=["modules", "packages"])
def test_core_has_no_import_cycles(level: int) -> None:
    """Not even through function-level imports: a lazy import that hides a cycle still is one."""
    cycles = _cycles(_core_graph(level))
    assert not cycles, "import cycles in dynoview.core:\n  " + "\n  ".join(" <-> ".join(c) for c in cycles)


# ------------------------------------------------------------------ module size

MAX_LINES = 500
#: A module may run longer when its docstring says why, in a sentence starting with this.
LONG_BECAUSE = "Long because"


def test_no_module_runs_long_without_a_reason() -> None:
    offences = []
    for package in ("dynoview.core", "dynoview.cli", "dynoview.ui", "dynoview.demo"):
        for path in modules_under(package):
            text = path.read_text(encoding="utf-8")
            lines = text.count("\n")
            if lines > MAX_LINES and LONG_BECAUSE not in (ast.get_docstring(ast.parse(text)) or ""):
                offences.append(f"{_rel(path)}: {lines} lines")
    assert not offences, (f"modules over {MAX_LINES} lines need a split or a '{LONG_BECAUSE} ...' "
                          "sentence in their docstring:\n  " + "\n  ".join(offences))
