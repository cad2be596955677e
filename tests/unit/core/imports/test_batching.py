"""Batches: an account travels with its locks, no batch holds one key twice, the cut is the same
on every read of the file, and the preview and progress file say what they should."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.imports import batching, resume
from dynoview.core.imports.batching import batches, groups
from dynoview.core.imports.lines import typed_lines
from dynoview.core.imports.model import Located, Place
from dynoview.core.imports.preview import build_preview
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.schema import article_schema
from tests.unit.core.imports.samples import account, dataset, document, key

TABLE = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
SCHEMA = article_schema()


def _located(items: list[dict]) -> list[Located]:
    return [Located(item, Place(n, n + 1, 1)) for n, item in enumerate(items)]


def test_an_account_waits_for_its_locks_and_groups_keep_file_order_otherwise() -> None:
    acct, email_lock, handle_lock = account(1)
    other = document(1)
    stream = _located([email_lock, other, acct, document(2), handle_lock])
    out = [[r.place.index for r in g] for g in groups(stream, SCHEMA, TABLE)]
    assert out == [[1], [3], [2, 0, 4]]


def test_without_lock_rules_items_stay_alone_in_file_order() -> None:
    stream = _located(dataset(3, 3))
    assert [len(g) for g in groups(stream, None, TABLE)] == [1] * 12


def test_a_lone_account_or_lock_is_released_at_the_end_or_past_the_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    acct = account(1)[0]
    lock = account(2)[1]
    out = [[r.place.index for r in g] for g in groups(_located([acct, lock, document(1)]), SCHEMA, TABLE)]
    assert out == [[2], [0], [1]]
    monkeypatch.setattr(batching, "MAX_HELD", 1)
    out = [[r.place.index for r in g] for g in groups(_located([acct, lock, document(1)]), SCHEMA, TABLE)]
    assert out == [[0], [2], [1]]


def test_batches_never_split_a_group_nor_repeat_a_key_and_cut_the_same_way_twice() -> None:
    items = dataset(40, 30)
    items.insert(10, dict(items[3]))  # the same key again: DynamoDB refuses it in one request
    cut1 = [[r.place.index for r in b.records] for b in batches(_located(items), TABLE, SCHEMA, max_items=10)]
    cut2 = [[r.place.index for r in b.records] for b in batches(_located(items), TABLE, SCHEMA, max_items=10)]
    assert cut1 == cut2
    assert sorted(i for b in cut1 for i in b) == list(range(len(items)))
    for batch in cut1:
        assert len(batch) <= 10
        keys = [key(items[i]) for i in batch]
        assert len(keys) == len(set(keys))
        accounts = [items[i] for i in batch if items[i]["SK"]["S"] == "PROFILE"]
        for acct in accounts:  # both of its locks are in the same batch
            pks = {items[i]["PK"]["S"] for i in batch}
            assert f"UNIQ#EMAIL#{acct['email']['S']}" in pks and f"UNIQ#HANDLE#{acct['username']['S']}" in pks


def test_batches_respect_the_byte_budget() -> None:
    items = [document(n) for n in range(10)]
    out = list(batches(_located(items), TABLE, None, max_items=100, max_bytes=600))
    assert len(out) > 1 and all(b.size <= 600 for b in out)
    assert out[0].span().startswith("item")


def test_preview_lists_types_and_every_located_problem() -> None:
    text = render([document(1), {"PK": {"S": "x"}}, {"PK": {"N": "1"}, "SK": {"S": "y"}}], DDB_JSON)
    text += '{"Item": {"PK": {"S": "z"}, "SK": {"S": "z"}, "bad": {"N": "x"}}}\n'
    records = typed_lines(io.BytesIO(text.encode()).readlines())
    preview = build_preview(records, DDB_JSON, TABLE, items=1, whole=True)
    assert preview.records == 4 and preview.valid == 1 and preview.complete
    assert [(p.place.line, p.place.index) for p in preview.problems] == [(2, 1), (3, 2), (4, 3)]
    assert "no SK" in preview.problems[0].message and "keys it as S" in preview.problems[1].message
    assert preview.types["blob"] == ["B"] and preview.types["nums"] == ["NS"]
    assert len(preview.items) == 1
    first = build_preview(typed_lines(io.BytesIO(text.encode()).readlines()), DDB_JSON, TABLE, items=1)
    assert first.records == 1 and not first.complete


def test_progress_file_round_trip_identity_and_token(tmp_path: Path) -> None:
    data = tmp_path / "items.jsonl"
    data.write_text('{"PK": "a"}\n')
    ident = resume.file_identity(data)
    path = resume.default_path(tmp_path / "actions.jsonl", ident, "t", "http://localhost:1")
    assert resume.load(path) is None
    progress = resume.Progress(ident, "t", "http://localhost:1", "transact", batches=3, items=250)
    resume.save(path, progress)
    loaded = resume.load(path)
    assert loaded is not None and (loaded.batches, loaded.items, loaded.run) == (3, 250, progress.run)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    token = resume.batch_token(progress, 4)
    assert token == resume.batch_token(loaded, 4) != resume.batch_token(progress, 5)
    assert len(token) <= 36
    data.write_text('{"PK": "b"}\n')
    assert not resume.file_identity(data).same_file(ident)
    path.write_text("{")
    with pytest.raises(DynoViewError, match="cannot be read"):
        resume.load(path)


def test_preview_counts_items_that_repeat_an_earlier_key() -> None:
    """Both are written (a later batch), the later replacing the earlier: the import counts two
    items where the table gets one, so the preview says so before anything is written."""
    again = {**document(1), "note": {"S": "second"}}
    text = render([document(1), document(2), again, again], DDB_JSON)
    preview = build_preview(typed_lines(io.BytesIO(text.encode()).readlines()), DDB_JSON, TABLE,
                            whole=True)
    assert preview.valid == 4 and preview.problem_count == 0 and preview.repeated_keys == 2
    assert "2 of them repeat an earlier item's key" in preview.summary()
    one = build_preview(typed_lines(io.BytesIO(render([document(1), document(1)], DDB_JSON).encode())
                                    .readlines()), DDB_JSON, TABLE, whole=True)
    assert "1 of them repeats an earlier item's key" in one.summary()
    assert preview.to_json()["repeated_keys"] == 2
    once = build_preview(typed_lines(io.BytesIO(render([document(1), document(2)], DDB_JSON)
                                                .encode()).readlines()), DDB_JSON, TABLE, whole=True)
    assert once.repeated_keys == 0 and "repeat" not in once.summary()
