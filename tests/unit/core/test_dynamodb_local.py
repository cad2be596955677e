"""Fetching and checking DynamoDB Local, without starting it: the sentences and the refusals."""

from __future__ import annotations

import hashlib
import io
import stat
import tarfile
from pathlib import Path

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.demo import dynamodb_local as ddbl
from dynoview.demo import dynamodb_local_files as files
from dynoview.demo.backend import ENGINE_VARIABLE, demo_engine


def _tarball(path: Path, members: dict[str, bytes], *, link: str | None = None) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        if link is not None:
            info = tarfile.TarInfo(link)
            info.type = tarfile.SYMTYPE
            info.linkname = "/etc/passwd"
            tar.addfile(info)
    return path


def test_cache_root_comes_from_dynoview_cache(tmp_path: Path) -> None:
    assert ddbl.default_cache_root({"DYNOVIEW_CACHE": str(tmp_path)}) == tmp_path
    assert ddbl.install_dir(tmp_path) == tmp_path / "dynamodb-local" / "2.9.30"


def test_missing_tools_are_named_in_one_sentence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # neither java nor npm here
    reason = ddbl.unavailable_reason(tmp_path)
    assert reason is not None
    assert reason.startswith("DynamoDB Local needs java and npm: java and npm are not on PATH.")
    assert "openjdk-17-jre-headless" in reason and "\n" not in reason


def test_npm_is_not_needed_once_fetched(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    home = ddbl.install_dir(tmp_path)
    home.mkdir(parents=True)
    (home / ddbl.JAR).write_bytes(b"jar")
    monkeypatch.setenv("PATH", str(tmp_path))
    reason = ddbl.unavailable_reason(tmp_path)
    assert reason is not None and "java is not on PATH" in reason and "npm is" not in reason


def test_a_tarball_that_is_not_the_pinned_one_installs_nothing(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    """A fake ``npm pack`` that hands over another tarball: refused by its sha512."""
    fake = _tarball(tmp_path / "fake.tgz", {"package/emulator/DynamoDBLocal.jar": b"not the jar"})
    npm = tmp_path / "npm"
    npm.write_text(f"#!/bin/sh\ncp {fake} amplify-dynamodb-simulator-2.9.30.tgz\n"
                   "echo '[{\"filename\": \"amplify-dynamodb-simulator-2.9.30.tgz\"}]'\n")
    npm.chmod(npm.stat().st_mode | stat.S_IXUSR)
    with pytest.raises(ddbl.DynamoDBLocalBroken, match="does not match its pinned sha512"):
        ddbl.install(tmp_path / "cache", npm=str(npm))
    assert not ddbl.install_dir(tmp_path / "cache").exists()
    assert list((tmp_path / "cache" / "dynamodb-local").iterdir()) == []  # no temporary folder left


def test_a_failing_npm_is_reported_with_its_words(tmp_path: Path) -> None:
    npm = tmp_path / "npm"
    npm.write_text("#!/bin/sh\necho 'npm error code E404' >&2\nexit 1\n")
    npm.chmod(npm.stat().st_mode | stat.S_IXUSR)
    with pytest.raises(ddbl.DynamoDBLocalUnavailable, match="failed \\(exit 1\\): npm error code E404"):
        ddbl.install(tmp_path / "cache", npm=str(npm))


def test_a_cached_folder_is_checked_every_time(tmp_path: Path) -> None:
    home = ddbl.install_dir(tmp_path)
    home.mkdir(parents=True)
    (home / ddbl.JAR).write_bytes(b"replaced")
    (home / "sha256").write_text("0" * 64)
    with pytest.raises(ddbl.DynamoDBLocalBroken, match=r"is not DynamoDB Local 1\.25\.1"):
        ddbl.install(tmp_path)
    (home / "sha256").write_text(ddbl.RELEASE_SHA256)
    with pytest.raises(ddbl.DynamoDBLocalBroken, match="does not match its pinned sha256"):
        ddbl.install(tmp_path)
    assert hashlib.sha256(b"replaced").hexdigest() != files.MANIFEST[ddbl.JAR]


def test_links_in_the_tarball_are_refused(tmp_path: Path) -> None:
    tarball = _tarball(tmp_path / "t.tgz", {"package/emulator/sha256": b"x"},
                       link="package/emulator/DynamoDBLocal.jar")
    with pytest.raises(ddbl.DynamoDBLocalBroken, match="unexpected entry"):
        ddbl._extract_emulator(tarball, tmp_path / "out")


def test_the_demo_engine_comes_from_the_argument_then_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENGINE_VARIABLE, raising=False)
    assert demo_engine() == "moto"
    monkeypatch.setenv(ENGINE_VARIABLE, "dynamodb-local")
    assert demo_engine() == "dynamodb-local"
    assert demo_engine("moto") == "moto"
    with pytest.raises(DynoViewError, match="no engine 'localstack': use moto or dynamodb-local"):
        demo_engine("localstack")


def test_engine_without_demo_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from dynoview.__main__ import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--engine", "dynamodb-local"])
    assert exit_info.value.code == 2
    assert "--engine chooses the demo's engine: use it with --demo" in capsys.readouterr().err


def test_missing_java_is_said_before_any_window(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from dynoview.__main__ import main

    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(ENGINE_VARIABLE, raising=False)
    assert main(["--demo", "--engine", "dynamodb-local"]) == 2
    assert capsys.readouterr().err.startswith("dynoview: DynamoDB Local needs java and npm: java")
