"""Export a transaction as code: boto3 Python, an AWS CLI command with its file, and
the JavaScript SDK v3.

Exported code relies on the default credential chain (environment, profile, SSO,
instance role): it never contains keys. The request is the exact preview
request, token included, so running the export is the same transaction.
"""

from __future__ import annotations

import base64
import json
import pprint
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.tx_wire import body_json, request_body

CLI_FILE_NAME = "transact-items.json"


def _client_args(region: str | None, endpoint_url: str | None) -> str:
    args = []
    if region:
        args.append(f"region_name={region!r}")
    if endpoint_url:
        args.append(f"endpoint_url={endpoint_url!r}")
    return ", ".join(['"dynamodb"', *args])


def to_boto3(request: Mapping[str, Any], *, region: str | None = None,
             endpoint_url: str | None = None) -> str:
    """A runnable Python script sending this request with a boto3 low-level client."""
    request_body(request)  # refuse a request botocore would refuse, before writing code for it
    literal = pprint.pformat(dict(request), indent=1, width=100, sort_dicts=False)
    return (
        '"""TransactWriteItems exported from DynoView. Credentials come from the default chain\n'
        '(environment, AWS profile, SSO or instance role); none are stored here."""\n'
        "import boto3\n"
        "\n"
        f"client = boto3.client({_client_args(region, endpoint_url)})\n"
        "\n"
        f"request = {literal}\n"
        "\n"
        "response = client.transact_write_items(**request)\n"
        'print(response["ResponseMetadata"]["HTTPStatusCode"])\n'
    )


@dataclass(frozen=True)
class CliExport:
    command: str
    file_name: str
    file_content: str


def to_aws_cli(request: Mapping[str, Any], *, region: str | None = None,
               endpoint_url: str | None = None, file_name: str = CLI_FILE_NAME) -> CliExport:
    """``aws dynamodb transact-write-items --transact-items file://...`` and the file's content."""
    wire = body_json(request_body(request))
    content = json.dumps(wire["TransactItems"], indent=2, ensure_ascii=False) + "\n"
    parts = ["aws", "dynamodb", "transact-write-items", "--transact-items", f"file://{file_name}"]
    token = wire.get("ClientRequestToken")
    if token:
        parts += ["--client-request-token", token]
    if region:
        parts += ["--region", region]
    if endpoint_url:
        parts += ["--endpoint-url", endpoint_url]
    return CliExport(" ".join(shlex.quote(p) for p in parts), file_name, content)


_BINARY_MARK = "\u0000b64:"


def _mark_binary(value: Any) -> Any:
    """Replace bytes by a marker string so JSON text can be rewritten to Buffer.from(...)."""
    if isinstance(value, Mapping):
        return {k: _mark_binary(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_mark_binary(v) for v in value]
    if isinstance(value, (bytes, bytearray)):
        return _BINARY_MARK + base64.b64encode(bytes(value)).decode("ascii")
    return value


def to_javascript(request: Mapping[str, Any], *, region: str | None = None,
                  endpoint_url: str | None = None) -> str:
    """An ES module using @aws-sdk/client-dynamodb's TransactWriteItemsCommand."""
    request_body(request)
    text = json.dumps(_mark_binary(dict(request)), indent=2, ensure_ascii=False)
    marker = json.dumps(_BINARY_MARK)[1:-1]
    # "\u0000b64:QUJD" -> Buffer.from("QUJD", "base64"), a Uint8Array the SDK accepts for B.
    while f'"{marker}' in text:
        start = text.index(f'"{marker}')
        end = text.index('"', start + 1)
        b64 = text[start + 1 + len(marker):end]
        text = text[:start] + f'Buffer.from("{b64}", "base64")' + text[end + 1:]
    options = []
    if region:
        options.append(f"region: {json.dumps(region)}")
    if endpoint_url:
        options.append(f"endpoint: {json.dumps(endpoint_url)}")
    client_options = "{ " + ", ".join(options) + " }" if options else "{}"
    return (
        "// TransactWriteItems exported from DynoView. Credentials come from the default\n"
        "// provider chain (environment, profile, SSO or instance role); none are stored here.\n"
        'import { DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";\n'
        "\n"
        f"const client = new DynamoDBClient({client_options});\n"
        "\n"
        f"const input = {text};\n"
        "\n"
        "const response = await client.send(new TransactWriteItemsCommand(input));\n"
        "console.log(response.$metadata.httpStatusCode);\n"
    )
