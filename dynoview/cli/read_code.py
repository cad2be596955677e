"""`dynoview read-code --operation Query|Scan|GetItem --request JSON --lang python|aws-cli|javascript`:
a read as code (docs/cli-codegen.md, "Code for reads").

The request is the API's JSON (as the read log's JSON and the AWS CLI write it: binary as
base64), given inline, as ``@FILE`` or ``@-`` (standard input); a read log entry (``{"operation":
..., "request": ...}``) brings its own operation. Nothing is sent: the code goes to standard
output. Exit 0 written, 2 error.
"""

from __future__ import annotations

import argparse
import json
import sys

from dynoview.cli.common import say
from dynoview.core.codegen.model import CodegenError
from dynoview.core.codegen.read_request import READ_OPERATIONS, request_from_json
from dynoview.core.codegen.reads import READ_LANGUAGES, read_code
from dynoview.core.session.connection import ConnectionSpecError, check_endpoint_url
from dynoview.core.session.user_files import UserFileError, decode_user_text, read_user_text


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "read-code", help="write a GetItem, Query or Scan as boto3, AWS CLI or JavaScript code",
        description="Write a read as code that reads every page (LastEvaluatedKey) with the same "
                    "expressions, names and values and prints the items as DynamoDB JSON: boto3 "
                    "(python), an AWS CLI command (aws-cli) or the AWS SDK for JavaScript v3 "
                    "(javascript, an ES module). Nothing is sent. Exit 0 written, 2 error.")
    parser.add_argument("--operation", choices=READ_OPERATIONS,
                        help="the read's operation (a read log entry names its own)")
    parser.add_argument("--request", required=True, metavar="JSON",
                        help="the request as the API's JSON (binary as base64), @FILE to read it "
                             "from a file or @- from standard input; a read log entry's JSON "
                             '({"operation": ..., "request": ...}) works too')
    parser.add_argument("--lang", required=True, choices=READ_LANGUAGES,
                        help="python (boto3), aws-cli (a POSIX shell command) or javascript "
                             "(@aws-sdk/client-dynamodb)")
    parser.add_argument("--region", help="the region the code's client uses (else its default chain's)")
    parser.add_argument("--endpoint-url", help="the endpoint the code's client uses, e.g. "
                                               "http://localhost:8000 (a user and password in it "
                                               "are left out)")


def _request_text(value: str) -> str:
    """The request's text: inline, or a file's (``@-``: standard input), UTF-8 with or without
    a byte-order mark; a missing file, a folder, UTF-16 or bytes that are not UTF-8 raise
    ``UserFileError``, a sentence naming the file."""
    if value == "@-":
        return decode_user_text(sys.stdin.buffer.read(), "The request on standard input")
    if value.startswith("@"):
        return read_user_text(value[1:], "The request file")
    return value


def run(args: argparse.Namespace) -> int:
    try:
        text = _request_text(args.request)
    except UserFileError as exc:
        say(exc.message)
        return 2
    operation = args.operation
    try:
        entry = json.loads(text)
    except ValueError as exc:
        entry = None
        if operation is None:  # what is wrong with the JSON first: the operation cannot mend it
            say(f"The request is not JSON: {exc}. Give a read request as the API's JSON, or a read "
                "log entry.")
            return 2
    if isinstance(entry, dict) and isinstance(entry.get("request"), dict) and "operation" in entry:
        if operation is not None and operation != entry["operation"]:
            say(f"The read log entry is a {entry['operation']}, not a {operation}: leave out "
                "--operation or give the entry's.")
            return 2
        operation = str(entry["operation"])
        text = json.dumps(entry["request"])
    if operation is None:
        say("Name the read's operation with --operation GetItem, Query or Scan.")
        return 2
    try:
        check_endpoint_url(args.endpoint_url, source="--endpoint-url")
        read = request_from_json(operation, text)
        code = read_code(read, args.lang, region=args.region, endpoint_url=args.endpoint_url)
    except (CodegenError, ConnectionSpecError) as exc:
        say(str(exc))
        return 2
    print(code, end="")
    return 0
