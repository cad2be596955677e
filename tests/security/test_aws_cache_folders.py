"""The AWS CLI caches DynoView writes itself (the SSO token, MFA-role credentials) get private
folders whatever the umask: botocore's ``JSONFileCache`` makes them with ``os.makedirs``, so under
umask 000 anyone could replace the credentials DynoView then signs with. Folders the user already
has keep their mode, unless others can write them.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from dynoview.core.session import signin, sso_login

pytestmark = [pytest.mark.security, pytest.mark.skipif(os.name != "posix", reason="POSIX modes")]

SETTINGS = sso_login.SsoSettings("p", "https://example.awsapps.com/start", "us-east-1", "my-sso",
                                 ("sso:account:access",))
TOKEN = {"startUrl": SETTINGS.start_url, "region": "us-east-1", "accessToken": "tok",
         "expiresAt": "2099-01-01T00:00:00Z"}
ROLE = {"Credentials": {"AccessKeyId": "AKIAEXAMPLE", "SecretAccessKey": "s", "SessionToken": "t",
                        "Expiration": "2099-01-01T00:00:00Z"}}


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(value: int) -> Iterator[None]:
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A HOME of its own; botocore fixed its SSO cache folder at import, so it is pointed here."""
    from botocore.credentials import SSOProvider

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(SSOProvider, "_SSO_TOKEN_CACHE_DIR", str(home / ".aws" / "sso" / "cache"))
    return home


def write_both() -> None:
    sso_login.write_token(SETTINGS, TOKEN)
    signin.credential_cache()["role-key"] = ROLE


def test_missing_cache_folders_are_private_under_umask_000(home: Path) -> None:
    with umask(0):
        write_both()
    aws = home / ".aws"
    modes = {str(p.relative_to(home)): mode(p) for p in (aws, aws / "sso", aws / "sso" / "cache",
                                                          aws / "cli", aws / "cli" / "cache")}
    assert modes == dict.fromkeys(modes, 0o700)
    written = [*(aws / "sso" / "cache").iterdir(), *(aws / "cli" / "cache").iterdir()]
    assert len(written) == 2 and all(mode(p) == 0o600 for p in written)
    assert signin.credential_cache()["role-key"] == ROLE  # still the AWS CLI's format and place


def test_an_existing_aws_folder_keeps_its_mode(home: Path) -> None:
    """``~/.aws`` 0755 is the user's choice (their umask): only what DynoView makes is 0700."""
    aws = home / ".aws"
    aws.mkdir()
    aws.chmod(0o755)
    with umask(0):
        write_both()
    assert mode(aws) == 0o755
    assert [mode(p) for p in (aws / "sso", aws / "sso" / "cache", aws / "cli", aws / "cli" / "cache")] \
        == [0o700] * 4


def test_a_cache_folder_others_can_write_loses_their_write_access_with_a_warning(
        home: Path, caplog: pytest.LogCaptureFixture) -> None:
    aws = home / ".aws"
    cache = aws / "cli" / "cache"
    cache.mkdir(parents=True)
    for folder in (aws, aws / "cli", cache):
        folder.chmod(0o777)
    with caplog.at_level(logging.WARNING):
        signin.credential_cache()["role-key"] = ROLE
    assert [mode(p) for p in (aws, aws / "cli", cache)] == [0o755] * 3  # read bits left as they were
    warned = " ".join(r.getMessage() for r in caplog.records)
    assert str(cache) in warned and "removed their write access" in warned
