"""The stream tab's controls above the records: the stream's description with Refresh, where
to start with the five read buttons, and the key and event filters. They wrap at 1024x700
instead of clipping."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from dynoview.core.streams.reader import (
    AFTER_SEQUENCE_NUMBER,
    AT_SEQUENCE_NUMBER,
    LATEST,
    TRIM_HORIZON,
)
from dynoview.core.streams.records import INSERT, MODIFY, REMOVE
from dynoview.ui.accessible import labelled, name_clear_button
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.stream.events_model import TTL_EVENT
from dynoview.ui.themed import mark_refused

POSITION_CHOICES = (
    (QT_TRANSLATE_NOOP("stream.controls", "Oldest kept (trim horizon, up to 24 h back)"), TRIM_HORIZON),
    (QT_TRANSLATE_NOOP("stream.controls", "Latest (only new records)"), LATEST),
    (QT_TRANSLATE_NOOP("stream.controls", "At sequence number"), AT_SEQUENCE_NUMBER),
    (QT_TRANSLATE_NOOP("stream.controls", "After sequence number"), AFTER_SEQUENCE_NUMBER),
)
EVENT_FILTERS = ((QT_TRANSLATE_NOOP("stream.controls", "All events"), None),
                 (QT_TRANSLATE_NOOP("stream.controls", "Inserts"), INSERT),
                 (QT_TRANSLATE_NOOP("stream.controls", "Modifications"), MODIFY),
                 (QT_TRANSLATE_NOOP("stream.controls", "User deletes"), REMOVE),
                 (QT_TRANSLATE_NOOP("stream.controls", "TTL expiries"), TTL_EVENT))
SEQUENCE_POSITIONS = (AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER)


class StreamControls:
    """The widgets, and the three rows (``header``, ``controls``, ``filters``) that hold them."""

    def __init__(self) -> None:
        self.header = self._build_header()
        self.controls = self._build_controls()
        self.filters = self._build_filters()
        self._tips = {field: field.toolTip() for field in (self.sequence, self.key_filter)}
        # A mark goes as soon as the field is edited (or, for the sequence number, not used).
        self.sequence.textChanged.connect(lambda _text: self.unmark(self.sequence))
        self.position.currentIndexChanged.connect(lambda _i: self.unmark(self.sequence))

    def mark(self, field: QLineEdit, message: str, *, focus: bool = True) -> None:
        """Show that ``field`` holds what was refused: a red frame, the reason as its tooltip
        and, unless the user is typing there already, the focus."""
        mark_refused(field)
        field.setToolTip(plain_tooltip(message))
        if focus:
            field.setFocus()

    def unmark(self, field: QLineEdit) -> None:
        mark_refused(field, False)
        field.setToolTip(self._tips[field])

    def _build_header(self) -> QHBoxLayout:
        self.info_label = QLabel()
        # Rich: the stream's description is laid out in bold; the server's text goes in escaped.
        self.info_label.setTextFormat(Qt.TextFormat.RichText)
        self.info_label.setObjectName("stream-info")
        self.info_label.setWordWrap(True)
        self.info_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refresh_button = QPushButton(QCoreApplication.translate("StreamControls", "Refresh"))
        self.refresh_button.setToolTip(QCoreApplication.translate(
            "StreamControls", "Describe the stream again (shards open and close over time)"))
        header = QHBoxLayout()
        header.addWidget(self.info_label, 1)
        header.addWidget(self.refresh_button)
        return header

    def _build_controls(self) -> FlowLayout:
        self.position = QComboBox()
        for text, value in POSITION_CHOICES:
            self.position.addItem(QCoreApplication.translate("stream.controls", text), value)
        self.sequence = QLineEdit()
        self.sequence.setPlaceholderText(QCoreApplication.translate("StreamControls", "sequence number"))
        self.sequence.setAccessibleName(QCoreApplication.translate("StreamControls", "Sequence number"))
        self.sequence.setToolTip(QCoreApplication.translate(
            "StreamControls", "Copy one from a record (right-click it), then read at or after it"))
        self.sequence.setEnabled(False)
        self.sequence.setMinimumWidth(160)
        self.read_button = QPushButton(QCoreApplication.translate("StreamControls", "Read"))
        self.read_button.setToolTip(QCoreApplication.translate(
            "StreamControls", "Read every record available from this position, then stop"))
        self.follow_button = QPushButton(QCoreApplication.translate("StreamControls", "Follow"))
        self.follow_button.setCheckable(True)
        self.follow_button.setToolTip(QCoreApplication.translate(
            "StreamControls", "Keep polling for new records (about twice a second)"))
        self.pause_button = QPushButton(QCoreApplication.translate("StreamControls", "Pause"))
        self.pause_button.setCheckable(True)
        self.pause_button.setEnabled(False)
        self.pause_button.setToolTip(QCoreApplication.translate(
            "StreamControls", "Stop polling without losing the position; resume within "
                                     "15 minutes to reuse the iterators (after that they are "
                                     "re-acquired from the last record read)"))
        self.stop_button = QPushButton(QCoreApplication.translate("StreamControls", "Stop"))
        self.stop_button.setEnabled(False)
        self.clear_button = QPushButton(QCoreApplication.translate("StreamControls", "Clear"))
        controls = FlowLayout()
        for widget in (labelled(plain_label(QLabel(QCoreApplication.translate(
            "StreamControls", "Start at"))), self.position), self.position, self.sequence):
            controls.addWidget(widget)
        buttons = QWidget()  # the five buttons wrap as one group, not one by one
        buttons_row = QHBoxLayout(buttons)
        buttons_row.setContentsMargins(0, 0, 0, 0)
        for button in (self.read_button, self.follow_button, self.pause_button, self.stop_button,
                       self.clear_button):
            buttons_row.addWidget(button)
        controls.addWidget(buttons)
        return controls

    def _build_filters(self) -> FlowLayout:
        self.key_filter = QLineEdit()
        self.key_filter.setPlaceholderText(QCoreApplication.translate(
            "StreamControls", "PK or PK,SK; several separated by ;"))
        self.key_filter.setToolTip(QCoreApplication.translate(
            "StreamControls", "Show only records of these keys, e.g. "
                                   "UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3. A partition key alone "
                                   "matches its whole item collection. Escape , or ; in a value "
                                   "with \\"))
        self.key_filter.setClearButtonEnabled(True)
        name_clear_button(self.key_filter)
        self.key_filter.setMinimumWidth(260)
        self.kind_filter = QComboBox()
        self.kind_filter.setAccessibleName(QCoreApplication.translate("StreamControls", "Events shown"))
        for text, value in EVENT_FILTERS:
            self.kind_filter.addItem(QCoreApplication.translate("stream.controls", text), value)
        self.filter_error = plain_label(QLabel())  # quotes the typed key
        self.filter_error.hide()
        filters = FlowLayout()
        for widget in (labelled(plain_label(QLabel(QCoreApplication.translate(
            "StreamControls", "Keys"))), self.key_filter), self.key_filter, self.kind_filter,
                       self.filter_error):
            filters.addWidget(widget)
        return filters
