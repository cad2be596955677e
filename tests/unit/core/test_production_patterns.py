"""Which profile-name patterns Settings accepts for production (issue 25), and that what it saves
reads back as the patterns each connect applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from dynoview.core.session import production, profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.production import format_patterns, load_patterns, matches, pattern_problem


def test_patterns_that_can_mark_production() -> None:
    for good in ("*-prod", "prod-*", "live", "team-[ab]-prod", "acct-[!0]*", "?-prod"):
        assert pattern_problem(good) is None, good


def test_patterns_refused_at_the_field() -> None:
    assert "Type a profile name" in (pattern_problem("   ") or "")
    assert "comma or a space" in (pattern_problem("a-prod,b-prod") or "")
    assert "comma or a space" in (pattern_problem("a prod") or "")
    assert "never closed" in (pattern_problem("prod-[ab") or "")
    assert "already" in (pattern_problem("live", ["*-prod", "live"]) or "")


def test_saved_patterns_read_back_and_match(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    path.write_text(f'[production]\nprofile_patterns="{format_patterns(["*-prod", "team-[ab]"])}"\n')
    patterns = load_patterns(path)
    assert patterns == ("*-prod", "team-[ab]")
    assert matches("billing-prod", patterns) and matches("team-a", patterns)
    assert not matches("team-c", patterns) and not matches("prod", patterns)


def test_a_demo_session_applies_the_users_patterns_to_a_real_connection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``dynoview --demo``, then File › Connect… to acme-prod: the user's patterns mark it
    production (read-only), as in a normal start; before, the demo's own settings file was read
    and the connection opened writable."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path)
    (tmp_path / "settings.ini").write_text('[production]\nprofile_patterns="*-prod"\n')
    real = ConnectionSpec(name="acme", profile="acme-prod", region="us-east-1")
    with profile.use(profile.DEMO):
        assert production.settings_file() == tmp_path / "settings.ini"
        opened = production.as_opened(real)
        assert opened.production and opened.read_only
        demo = production.as_opened(ConnectionSpec(name="Demo", demo=True, profile="x-prod"))
        assert not demo.production  # the demo itself is never production
    assert production.as_opened(real).production  # a normal start, as before
