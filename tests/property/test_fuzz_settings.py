"""Saved settings, the action log and pasted item JSON under garbage.

A damaged settings file, a mistyped or absurd saved connection, a corrupt action
log line or a pasted item never crash the app: bad entries are skipped with a
problem to show, and nothing invalid becomes a connection or an item.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.values.types import ValueParseError
from dynoview.ui.items.edit_dialog import parse_item
from dynoview.ui.settings import CONNECTIONS_KEY, load_connections, recover_if_corrupt
from tests.property.strategies import DEEP, FUZZ, TEXT, check_av, json_text, json_values, utf8

pytestmark = pytest.mark.property

SPEC_KEYS = st.sampled_from(["name", "profile", "region", "endpoint_url", "read_only", "demo", "extra",
                             "aws_secret_access_key"])
SPEC_DATA = st.dictionaries(SPEC_KEYS | st.text(max_size=4), json_values(4) | TEXT, max_size=6)


@settings(settings.get_profile(FUZZ))
@given(SPEC_DATA | json_values())
def test_saved_connection_entries_become_specs_or_value_errors(data: Any) -> None:
    try:
        spec = ConnectionSpec.from_settings(data if isinstance(data, dict) else {})
    except ValueError as exc:
        assert str(exc).endswith(".")
        return
    assert spec.name and spec.name == spec.name.strip()
    assert isinstance(spec.read_only, bool) and not spec.demo
    assert set(spec.to_settings()) <= {"name", "profile", "region", "endpoint_url", "read_only"}
    assert ConnectionSpec.from_settings(spec.to_settings()) == spec  # saves and loads back


@settings(settings.get_profile(FUZZ))
@given(st.one_of(st.lists(SPEC_DATA, max_size=4).map(json.dumps), json_text(), st.integers(-2**31, 2**31 - 1),
                 st.lists(st.text(max_size=5), max_size=3)))
def test_load_connections_skips_bad_entries(tmp_path_factory: pytest.TempPathFactory, raw: Any) -> None:
    path = Path(tmp_path_factory.mktemp("settings")) / "settings.ini"
    store = QSettings(str(path), QSettings.Format.IniFormat)
    store.setValue(CONNECTIONS_KEY, raw)
    store.sync()
    specs, problems = load_connections(QSettings(str(path), QSettings.Format.IniFormat))
    assert all(isinstance(s, ConnectionSpec) for s in specs)
    assert all(isinstance(p, str) and p for p in problems)


@settings(settings.get_profile(FUZZ))
@given(st.binary(max_size=300) | TEXT.map(utf8) | DEEP.map(utf8))
def test_damaged_settings_files_are_set_aside(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("settings")) / "settings.ini"
    path.write_bytes(raw)
    problem = recover_if_corrupt(path)
    if problem is not None:
        assert problem.message and (problem.moved_to is None or problem.moved_to.exists())
    specs, problems = load_connections(QSettings(str(path), QSettings.Format.IniFormat))
    assert all(isinstance(s, ConnectionSpec) for s in specs) and all(problems)


@settings(settings.get_profile(FUZZ))
@given(st.lists(st.binary(max_size=60) | json_text().map(utf8), max_size=5))
def test_damaged_action_log_lines_are_skipped(tmp_path_factory: pytest.TempPathFactory,
                                              lines: list[bytes]) -> None:
    log = ActionLog(Path(tmp_path_factory.mktemp("log")) / "actions.jsonl")
    log.path.write_bytes(b"\n".join(lines))
    log.append(connection={"name": "x"}, token="t", request={}, outcome={"status": "succeeded"})
    entries = log.entries()
    assert entries and entries[-1]["token"] == "t"
    assert all(isinstance(e, dict) for e in entries)


@settings(settings.get_profile(FUZZ))
@given(json_text(st.dictionaries(st.text(max_size=4), json_values(6), max_size=4)))
def test_pasted_items_are_valid_or_refused(text: str) -> None:
    try:
        item = parse_item(text)
    except ValueParseError as exc:
        assert exc.message
        return
    assert item
    for av in item.values():
        check_av(av)
