""""Copy as code" for a read: a GetItem, Query or Scan as boto3 (Python), an AWS CLI command
and the AWS SDK for JavaScript v3, each reading every page (LastEvaluatedKey) with the same
expressions, names and values, and printing the items as DynamoDB JSON (binary as base64).

The code is written from the request as data (``read_request.ReadRequest``) with each
language's own quoting: Python literals (``quoting.py_string``, ``repr``), JSON for the AWS CLI
in a file a quoted here-document writes, JavaScript string literals (``quoting.ts_string``); never
by rewriting text, so a value read from a table cannot become code. Credentials are never in
it: the default chain supplies them, and a user and password in the endpoint URL are left out
(the code says so).
"""

from __future__ import annotations

import ast
import json
import textwrap
from typing import Any

from dynoview.core.codegen.model import CodegenError
from dynoview.core.codegen.quoting import py_string, ts_string
from dynoview.core.codegen.read_request import GET_ITEM, ReadRequest
from dynoview.core.codegen.template import URL_CREDENTIALS_NOTE
from dynoview.core.redaction import drop_url_credentials
from dynoview.core.tx.export_syntax import (
    JsStyle,
    cli_option,
    has_binary,
    here_document,
    js_expression,
    shell_command,
)

PYTHON = "python"
AWS_CLI = "aws-cli"
JAVASCRIPT = "javascript"
READ_LANGUAGES = (PYTHON, AWS_CLI, JAVASCRIPT)
#: What each language's code is saved as.
SUFFIXES = {PYTHON: ".py", AWS_CLI: ".sh", JAVASCRIPT: ".mjs"}

CREDENTIALS = ("Credentials come from the default chain (environment, AWS profile, SSO or "
               "instance role); none are stored here.")
STARTED_LATER = ("The logged read started at a later page (ExclusiveStartKey); this code reads "
                 "from the first page.")
POSIX_NOTE = ("Quoted for POSIX shells (sh, bash, zsh); PowerShell and cmd.exe quote differently.")
BINARY_NOTE = ("The request holds binary values, sent as base64 with --cli-binary-format base64: "
               "that needs AWS CLI version 2 (version 1 refuses the option rather than reading "
               "the base64 text itself as the value).")
_JS = JsStyle(string=ts_string, trailing_commas=True, error=CodegenError)
_CLI_COMMANDS = {GET_ITEM: "get-item", "Query": "query", "Scan": "scan"}
_PY_METHODS = {GET_ITEM: "get_item", "Query": "query", "Scan": "scan"}


def read_code(read: ReadRequest, lang: str, *, region: str | None = None,
              endpoint_url: str | None = None) -> str:
    """The read as code in ``lang`` ("python", "aws-cli" or "javascript"), for a client in
    ``region`` at ``endpoint_url`` (both optional: the default chain's otherwise)."""
    if lang not in READ_LANGUAGES:
        raise CodegenError(f"Reads are exported as {', '.join(READ_LANGUAGES)}, not {lang!r}.")
    endpoint, dropped = drop_url_credentials(endpoint_url) if endpoint_url else (None, False)
    notes = [n for n, on in ((STARTED_LATER, read.started_later), (URL_CREDENTIALS_NOTE, dropped)) if on]
    if lang == PYTHON:
        return _python(read, region, endpoint, notes)
    if lang == AWS_CLI:
        return _aws_cli(read, region, endpoint, notes)
    return _javascript(read, region, endpoint, notes)


def _what(read: ReadRequest) -> str:
    """The export's first sentence: what it reads and prints."""
    if not read.pages:
        return f"{read.operation} exported from DynoView: prints the item as one line of DynamoDB JSON."
    if read.counts:
        return (f"{read.operation} exported from DynoView: reads every page (LastEvaluatedKey) "
                "and prints the total Count.")
    return (f"{read.operation} exported from DynoView: reads every page (LastEvaluatedKey) and "
            "prints each item as one line of DynamoDB JSON (binary as base64).")


def _comment(prefix: str, sentences: list[str], width: int = 88) -> list[str]:
    return [f"{prefix}{line}" for line in textwrap.wrap(" ".join(sentences), width - len(prefix))]


# ---------------------------------------------------------------------------------- Python


