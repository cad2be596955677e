"""Spare every module imported after PySide6 a read of its own source.

PySide6 watches imports for ``from __feature__ import snake_case`` (or ``true_property``), which
switch Qt's method names per module. After each import it asks whether the new module uses
PySide6 by reading the module's whole source (``inspect.getsource``: a file read, split into
lines) and searching it for "PySide6". DynoView selects no feature, and the answer only decides
whether a module's attribute lookups on Qt types switch to its (empty) feature set or leave the
current one (also empty). Start-up imports about 140 modules after PySide6, and 18 ms of the
window's 155 ms of imports went to those reads (the connection's botocore imports after them
pay the same before the first rows).

``skip_source_scan`` answers from the module's globals instead (a Qt class or PySide6 module
among them), without reading a file. A PySide6 that no longer has the hook is left alone.
"""

from __future__ import annotations

import sys
from types import ModuleType

# Where PySide6 6.x keeps its feature module (it is also importable as PySide6.support.feature).
_FEATURE_MODULES = ("shibokensupport.feature", "PySide6.support.feature")
_QT_PACKAGES = ("PySide6", "shiboken6")


def uses_pyside(module: ModuleType) -> bool:
    """True when ``module``'s globals hold a PySide6 module or something defined in one."""
    for value in list(vars(module).values()):
        try:
            owner = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
        except Exception:  # an odd object's own __getattr__: not a Qt class
            continue
        if isinstance(owner, str) and owner.startswith(_QT_PACKAGES):
            return True
    return False


def skip_source_scan() -> bool:
    """Replace PySide6's source scan by ``uses_pyside``; False when PySide6 has no such hook."""
    for name in _FEATURE_MODULES:
        feature = sys.modules.get(name)
        if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
            feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
            return True
    return False
