"""The production patterns File > Settings saves (through the real QSettings write) are exactly
the ones each connect applies (``core.session.production.load_patterns``, Qt-free), for any text
a pattern may hold: ``@`` first, backslashes, double quotes, control characters, any script."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings

from dynoview.core.session import production
from dynoview.ui.session import production_patterns as pattern_store
from tests.property.strategies import FUZZ

pytestmark = pytest.mark.property

# Qt escapes these; the rest of the text is any character a pattern can hold.
TRICKY = st.sampled_from(['@', '@@', '\\', '"', "'", ';', '=', '\x00', '\x01', '\x7f', 'x', 'é', '𝄞',
                          '@Invalid()', '@ByteArray(a)', '\\x41', '*', '?', '[ab]'])
PATTERN = st.lists(TRICKY | st.text(min_size=1, max_size=3), min_size=1, max_size=4).map("".join)


def _valid(patterns: list[str]) -> list[str]:
    kept: list[str] = []
    for p in patterns:
        if p == p.strip() and production.pattern_problem(p, kept) is None:
            kept.append(p)
    return kept


@settings(settings.get_profile(FUZZ))
@given(st.lists(PATTERN, max_size=5).map(_valid))
def test_patterns_saved_by_settings_are_the_ones_applied(patterns: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "settings.ini")
        store = QSettings(str(path), QSettings.Format.IniFormat)
        assert pattern_store.save_production_patterns(patterns, store) == patterns
        assert production.load_patterns(path) == tuple(patterns)  # what each connect applies
        shown = pattern_store.production_patterns(QSettings(str(path), QSettings.Format.IniFormat))
        assert shown == patterns  # what the dialog shows when opened again


# Any value text, hand-written or Qt's, on one line (Qt reads a ";" as a comment and an unclosed
# quote on into the next line, where configparser stops): the core decodes it as QSettings does.
RAW = st.lists(st.sampled_from(['"', '\\', ',', ' ', '\t', '@', '@@', 'x', 'A', '0', '7', 'é',
                                '@Invalid()', '@ByteArray(a)', '\\x', '\\0']) | st.text(max_size=3),
               max_size=10).map("".join).map(lambda s: s.replace("\n", "").replace("\r", ""))


@settings(settings.get_profile(FUZZ))
@given(RAW)
@example('""""""@ ')  # Qt keeps the space after a quoted part; configparser strips it (CI found it)
def test_the_core_reads_an_ini_value_as_qt_does(raw: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "settings.ini")
        path.write_text(f"[production]\nprofile_patterns={raw}\n[next]\nkey=1\n", encoding="utf-8")
        store = QSettings(str(path), QSettings.Format.IniFormat)
        # configparser strips every kind of space at the ends; Qt writes them escaped
        assume(";" not in raw and store.value("next/key") == "1" and raw.strip() == raw.strip(" \t"))
        value = store.value("production/profile_patterns")
    expected = [v for v in value if isinstance(v, str)] if isinstance(value, list) else \
        value if isinstance(value, str) else None
    decoded = production.qt_ini_value(raw.strip())
    # What applies (the patterns) is always Qt's; the decoded text too, unless the line ends in
    # spaces after a quoted part, which Qt keeps and configparser strips before the core sees
    # them (patterns never hold a space: patterns_of splits on them).
    assert production.patterns_of(decoded) == production.patterns_of(expected)
    if raw == raw.rstrip(" \t") or '"' not in raw:
        assert decoded == expected
