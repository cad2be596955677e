"""Fuzzy ranking of the command palette (no widgets involved)."""

from __future__ import annotations

from dynoview.ui.window.command_palette import COMMAND, RECENT, TABLE, PaletteEntry, match_score, rank


def entries(*specs: tuple[str, str]) -> list[PaletteEntry]:
    return [PaletteEntry(title, kind, lambda: None) for title, kind in specs]


def titles(found: list[PaletteEntry]) -> list[str]:
    return [e.title for e in found]


def test_substring_beats_scattered_letters_and_word_start_beats_middle() -> None:
    found = rank("acc", entries(("metrics-account-log", TABLE), ("accounts", TABLE),
                                ("a-c-c", TABLE), ("zzz", TABLE)))
    assert titles(found) == ["accounts", "metrics-account-log", "a-c-c"]


def test_letters_in_order_match_and_others_do_not() -> None:
    assert match_score("mtrcs", "metrics") is not None
    assert match_score("mtrcsx", "metrics") is None
    assert match_score("srtm", "metrics") is None


def test_every_word_must_match() -> None:
    found = rank("theme dark", entries(("Theme: Dark", COMMAND), ("Theme: Light", COMMAND),
                                      ("dark-table", TABLE)))
    assert titles(found) == ["Theme: Dark"]


def test_empty_query_lists_recent_then_tables_then_commands() -> None:
    found = rank("", entries(("Connect", COMMAND), ("b", TABLE), ("a", RECENT)))
    assert titles(found) == ["a", "b", "Connect"]


def test_case_does_not_matter() -> None:
    assert titles(rank("REFRESH", entries(("Refresh tables", COMMAND)))) == ["Refresh tables"]