def _py(value: Any, level: int = 0) -> str:
    """A Python expression for plain data, one entry a line in maps and lists."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(int(value))
    if isinstance(value, str):
        return py_string(value)
    if isinstance(value, bytes):
        return repr(bytes(value))
    inner, outer = "    " * (level + 1), "    " * level
    if isinstance(value, dict):
        if not value:
            return "{}"
        fields = [f"{inner}{py_string(k)}: {_py(v, level + 1)}," for k, v in value.items()]
        return "{\n" + "\n".join(fields) + f"\n{outer}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[\n" + "\n".join(f"{inner}{_py(v, level + 1)}," for v in value) + f"\n{outer}]"
    raise CodegenError(f"A {type(value).__name__} cannot be written as Python.")


def _python(read: ReadRequest, region: str | None, endpoint: str | None, notes: list[str]) -> str:
    literal = _py(dict(read.params))
    # Plain data reads back as itself: proof the literal holds no names or calls.
    if ast.literal_eval(literal) != dict(read.params):  # pragma: no cover - a bug in _py
        raise CodegenError("The request could not be written as a Python literal that reads back "
                           "the same. Report this as a bug in DynoView.")
    method = _PY_METHODS[read.operation]
    client_args = ['"dynamodb"']
    if region:
        client_args.append(f"region_name={py_string(region)}")
    if endpoint:
        client_args.append(f"endpoint_url={py_string(endpoint)}")
    doc = "\n".join(textwrap.wrap(f"{_what(read)} {CREDENTIALS}", 84))
    imports = ([] if read.counts else ["import base64", "import json"]) + (
        ["from collections.abc import Iterator"] if read.pages and not read.counts else [])
    lines = [f'"""{doc}"""', *_comment("# ", notes), "", *imports, "from typing import Any", "",
             "import boto3", "", f"REQUEST: dict[str, Any] = {literal}", "", ""]
    if not read.pages:
        lines += ["def read_item(client: Any) -> dict[str, Any] | None:",
                  '    """The item with this key, or None."""',
                  f"    return client.{method}(**REQUEST).get(\"Item\")"]
    elif read.counts:
        lines += ["def count_items(client: Any) -> int:",
                  f'    """How many items the {read.operation} counts, page after page."""',
                  "    request = dict(REQUEST)",
                  "    total = 0",
                  "    while True:",
                  f"        response = client.{method}(**request)",
                  '        total += response["Count"]',
                  '        if "LastEvaluatedKey" not in response:',
                  "            return total",
                  '        request["ExclusiveStartKey"] = response["LastEvaluatedKey"]']
    else:
        lines += ["def read_items(client: Any) -> Iterator[dict[str, Any]]:",
                  f'    """Every item the {read.operation} returns, page after page."""',
                  "    request = dict(REQUEST)",
                  "    while True:",
                  f"        response = client.{method}(**request)",
                  '        yield from response.get("Items", [])',
                  '        if "LastEvaluatedKey" not in response:',
                  "            return",
                  '        request["ExclusiveStartKey"] = response["LastEvaluatedKey"]']
    if not read.counts:
        lines += ["", "",
                  "def binary_as_base64(value: Any) -> str:",
                  '    """JSON for what json cannot write itself: binary (bytes), as base64."""',
                  "    if isinstance(value, bytes):",
                  '        return base64.b64encode(value).decode("ascii")',
                  '    raise TypeError(f"{type(value).__name__} is not JSON")']
    lines += ["", "",
              'if __name__ == "__main__":',
              f"    client = boto3.client({', '.join(client_args)})"]
    if not read.pages:
        lines += ["    item = read_item(client)",
                  "    if item is not None:",
                  "        print(json.dumps(item, default=binary_as_base64))"]
    elif read.counts:
        lines.append("    print(count_items(client))")
    else:
        lines += ["    for item in read_items(client):",
                  "        print(json.dumps(item, default=binary_as_base64))"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------- AWS CLI


def _cli_file_name(operation: str) -> str:
    """The file the AWS CLI export writes the request to (``scan-request.json``)."""
    return f"{_CLI_COMMANDS[operation]}-request.json"


def _aws_cli(read: ReadRequest, region: str | None, endpoint: str | None, notes: list[str]) -> str:
    # ASCII JSON (non-ASCII as \u escapes): the same request in any locale's encoding. It goes
    # in a file, not in an argument: one argument holds at most 128 KiB on Linux.
    request = json.dumps(read.wire_json(), indent=2) + "\n"
    file_name = _cli_file_name(read.operation)
    writes = here_document(file_name, request, "DYNOVIEW_READ_REQUEST")
    if writes is None:  # pragma: no cover - indented JSON has no line equal to the delimiter
        raise CodegenError("The request cannot be written by a shell script. Report this as a bug "
                           "in DynoView.")
    parts = ["aws", "dynamodb", _CLI_COMMANDS[read.operation],
             *cli_option("--cli-input-json", f"file://{file_name}")]
    if region:
        parts += cli_option("--region", region)
    if endpoint:
        parts += cli_option("--endpoint-url", endpoint)
    notes = [*notes, POSIX_NOTE]
    if has_binary(dict(read.params)):
        # CLI v2 reads base64 by default, but a profile's cli_binary_format could say otherwise.
        parts += ["--cli-binary-format", "base64"]
        notes.append(BINARY_NOTE)
    answer = "the total Count" if read.counts else "all the items (binary as base64)"
    what = _what(read) if not read.pages else (
        f"{read.operation} exported from DynoView: the AWS CLI reads every page (LastEvaluatedKey) "
        f"and prints one JSON answer with {answer}.")
    written = f"It writes the request to {file_name} in the current folder, then runs the command."
    return "\n".join(["#!/bin/sh", *_comment("# ", [what, CREDENTIALS, *notes, written]), "set -e",
                      writes + shell_command(parts)]) + "\n"


# ---------------------------------------------------------------------------------- JavaScript


#: Sends a command and gives DynamoDB's JSON answer as it came: the SDK (v3) turns an item's
#: top-level attribute named __proto__ into undefined; JSON.parse keeps it an attribute.
_JS_SEND_RAW = [
    "/**",
    " * Sends the command and returns DynamoDB's JSON answer as it came (JSON.parse keeps every",
    " * attribute, one named __proto__ too, which the SDK's parsed output loses).",
    " */",
    "async function sendRaw(client, command) {",
    "  let body;",
    "  command.middlewareStack.add((next) => async (args) => {",
    "    const result = await next(args);",
    "    body = await bytesOf(result.response.body);",
    "    result.response.body = body; // the SDK parses the same bytes",
    "    return result;",
    '  }, { step: "deserialize", priority: "low" });',
    "  await client.send(command);",
    '  return JSON.parse(Buffer.from(body).toString("utf8"));',
    "}",
    "",
    "async function bytesOf(stream) {",
    "  if (stream instanceof Uint8Array) return stream;",
    "  const chunks = [];",
    "  for await (const chunk of stream) chunks.push(chunk);",
    "  return Buffer.concat(chunks);",
    "}",
]
_JS_SDK_KEY = [
    "",
    "/** A key from DynamoDB JSON as the SDK takes it (binary as bytes), every attribute kept. */",
    "function sdkKey(key) {",
    "  return Object.fromEntries(Object.entries(key).map(([name, value]) =>",
    '    [name, value.B === undefined ? value : { B: Buffer.from(value.B, "base64") }]));',
    "}",
]


def _javascript(read: ReadRequest, region: str | None, endpoint: str | None, notes: list[str]) -> str:
    command = f"{read.operation}Command"
    options = [f"{name}: {ts_string(value)}" for name, value in (("region", region),
                                                                  ("endpoint", endpoint)) if value]
    client_options = "{ " + ", ".join(options) + " }" if options else "{}"
    lines = [*_comment("// ", [_what(read), CREDENTIALS, *notes]),
             f'import {{ DynamoDBClient, {command} }} from "@aws-sdk/client-dynamodb";', "",
             f"const input = {js_expression(dict(read.params), _JS)};", ""]
    if not read.pages:
        lines += ["/** The item with this key as DynamoDB JSON (binary as base64), or undefined. */",
                  "export async function readItem(client) {",
                  f"  const answer = await sendRaw(client, new {command}(input));",
                  "  return answer.Item;",
                  "}"]
    elif read.counts:
        lines += [f"/** How many items the {read.operation} counts, page after page. */",
                  "export async function countItems(client) {",
                  "  const request = { ...input };",
                  "  let total = 0;",
                  "  for (;;) {",
                  f"    const answer = await sendRaw(client, new {command}(request));",
                  "    total += answer.Count ?? 0;",
                  "    if (answer.LastEvaluatedKey === undefined) return total;",
                  "    request.ExclusiveStartKey = sdkKey(answer.LastEvaluatedKey);",
                  "  }",
                  "}"]
    else:
        lines += [f"/** Every item the {read.operation} returns, page after page, as DynamoDB JSON "
                  "(binary as base64). */",
                  "export async function* readItems(client) {",
                  "  const request = { ...input };",
                  "  for (;;) {",
                  f"    const answer = await sendRaw(client, new {command}(request));",
                  "    yield* answer.Items ?? [];",
                  "    if (answer.LastEvaluatedKey === undefined) return;",
                  "    request.ExclusiveStartKey = sdkKey(answer.LastEvaluatedKey);",
                  "  }",
                  "}"]
    lines += ["", *_JS_SEND_RAW, *([] if not read.pages else _JS_SDK_KEY), "",
              f"const client = new DynamoDBClient({client_options});"]
    if not read.pages:
        lines += ["const item = await readItem(client);",
                  "if (item !== undefined) console.log(JSON.stringify(item));"]
    elif read.counts:
        lines.append("console.log(await countItems(client));")
    else:
        lines += ["for await (const item of readItems(client)) {",
                  "  console.log(JSON.stringify(item));",
                  "}"]
    return "\n".join(lines) + "\n"
