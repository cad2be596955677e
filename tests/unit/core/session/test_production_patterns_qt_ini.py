"""The core reads the production patterns as Qt wrote them (``@@`` for a leading ``@``, quotes,
backslash and hex escapes), so a pattern shown as saved in Settings is the one applied."""

from __future__ import annotations

from pathlib import Path

from dynoview.core.session.production import load_patterns, matches, qt_ini_value


def test_values_as_qt_writes_them() -> None:
    assert qt_ini_value("@@ops") == "@ops"
    assert qt_ini_value('"ops\\\\prod, \\"prod\\"*"') == 'ops\\prod, "prod"*'
    assert qt_ini_value("x, @@y, z") == ["x", "@y", "z"]
    assert qt_ini_value("@Invalid()") is None
    assert qt_ini_value("@String(a\\0)") == "a\x00"
    assert qt_ini_value("\\x41\\x42x") == "ABx"


def test_escaped_patterns_are_applied_at_connect(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    path.write_text('[production]\nprofile_patterns="@@ops, ops\\\\prod, \\"prod\\"*"\n', encoding="utf-8")
    patterns = load_patterns(path)
    assert patterns == ("@ops", "ops\\prod", '"prod"*')
    assert matches("@ops", patterns) and matches("ops\\prod", patterns) and matches('"prod"-1', patterns)
    path.write_text("[production]\nprofile_patterns=*-prod, live\n", encoding="utf-8")  # by hand
    assert load_patterns(path) == ("*-prod", "live")
