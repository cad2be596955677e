"""A cell value editor's kept text is named by its attribute and item at start (the strip's
list), not as "The uniqueness schema"; its files are read back like the other dialogs'."""

from __future__ import annotations

from pathlib import Path

from dynoview.core.drafts.dialog_texts import DialogTexts, value_subject


def test_a_value_editors_text_is_named_by_its_attribute_and_item(tmp_path: Path) -> None:
    subject = value_subject("local @ demo", "accounts", {"PK": {"S": "ACCT#1"}, "SK": {"B": b"\x00"}},
                            "tags\nx")
    assert subject.describe() == "The editor of tags\\nx of PK=ACCT#1, SK=b64:AA== in accounts (local @ demo)"
    texts = DialogTexts(tmp_path)
    texts.keep(subject, {"text": "[1, 2"}, {"text": "[1]"})
    kept, problems = texts.kept()
    assert [k.subject.describe() for k in kept] == [subject.describe()] and problems == []
