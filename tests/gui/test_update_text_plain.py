"""Help → Check for updates…: text from the feed or the network (a version string the feed made
up, an HTTP reason phrase) is shown as the characters it holds, never as HTML: an <img> there
would load a local file, an <a> would be a link the desktop opens."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from packaging.version import Version
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox

from dynoview.core.updates.check import UpdateChecker
from dynoview.core.updates.feed import Release
from dynoview.ui.updates import UpdateController
from dynoview.ui.updates.notice import UpdateNotice

pytestmark = [pytest.mark.gui]


def hostile(tmp_path: Path) -> str:
    """Markup that, rendered, loads a 600 px local image and makes a file:// link."""
    png = tmp_path / "local-file.png"
    image = QImage(600, 600, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    assert image.save(str(png))
    return f'<img src="{png}"> <a href="file:///etc/passwd">open</a>'


@contextmanager
def feed_saying(markup: str, where: str) -> Iterator[str]:
    """A feed that puts ``markup`` in its version (``where="version"``) or its reason phrase."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if where == "reason":
                self.send_response(503, markup)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = json.dumps({"info": {"version": markup}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/pypi/dynoview/json"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.mark.parametrize("where", ["version", "reason"])
def test_the_result_box_shows_the_feeds_words_as_plain_text(qtbot, tmp_path: Path, where: str) -> None:
    markup = hostile(tmp_path)
    window = QMainWindow()
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    with feed_saying(markup, where) as url:
        checker = UpdateChecker(tmp_path / "update-check.json", url, "0.1.0")
        checker.answer(True)
        controller = UpdateController(window, checker, open_url=[].append)
        controller.check_now()
        qtbot.waitUntil(lambda: window.findChild(QMessageBox, "update-result") is not None,
                        timeout=10000)
    box = window.findChild(QMessageBox, "update-result")
    assert box is not None and markup in box.text()  # the characters, quoted as they came
    assert box.text().startswith("Could not check for new versions: ")
    label = box.findChild(QLabel, "qt_msgbox_label")
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.sizeHint().height() < 600  # the image was not loaded (it is 600 px tall)
    box.close()


def test_the_new_version_strip_escapes_its_words(qtbot, tmp_path: Path) -> None:
    """The strip's text is built from the normalised version only, and the strip escapes it."""
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    notice = UpdateNotice(Release(Version("2.0"), "https://example.org/"), "<b>1.0</b>", window)
    notice.show()
    label = notice.findChild(QLabel)
    assert label is not None and "&lt;b&gt;1.0&lt;/b&gt;" in label.text()
    notice.close()

