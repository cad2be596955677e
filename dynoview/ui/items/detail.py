"""The selected item as DynamoDB JSON and as plain JSON, copyable.

Built lazily, so selecting a 400 KB item nested 32 levels deep stays instant: the attribute
tree builds its first ``TREE_BUDGET`` nodes (a small item whole), the rest when a node is
expanded, ``TREE_BATCH`` members at a time; each JSON tab builds its text when it is first
shown or read, and shows at most ``TEXT_LIMIT`` characters of it (that item is 28 MB of
indented DynamoDB JSON, 4.5 s to format and lay out; "Copy as JSON" still copies it whole).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label, plain_tooltip

if TYPE_CHECKING:  # imported with the first item shown (``_import_value_code``)
    from dynoview.core.ttl.expiry import TtlState
    from dynoview.core.values.display import display_text
    from dynoview.core.values.dynamodb_json import dynamodb_json, to_dynamodb_json
    from dynoview.core.values.plain import plain_json
    from dynoview.core.values.types import type_code
    from dynoview.core.values.visible_text import visible

_SET_TYPES = {"SS", "NS", "BS"}
TREE_BUDGET = 200  # nodes built when an item is shown (breadth first)
TREE_BATCH = 500  # members of one map, list or set built at a time
# Characters of JSON shown in a tab (about 3,000 lines): 200,000 took 130 ms to lay out and paint.
TEXT_LIMIT = 50_000
CUT_NOTE = QT_TRANSLATE_NOOP("items.detail", "\n… cut here for display; Copy as JSON copies the whole item.")
_value_code = False  # ``_import_value_code`` ran


def _import_value_code() -> None:
    """Import the value code the pane shows an item with: with the first item, not before the
    window's first paint (an empty pane needs none of it; issue 19)."""
    global display_text, dynamodb_json, to_dynamodb_json, plain_json, type_code, visible, _value_code
    if _value_code:
        return
    from dynoview.core.values.display import display_text
    from dynoview.core.values.dynamodb_json import dynamodb_json, to_dynamodb_json
    from dynoview.core.values.plain import plain_json
    from dynoview.core.values.types import type_code
    from dynoview.core.values.visible_text import visible

    _value_code = True


def _shown(chunks: Iterable[str], limit: int = TEXT_LIMIT) -> str:
    """The text of ``chunks`` up to ``limit`` characters (reading no more chunks than that)."""
    parts: list[str] = []
    length = 0
    for chunk in chunks:
        parts.append(chunk)
        length += len(chunk)
        if length > limit:
            return "".join(parts)[:limit] + QCoreApplication.translate("items.detail", CUT_NOTE)
    return "".join(parts)


class _LazyMap(dict):  # type: ignore[type-arg]
    """A map of AttributeValues that json's encoder walks as a dict, each value converted to
    DynamoDB JSON as it is written: the tab stops writing at ``TEXT_LIMIT``, so a large item is
    never converted whole (converting the deep benchmark item first took most of its 160 ms)."""

    def __init__(self, members: dict[str, Any]) -> None:
        super().__init__()
        self._members = members

    def __len__(self) -> int:
        return len(self._members)

    def items(self) -> Iterator[tuple[str, Any]]:  # type: ignore[override]
        return ((name, _lazy_json(av)) for name, av in self._members.items())


class _LazyList(list):  # type: ignore[type-arg]
    """A list of AttributeValues, converted as json's encoder reaches each one."""

    def __init__(self, members: list[Any]) -> None:
        super().__init__()
        self._members = members

    def __len__(self) -> int:
        return len(self._members)

    def __iter__(self) -> Iterator[Any]:
        return map(_lazy_json, self._members)


def _lazy_json(av: dict[str, Any]) -> Any:
    """``to_dynamodb_json(av)``, with maps and lists converted only as far as they are read."""
    code = type_code(av)
    if code == "M":
        return {"M": _LazyMap(av["M"])}
    if code == "L":
        return {"L": _LazyList(av["L"])}
    return to_dynamodb_json(av)


