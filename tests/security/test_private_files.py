"""Every file the app writes is 0600 and its own folders 0700, under an ordinary umask.

Each writer runs with its default location (the XDG folders point into ``tmp_path``), then
the whole tree is walked: a file or an app folder with any group or other bit fails.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session import profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.schema_store import SchemaStore

pytestmark = [pytest.mark.security,
              pytest.mark.skipif(os.name != "posix", reason="POSIX modes")]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Default locations inside tmp_path, the usual 022 umask, the shared XDG folders 0755."""
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        folder = tmp_path / var.lower()
        folder.mkdir(mode=0o755)
        monkeypatch.setenv(var, str(folder))
    previous = os.umask(0o022)
    yield tmp_path
    os.umask(previous)


def app_folders(root: Path) -> list[Path]:
    """The folders named DynoView and everything below them: the app's own."""
    return [p for top in root.glob("*/DynoView") for p in (top, *top.rglob("*")) if p.is_dir()]


def assert_private(root: Path) -> list[Path]:
    files = [p for p in root.rglob("*") if p.is_file()]
    wide = {str(p.relative_to(root)): oct(mode(p)) for p in files if mode(p) != 0o600}
    assert not wide, f"files readable by others: {wide}"
    folders = app_folders(root)
    wide = {str(p.relative_to(root)): oct(mode(p)) for p in folders if mode(p) != 0o700}
    assert not wide, f"app folders open to others: {wide}"
    return files


def test_every_writer_creates_private_files(homes: Path, qapp: Any) -> None:
    from dynoview.ui import crash
    from dynoview.ui import settings as saved
    from dynoview.ui.scans.bar_chart import Bar, BarChart

    # The action log, in both profiles.
    ActionLog().append(connection={}, token="t", request={"TransactItems": []}, outcome={})
    with profile.use(profile.DEMO):
        ActionLog().append(connection={}, token="d", request={"TransactItems": []}, outcome={})
    # A crash report in the default log folder.
    assert crash.save_report("report text") is not None
    # Settings: every save path, and a store Qt syncs on its own when dropped.
    saved.save_theme("dark")
    saved.save_connections([ConnectionSpec(name="local", endpoint_url="http://localhost:8000")])
    store = saved.settings()
    saved.add_recent_table("local", "accounts", store)
    del store
    with profile.use(profile.DEMO):
        saved.save_theme("light")
    # A saved uniqueness schema (written through a temporary file, then renamed).
    SchemaStore().save("local", "accounts", article_schema())
    # Exports the user asks for: the audit (locks panel) and the TTL chart.
    exports = homes / "exports"
    exports.mkdir()
    from dynoview.core.session.private_files import write_private_text
    write_private_text(exports / "accounts-locks.csv", "email\nada@lovelace.io\n")
    chart = BarChart()
    chart.resize(200, 120)
    chart.set_bars([Bar("a", 3)])
    assert chart.save_png(str(exports / "ttl.png"))

    files = assert_private(homes)
    names = {str(p.relative_to(homes)) for p in files}
    assert {"xdg_data_home/DynoView/actions.jsonl", "xdg_data_home/DynoView/demo/actions.jsonl",
            "xdg_config_home/DynoView/settings.ini", "xdg_config_home/DynoView/demo/settings.ini",
            "xdg_config_home/DynoView/schemas/local/accounts.json",
            "exports/accounts-locks.csv", "exports/ttl.png"} <= names
    assert any(n.startswith("xdg_state_home/DynoView/log/error-") for n in names)
    # The shared XDG folders are the user's, not the app's: left as they were.
    assert mode(homes / "xdg_config_home") == 0o755


def test_an_older_install_is_tightened_when_written(homes: Path) -> None:
    """0644 files in 0755 folders (what earlier versions left) become private on the next write."""
    from dynoview.ui import crash
    from dynoview.ui import settings as saved

    data = homes / "xdg_data_home" / "DynoView"
    config = homes / "xdg_config_home" / "DynoView"
    logs = homes / "xdg_state_home" / "DynoView" / "log"
    for folder in (data, config / "schemas" / "local", logs):
        folder.mkdir(parents=True)
    (data / "actions.jsonl").write_text('{"token": "old"}\n')
    (config / "settings.ini").write_text("[appearance]\ntheme=dark\n")
    (logs / "error-old.txt").write_text("old report\n")
    for path in (data / "actions.jsonl", config / "settings.ini", logs / "error-old.txt"):
        path.chmod(0o644)
    for folder in app_folders(homes):
        folder.chmod(0o755)

    ActionLog().append(connection={}, token="new", request={}, outcome={})
    assert saved.load_theme() == "dark"  # reading through settings() tightens it too
    crash.save_report("new report")
    SchemaStore().save("local", "accounts", article_schema())

    assert mode(data / "actions.jsonl") == 0o600 and mode(config / "settings.ini") == 0o600
    assert [mode(f) for f in (data, config, config / "schemas", config / "schemas" / "local",
                              logs, logs.parent)] == [0o700] * 6
    # An old report keeps its mode but sits in a folder only the user can enter.
    assert mode(logs / "error-old.txt") == 0o644 and mode(logs) == 0o700


def test_a_damaged_settings_file_set_aside_stays_private(homes: Path) -> None:
    from dynoview.ui import settings as saved

    path = saved.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00garbage")
    path.chmod(0o644)
    problem = saved.recover_if_corrupt()
    assert problem is not None and problem.moved_to is not None
    assert mode(problem.moved_to) == 0o600
