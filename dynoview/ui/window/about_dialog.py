"""Help > About: version, licence, and the versions of what DynoView runs on (copyable)."""

from __future__ import annotations

import platform
import sys
from importlib import metadata

from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from dynoview import APP_NAME, __version__
from dynoview.ui.plain_text import plain_label
from dynoview.ui.resources import app_icon
from dynoview.ui.settings import settings_path

LICENCE = "MIT"  # as declared in pyproject.toml


def _dist_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return QCoreApplication.translate("window.about_dialog", "not installed")


def licence() -> str:
    """The licence from the installed package metadata, falling back to the declared one."""
    try:
        meta = metadata.metadata("dynoview")
    except metadata.PackageNotFoundError:
        return LICENCE
    # The metadata is an email.message.Message; its "get" is missing from the typing protocol.
    fields = dict(meta.items()) if hasattr(meta, "items") else {}
    return fields.get("License-Expression") or fields.get("License") or LICENCE


def versions() -> list[tuple[str, str]]:
    """(component, version) for DynoView and what it runs on."""
    import PySide6

    from dynoview.core.session.versions import sdk_versions

    sdk = sdk_versions()
    frozen = " (packaged)" if getattr(sys, "frozen", False) else ""
    return [
        (APP_NAME, __version__ + frozen),
        ("Qt", qVersion()),
        ("PySide6", PySide6.__version__),
        ("boto3", sdk["boto3"]),
        ("botocore", sdk["botocore"]),
        (QCoreApplication.translate("window.about_dialog", "moto (demo backend)"), _dist_version("moto")),
        ("Python", platform.python_version()),
        (QCoreApplication.translate("window.about_dialog", "System"),
         f"{platform.system()} {platform.release()} ({platform.machine()})"),
    ]


def about_text() -> str:
    """Plain text for bug reports: versions, licence, settings file."""
    lines = [f"{name}: {version}" for name, version in versions()]
    lines += [QCoreApplication.translate(
        "window.about_dialog", "Licence: {licence}").format(
            licence=licence()), QCoreApplication.translate(
                "window.about_dialog", "Settings: {settings_path}").format(settings_path=settings_path())]
    return "\n".join(lines)


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About {APP_NAME}").format(APP_NAME=APP_NAME))
        icon = plain_label(QLabel())
        icon.setPixmap(app_icon().pixmap(64, 64))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        title = QLabel(self.tr("<h2 style='margin:0'>{APP_NAME} {version__}</h2>"
                       "<p>A desktop explorer for Amazon DynamoDB tables that hold uniqueness "
                       "locks: browse, diagnose stuck signups, repair with previewed "
                       "transactions.</p>").format(APP_NAME=APP_NAME, version__=__version__))
        title.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Licence"), plain_label(QLabel(licence())))
        self.version_labels: dict[str, QLabel] = {}
        for name, version in versions():
            label = plain_label(QLabel(version))
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.version_labels[name] = label
            form.addRow(name, label)
        where = plain_label(QLabel(str(settings_path())))
        where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        where.setWordWrap(True)
        form.addRow(self.tr("Settings file"), where)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton(self.tr("Copy details"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setToolTip(self.tr("Copy the versions above, e.g. for a bug report"))
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(icon)
        text = QVBoxLayout()
        text.addWidget(title)
        text.addLayout(form)
        top.addLayout(text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(buttons)
        # Once in the dialog (before, Qt would make the first button, Copy details, the default).
        buttons.button(QDialogButtonBox.StandardButton.Close).setDefault(True)
        self.setMinimumWidth(460)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(about_text())