def ddb_json_shown(item: dict[str, Any]) -> str:
    """``dynamodb_json(item)`` as the tab shows it, converted and formatted only as far as it
    is shown (the indenting encoder is json's pure Python one, which walks these lazily)."""
    import json  # with the first item shown, not before the window's first paint

    _import_value_code()
    encoder = json.JSONEncoder(indent=2, ensure_ascii=False)
    return _shown(encoder.iterencode(_LazyMap(item)))


def _members(av: dict[str, Any], start: int, stop: int) -> list[tuple[str, dict[str, Any]]]:
    """Nested entries ``start:stop`` of a map, list or set, as (label, AttributeValue)."""
    code = type_code(av)
    if code == "M":
        return list(islice(av["M"].items(), start, stop))
    if code == "L":
        return [(f"[{i}]", v) for i, v in enumerate(av["L"][start:stop], start)]
    if code in _SET_TYPES:
        member = code[0]
        return [("∈", {member: m}) for m in av[code][start:stop]]
    return []


def _member_count(av: dict[str, Any]) -> int:
    code = type_code(av)
    return len(av[code]) if code == "M" or code == "L" or code in _SET_TYPES else 0


class AttributeNode(QTreeWidgetItem):
    """A tree row for one attribute; its members are built on demand (``grow``)."""

    def __init__(self, name: str, av: dict[str, Any]) -> None:
        _import_value_code()
        text = display_text(av, limit=500)
        # The name is the table's too: shown as the value's map keys are (a bidi override or a
        # zero-width space as an escape); ``name`` keeps it exact.
        super().__init__([visible(name), type_code(av), text])
        self.name = name
        # The longer text only when the short one was cut (else both are the same).
        # Escaped: every tooltip is HTML when it looks like HTML, and the value is the table's.
        self.setToolTip(2, plain_tooltip(display_text(av, limit=5000) if text.endswith("…") else text))
        self.av = av
        self.total = _member_count(av)
        self.built = 0
        self.more: QTreeWidgetItem | None = None  # "… N more" while members are left to build
        if self.total:
            self.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)

    @property
    def pending(self) -> bool:
        return self.built < self.total

    def grow(self, limit: int = TREE_BATCH) -> list[AttributeNode]:
        """Build up to ``limit`` more members; the new nodes."""
        if self.more is not None:
            self.removeChild(self.more)
            self.more = None
        stop = min(self.total, self.built + limit)
        nodes = [AttributeNode(label, child) for label, child in _members(self.av, self.built, stop)]
        self.addChildren(nodes)  # type: ignore[arg-type]  # a list of QTreeWidgetItem subclasses
        self.built = stop
        if self.pending:
            from dynoview.ui.i18n.formats import number  # with the rows: it loads datetime

            more = QCoreApplication.translate("AttributeNode", "… {count} more").format(
                count=number(self.total - self.built))
            self.more = QTreeWidgetItem([more, "",
                                         QCoreApplication.translate("AttributeNode", "expand to show them")])
            self.more.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
            self.addChild(self.more)
        return nodes


def attribute_node(name: str, av: dict[str, Any], budget: int = TREE_BUDGET) -> AttributeNode:
    """A tree row for one attribute, with up to ``budget`` nested rows built (breadth first)."""
    node = AttributeNode(name, av)
    grow_breadth_first([node], budget)
    return node


def grow_breadth_first(nodes: list[AttributeNode], budget: int) -> None:
    """Build the members of ``nodes`` breadth first, until ``budget`` nodes are built."""
    queue = deque(nodes)
    while queue and budget > 0:
        node = queue.popleft()
        if node.pending:
            built = node.grow(min(budget, TREE_BATCH))
            budget -= len(built)
            queue.extend(built)


def monospace() -> QFont:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


class LazyText(QPlainTextEdit):
    """Read-only text made by a function when first shown or read, not when it is set."""

    def __init__(self) -> None:
        super().__init__(readOnly=True)
        self._make: Callable[[], str] | None = None

    def set_text_source(self, make: Callable[[], str] | None) -> None:
        self._make = make
        super().clear()
        if make is not None and self.isVisible():
            self.ensure_text()

    def ensure_text(self) -> None:
        make, self._make = self._make, None
        if make is not None:
            self.setPlainText(make())

    def toPlainText(self) -> str:
        self.ensure_text()
        return super().toPlainText()

    def showEvent(self, event: QShowEvent) -> None:
        self.ensure_text()
        super().showEvent(event)


