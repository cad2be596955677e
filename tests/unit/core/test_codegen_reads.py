"""Code for reads, without a network: the request each export holds reads back as the request
(Python's literal, the AWS CLI's shell words and JSON, the JavaScript literal's strings), hostile
values included; what only concerned the logged call is left out; a read that cannot be exported
is a sentence. The exports run for real in tests/integration/test_read_code_run.py."""

from __future__ import annotations

import ast
import base64
import json
import shlex
from typing import Any

import pytest

from dynoview.core.codegen.model import CodegenError
from dynoview.core.codegen.read_request import read_request, request_from_json
from dynoview.core.codegen.reads import AWS_CLI, JAVASCRIPT, PYTHON, read_code
from dynoview.core.errors import InputError
from tests.hostile_values import HOSTILE


def hostile_query() -> dict[str, Any]:
    values = {f":h{i}": {"S": text} for i, text in enumerate(HOSTILE)}
    names = {f"#a{i}": text for i, text in enumerate(HOSTILE)}
    return {"TableName": "t'\"$(x)", "KeyConditionExpression": "PK = :h0",
            "FilterExpression": " OR ".join(f"{n} = {v}" for n, v in zip(names, values, strict=True)),
            "ExpressionAttributeNames": {**names, "#p": "__proto__"},
            "ExpressionAttributeValues": {**values, ":b": {"B": b"\x00\xff"},
                                          ":ns": {"NS": ["12345678901234567890123456789012345678"]}},
            "Limit": 3, "ConsistentRead": True}


def python_request(code: str) -> Any:
    """The value the generated module assigns to REQUEST, read from its syntax tree."""
    tree = ast.parse(code)
    node = next(n for n in tree.body if isinstance(n, ast.AnnAssign)
                and isinstance(n.target, ast.Name) and n.target.id == "REQUEST")
    assert node.value is not None
    return ast.literal_eval(node.value)


def cli_words(code: str) -> list[str]:
    command = "\n".join(line for line in code.splitlines() if not line.startswith("#"))
    return shlex.split(command)


def test_python_holds_the_request_exactly() -> None:
    read = read_request("Query", hostile_query())
    code = read_code(read, PYTHON, region="us-east-1", endpoint_url="http://localhost:8000")
    assert python_request(code) == hostile_query()
    compile(code, "read.py", "exec")  # the whole module is Python


def test_the_aws_cli_command_holds_the_request_as_the_api_json() -> None:
    read = read_request("Query", hostile_query())
    code = read_code(read, AWS_CLI, region="us-east-1", endpoint_url="-http://odd")
    # The request goes in a file its here-document writes (a long value is no argument too long,
    # and no value on the command line is one the AWS CLI would read as a file or URL).
    lines = code.splitlines()
    start = lines.index("cat > query-request.json <<'DYNOVIEW_READ_REQUEST'")
    end = lines.index("DYNOVIEW_READ_REQUEST", start)
    given = json.loads("\n".join(lines[start + 1:end]))
    words = cli_words("\n".join(lines[end + 1:]))
    assert words[:3] == ["aws", "dynamodb", "query"]
    assert words[words.index("--cli-input-json") + 1] == "file://query-request.json"
    assert given == read.wire_json()
    assert given["ExpressionAttributeValues"][":b"] == {"B": base64.b64encode(b"\x00\xff").decode()}
    assert "--endpoint-url=-http://odd" in words  # a value starting with "-" is never an option
    assert words[-2:] == ["--cli-binary-format", "base64"]
    assert code.isascii()


def test_javascript_strings_read_back_and_proto_is_a_real_key() -> None:
    code = read_code(read_request("Query", hostile_query()), JAVASCRIPT)
    literal = code[code.index("const input = ") + len("const input = "):code.index("};\n") + 1]
    for text in HOSTILE:
        # A JSON string literal is a JavaScript string literal: each value appears as one.
        assert any(json.loads(line.split(": ", 1)[1].rstrip(",")) == text
                   for line in literal.splitlines() if line.strip().startswith(('"#a', '"S"'))
                   and line.rstrip().endswith(",") and not line.rstrip().endswith("{,"))
    assert '"#p": "__proto__"' in literal
    assert 'Buffer.from("AP8=", "base64")' in literal


def test_what_only_concerned_the_logged_call_is_left_out_and_said() -> None:
    logged = {"TableName": "t", "Limit": 2, "ReturnConsumedCapacity": "TOTAL",
              "ExclusiveStartKey": {"PK": {"S": "a"}}}
    read = read_request("Scan", logged)
    assert dict(read.params) == {"TableName": "t", "Limit": 2} and read.started_later
    for lang in (PYTHON, AWS_CLI, JAVASCRIPT):
        assert "started at a later page" in read_code(read, lang)
    assert "started at a later page" not in read_code(read_request("Scan", {"TableName": "t"}), PYTHON)


def test_endpoint_credentials_never_reach_the_code() -> None:
    read = read_request("GetItem", {"TableName": "t", "Key": {"PK": {"S": "a"}}})
    for lang in (PYTHON, AWS_CLI, JAVASCRIPT):
        code = read_code(read, lang, endpoint_url="http://user:s3cret@localhost:8000")
        assert "s3cret" not in code and "user:" not in code and "localhost:8000" in code
        assert "user name and password were left out" in code


@pytest.mark.parametrize(("operation", "request_", "says"), [
    ("BatchGetItem", {"RequestItems": {}}, "GetItem, Query and Scan"),
    ("Query", {"TableName": "t", "Limt": 2}, "Unknown parameter"),
    ("Scan", {"TableName": "t", "Limit": object()}, "is a object"),
])
def test_a_read_that_cannot_be_exported_is_a_sentence(operation: str, request_: dict[str, Any],
                                                      says: str) -> None:
    with pytest.raises(InputError, match=says):
        read_request(operation, request_)


def test_counts_and_big_integers() -> None:
    read = read_request("Scan", {"TableName": "t", "Select": "COUNT", "Limit": 2**60})
    assert "count_items" in read_code(read, PYTHON) and "Count" in read_code(read, AWS_CLI)
    with pytest.raises(CodegenError, match="too large for a JavaScript number"):
        read_code(read, JAVASCRIPT)
    with pytest.raises(CodegenError, match="not 'go'"):
        read_code(read, "go")


def test_request_json_decodes_binary_by_the_api_shapes() -> None:
    read = request_from_json("Query", json.dumps({
        "TableName": "t", "KeyConditionExpression": "PK = :b",
        "ExpressionAttributeValues": {":b": {"B": "AP8="}, ":bs": {"BS": ["AQ=="]}, ":s": {"S": "AP8="}}}))
    values = read.params["ExpressionAttributeValues"]
    assert values == {":b": {"B": b"\x00\xff"}, ":bs": {"BS": [b"\x01"]}, ":s": {"S": "AP8="}}
    with pytest.raises(InputError, match="base64"):
        request_from_json("GetItem", '{"TableName": "t", "Key": {"PK": {"B": "not base64!"}}}')
    with pytest.raises(InputError, match="not JSON"):
        request_from_json("GetItem", "{")
