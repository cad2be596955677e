"""The demo profile: its own action log, settings and schemas; the user's files untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from dynoview.core.session import profile
from dynoview.core.tx.action_log import ActionLog, default_path
from dynoview.core.uniqueness.schema_store import SchemaStore


@pytest.fixture
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    return tmp_path


def test_default_and_demo_folders(homes: Path) -> None:
    assert profile.active() == profile.DEFAULT
    assert profile.data_dir() == homes / "xdg_data_home" / "DynoView"
    assert profile.config_dir() == homes / "xdg_config_home" / "DynoView"
    assert profile.data_dir(profile.DEMO) == homes / "xdg_data_home" / "DynoView" / "demo"
    with profile.use(profile.DEMO):
        assert profile.active() == profile.DEMO
        assert default_path() == homes / "xdg_data_home" / "DynoView" / "demo" / "actions.jsonl"
        assert profile.config_dir() == homes / "xdg_config_home" / "DynoView" / "demo"
        assert SchemaStore().root == homes / "xdg_config_home" / "DynoView" / "demo" / "schemas"
        # Crash reports are about the app, not the data: one folder for both profiles.
        assert profile.log_dir() == homes / "xdg_state_home" / "DynoView" / "log"
    assert profile.active() == profile.DEFAULT  # restored


def test_use_restores_after_an_error() -> None:
    with pytest.raises(RuntimeError), profile.use(profile.DEMO):
        raise RuntimeError("boom")
    assert profile.active() == profile.DEFAULT


def test_unknown_profile_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown profile 'prod'"):
        profile.activate("prod")
    assert profile.active() == profile.DEFAULT


def test_an_action_log_made_before_the_demo_started_writes_to_the_demo(homes: Path) -> None:
    """``ActionLog()`` picks the profile when it writes, so callers need no change."""
    log = ActionLog()
    with profile.use(profile.DEMO):
        log.append(connection={"name": "Demo (embedded)"}, token="t", request={}, outcome={})
        assert [e["token"] for e in log.entries()] == ["t"]
    assert not (homes / "xdg_data_home" / "DynoView" / "actions.jsonl").exists()
    assert (homes / "xdg_data_home" / "DynoView" / "demo" / "actions.jsonl").exists()
    assert log.entries() == []  # the user's own log is still empty
