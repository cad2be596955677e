"""Code export: boto3, AWS CLI (command and file) and JavaScript SDK v3, never with credentials."""

from __future__ import annotations

import ast
import json

from dynoview.core.tx.code_export import to_aws_cli, to_boto3, to_javascript

REQUEST = {"TransactItems": [{"Put": {"TableName": "files", "Item": {
    "id": {"S": "f1"}, "data": {"B": b"\x00\xff"}, "n": {"N": "1.50"}},
    "ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "id"}}}],
    "ClientRequestToken": "tok-1"}


def test_boto3_code_holds_the_exact_request_and_no_credentials() -> None:
    code = to_boto3(REQUEST, region="eu-west-1")
    tree = ast.parse(code)
    assigned = {t.targets[0].id: t.value for t in tree.body if isinstance(t, ast.Assign)}
    assert ast.literal_eval(assigned["request"]) == REQUEST
    assert 'client = boto3.client("dynamodb", region_name=\'eu-west-1\')' in code
    assert "aws_access_key_id" not in code and "aws_secret_access_key" not in code


def test_aws_cli_command_and_file() -> None:
    export = to_aws_cli(REQUEST, endpoint_url="http://localhost:8000")
    # The file holds binary as base64: say so, rather than trust the profile's cli_binary_format.
    # The whole request, token included, is in the file: the AWS CLI never reads a value on its
    # command line as a file or URL to fetch (a token "file://~/.aws/credentials" would be).
    assert export.command == ("aws dynamodb transact-write-items "
                              "--cli-input-json file://transact-request.json "
                              "--endpoint-url http://localhost:8000 --cli-binary-format base64")
    assert "POSIX" in export.note
    assert json.loads(export.file_content) == {"TransactItems": [{"Put": {"TableName": "files", "Item": {
        "id": {"S": "f1"}, "data": {"B": "AP8="}, "n": {"N": "1.50"}},
        "ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "id"}}}],
        "ClientRequestToken": "tok-1"}

def test_javascript_uses_buffers_for_binary() -> None:
    js = to_javascript(REQUEST, region="us-east-1")
    assert 'import { DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";' in js
    assert '"B": Buffer.from("AP8=", "base64")' in js
    assert '"N": "1.50"' in js
    assert 'new DynamoDBClient({ region: "us-east-1" })' in js
    assert "secretAccessKey" not in js
