"""The connection dialog: add, validate at the field, save without secrets, pick the demo."""

from __future__ import annotations

import pytest

from dynoview.ui.settings import load_connections, save_connections, settings_path
from dynoview.ui.window.connection_dialog import ConnectionDialog

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def empty_settings() -> None:
    save_connections([])


def test_new_connection_is_validated_at_the_field(qtbot) -> None:
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog._save()
    assert dialog.message.text() == "Give the connection a name."
    assert "d32f2f" in dialog.name.styleSheet()
    dialog.name.setText("local")
    dialog.endpoint.setText("localhost:8000")
    dialog._save()
    assert "must start with http://" in dialog.message.text()
    assert "d32f2f" in dialog.endpoint.styleSheet()
    assert load_connections()[0] == []


@pytest.mark.parametrize("region, endpoint, field, words", [
    ("", "http://dynamodb.us-east-1.amazonaws.com", "endpoint", "plain http://"),
    ("", "http://localhost:99999", "endpoint", "port that is not a number from 1 to 65535"),
    ("", "https://db.example?x=1", "endpoint", "query or a fragment"),
    ("Europe (Ireland)", "", "region", "is not an AWS region name"),
])
def test_what_connecting_would_refuse_is_refused_at_its_field_before(
        qtbot, region: str, endpoint: str, field: str, words: str) -> None:
    """Neither saved nor connected: the sentence the connection would fail with, at the field."""
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog.name.setText("prod")
    dialog.region.setText(region)
    dialog.endpoint.setText(endpoint)
    dialog._save()
    assert words in dialog.message.text()
    assert "d32f2f" in getattr(dialog, field).styleSheet()
    other = dialog.endpoint if field == "region" else dialog.region
    assert other.styleSheet() == ""
    assert load_connections()[0] == []
    dialog._connect()
    assert dialog.chosen is None and dialog.result() == 0
    # Fixed, it saves and the marks go.
    dialog.region.setText("eu-west-1")
    dialog.endpoint.setText("https://dynamodb.eu-west-1.amazonaws.com")
    dialog._save()
    assert dialog.message.text() == "" and getattr(dialog, field).styleSheet() == ""
    assert [s.name for s in load_connections()[0]] == ["prod"]


def test_saved_connection_keeps_no_secrets(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "very-secret-value-123")
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog.name.setText("dev sso")
    dialog.profile.setCurrentText("dev-sso")
    dialog.region.setText("eu-west-1")
    dialog.endpoint.setText("http://localhost:8000")
    dialog.read_only.setChecked(True)
    dialog._save()
    specs, problems = load_connections()
    assert problems == []
    assert [(s.name, s.profile, s.region, s.endpoint_url, s.read_only) for s in specs] == [
        ("dev sso", "dev-sso", "eu-west-1", "http://localhost:8000", True)]
    text = settings_path().read_text()
    assert "very-secret-value-123" not in text and "testing-fake-secret" not in text
    # Reopening lists it, and Connect returns it.
    again = ConnectionDialog()
    qtbot.addWidget(again)
    assert again.list.count() == 2
    again.list.setCurrentRow(1)
    again._connect()
    assert again.chosen is not None and again.chosen.profile == "dev-sso"
    assert again.chosen.read_only


def test_demo_entry(qtbot) -> None:
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog.list.setCurrentRow(0)
    dialog._connect()
    assert dialog.demo_chosen and dialog.chosen is None


def test_damaged_saved_connections_are_kept_when_a_new_one_is_saved(qtbot) -> None:
    """One stray character made every saved connection unreadable; the next Save wrote only the
    new one, and the production flags of the others were gone for good. They are kept, as they
    were, in a private file the message names."""
    from dynoview.ui.settings import CONNECTIONS_KEY, settings, sync

    damaged = '[{"name": "payments", "profile": "acme-prod", "production": true}, {"name": "x'
    store = settings()
    store.setValue(CONNECTIONS_KEY, damaged)
    sync(store)
    specs, problems = load_connections()
    assert specs == [] and len(problems) == 1
    kept = next(p for p in settings_path().parent.iterdir() if "connections-unreadable" in p.name)
    assert str(kept) in problems[0] and kept.read_text() == damaged
    assert kept.stat().st_mode & 0o077 == 0
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog.name.setText("local")
    dialog.endpoint.setText("http://localhost:8000")
    dialog._save()
    assert [s.name for s in load_connections()[0]] == ["local"]
    assert kept.read_text() == damaged  # still there after the save


def test_a_broken_aws_config_file_says_why_no_profile_is_listed(
        qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The profile list was silently empty when the AWS config file is not valid INI."""
    config = tmp_path / "config"
    config.write_text("[profile broken\nregion = us-east-1\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    assert [dialog.profile.itemText(i) for i in range(dialog.profile.count())] == [""]
    assert dialog.message.text().startswith("No AWS profile could be listed: ")
    assert str(config) in dialog.message.text() and "not valid INI" in dialog.message.text()
    assert str(config) in dialog.profile.toolTip()


def test_a_readable_config_lists_its_profiles_and_says_nothing(
        qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config"
    config.write_text("[profile dev]\nregion = eu-west-1\n[default]\nregion = us-east-1\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    assert {dialog.profile.itemText(i) for i in range(dialog.profile.count())} >= {"dev", "default"}
    assert dialog.message.text() == ""
