"""``visible_value``: a value quoted in a line of text reads back one way and stays one line.

``visible`` leaves backslashes alone (a cell, whose raw value is at hand), so ``a\\`` and a line
feed showed as ``a\\\\n``, the same as the four characters ``a\\\\n``. ``visible_value`` doubles the
backslashes first: every escape it writes decodes to exactly one value.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from dynoview.core.values.visible_text import visible, visible_value

_ESCAPE = re.compile(r"\\(\\|n|t|r|x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")


def decode(shown: str) -> str:
    """Read ``visible_value``'s output back (the test's own reader of its escapes)."""
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code in ("\\", "n", "t", "r"):
            return {"\\": "\\", "n": "\n", "t": "\t", "r": "\r"}[code]
        return chr(int(code[1:], 16))
    out, end = [], 0
    for match in _ESCAPE.finditer(shown):
        assert "\\" not in shown[end:match.start()], shown  # every backslash starts an escape
        out.append(shown[end:match.start()])
        out.append(one(match))
        end = match.end()
    assert "\\" not in shown[end:], shown
    return "".join(out) + shown[end:]


def test_a_line_break_and_a_backslash_n_read_apart() -> None:
    assert visible_value("a\\\n") == "a\\\\\\n"
    assert visible_value("a\\\\n") == "a\\\\\\\\n"  # a backslash, a backslash, n
    assert visible("a\\\n") == visible("a\\\\n") == "a\\\\n"  # the cell's rule: alike
    assert visible_value('zoe"\\\n\t\x00x') == 'zoe"\\\\\\n\\t\\x00x'
    assert visible_value("ab\u202ec\u2028d") == "ab\\u202ec\\u2028d"
    assert visible_value("ada@lovelace.io") == "ada@lovelace.io"  # plain values unchanged


@given(st.text())
def test_every_value_reads_back_exactly_and_stays_one_line(text: str) -> None:
    shown = visible_value(text)
    assert decode(shown) == text
    assert not any(c in shown for c in "\n\r\t\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


@given(st.text(alphabet="\\ntx0\n\t\x00"), st.text(alphabet="\\ntx0\n\t\x00"))
def test_two_different_values_never_show_alike(a: str, b: str) -> None:
    assert (visible_value(a) == visible_value(b)) == (a == b)
