"""The window's error box, and the status line under it, never show the session token or the
access key id an endpoint's error message echoes (AWS's signature-mismatch text quotes the
canonical request, headers and all). Driven as a user meets it: ``MainWindow.connect_to`` on a
loopback endpoint that answers ListTables with the signed headers it was sent.

Before, the box quoted ``x-amz-security-token:<the token>`` and ``Credential=<the key id>``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.main_window import MainWindow
from tests.echo_endpoint import KEY_ID, LEAD, SECRET, TOKEN, echo_server

pytestmark = pytest.mark.gui



@pytest.fixture
def echo_endpoint() -> Iterator[str]:
    """A loopback endpoint answering a SerializationException that quotes every header."""

    server = echo_server(named=True)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(params=["environment", "profile"])
def profile(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path) -> str | None:
    """Temporary keys in the AWS variables, or in a credentials file's profile (returned)."""
    empty = tmp_path / "empty"
    empty.write_text("")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(empty))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    for name in ("AWS_PROFILE", "AWS_DEFAULT_PROFILE", "AWS_SECURITY_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    if request.param == "environment":
        monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(empty))
        for name, value in (("AWS_ACCESS_KEY_ID", KEY_ID), ("AWS_SECRET_ACCESS_KEY", SECRET),
                            ("AWS_SESSION_TOKEN", TOKEN)):
            monkeypatch.setenv(name, value)
        return None
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    keys = tmp_path / "credentials"
    keys.write_text(f"[echo]\naws_access_key_id = {KEY_ID}\naws_secret_access_key = {SECRET}\n"
                    f"aws_session_token = {TOKEN}\n")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(keys))
    return "echo"


def test_the_error_box_for_an_echoed_request_shows_no_credential(
        qtbot, qasync_loop, echo_endpoint: str, profile: str | None) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    win.connect_to(ConnectionSpec(name="echo", endpoint_url=echo_endpoint, region="us-east-1",
                                  profile=profile))
    qtbot.waitUntil(lambda: win.connect_failed_box is not None, timeout=30000)
    box = win.connect_failed_box
    assert box is not None and box.objectName() == "next-step-box"
    shown = [box.windowTitle(), box.text(), box.informativeText(), box.detailedText(),
             win.status.text(), win.status.message.toolTip()]
    for text in shown:
        for secret in (TOKEN, KEY_ID, SECRET, TOKEN[:40], TOKEN[-40:]):
            assert secret not in text, (secret, text)
    # The rest of the server's words stay: the box still says what was refused, and where.
    assert box.windowTitle() == "SerializationException"
    assert box.text().startswith(f"ListTables failed: {LEAD}")
    assert "x-amz-target:DynamoDB_20120810.ListTables" in box.text()
    assert "x-amz-security-token:<redacted>" in box.text()
    assert win.status.text() == box.text()
