"""A diagnosis quotes account ids escaped, as it quotes the value beside them.

An account id is the table's data: one holding a bidi override (U+202E), a zero-width space, ESC
or a paragraph separator (U+2029) must not read as another id, reorder the sentence or split it
over lines. The CLI escapes each line it prints (``terminal_line``): its output is the same as
before, since an escaped id is left as it is.
"""

from __future__ import annotations

import pytest

from dynoview.cli.common import terminal_line
from dynoview.core.uniqueness.diagnose_answer import answer, orphan_sentence
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, EXPIRED, MISSING_LOCK, OK, Finding
from dynoview.core.uniqueness.origin import LEFT_BY_CHANGE, LEFT_BY_DELETE, SOURCE_OWNER, LockOrigin
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.values.visible_text import has_hidden, visible

SCHEMA = article_schema()
RULE = SCHEMA.rule("email")
HOSTILE = ["ACCT#ana\u202e1234-nimda", "ACCT#b\u200bob", "ACCT#eve\x1b[2J\u2029line2"]


def _finding(status: str, ids: list[str]) -> Finding:
    return Finding(status=status, rule="email", value="ana@x.io", account_ids=tuple(ids), lock_keys=(),
                   sentence="", explanation="")


@pytest.mark.parametrize("acct", HOSTILE)
@pytest.mark.parametrize(("status", "locked"), [(OK, True), (MISSING_LOCK, False), (EXPIRED, True)])
def test_the_one_account_id_is_escaped(acct: str, status: str, locked: bool) -> None:
    finding = None if status in (OK, MISSING_LOCK) else _finding(status, [acct])
    got, sentence = answer(Pairing(SCHEMA), RULE, "ana@x.io", finding, locked, [acct])
    assert got == status
    assert not has_hidden(sentence), sentence
    assert visible(acct) in sentence
    # The CLI prints the same line as before (it escaped the raw id itself).
    assert terminal_line(sentence) == sentence == terminal_line(sentence.replace(visible(acct), acct))


def test_every_id_of_a_duplicate_is_escaped() -> None:
    ids = [*HOSTILE, "ACCT#plain"]
    _status, sentence = answer(Pairing(SCHEMA), RULE, "ana@x.io", _finding(DUPLICATE_VALUE, ids), True, ids)
    assert not has_hidden(sentence)
    assert f"({', '.join(visible(i) for i in ids)})" in sentence


@pytest.mark.parametrize("kind", [LEFT_BY_CHANGE, LEFT_BY_DELETE])
def test_an_orphans_former_owner_and_its_new_value_are_escaped(kind: str) -> None:
    origin = LockOrigin(kind, "The lock's owner attribute names it.", SOURCE_OWNER,
                        account_id=HOSTILE[0], current_value="new\u200b@x.io")
    sentence = orphan_sentence("ana@x.io", RULE, origin)
    assert not has_hidden(sentence)
    assert visible(HOSTILE[0]) in sentence


def test_plain_ids_read_as_before() -> None:
    _status, sentence = answer(Pairing(SCHEMA), RULE, "ana@x.io", None, True, ["ACCT#a1f9c3"])
    assert sentence.startswith("ana@x.io is locked and belongs to account ACCT#a1f9c3: working")
