"""PySide6's source scan of each imported module is answered from the module's globals."""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6  # noqa: F401 - loads PySide6's feature module
import pytest

from dynoview.ui import pyside_imports
from dynoview.ui.pyside_imports import skip_source_scan, uses_pyside


def _module(**values: object) -> ModuleType:
    module = ModuleType("probe")
    vars(module).update(values)
    return module


def test_modules_holding_qt_classes_or_modules_use_pyside() -> None:
    from PySide6 import QtCore
    from PySide6.QtCore import QObject

    assert uses_pyside(_module(QObject=QObject))
    assert uses_pyside(_module(QtCore=QtCore))
    assert not uses_pyside(_module(json=sys.modules["json"], answer=42, fn=len))


def test_an_odd_global_is_not_a_qt_class() -> None:
    class Odd:
        def __getattribute__(self, name: str) -> object:
            raise RuntimeError("no attributes here")

    assert not uses_pyside(_module(odd=Odd()))


def test_the_scan_is_replaced_in_pyside6(monkeypatch: pytest.MonkeyPatch) -> None:
    feature = next(sys.modules[name] for name in pyside_imports._FEATURE_MODULES if name in sys.modules)
    monkeypatch.setattr(feature, "_mod_uses_pyside", feature._mod_uses_pyside)
    assert skip_source_scan()
    assert feature._mod_uses_pyside is uses_pyside


def test_a_pyside6_without_the_hook_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in pyside_imports._FEATURE_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert not skip_source_scan()
