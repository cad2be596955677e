"""GetRecords answers that are no answer GetRecords gives (hostile watch test, defects 1, 4 and 5):
a shard is closed only when DescribeStream says so, a damaged page is discarded and asked again
(said, never a traceback), and the watch counts a damaged or missing answer as a failure that
may pass. A scripted streams client (``test_streams.FakeStreams``) plays the endpoint."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.streams.reader import StreamReader
from dynoview.core.streams.records import parse_record
from dynoview.core.watch.follow import failure_notice, is_transient, watch_record
from tests.unit.core.test_streams import ARN, DESCRIPTION, FakeConn, FakeStreams, api_record

OPEN = {**DESCRIPTION, "Shards": [{"ShardId": "shardId-open",
                                   "SequenceNumberRange": {"StartingSequenceNumber": "100"}}]}


class Mangling(FakeStreams):
    """A FakeStreams whose next GetRecords answers are replaced by ``mangled`` (in order)."""

    def __init__(self, description: dict[str, Any], records: list[dict[str, Any]]) -> None:
        super().__init__(description, {"shardId-open": records})
        self.mangled: list[Any] = []
        self.describes = 0

    def describe_stream(self, **kw: Any) -> dict[str, Any]:
        self.describes += 1
        return super().describe_stream(**kw)

    def get_records(self, ShardIterator: str, Limit: int) -> Any:
        real = super().get_records(ShardIterator, Limit)
        return self.mangled.pop(0) if self.mangled else real


def reader_over(fake: FakeStreams, **kw: Any) -> StreamReader:
    return StreamReader(FakeConn(fake), ARN, table="accounts", **kw)  # type: ignore[arg-type]


def polled(reader: StreamReader, polls: int = 4) -> tuple[list[str], list[str]]:
    seqs: list[str] = []
    notices: list[str] = []
    for _ in range(polls):
        result = reader.poll()
        seqs += [e.sequence_number for e in result.events]
        notices += result.notices
    return seqs, notices


BAD_SIZE = {**api_record("INSERT", 101, "X"), "dynamodb": {
    **api_record("INSERT", 101, "X")["dynamodb"], "SizeBytes": "abc"}}


@pytest.mark.parametrize(("answer", "said"), [
    ({}, "it has no Records"),
    ({"Records": []}, "it has no next shard iterator, yet DescribeStream lists the shard as open"),
    ({"Records": "abc", "NextShardIterator": "it-x"}, "its Records are not a list"),
    ({"Records": [1], "NextShardIterator": "it-x"}, "a record is not a JSON object"),
    ({"Records": [BAD_SIZE], "NextShardIterator": "it-x"}, "its SizeBytes is not a number of bytes"),
    ({"Records": [{"dynamodb": "x"}], "NextShardIterator": "it-x"},
     "a record's dynamodb part is not a JSON object"),
    ({"Records": [], "NextShardIterator": 7}, "its NextShardIterator is not text"),
], ids=["empty", "no-iterator", "records-text", "record-number", "size-text", "dynamodb-text",
        "iterator-number"])
@pytest.mark.parametrize("parse", [parse_record, watch_record], ids=["stream", "watch"])
def test_a_damaged_answer_on_an_open_shard_is_said_and_asked_again(
        answer: dict[str, Any], said: str, parse: Any) -> None:
    fake = Mangling(OPEN, [api_record("INSERT", 100, "A")])
    reader = reader_over(fake, parse=parse)
    assert polled(reader, 2)[0] == ["100"]
    fake.mangled = [answer]
    seqs, notices = polled(reader, 1)
    assert seqs == [] and not reader.cursors["shardId-open"].finished
    assert any(f"arrived damaged ({said}" in n and "no record is skipped" in n for n in notices), notices
    # Asked again after the last record read, so nothing is read twice and later records come.
    assert fake.iterator_calls[-1]["ShardIteratorType"] == "AFTER_SEQUENCE_NUMBER"
    fake.shards["shardId-open"].append(api_record("INSERT", 102, "B"))
    assert polled(reader)[0] == ["102"]


def test_damaged_again_and_again_is_a_sentence_and_the_next_poll_reads_on() -> None:
    fake = Mangling(OPEN, [api_record("INSERT", 100, "A")])
    reader = reader_over(fake)
    fake.mangled = [{}, {}, {}]
    with pytest.raises(DamagedResponseError) as caught:
        reader.poll()
    assert isinstance(caught.value, DynoViewError)
    assert "arrived damaged (it has no Records) 3 times in a row" in caught.value.message
    assert polled(reader, 2)[0] == ["100"]


def test_no_next_iterator_closes_a_shard_describe_stream_lists_as_closed() -> None:
    closed = {**DESCRIPTION, "Shards": [{"ShardId": "shardId-open", "SequenceNumberRange": {
        "StartingSequenceNumber": "100", "EndingSequenceNumber": "100"}}]}
    fake = Mangling(closed, [api_record("INSERT", 100, "A")])
    fake.closed.add("shardId-open")
    reader = reader_over(fake)
    seqs, notices = polled(reader, 2)
    assert seqs == ["100"] and reader.cursors["shardId-open"].finished
    assert not any("damaged" in n for n in notices)


def test_no_next_iterator_on_a_disabled_stream_closes_the_shard() -> None:
    fake = Mangling({**OPEN, "StreamStatus": "DISABLED"}, [api_record("INSERT", 100, "A")])
    fake.closed.add("shardId-open")
    reader = reader_over(fake)
    assert polled(reader, 2)[0] == ["100"] and reader.cursors["shardId-open"].finished


def test_a_latest_reader_asks_again_with_the_same_iterator() -> None:
    """No record read yet from LATEST: a new LATEST iterator would start past what was written
    meanwhile, so the damaged call is asked again with the iterator it used."""
    fake = Mangling(OPEN, [api_record("INSERT", 100, "A")])
    reader = reader_over(fake, position="LATEST")
    reader.poll()
    fake.shards["shardId-open"].append(api_record("INSERT", 101, "B"))
    fake.mangled = [{}]
    seqs, _ = polled(reader, 2)
    assert seqs == ["101"]
    assert [c["ShardIteratorType"] for c in fake.iterator_calls] == ["LATEST"]


def test_the_watch_retries_damaged_and_unanswered_calls() -> None:
    from dynoview.core.streams.client import NoAnswerError
    from dynoview.core.streams.page import DamagedPageError

    cut = DamagedResponseError("The answer to GetRecords arrived damaged (122 of 244 bytes arrived) "
                               "on every attempt, so it was discarded.")
    for exc in (cut, DamagedPageError("shardId-1", "it has no Records"), NoAnswerError("GetRecords", 8.2)):
        assert is_transient(exc)
    assert "arrived damaged (122 of 244 bytes arrived), so it was discarded; trying again in 2 s" \
        in failure_notice(cut, 2.0)
    assert failure_notice(NoAnswerError("GetRecords", 8.2), 0.5).startswith(
        "No answer from GetRecords for 8 s (the endpoint took the call and did not answer); trying "
        "again in 0.5 s. No record is skipped")
