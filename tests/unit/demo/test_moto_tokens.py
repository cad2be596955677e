"""The demo's ClientRequestToken book (dynoview/demo/moto_tokens.py): what no endpoint test can
time, a token in flight and the ten-minute window. On the wire, against DynamoDB Local:
tests/integration/test_demo_tokens.py."""

from __future__ import annotations

import io
import threading
from typing import Any

import pytest

from dynoview.demo import moto_tokens


def test_a_token_still_running_is_refused() -> None:
    """TransactionInProgressException: DynamoDB's answer to a second send while the first runs
    (too brief a moment on a real endpoint to race, so the book is driven directly)."""
    book = moto_tokens.TokenBook()
    first_runs, release = threading.Event(), threading.Event()
    body = b'{"ClientRequestToken": "t1", "TransactItems": []}'

    def environ() -> dict[str, Any]:
        return {"wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body))}

    def slow_send() -> moto_tokens.Answer:
        first_runs.set()
        release.wait(10)
        return 200, {}, "{}"

    answers: list[moto_tokens.Answer] = []
    sender = threading.Thread(target=lambda: answers.append(book.answer(environ(), slow_send)))
    sender.start()
    assert first_runs.wait(10)
    status, _, text = book.answer(environ(), lambda: pytest.fail("sent twice"))
    release.set()
    sender.join(10)
    assert status == 400 and "TransactionInProgressException" in text
    assert answers == [(200, {}, "{}")]
    assert book.answer(environ(), lambda: pytest.fail("replayed by moto"))[0] == 200  # a replay now


def test_a_token_is_forgotten_ten_minutes_after_its_success() -> None:
    now = [1000.0]
    book = moto_tokens.TokenBook(clock=lambda: now[0])
    body = b'{"ClientRequestToken": "t2", "TransactItems": [{"Put": {"TableName": "x"}}]}'
    sent: list[int] = []

    def send() -> moto_tokens.Answer:
        sent.append(1)
        return 200, {}, "{}"

    def environ() -> dict[str, Any]:
        return {"wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body))}

    book.answer(environ(), send)
    now[0] += moto_tokens.WINDOW_S - 1
    book.answer(environ(), send)
    assert len(sent) == 1  # replayed within the window
    now[0] += 2
    book.answer(environ(), send)
    assert len(sent) == 2  # a new request after it
