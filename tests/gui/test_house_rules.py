"""The house rules for the Qt layer (docs/house-rules.md, "Widgets"), checked over every module
of dynoview.ui:

- widgets stay synchronous: no ``async def`` on a QWidget subclass (async work lives in the
  controllers, QObjects the panels connect to, which tests can drive);
- no nested event loops: no ``exec()`` call (dialogs open with ``open()`` and answer through
  ``finished``; menus with ``popup()``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

pytestmark = pytest.mark.gui

UI = Path(__file__).resolve().parents[2] / "dynoview" / "ui"


def _modules() -> list[str]:
    return sorted("dynoview." + ".".join(p.relative_to(UI.parent).with_suffix("").parts)
                  .removesuffix(".__init__") for p in UI.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_checks_see_the_whole_ui() -> None:
    modules = _modules()
    assert "dynoview.ui.items.controller" in modules and len(modules) > 50


def test_no_widget_holds_an_async_method(qapp) -> None:
    offences = []
    controllers = 0
    for name in _modules():
        module = importlib.import_module(name)
        for cls_name, cls in vars(module).items():
            if not inspect.isclass(cls) or cls.__module__ != name:
                continue
            coroutines = [m for m, f in vars(cls).items() if inspect.iscoroutinefunction(f)]
            if not coroutines:
                continue
            if issubclass(cls, QWidget):
                offences.append(f"{name}.{cls_name}: async def {', '.join(coroutines)}")
            else:
                controllers += 1
    assert not offences, "widgets must stay synchronous:\n  " + "\n  ".join(offences)
    assert controllers >= 8  # the controllers do hold the async work


def test_no_nested_event_loop() -> None:
    offences = []
    for path in UI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for call in ast.walk(node):
                    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                            and call.func.attr in {"exec", "exec_"}):
                        offences.append(f"{path.relative_to(UI.parent)}:{call.lineno} in {node.name}()")
    assert not offences, "exec() runs a nested event loop; use open()/popup():\n  " + "\n  ".join(
        sorted(set(offences)))
