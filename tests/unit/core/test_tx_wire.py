"""The preview is botocore's own serialization: exact bytes, binary as base64."""

from __future__ import annotations

import json

import pytest

from dynoview.core.tx.wire import RequestShapeError, formatted, preview_text, request_body

REQUEST = {"TransactItems": [{"Put": {"TableName": "files", "Item": {
    "id": {"S": "café"}, "data": {"B": b"\x00\xff"}, "n": {"N": "1.50"}}}}],
    "ClientRequestToken": "tok"}


def test_body_matches_botocore_json_dumps_layout() -> None:
    assert request_body(REQUEST) == (
        b'{"TransactItems": [{"Put": {"TableName": "files", "Item": {"id": {"S": "caf\\u00e9"}, '
        b'"data": {"B": "AP8="}, "n": {"N": "1.50"}}}}], "ClientRequestToken": "tok"}')


def test_preview_text_is_the_body_decoded() -> None:
    assert preview_text(REQUEST).encode("utf-8") == request_body(REQUEST)


def test_formatted_view_is_the_same_json() -> None:
    assert json.loads(formatted(request_body(REQUEST))) == json.loads(request_body(REQUEST))


def test_shape_errors_are_sentences() -> None:
    with pytest.raises(RequestShapeError, match="Fix the field"):
        request_body({"TransactItems": [{"Put": {"TableName": "x", "Item": {}, "Bogus": 1}}]})
