"""The text an editor starts from parses back to the stored value, for every type."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.edits.cell_text import cell_text
from dynoview.core.values.equality import values_equal
from dynoview.core.values.user_text import parse_value

VALUES = [{"S": " spaced "}, {"S": ""}, {"N": "-0.000100"}, {"B": b"\x00\xff"}, {"BOOL": False},
          {"NULL": True}, {"SS": ["a", "é"]}, {"NS": ["1", "99999999999999999999999999999999999999"]},
          {"BS": [b"\x01", b"\x02"]}, {"L": []}, {"L": [{"S": "a"}, {"N": "1"}, {"NULL": True}]},
          {"M": {}}, {"M": {"a": {"SS": ["x"]}, "b": {"M": {"c": {"B": b"\x00"}}}}}]


@pytest.mark.parametrize("av", VALUES, ids=[next(iter(v)) + str(i) for i, v in enumerate(VALUES)])
def test_cell_text_parses_back_to_the_value(av: dict[str, Any]) -> None:
    code = next(iter(av))
    for indent in (None, 2):
        back = parse_value(code, cell_text(av, indent))
        assert values_equal(back, av) and back == av
