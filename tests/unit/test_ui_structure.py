"""The UI's structure (issue 23; docs/house-rules.md, "Widgets"): widgets compose smaller views
instead of growing by inheritance, and ``dynoview.ui`` modules do not import each other in a cycle.

- No QWidget subclass in ``dynoview.ui`` has more than ``MAX_METHODS`` methods, counting those it
  inherits from the project's own classes (layout bases, mixins) and not Qt's.
- No import cycle among ``dynoview.ui`` modules, through module-level or function-level imports
  (a lazy import that hides a cycle still is one). Each cycle is reported as a path of imports
  with the file and line of each.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from tests.unit.test_layers import ROOT, _cycles, _resolve, module_name, modules_under

MAX_METHODS = 30
PROJECT = "dynoview."


# ------------------------------------------------------------------ methods per widget


def project_methods(cls: type) -> set[str]:
    """Names of the functions ``cls`` defines or inherits from the project's classes (Qt's and
    Python's own are not counted); an override counts once."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith(PROJECT):
            continue
        for name, value in vars(klass).items():
            if isinstance(value, staticmethod | classmethod):
                value = value.__func__
            if inspect.isfunction(value):
                names.add(name)
    return names


def widget_classes() -> list[type]:
    """Every QWidget subclass defined in a ``dynoview.ui`` module."""
    from PySide6.QtWidgets import QWidget

    found: dict[str, type] = {}
    for path in modules_under("dynoview.ui"):
        module = importlib.import_module(module_name(path))
        for cls in vars(module).values():
            if (isinstance(cls, type) and issubclass(cls, QWidget)
                    and cls.__module__ == module.__name__):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[name] for name in sorted(found)]


def test_the_method_count_includes_project_bases_and_not_qt() -> None:
    from PySide6.QtWidgets import QWidget

    class Layout(QWidget):
        def build(self) -> None: ...
        def resizeEvent(self, event: object) -> None: ...

    class Panel(Layout):
        def __init__(self) -> None:
            super().__init__()

        def resizeEvent(self, event: object) -> None: ...

        @staticmethod
        def helper() -> None: ...

    Layout.__module__ = Panel.__module__ = "dynoview.ui.sample"
    assert project_methods(Panel) == {"__init__", "build", "resizeEvent", "helper"}
    assert "show" not in project_methods(Panel)  # Qt's own


def test_no_widget_has_more_than_30_methods() -> None:
    counts = {cls: len(project_methods(cls)) for cls in widget_classes()}
    assert len(counts) > 20, "the scan found too few widgets: is dynoview.ui importable?"
    offences = sorted(((n, f"{c.__module__}.{c.__qualname__}") for c, n in counts.items()
                       if n > MAX_METHODS), reverse=True)
    assert not offences, (f"widgets with more than {MAX_METHODS} methods (inherited from the project's "
                          "classes included): compose smaller views instead\n  "
                          + "\n  ".join(f"{name}: {n} methods" for n, name in offences))


# ------------------------------------------------------------------ import cycles


@dataclass(frozen=True)
class Edge:
    target: str
    where: str  # "dynoview/ui/app.py:12"
    function: str | None  # innermost enclosing def; None at module level


def ui_import_graph(root: Path = ROOT) -> dict[str, dict[str, Edge]]:
    """{module: {imported ui module: the first import of it}}, lazy imports included.

    ``from dynoview.ui.window import layout`` is an edge to ``dynoview.ui.window.layout``, not to
    the package: the package's ``__init__`` runs, but it only names what its modules define.
    """
    paths = {module_name(p, root): p for p in modules_under_root(root)}

    def owner(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name if name.startswith("dynoview.ui") else None

    graph: dict[str, dict[str, Edge]] = {}
    for importer, path in paths.items():
        edges = graph.setdefault(importer, {})
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = str(path.relative_to(root))
        for node, function in _walk(tree, None):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(importer, path.name == "__init__.py", node.level, node.module)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base
                           for a in node.names]
            for target in filter(None, map(owner, targets)):
                if target != importer and target not in edges:
                    edges[target] = Edge(target, f"{where}:{node.lineno}", function)
    return graph


def modules_under_root(root: Path) -> list[Path]:
    return sorted(p for p in (root / "dynoview" / "ui").rglob("*.py") if "__pycache__" not in p.parts)


def _walk(node: ast.AST, function: str | None) -> list[tuple[ast.Import | ast.ImportFrom, str | None]]:
    found: list[tuple[ast.Import | ast.ImportFrom, str | None]] = []
    for child in ast.iter_child_nodes(node):
        inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
        if isinstance(child, ast.Import | ast.ImportFrom):
            found.append((child, function))
        found += _walk(child, inner)
    return found


def shortest_cycle(graph: dict[str, dict[str, Edge]], members: list[str],
                   start: str) -> list[tuple[str, Edge]]:
    """A shortest cycle through ``start`` inside its strongly connected component (BFS)."""
    inside = set(members)
    came: dict[str, tuple[str, Edge]] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target, edge in graph.get(node, {}).items():
            if target not in inside:
                continue
            if target == start:
                path = [(node, edge)]
                while node != start:
                    node, back = came[node]
                    path.append((node, back))
                return path[::-1]
            if target not in came:
                came[target] = (node, edge)
                queue.append(target)
    return []


def describe_cycles(graph: dict[str, dict[str, Edge]]) -> list[str]:
    """Each cycle: for every module of a tangle (a strongly connected component), the shortest
    cycle through it, once each, with the file and line of every import on it."""
    simple = {name: set(edges) for name, edges in graph.items()}
    lines = []
    for members in _cycles(simple):
        seen: set[frozenset[tuple[str, str]]] = set()
        for start in members:
            steps = shortest_cycle(graph, members, start)
            edges = frozenset((src, edge.target) for src, edge in steps)
            if not steps or edges in seen:
                continue
            seen.add(edges)
            lines.append(" -> ".join([*(src for src, _ in steps), start]))
            for _src, edge in steps:
                how = f"in {edge.function}()" if edge.function else "at module level"
                lines.append(f"    {edge.where} imports {edge.target} {how}")
    return lines


def test_the_cycle_report_names_each_import(tmp_path: Path) -> None:
    ui = tmp_path / "dynoview" / "ui"
    (ui / "window").mkdir(parents=True)
    for init in (tmp_path / "dynoview" / "__init__.py", ui / "__init__.py", ui / "window" / "__init__.py"):
        init.write_text("")
    (ui / "main_window.py").write_text("from dynoview.ui.window import layout\n")
    (ui / "window" / "layout.py").write_text("def build():\n    from ..main_window import MainWindow\n")
    (ui / "window" / "menus.py").write_text("from dynoview.ui.window.layout import build\n")
    graph = ui_import_graph(tmp_path)
    assert set(graph["dynoview.ui.window.menus"]) == {"dynoview.ui.window.layout"}
    report = describe_cycles(graph)
    assert report[0] == "dynoview.ui.main_window -> dynoview.ui.window.layout -> dynoview.ui.main_window"
    assert len(report) == 3  # one cycle, reported once (not again from layout)
    assert "    dynoview/ui/window/layout.py:2 imports dynoview.ui.main_window in build()" in report


def test_no_import_cycle_in_ui() -> None:
    graph = ui_import_graph()
    assert len(graph) > 50, "the scan found too few dynoview.ui modules"
    report = describe_cycles(graph)
    assert not report, "import cycles among dynoview.ui modules:\n  " + "\n  ".join(report)
