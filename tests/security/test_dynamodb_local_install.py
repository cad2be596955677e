"""DynamoDB Local's install is private whatever the umask, and nothing in it can change unseen.

``DynamoDBLocal.jar`` puts its own folder first on the class path, then the jars of
``DynamoDBLocal_lib``: a class planted in the folder, or a changed jar, runs inside the engine as
the user who starts it. Each test works on a copy of the checked install (the one the tests'
``dynamodb_local_endpoint`` uses), so the real cache is never changed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from dynoview.demo import dynamodb_local as ddbl

pytestmark = [pytest.mark.security, pytest.mark.skipif(os.name != "posix", reason="POSIX modes")]

LIB_JAR = "DynamoDBLocal_lib/jetty-security-9.4.53.v20231009.jar"
LEFTOVER = "dynamodb-local-metadata.json"  # what older versions let the engine write in there


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def modes_under(top: Path) -> dict[str, int]:
    return {str(p.relative_to(top.parent)): mode(p) for p in [top, *top.rglob("*")]}


@contextmanager
def umask(value: int) -> Iterator[None]:
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture(scope="module")
def pinned() -> Path:
    """The checked install the test suite uses; skips (or fails in CI) as its fixture does."""
    try:
        reason = ddbl.unavailable_reason()
        if reason:
            raise ddbl.DynamoDBLocalUnavailable(reason)
        return ddbl.install()
    except ddbl.DynamoDBLocalUnavailable as exc:
        if os.environ.get("DYNOVIEW_REQUIRE_DYNAMODB_LOCAL") == "1":
            pytest.fail(exc.message, pytrace=False)
        pytest.skip(exc.message)


@pytest.fixture
def root(tmp_path: Path, pinned: Path) -> Path:
    """A cache folder holding a copy of the checked install (modes as an ordinary umask makes)."""
    root = tmp_path / "cache"
    shutil.copytree(pinned, ddbl.install_dir(root), ignore=shutil.ignore_patterns(LEFTOVER))
    for path in [root, *root.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return root


def test_a_fresh_install_is_private_under_umask_000(tmp_path: Path, pinned: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``npm pack`` hands over a tarball of the pinned files (its sha512 pinned for the test):
    every folder made is 0700 and every file 0600, the cache folders included."""
    tarball = tmp_path / "amplify-dynamodb-simulator-2.9.30.tgz"
    with tarfile.open(tarball, "w:gz", compresslevel=1) as tar:
        for path in sorted(pinned.rglob("*")):
            if path.is_file() and path.name != LEFTOVER:
                tar.add(path, f"package/emulator/{path.relative_to(pinned).as_posix()}")
    npm = tmp_path / "npm"
    npm.write_text(f"#!/bin/sh\ncp {tarball} .\necho '[{{\"filename\": \"{tarball.name}\"}}]'\n")
    npm.chmod(0o755)
    monkeypatch.setattr(ddbl, "TARBALL_SHA512", hashlib.sha512(tarball.read_bytes()).hexdigest())
    root = tmp_path / "cache"
    with umask(0):
        home = ddbl.install(root, npm=str(npm))
    assert home == ddbl.install_dir(root)
    modes = modes_under(root)
    wrong = {name: oct(m) for name, m in modes.items()
             if m != (0o700 if (root.parent / name).is_dir() else 0o600)}
    assert not wrong, wrong
    assert len(modes) > 160


@pytest.mark.parametrize("planted", ["org/apache/logging/log4j/LogManager.class", "log4j2.xml",
                                     "DynamoDBLocal_lib/log4j-core-extra.jar"])
def test_a_file_planted_in_the_install_is_refused(root: Path, planted: str) -> None:
    home = ddbl.install_dir(root)
    ddbl.install(root)
    (home / planted).parent.mkdir(parents=True, exist_ok=True)
    (home / planted).write_bytes(b"\xca\xfe\xba\xbe planted")
    first = planted.split("/")[0] if not planted.startswith("DynamoDBLocal_lib/") else planted
    with pytest.raises(ddbl.DynamoDBLocalBroken, match=f"{home / first} is not part of DynamoDB "
                       r"Local 1\.25\.1.*Delete .* so that DynamoDB Local is fetched again\."):
        ddbl.install(root)
    # start() checks the folder it is given too, before java runs anything from it.
    with pytest.raises(ddbl.DynamoDBLocalBroken, match="is not part of DynamoDB Local"):
        ddbl.start(home, timeout=5, attempts=1)


