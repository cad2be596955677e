"""Demo sessions never write to the user's own action log or settings.

The commands run as a user would start them, in a child process whose home and XDG
folders are fresh temporary ones: afterwards every file under them must belong to the
demo profile (``<data>/DynoView/demo/``, ``<config>/DynoView/demo/``).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.session import profile
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema

pytestmark = pytest.mark.security
ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")


def signup_file(folder: Path, acct: str) -> Path:
    """A sign-up for a new account on the demo's accounts table (the values are free there)."""
    item = {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{acct}@demo.test"},
            "username": {"S": acct}}
    path = folder / f"{acct}.json"
    path.write_text(preview_text(sign_up(article_schema(), "accounts", item).to_request()))
    return path


def isolated_env(home: Path) -> dict[str, str]:
    env = {**os.environ, "HOME": str(home / "home"), "QT_QPA_PLATFORM": "offscreen"}
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = str(home / var.lower())
    (home / "home").mkdir()
    return env


def written(home: Path) -> set[str]:
    return {str(p.relative_to(home)) for p in home.rglob("*") if p.is_file()}


def test_demo_transact_writes_only_the_demo_action_log(tmp_path: Path) -> None:
    request = signup_file(tmp_path, "demo7")
    home = tmp_path / "user"
    home.mkdir()
    done = subprocess.run([sys.executable, "-m", "dynoview", "transact", str(request), "--demo", "--yes"],
                          cwd=ROOT, env=isolated_env(home), capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("succeeded:")
    demo_log = home / "xdg_data_home" / "DynoView" / "demo" / "actions.jsonl"
    assert written(home) == {str(demo_log.relative_to(home))}  # nothing else, anywhere
    assert not (home / "xdg_data_home" / "DynoView" / "actions.jsonl").exists()
    # One send: its intent (written before the request left) and its outcome.
    lines = [json.loads(line) for line in demo_log.read_text(encoding="utf-8").splitlines()]
    assert [line["phase"] for line in lines] == ["intent", "outcome"]
    assert lines[-1]["outcome"]["status"] == "succeeded"
    assert {line["connection"]["name"] for line in lines} == {"Demo (embedded)"}
    if os.name == "posix":
        assert stat.S_IMODE(demo_log.stat().st_mode) == 0o600
        for folder in (demo_log.parent, demo_log.parent.parent):
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700


@pytest.fixture
def demo_as_seeded() -> Iterator[None]:
    """An in-process ``--demo`` writes to moto's in-process state, which outlives the demo's
    server: what the test signed up is deleted after it, so a later demo in this process (the
    demo tests count its items) starts as seeded."""
    yield
    import boto3

    from dynoview.demo.backend import ACCOUNTS_TABLE, DEMO_SECRET, SEED_REGION, start_demo

    backend = start_demo(seed=False)
    try:
        client = boto3.client("dynamodb", endpoint_url=backend.endpoint_url, region_name=SEED_REGION,
                              aws_access_key_id=backend.access_key,
                              aws_secret_access_key=DEMO_SECRET)
        for page in client.get_paginator("scan").paginate(TableName=ACCOUNTS_TABLE):
            for item in page["Items"]:
                if "demo8" in item["PK"]["S"]:
                    client.delete_item(TableName=ACCOUNTS_TABLE, Key={"PK": item["PK"], "SK": item["SK"]})
    finally:
        backend.stop()


def test_demo_command_in_process_leaves_the_user_log_alone(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str],
                                                            demo_as_seeded: None) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert cli_main(["transact", str(signup_file(tmp_path, "demo8")), "--demo", "--yes"]) == 0
    assert capsys.readouterr().out.startswith("succeeded:")
    assert (tmp_path / "share" / "DynoView" / "demo" / "actions.jsonl").exists()
    assert not (tmp_path / "share" / "DynoView" / "actions.jsonl").exists()
    assert profile.active() == profile.DEFAULT  # the next command is the user's again


def test_smoke_run_keeps_its_settings_in_the_demo_profile(tmp_path: Path) -> None:
    """``dynoview --smoke`` (what packaging CI runs) saves its window layout on close: as the demo."""
    home = tmp_path / "user"
    home.mkdir()
    done = subprocess.run([sys.executable, "-m", "dynoview", "--smoke"], cwd=ROOT, env=isolated_env(home),
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    files = written(home)
    assert "xdg_config_home/DynoView/demo/settings.ini" in files
    mine = [f for f in files if f.startswith(("xdg_config_home/DynoView/", "xdg_data_home/DynoView/"))
            and "/DynoView/demo/" not in f]
    assert mine == [], f"the demo wrote the user's own files: {mine}"
    if os.name == "posix":
        settings = home / "xdg_config_home" / "DynoView" / "demo" / "settings.ini"
        assert stat.S_IMODE(settings.stat().st_mode) == 0o600


@pytest.mark.parametrize("argv", [
    ["transact", "{signup}", "--demo", "--production", "--yes"],
    ["tables", "delete", "metrics", "--confirm", "metrics", "--demo", "--production"],
])
def test_production_on_the_demo_is_read_only_as_anywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        argv: list[str]) -> None:
    """--production ("read-only, whatever else is asked") was dropped with --demo: the sign-up
    was written and the table deleted, exit 0, where a real endpoint refuses both."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    args = [a.replace("{signup}", str(signup_file(tmp_path, "prod1"))) for a in argv]
    assert cli_main(args) == 2
    captured = capsys.readouterr()
    assert "read-only" in captured.out + captured.err
    assert "succeeded" not in captured.out and "deleted metrics" not in captured.out


def test_engine_without_demo_is_refused_not_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    """--engine chooses the demo's engine; without --demo it was silently ignored."""
    assert cli_main(["tables", "--endpoint-url", "http://127.0.0.1:1", "--engine", "dynamodb-local"]) == 2
    assert "--engine chooses the demo's engine: add --demo" in capsys.readouterr().err
