"""The window-wide dialogs the menus open, each built on first use (not before the first
paint): keyboard shortcuts, About, Audit an export, the command palette."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from dynoview.ui.context import AppContext
from dynoview.ui.windows import bring_to_front

if TYPE_CHECKING:
    from dynoview.ui.window.command_palette import PaletteEntry

KINDS = ("shortcuts", "about", "export_audit", "palette")


def build(kind: str, parent: QWidget, ctx: AppContext,
          entries: Callable[[], list[PaletteEntry]]) -> Any:
    """A new dialog of ``kind`` (one of ``KINDS``)."""
    if kind == "shortcuts":
        from dynoview.ui.shortcuts import ShortcutsDialog

        return ShortcutsDialog(parent)
    if kind == "about":
        from dynoview.ui.window.about_dialog import AboutDialog

        return AboutDialog(parent)
    if kind == "palette":
        from dynoview.ui.window.command_palette import CommandPalette

        return CommandPalette(entries, parent)
    assert kind == "export_audit", kind
    # Audit a DynamoDB export to S3 (a folder or s3:// prefix) without touching the table.
    from dynoview.ui.transfer.export_audit_dialog import open_export_audit_dialog

    return open_export_audit_dialog(parent, ctx)  # opened already, a new one each time


def bring_forward(kind: str, dialog: Any) -> None:
    if kind == "palette":
        dialog.popup()
    elif kind != "export_audit":
        bring_to_front(dialog)
