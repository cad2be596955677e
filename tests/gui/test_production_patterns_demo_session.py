"""File › Settings in a demo session (``dynoview --demo``) shows and saves the user's production
patterns, the ones each real connection applies; before, it used the demo's own settings file,
whose patterns no connection read once they follow the user's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session import production, profile
from dynoview.ui.session import production_patterns as pattern_store


def test_a_demo_session_saves_and_shows_the_users_patterns(qtbot: Any, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path)
    with profile.use(profile.DEMO):
        assert pattern_store.save_production_patterns(["*-prod", "live"]) == ["*-prod", "live"]
        assert pattern_store.production_patterns() == ["*-prod", "live"]
    assert production.load_patterns() == ("*-prod", "live")  # what a real connection applies
    assert pattern_store.production_patterns() == ["*-prod", "live"]  # a normal start shows them
    demo_file = tmp_path / profile.DEMO / "settings.ini"
    assert not demo_file.exists() or "prod" not in demo_file.read_text()
