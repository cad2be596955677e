"""The builder's Export as code targets the connection's profile, as ``transact --export`` does:
without it the code would write through the default credential chain, maybe another account."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from tests.gui.conftest import _builder
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.gui


def test_export_as_code_names_the_connection_s_profile(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection, seeded_table: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "aws-config"  # the profile exists; its keys are the test's fake ones
    config.write_text("[profile local-dev]\nregion = us-east-1\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    endpoint_url = demo_conn.spec.endpoint_url
    assert endpoint_url is not None
    spec = ConnectionSpec(name="dev", profile="local-dev", endpoint_url=endpoint_url, region="us-east-1")
    panel = _builder(qtbot, Connection(spec, credentials=FAKE_KEYS), seeded_table, tmp_path)
    item = {"PK": {"S": "ACCT#xp1"}, "SK": {"S": "PROFILE"}, "email": {"S": "xp1@x.io"},
            "username": {"S": "xp1"}}
    panel.load_request(sign_up(article_schema(), seeded_table, item).to_request())
    code, _, _ = panel.export_text("boto3")
    assert "boto3.Session(profile_name='local-dev')" in code and endpoint_url in code
    command, _, content = panel.export_text("cli")
    assert "--profile local-dev" in command and content is not None and json.loads(content)
    js, _, _ = panel.export_text("js")
    assert 'profile: "local-dev"' in js
    assert "testing-fake-secret" not in code + command + js
