"""The transaction builder's widgets and their layout, without behaviour.

``BuilderPanelLayout`` builds every widget as a named attribute (as Qt Designer's generated
``setupUi`` does) and keeps the right column's tab titles; ``BuilderPanel`` subclasses it
and connects the widgets to its slots. Sized for 1024x700: the toolbar wraps to two rows,
and request, problems and preflight share the right column as tabs.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.preflight.check import Preflight
from dynoview.core.tx.model import Problem
from dynoview.ui.builder.dialogs import JsonHighlighter
from dynoview.ui.builder.preflight_view import PreflightView, preflight_warnings
from dynoview.ui.flow_layout import FlowLayout

PREFLIGHT_TAB = "After this transaction"


def _menu_button(text: str) -> tuple[QToolButton, QMenu]:
    button = QToolButton()
    button.setText(text)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QMenu(button)
    button.setMenu(menu)
    return button, menu


class BuilderPanelLayout(QWidget):
    """Toolbar, token row, the action list above its editor, the right column's tabs, status."""

    def _setup_ui(self) -> None:
        split = QSplitter()
        split.addWidget(self._build_actions_column())
        split.addWidget(self._build_right_tabs())
        split.setChildrenCollapsible(False)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([560, 560])
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addLayout(self._build_toolbar())
        layout.addLayout(self._build_token_row())
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

    def _build_toolbar(self) -> FlowLayout:
        self.add_button, self.add_menu = _menu_button("Add action")
        self.remove_button = QPushButton("Remove")
        self.up_button = QPushButton("Up")
        self.up_button.setToolTip("Move the action up (Ctrl+Up); cancellation reasons follow action order")
        self.down_button = QPushButton("Down")
        self.down_button.setToolTip("Move the action down (Ctrl+Down)")
        self.templates_button, self.templates_menu = _menu_button("Templates")
        self.import_button = QPushButton("Import JSON…")
        self.export_button, self.export_menu = _menu_button("Export")
        self.log_button = QPushButton("Action log")
        self.check_button = QPushButton("Check preflight")
        self.check_button.setToolTip("Show the accounts and locks after this transaction, without sending "
                                     "it (Ctrl+Shift+K)")
        self.execute_button = QPushButton("Execute")
        self.execute_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        toolbar = FlowLayout()  # two rows at 1024 px rather than buttons off the window
        for w in (self.add_button, self.remove_button, self.up_button, self.down_button,
                  self.templates_button, self.import_button, self.export_button, self.log_button):
            toolbar.addWidget(w)
        toolbar.addStretch()
        run_box = QWidget()  # Check preflight and Execute wrap together, never apart
        run_row = QHBoxLayout(run_box)
        run_row.setContentsMargins(0, 0, 0, 0)
        run_row.addWidget(self.check_button)
        run_row.addWidget(self.execute_button)
        toolbar.addWidget(run_box)
        return toolbar

    def _build_token_row(self) -> QHBoxLayout:
        self.token_edit = QLineEdit()
        self.token_edit.setToolTip("ClientRequestToken: resending with the same token is idempotent for "
                                   "10 minutes")
        self.token_note = QLabel()
        self.regenerate_button = QPushButton("Regenerate")
        row = QHBoxLayout()
        row.addWidget(QLabel("ClientRequestToken"))
        row.addWidget(self.token_edit, 1)
        row.addWidget(self.regenerate_button)
        row.addWidget(self.token_note)
        return row

    def _build_actions_column(self) -> QSplitter:
        self.action_list = QListWidget()
        self.stack = QStackedWidget()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.stack)
        # The list above its editor, full width: "1. ConditionCheck accounts …" stays readable.
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.action_list)
        left.addWidget(scroll)
        left.setChildrenCollapsible(False)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 4)
        left.setSizes([110, 440])
        return left

    def _build_request_page(self) -> QWidget:
        self.preview_view = QPlainTextEdit()
        self.preview_view.setReadOnly(True)
        self.preview_view.setFont(QFont("monospace"))
        self.preview_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        # The empty builder's hint, where it is seen (the Problems tab may be behind).
        self.preview_view.setPlaceholderText("Nothing to send yet: add an action (Add action), start "
                                             "from a template (Templates) or import a request "
                                             "(Import JSON).")
        self._highlighter = JsonHighlighter(self.preview_view.document())
        self.formatted_box = QCheckBox("Formatted (for reading; the exact bytes are the unformatted view)")
        self.copy_button = QPushButton("Copy exact request")
        request = QWidget()
        layout = QVBoxLayout(request)
        layout.addWidget(QLabel("Exact request body (what is sent)"))
        layout.addWidget(self.preview_view, 1)
        row = FlowLayout()
        row.addWidget(self.formatted_box)
        row.addStretch()
        row.addWidget(self.copy_button)
        layout.addLayout(row)
        return request

    def _build_right_tabs(self) -> QTabWidget:
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.preflight_view = PreflightView()
        self.preflight_page = QWidget()
        QVBoxLayout(self.preflight_page).addWidget(self.preflight_view)
        # Request, problems and preflight each get the column's whole height, one at a time:
        # stacked, all three were squeezed unreadable at 1024x700. The tab titles carry the
        # problem count and the preflight's verdict, so neither goes unnoticed.
        self.right_tabs = QTabWidget()
        self.right_tabs.addTab(self._build_request_page(), "Request")
        self.right_tabs.addTab(self.problem_list, "Problems")
        self.right_tabs.addTab(self.preflight_page, PREFLIGHT_TAB)
        return self.right_tabs

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self._highlighter.rehighlight()  # the JSON colours of the theme now shown
        super().changeEvent(event)

    # ---------------------------------------------------------------- the right column's tabs

    def show_pane(self, widget: QWidget) -> None:
        """Bring the right column's tab holding ``widget`` (preview, problems, preflight) forward."""
        for index in range(self.right_tabs.count()):
            page = self.right_tabs.widget(index)
            if page is not None and (page is widget or page.isAncestorOf(widget)):
                self.right_tabs.setCurrentIndex(index)
                return

    def _title_tab(self, page: QWidget, title: str, icon: QStyle.StandardPixmap | None) -> None:
        index = self.right_tabs.indexOf(page)
        self.right_tabs.setTabText(index, title)
        self.right_tabs.setTabIcon(index, self.style().standardIcon(icon) if icon else QIcon())

    def _title_problems_tab(self, problems: list[Problem]) -> None:
        """The Problems tab says how many there are, so they are seen from the Request tab."""
        errors = sum(1 for p in problems if p.is_error)
        icon = QStyle.StandardPixmap.SP_MessageBoxCritical if errors else \
            QStyle.StandardPixmap.SP_MessageBoxWarning if problems else None
        self._title_tab(self.problem_list, f"Problems ({len(problems)})" if problems else "Problems", icon)

    def _title_preflight_tab(self, preflight: Preflight | None) -> None:
        """A refusal or a warning shows on the tab too, even while the Request tab is in front."""
        refused = preflight is not None and preflight.refused
        warned = preflight is not None and bool(preflight_warnings(preflight))
        title = " (refused)" if refused else " (warning)" if warned else ""
        icon = QStyle.StandardPixmap.SP_MessageBoxCritical if refused else \
            QStyle.StandardPixmap.SP_MessageBoxWarning if warned else None
        self._title_tab(self.preflight_page, PREFLIGHT_TAB + title, icon)
