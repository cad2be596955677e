"""A string cell blank at an end is quoted: told from a missing attribute and from its trimmed twin."""

import pytest

from dynoview.core.values.display import display_text


@pytest.mark.parametrize(("stored", "shown"), [
    ("", '""'), (" ", '" "'), ("ada@lovelace.io ", '"ada@lovelace.io "'), ("\tx", '"\\tx"'),
    ("a b", "a b"), ("ada@lovelace.io", "ada@lovelace.io"),
])
def test_a_blank_edged_string_cell_is_told_from_a_missing_one_and_its_trimmed_twin(stored: str,
                                                                                 shown: str) -> None:
    assert display_text({"S": stored}) == shown
