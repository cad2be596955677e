"""The builder is composed of small views (issue 23): no widget class in ``ui/builder`` has more
than 30 methods, counting what it inherits from project classes, and the send's state machine
imports no widget."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

import dynoview.ui.builder as builder

pytestmark = pytest.mark.gui  # importing the widgets needs PySide6
MAX_METHODS = 30
WIDGET_FREE = ("send_flow", "controller")


def project_methods(cls: type) -> set[str]:
    """Functions and properties defined by the project's classes in ``cls``'s MRO."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass.__module__.startswith("dynoview."):
            names.update(name for name, value in vars(klass).items() if inspect.isfunction(value)
                         or isinstance(value, property | staticmethod | classmethod))
    return names


def builder_widgets() -> list[type]:
    classes = []
    for info in pkgutil.iter_modules(builder.__path__):
        module = importlib.import_module(f"{builder.__name__}.{info.name}")
        classes += [c for _, c in inspect.getmembers(module, inspect.isclass)
                    if issubclass(c, QWidget) and c.__module__ == module.__name__]
    return classes


def test_no_builder_widget_has_more_than_30_methods() -> None:
    widgets = builder_widgets()
    assert {c.__name__ for c in widgets} >= {"BuilderPanel", "ActionsPane", "SideTabs", "BuilderToolbar"}
    too_big = {c.__name__: len(project_methods(c)) for c in widgets if len(project_methods(c)) > MAX_METHODS}
    assert too_big == {}


def test_the_panel_inherits_no_project_class() -> None:
    from dynoview.ui.builder.panel import BuilderPanel

    assert [c for c in BuilderPanel.__mro__[1:] if c.__module__.startswith("dynoview.")] == []


def test_a_widget_of_31_methods_is_caught() -> None:
    big = type("Big", (QWidget,), {f"m{i}": lambda self: None for i in range(MAX_METHODS + 1)})
    big.__module__ = "dynoview.ui.builder.big"
    assert len(project_methods(big)) == MAX_METHODS + 1


@pytest.mark.parametrize("name", WIDGET_FREE)
def test_the_send_flow_imports_no_widget(name: str) -> None:
    tree = ast.parse((Path(builder.__path__[0]) / f"{name}.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    assert "PySide6.QtWidgets" not in imported and "PySide6.QtGui" not in imported
    ui_builder = {m for m in imported if m.startswith("dynoview.ui.builder.")}
    assert ui_builder <= {f"dynoview.ui.builder.{n}" for n in WIDGET_FREE}, ui_builder