class ItemDetail(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._item: dict[str, Any] | None = None
        self._shown = 0  # counts the items shown: a deferred grow of an older tree is dropped
        self._setup_ui()

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Plain text: the title is the item's key and the TTL line may quote its value.
        self.title = plain_label(QLabel(self.tr("Select an item to see it in full.")))
        self.title.setWordWrap(True)
        self.ttl_label = plain_label(QLabel())
        self.ttl_label.setWordWrap(True)
        self.ttl_label.hide()
        self.tabs = QTabWidget()
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Attribute"), self.tr("Type"), self.tr("Value")])
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemExpanded.connect(self._expanded)
        self.tabs.addTab(self.tree, self.tr("Attributes"))
        self.tree.setAccessibleName(self.tr("Item attributes"))
        self.ddb_text = LazyText()
        self.plain_text = LazyText()
        self.ddb_text.setAccessibleName(self.tr("Item as DynamoDB JSON"))
        self.plain_text.setAccessibleName(self.tr("Item as plain JSON"))
        for edit in (self.ddb_text, self.plain_text):
            edit.setFont(monospace())
            edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.tabs.addTab(self.ddb_text, self.tr("DynamoDB JSON"))
        self.tabs.addTab(self.plain_text, self.tr("Plain JSON"))
        buttons = QHBoxLayout()
        self.actions_row = buttons  # other panels add their item actions here
        self.copy_button = QPushButton(self.tr("Copy as JSON"))
        self.copy_button.setToolTip(self.tr("Copy the shown tab (Ctrl+Shift+C)"))
        self.copy_button.clicked.connect(self.copy)
        self.copy_button.setEnabled(False)
        buttons.addStretch(1)
        buttons.addWidget(self.copy_button)
        layout.addWidget(self.title)
        layout.addWidget(self.ttl_label)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)

    def show_item(self, item: dict[str, Any] | None, key_text: str = "",
                  ttl: TtlState | None = None) -> None:
        self._item = item
        self._shown += 1
        self.copy_button.setEnabled(item is not None)
        self.tree.clear()
        if item is None:
            self.title.setText(self.tr("Select an item to see it in full."))
            self.ddb_text.set_text_source(None)
            self.plain_text.set_text_source(None)
            self.ttl_label.hide()
            return
        self.title.setText(key_text or "Item")
        _import_value_code()
        nodes = [AttributeNode(k, v) for k, v in item.items()]
        self.tree.addTopLevelItems(nodes)  # type: ignore[arg-type]  # QTreeWidgetItem subclasses
        grow_breadth_first(nodes, TREE_BUDGET - len(nodes))
        self.ddb_text.set_text_source(lambda: ddb_json_shown(item))
        self.plain_text.set_text_source(lambda: _shown([plain_json(item)]))
        if ttl is not None and ttl.kind != "none":
            details = "; ".join(t for t in (ttl.text, ttl.dates(), ttl.reason) if t)
            self.ttl_label.setText(self.tr("TTL: {details}").format(details=details))
            self.ttl_label.show()
        else:
            self.ttl_label.hide()

    def _expanded(self, node: QTreeWidgetItem) -> None:
        """Build an expanded node's members, or the next batch behind "… N more"."""
        if isinstance(node, AttributeNode):
            if node.built == 0 and node.pending:
                node.grow()
            return
        owner = node.parent()
        if isinstance(owner, AttributeNode) and owner.more is node:
            # After the signal: growing removes the placeholder the view is expanding.
            shown = self._shown

            def grow_later() -> None:
                if self._shown == shown and owner.more is node:  # the tree was not rebuilt
                    owner.grow()
            QTimer.singleShot(0, grow_later)

    def current_text(self) -> str:
        """The JSON to copy, whole: the plain JSON tab's if shown, else DynamoDB JSON."""
        if self._item is None:
            return ""
        if self.tabs.currentWidget() is self.plain_text:
            return plain_json(self._item)
        return dynamodb_json(self._item)

    def copy(self) -> None:
        if self._item is not None:
            QGuiApplication.clipboard().setText(self.current_text())
