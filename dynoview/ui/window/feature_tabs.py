"""The window's tabs: Items first, then the feature panels, each built when first opened (so
the window appears without importing what the user has not asked for).

Opening a tab puts the keyboard focus in its first field: Qt would otherwise hand it to the
next widget in the window's focus chain, the Tables dock's filter.
"""

from __future__ import annotations

import importlib
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP

# The feature tabs after Items: (module, class, tab title; "&&" shows one "&").
FEATURE_TABS: list[tuple[str, str, str]] = [
    ("dynoview.ui.locks.panel", "LocksPanel", QT_TRANSLATE_NOOP("window.feature_tabs", "Accounts && locks")),
    ("dynoview.ui.builder", "BuilderPanel", QT_TRANSLATE_NOOP("window.feature_tabs", "Transaction builder")),
    ("dynoview.ui.stream.panel", "StreamPanel", QT_TRANSLATE_NOOP("window.feature_tabs", "Stream")),
    ("dynoview.ui.scans.ttl_timeline_panel", "TtlTimelinePanel", QT_TRANSLATE_NOOP(
        "window.feature_tabs", "TTL timeline")),
    ("dynoview.ui.scans.capacity_panel", "CapacityPanel", QT_TRANSLATE_NOOP(
        "window.feature_tabs", "Capacity && partitions")),
    ("dynoview.ui.partiql.panel", "PartiqlPanel", "PartiQL"),
]
_FIELDS = (QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit, QTextEdit)


def first_field(panel: QWidget) -> QWidget | None:
    """The panel's own choice (``first_field()``, or its focus proxy), else the first enabled,
    visible input in its focus chain, else its first focusable widget."""
    chosen = getattr(panel, "first_field", None)
    widget = chosen() if callable(chosen) else panel.focusProxy()
    if isinstance(widget, QWidget) and widget.isEnabled():
        return widget
    fallback = None
    widget = panel.nextInFocusChain()
    for _ in range(2000):  # the chain is a ring through the whole window
        if widget is panel or widget is None:
            break
        if panel.isAncestorOf(widget) and widget.isVisible() and widget.isEnabled() \
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            if isinstance(widget, _FIELDS):
                return widget
            fallback = fallback or widget
        widget = widget.nextInFocusChain()
    return fallback


class FeatureTabs:
    """Owns the ``QTabWidget``; ``feature(name)`` builds a panel on demand."""

    def __init__(self, ctx: AppContext, items_panel: QWidget) -> None:
        self.ctx = ctx
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(items_panel, QCoreApplication.translate("FeatureTabs", "Items"))
        self.features: dict[str, QWidget] = {}
        self._switch_focus: QWidget | None = None
        self._lazy: dict[int, tuple[str, str]] = {}
        for module_name, class_name, title in FEATURE_TABS:
            index = self.tabs.addTab(QWidget(), QCoreApplication.translate("window.feature_tabs", title))
            self._lazy[index] = (module_name, class_name)
        self.tabs.currentChanged.connect(self._opened)

    def _opened(self, index: int) -> None:
        self._build(index)
        panel = self.tabs.widget(index)
        # Where Qt's page switch put the focus (its first focusable child, or the page itself,
        # when the focus was on the page left): not a choice to keep.
        self._switch_focus = QApplication.focusWidget()
        if panel is not None:
            QTimer.singleShot(0, lambda: self.focus_first_field(panel))

    def focus_first_field(self, panel: QWidget) -> None:
        """Unless a command already put the focus inside ``panel`` (Diagnose a value…)."""
        if self.tabs.currentWidget() is not panel:
            return
        focused = QApplication.focusWidget()
        if focused is not None and focused is not panel and panel.isAncestorOf(focused) \
                and focused is not self._switch_focus:
            return
        field = first_field(panel)
        if field is not None:
            field.setFocus(Qt.FocusReason.TabFocusReason)

    def _build(self, index: int) -> None:
        spec = self._lazy.pop(index, None)
        if spec is None:
            return
        module_name, class_name = spec
        panel = getattr(importlib.import_module(module_name), class_name)(self.ctx)
        self.features[class_name] = panel
        title = self.tabs.tabText(index)
        placeholder = self.tabs.widget(index)
        self.tabs.blockSignals(True)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, panel, title)
        self.tabs.setCurrentIndex(index)
        self.tabs.blockSignals(False)
        if placeholder is not None:
            placeholder.deleteLater()

    def feature(self, class_name: str) -> Any:
        """A feature panel by class name (``FEATURE_TABS``), built now if it was not yet."""
        for index, (_module, name) in list(self._lazy.items()):
            if name == class_name:
                current = self.tabs.currentIndex()
                self._build(index)
                self.tabs.blockSignals(True)  # built in the background: the focus stays put
                self.tabs.setCurrentIndex(current)
                self.tabs.blockSignals(False)
        return self.features[class_name]

    def show(self, widget: QWidget) -> None:
        self.tabs.setCurrentWidget(widget)

    def show_index(self, index: int) -> None:
        """A tab by number (Alt+1…): its first field gets the focus; none past the last tab."""
        if not 0 <= index < self.tabs.count():
            return
        self.tabs.setCurrentIndex(index)
        panel = self.tabs.currentWidget()
        if panel is not None:
            self.focus_first_field(panel)