def test_a_changed_or_missing_lib_jar_is_refused_after_a_good_check(root: Path) -> None:
    home = ddbl.install_dir(root)
    ddbl.install(root)
    jar = home / LIB_JAR
    original = jar.read_bytes()
    times = jar.stat()
    # Same size, same modification time: only the content (and the ctime) differs.
    jar.write_bytes(original[:-8] + b"tampered")
    os.utime(jar, ns=(times.st_atime_ns, times.st_mtime_ns))
    with pytest.raises(ddbl.DynamoDBLocalBroken, match=f"{jar} does not match its pinned sha256"):
        ddbl.install(root)
    jar.write_bytes(original)
    assert ddbl.install(root) == home
    jar.unlink()
    with pytest.raises(ddbl.DynamoDBLocalBroken, match=f"{jar} is missing"):
        ddbl.install(root)


@pytest.mark.parametrize("target, wide", [(ddbl.LIB, 0o775), ("", 0o775), (LIB_JAR, 0o664)],
                         ids=["lib-folder", "umask-002-install", "lib-jar"])
def test_an_install_its_private_group_could_write_is_tightened_and_checked(
        root: Path, target: str, wide: int) -> None:
    """The user's own install made under umask 002 (user private groups: the group is the user's
    alone) is made private again, not refused: what was changed in it meanwhile is caught by the
    pinned hashes. (Other users' write is refused: tests/unit/demo/test_dynamodb_local_writers.py.)"""
    home = ddbl.install_dir(root)
    path = home / target if target != ".." else home.parent
    path.chmod(wide)
    assert ddbl.install(root) == home
    assert stat.S_IMODE(path.stat().st_mode) == (0o600 if path.is_file() else 0o700)
    path.chmod(wide)
    jar = home / LIB_JAR
    jar.write_bytes(jar.read_bytes()[:-8] + b"tampered")  # what a group member could have done
    with pytest.raises(ddbl.DynamoDBLocalBroken, match=f"{jar} does not match its pinned sha256"):
        ddbl.install(root)


def test_a_cache_folder_any_user_can_write_is_refused(root: Path) -> None:
    root.chmod(0o777)
    with pytest.raises(ddbl.DynamoDBLocalBroken, match=f"{root} can be changed by other users.*"
                       f"chmod go-w {root}"):
        ddbl.install(root)


def test_a_cache_folder_only_its_group_can_write_is_accepted(root: Path) -> None:
    """``~/.cache`` 0775 under umask 002 (Debian's and Ubuntu's user private groups)."""
    root.chmod(0o775)
    assert ddbl.install(root) == ddbl.install_dir(root)


def test_an_older_install_is_tightened_and_its_leftover_removed(root: Path) -> None:
    home = ddbl.install_dir(root)
    (home / LEFTOVER).write_text('{"installationId": "x"}')
    assert ddbl.install(root) == home
    assert not (home / LEFTOVER).exists()
    modes = modes_under(home.parent)
    assert {m for name, m in modes.items() if (root / name).is_dir()} == {0o700}
    assert {m for name, m in modes.items() if (root / name).is_file()} == {0o600}


@pytest.mark.integration
@pytest.mark.dynamodb_local
def test_the_engine_runs_from_the_private_install_and_writes_nothing_into_it(root: Path) -> None:
    home = ddbl.install(root)
    before = sorted(p.relative_to(home).as_posix() for p in home.rglob("*"))
    server = ddbl.start(home)
    try:
        assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == before
        assert server.work_dir is not None and server.work_dir != home
    finally:
        server.stop()
    assert server.work_dir is not None and not server.work_dir.exists()
