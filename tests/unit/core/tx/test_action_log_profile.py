"""The records of a connection go to that connection's profile (``profile.of_connection``): the
demo's to the demo's files, any other's to the user's, whichever profile the process runs in."""

from __future__ import annotations

from pathlib import Path

import pytest

from dynoview.core.session import profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.tx.action_log import ActionLog, default_path, for_connection, path_for
from dynoview.core.uniqueness.schema_store import SchemaStore

DEMO = ConnectionSpec(name="Demo (embedded)", endpoint_url="http://127.0.0.1:1", region="us-east-1",
                      demo=True)
REAL = ConnectionSpec(name="prod", profile="support", region="eu-west-1")


@pytest.fixture
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    return tmp_path


@pytest.mark.parametrize("process", profile.PROFILES)
def test_each_connection_logs_in_its_own_profile_whatever_the_process_runs_in(homes: Path,
                                                                              process: str) -> None:
    data = homes / "xdg_data_home" / "DynoView"
    with profile.use(process):
        assert path_for(DEMO) == data / "demo" / "actions.jsonl"
        assert path_for(REAL) == data / "actions.jsonl"
        demo, real = for_connection(DEMO), for_connection(REAL)
        demo.append(connection={"name": DEMO.name}, token="demo-write", request={}, outcome={})
        real.append(connection={"name": REAL.name}, token="real-write", request={}, outcome={})
        assert default_path() == data / ("demo" if process == profile.DEMO else "") / "actions.jsonl"
    assert [e["token"] for e in ActionLog(data / "demo" / "actions.jsonl").entries()] == ["demo-write"]
    assert [e["token"] for e in ActionLog(data / "actions.jsonl").entries()] == ["real-write"]


def test_a_log_for_a_profile_keeps_to_it_when_the_active_profile_changes(homes: Path) -> None:
    log = ActionLog(profile_name=profile.DEFAULT)
    with profile.use(profile.DEMO):
        assert log.path == homes / "xdg_data_home" / "DynoView" / "actions.jsonl"
    assert ActionLog().path == default_path()  # without one: the active profile's, as before


def test_schemas_of_a_profile(homes: Path) -> None:
    config = homes / "xdg_config_home" / "DynoView"
    with profile.use(profile.DEMO):
        assert SchemaStore(profile_name=profile.DEFAULT).root == config / "schemas"
        assert SchemaStore().root == config / "demo" / "schemas"
    assert SchemaStore(profile_name=profile.DEMO).root == config / "demo" / "schemas"


def test_a_connection_opened_is_remembered_by_name() -> None:
    assert profile.of_connection(DEMO) == profile.DEMO and profile.of_connection(REAL) == profile.DEFAULT
    assert profile.of_connection_named("never-opened-h1") is None
    assert profile.of_connection_named(None) is None
    profile.remember_connection(ConnectionSpec(name="h1-same-name", region="us-east-1", demo=True))
    assert profile.of_connection_named("h1-same-name") == profile.DEMO
    profile.remember_connection(ConnectionSpec(name="h1-same-name", region="us-east-1"))
    assert profile.of_connection_named("h1-same-name") == profile.DEFAULT  # the latest opened
