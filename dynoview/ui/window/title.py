"""What the main window says about where it is: its title and the status-bar connection badge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel

from dynoview import APP_NAME
from dynoview.ui.context import AppContext
from dynoview.ui.plain_text import plain_tooltip
from dynoview.ui.themed import style_badge

if TYPE_CHECKING:  # the connection code loads when one is made, after the first paint
    from dynoview.core.session.connection import Connection


def window_title(ctx: AppContext) -> str:
    """"DynoView — table — connection", as far as they are known."""
    parts = [APP_NAME]
    if ctx.connection is not None:
        parts.append(ctx.connection.spec.describe())
        if ctx.connection.spec.production:  # issue 25 (H7): production is named first
            parts.insert(0, "PRODUCTION")
    if ctx.table is not None:
        parts.insert(1, ctx.table.name)
    return " — ".join(parts)


def show_connection(label: QLabel, conn: Connection) -> None:
    """The badge: connection name, demo, read-only, placeholder keys, unencrypted (styled by kind)."""
    demo = "DEMO  " if conn.spec.demo else ""
    demo = "PRODUCTION  " if conn.spec.production else demo  # issue 25 (H7)
    ro = "  READ-ONLY" if conn.spec.read_only else (QCoreApplication.translate(
        "window.title", "  WRITE MODE") if conn.spec.production else "")
    placeholder = QCoreApplication.translate(
        "window.title", "  (placeholder keys)") if getattr(conn, "placeholder_credentials", False) else ""
    from dynoview.core.session.connection import PLACEHOLDER_NOTE

    cleartext = getattr(conn, "cleartext_warning", None)
    unencrypted = QCoreApplication.translate("window.title", "  UNENCRYPTED") if cleartext else ""
    label.setText(f"{demo}{conn.spec.name}{ro}{placeholder}{unencrypted}")
    label.setToolTip(plain_tooltip(conn.spec.describe() + (f"\n{PLACEHOLDER_NOTE}" if placeholder else "")
                                   + (f"\n{cleartext}" if cleartext else "")))
    kind = "-".join(k for k, on in (("demo", conn.spec.demo), ("read-only", conn.spec.read_only)) if on)
    kind = "unencrypted" if cleartext else kind  # the text still says READ-ONLY where it is
    label.setProperty("kind", kind)  # its colours, per theme (dynoview/ui/themed.py)
    style_badge(label)


def connection_notes(conn: Connection) -> str:
    """What the status bar adds to "Connected": placeholder keys, requests sent unencrypted
    (core's sentences, as the command line says them), each after a space; else ""."""
    from dynoview.core.session.connection import PLACEHOLDER_NOTE

    note = f" {PLACEHOLDER_NOTE}" if conn.placeholder_credentials else ""
    if getattr(conn, "endpoint_note", None):  # a user and password in the URL: never sent
        note += f" {conn.endpoint_note}"
    if conn.cleartext_warning:
        note += " " + QCoreApplication.translate("window.title", "Warning: {sentence}").format(
            sentence=conn.cleartext_warning)
    return note
