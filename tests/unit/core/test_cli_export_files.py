"""The AWS CLI exports carry every request value in the --cli-input-json file, never on the
command line: the CLI loads an operation argument starting with file://, fileb:// (and in
version 1 http:// or https://) as a file or web page and sends that instead, and one argument
holds at most 128 KiB on Linux. Proven by running the exported scripts under sh with a fake
``aws`` that prints its arguments and the file it was given. The real AWS CLI runs them in
tests/integration/test_cli_export_literal_values.py."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.codegen.read_request import read_request
from dynoview.core.codegen.reads import AWS_CLI, read_code
from dynoview.core.tx.code_export import to_aws_cli
from dynoview.core.tx.wire import body_json, request_body

SH = shutil.which("sh")
needs_sh = pytest.mark.skipif(SH is None, reason="no POSIX shell (sh) on PATH")

#: Options the AWS CLI never reads as a file or URL: global ones, and the request file itself.
NEVER_LOADED = {"--region", "--endpoint-url", "--cli-binary-format", "--cli-input-json"}

FAKE_AWS = textwrap.dedent(f"""\
    #!{sys.executable}
    import json, sys
    args = sys.argv[1:]
    given = None
    if "--cli-input-json" in args:
        value = args[args.index("--cli-input-json") + 1]
        if value.startswith("file://"):
            with open(value[len("file://"):], encoding="ascii") as f:
                given = json.load(f)
        else:
            given = json.loads(value)
    print(json.dumps({{"argv": args, "input": given}}))
    """)

PARAMFILE_TOKENS = ["file://~/.aws/credentials", "fileb://secret.bin", "http://127.0.0.1:9/x",
                    "https://example.com/t", "-file://x"]


def _run_script(script: str, folder: Path) -> subprocess.CompletedProcess[str]:
    assert SH is not None
    bin_dir = folder / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "aws").write_text(FAKE_AWS, encoding="utf-8")
    (bin_dir / "aws").chmod(0o755)
    (folder / "export.sh").write_text(script, encoding="utf-8")
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run([SH, "export.sh"], cwd=folder, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=60, check=False)


def _options(argv: list[str]) -> set[str]:
    return {word.split("=", 1)[0] for word in argv if word.startswith("--")}


def _request(token: str) -> dict[str, Any]:
    return {"TransactItems": [{"Put": {"TableName": "accounts", "Item": {
        "PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}}}], "ClientRequestToken": token}


@needs_sh
@pytest.mark.parametrize("token", PARAMFILE_TOKENS)
def test_the_transaction_token_goes_in_the_file_never_on_the_command_line(tmp_path: Path,
                                                                         token: str) -> None:
    request = _request(token)
    export = to_aws_cli(request, region="us-east-1", endpoint_url="http://localhost:8000")
    assert token not in export.command
    done = _run_script(export.script(), tmp_path)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert _options(seen["argv"]) <= NEVER_LOADED, seen["argv"]
    # The file is the whole body botocore sends, token included, as text.
    assert seen["input"] == body_json(request_body(request))
    assert seen["input"]["ClientRequestToken"] == token


@needs_sh
def test_a_read_with_a_long_value_writes_its_request_to_a_file(tmp_path: Path) -> None:
    """90 KB of UTF-8, twice that as \\u escapes: more than one argument can hold."""
    long_value = "\u6f22" * 30_000
    read = read_request("Scan", {"TableName": "t", "FilterExpression": "note = :v",
                                 "ExpressionAttributeValues": {":v": {"S": long_value}}})
    code = read_code(read, AWS_CLI, region="us-east-1", endpoint_url="http://localhost:8000")
    assert code.isascii() and len(code) > 131_072
    done = _run_script(code, tmp_path)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["argv"][:2] == ["dynamodb", "scan"]
    assert _options(seen["argv"]) <= NEVER_LOADED
    assert seen["input"] == read.wire_json()
    assert seen["input"]["ExpressionAttributeValues"][":v"]["S"] == long_value
