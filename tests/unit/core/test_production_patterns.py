"""Which profile-name patterns Settings accepts for production (issue 25), and that what it saves
reads back as the patterns each connect applies."""

from __future__ import annotations

from pathlib import Path

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
