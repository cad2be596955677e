"""The app's folders on Linux, said without importing platformdirs (issue 19: ~8 ms of the
window's start), are platformdirs' own answers for every shape of the XDG variables and HOME;
the cases platformdirs decides otherwise (a relative or missing HOME) are left to it."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from dynoview import APP_NAME
from dynoview.core.session import profile

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the XDG rule is Linux's")

VARIABLES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")
HOMES = ["/home/ana", "/home/ana/", "/", "//", "/home/with space/é", "relative/home", "", None]
XDG_VALUES = [None, "", "/custom/place", "/custom/place/", "relative/place", "~/tilde", "//two"]


def platformdirs_answers() -> dict[str, Path]:
    return {"data": Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
            "config": Path(platformdirs.user_config_dir(APP_NAME)),
            "state": Path(platformdirs.user_state_dir(APP_NAME)),
            "log": Path(platformdirs.user_log_dir(APP_NAME))}


def ours() -> dict[str, Path]:
    return {"data": profile.data_root(), "config": profile.config_root(),
            "state": profile.state_root(), "log": profile.log_dir()}


@pytest.mark.parametrize("home", HOMES)
@pytest.mark.parametrize("xdg", XDG_VALUES)
def test_each_folder_is_platformdirs_answer(monkeypatch: pytest.MonkeyPatch, home: str | None,
                                            xdg: str | None) -> None:
    for name in ("HOME", *VARIABLES, "ANDROID_DATA", "ANDROID_ROOT"):
        monkeypatch.delenv(name, raising=False)
    if home is not None:
        monkeypatch.setenv("HOME", home)
    for name in VARIABLES:
        if xdg is not None:
            monkeypatch.setenv(name, xdg)
    assert ours() == platformdirs_answers()


def test_the_fast_answer_is_used_without_platformdirs_when_home_is_absolute(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of the rule: a usual Linux session never reaches platformdirs (its import is
    what the window's start saves); an unusual one does, and gets its answer."""
    monkeypatch.setenv("HOME", "/home/ana")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", "/state")
    calls: list[str] = []
    for name in ("user_data_dir", "user_config_dir", "user_state_dir", "user_log_dir"):
        monkeypatch.setattr(platformdirs, name, lambda *a, _n=name, **k: calls.append(_n) or "/asked")
    assert profile.config_root() == Path("/home/ana/.config", APP_NAME)
    assert profile.log_dir() == Path("/state", APP_NAME, "log")
    assert calls == []
    monkeypatch.setenv("HOME", "relative")
    assert profile.config_root() == Path("/asked") and calls == ["user_config_dir"]
