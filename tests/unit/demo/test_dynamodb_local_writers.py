"""Who else could write DynamoDB Local's install decides whether it is used (``dynamodb_local_files``).

A file another user could write cannot be made safe by a chmod: whoever opened it while it was
writable keeps a writable descriptor and can change the jar after its hash was checked. So an
entry other users (or a group other than the user's private one) could write is refused; group
write by the user's private group (umask 002 on Debian and Ubuntu) is tightened. The trees here
are small stand-ins: ``private_tree`` (the first step of ``install``) reads modes, not hashes.
"""

from __future__ import annotations

import grp
import os
import pwd
import re
import stat
from pathlib import Path

import pytest

from dynoview.demo import dynamodb_local as ddbl
from dynoview.demo import dynamodb_local_files as files

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")

LIB_JAR = "DynamoDBLocal_lib/jetty-security-9.4.53.v20231009.jar"


def _tree(root: Path) -> Path:
    """``root/dynamodb-local/2.9.30`` with a jar and one lib jar, modes as ``install`` leaves them."""
    home = ddbl.install_dir(root)
    (home / ddbl.LIB).mkdir(parents=True)
    (home / ddbl.JAR).write_bytes(b"jar")
    (home / LIB_JAR).write_bytes(b"lib jar")
    for path in [root, *root.rglob("*")]:
        path.chmod(0o700 if path.is_dir() else 0o600)
    return home


def _own_group_is_private() -> bool:
    try:
        user = pwd.getpwuid(os.geteuid()).pw_name
        group = grp.getgrgid(os.getegid())
    except KeyError:
        return False
    return group.gr_name == user and set(group.gr_mem) <= {user}


def _other_group() -> int:
    """A group that is not the user's: 'users' (gid 100) where it exists. Only root may give a
    file to a group it is not in; elsewhere the test is skipped."""
    try:
        gid = grp.getgrnam("users").gr_gid
    except KeyError:
        pytest.skip("no group 'users' on this machine to play another group")
    if gid == os.getegid():
        pytest.skip("'users' is the user's own group here")
    return gid


def _give_to(path: Path, gid: int) -> None:
    try:
        os.chown(path, -1, gid)
    except PermissionError:
        pytest.skip(f"only root can give {path} to group {gid} (tests run as uid {os.geteuid()})")


@pytest.mark.parametrize("target, wide", [(ddbl.JAR, 0o666), (LIB_JAR, 0o646), (ddbl.LIB, 0o777),
                                          ("", 0o707), ("..", 0o777)],
                         ids=["jar-0666", "lib-jar-0646", "lib-folder-0777", "install-folder-0707",
                              "dynamodb-local-folder-0777"])
def test_an_entry_other_users_could_write_is_refused_not_tightened(tmp_path: Path, target: str,
                                                                   wide: int) -> None:
    home = _tree(tmp_path / "cache")
    path = home.parent if target == ".." else home / target
    path.chmod(wide)
    with pytest.raises(files.DynamoDBLocalBroken,
                       match=f"{re.escape(str(path))} could be changed by other users \\(mode 0{wide:o}\\).*"
                             f"Delete {re.escape(str(home))} so that DynamoDB Local is fetched again\\.$"):
        ddbl.install(tmp_path / "cache")  # refused before any hash is read
    assert stat.S_IMODE(path.stat().st_mode) == wide  # refused as found, not made private


@pytest.mark.parametrize("target", ["", ddbl.LIB, LIB_JAR],
                         ids=["install-folder", "lib-folder", "lib-jar"])
def test_an_entry_another_group_could_write_is_refused(tmp_path: Path, target: str) -> None:
    gid = _other_group()
    home = _tree(tmp_path / "cache")
    path = home / target
    _give_to(path, gid)
    path.chmod(0o770 if path.is_dir() else 0o660)
    with pytest.raises(files.DynamoDBLocalBroken,
                       match=f"{re.escape(str(path))} could be changed by the members of group 'users'.*"
                             f"Delete {re.escape(str(home))} so that DynamoDB Local is fetched again\\.$"):
        files.private_tree(home)


def test_a_cache_folder_another_group_can_write_is_refused(tmp_path: Path) -> None:
    """The cache folder the user chose is not DynoView's own: it is left as it is, and refused
    when a group that is not the user's private one can write it (it could swap the install)."""
    gid = _other_group()
    root = tmp_path / "cache"
    home = _tree(root)
    _give_to(root, gid)
    root.chmod(0o775)
    with pytest.raises(files.DynamoDBLocalBroken,
                       match=f"{re.escape(str(root))} can be changed by the members of group 'users' \\(mode "
                             f"0775\\), so they could replace DynamoDB Local in "
                             f"{re.escape(str(home.parent))}\\. "
                             f"Run chmod go-w {re.escape(str(root))}"):
        files.private_tree(home)
    # The same folder sticky: group members cannot rename what they do not own in it.
    root.chmod(0o1775)
    assert files.private_tree(home).home == home


def test_a_umask_002_install_of_the_users_private_group_is_tightened(tmp_path: Path) -> None:
    """Debian's and Ubuntu's user private groups: group write by the user's own group, which
    nobody else is in, is made private again; the cache folder above keeps its mode."""
    if not _own_group_is_private():
        pytest.skip(f"group {os.getegid()} is not a private group named as the user here")
    root = tmp_path / "cache"
    home = _tree(root)
    for path in [root, *root.rglob("*")]:
        os.chown(path, -1, os.getegid())
        path.chmod(0o775 if path.is_dir() else 0o664)
    tree = files.private_tree(home)
    assert tree.files == {ddbl.JAR, LIB_JAR}
    assert stat.S_IMODE(root.stat().st_mode) == 0o775
    wrong = {str(p): oct(stat.S_IMODE(p.stat().st_mode)) for p in [home.parent, *home.parent.rglob("*")]
             if stat.S_IMODE(p.stat().st_mode) != (0o700 if p.is_dir() else 0o600)}
    assert not wrong, wrong


def test_the_users_group_with_another_member_is_not_private(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A group named as the user that lists someone else: its members could write the install."""
    user = pwd.getpwuid(os.geteuid()).pw_name
    gid = os.getegid()
    real = grp.getgrgid

    def with_mallory(wanted: int) -> grp.struct_group:
        if wanted == gid:
            return grp.struct_group((user, "x", gid, [user, "mallory"]))
        return real(wanted)

    monkeypatch.setattr(grp, "getgrgid", with_mallory)
    files._is_private_group.cache_clear()
    try:
        home = _tree(tmp_path / "cache")
        os.chown(home / LIB_JAR, -1, gid)
        (home / LIB_JAR).chmod(0o660)
        with pytest.raises(files.DynamoDBLocalBroken,
                           match=f"{re.escape(str(home / LIB_JAR))} could be changed by the "
                                 f"members of group '{user}'"):
            files.private_tree(home)
    finally:
        files._is_private_group.cache_clear()
