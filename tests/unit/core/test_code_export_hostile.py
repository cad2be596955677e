"""Exports of hostile values, proven by running them: each export runs against a fake SDK
(JavaScript under node, Python with a fake boto3, the CLI command under real POSIX
shells with a fake ``aws``) that prints what it received, which must be the request
exactly; no payload may create its canary file."""

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

from dynoview.core.tx.code_export import (
    POSIX_NOTE,
    CliExport,
    ExportValueError,
    to_aws_cli,
    to_boto3,
    to_javascript,
)
from dynoview.core.tx.wire import body_json, request_body
from tests.hostile_values import OLD_MARKER, SHELL_CANARY, hostile_request, js_payloads, tagged

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on PATH")

HOSTILE_REGION = "eu-west-1'; touch pwned; '\u2028\")"
HOSTILE_ENDPOINT = "http://localhost:1/$(touch pwned)`touch pwned`\"'${x}\u2028</script>"

# Prints the client config and the command input as JSON, binary as {"__b64": ...}.
FAKE_SDK = textwrap.dedent("""\
    export class TransactWriteItemsCommand { constructor(input) { this.input = input; } }
    export class DynamoDBClient {
      constructor(config) { this.config = config; }
      async send(command) {
        const replacer = function (key, value) {
          const raw = this[key];  // the value before Buffer's toJSON
          return raw instanceof Uint8Array ? { __b64: Buffer.from(raw).toString("base64") } : value;
        };
        process.stdout.write(JSON.stringify({ config: this.config, input: command.input }, replacer) + "\\n");
        return { $metadata: { httpStatusCode: 200 } };
      }
    }
    """)

FAKE_BOTO3 = textwrap.dedent("""\
    import base64, json

    def _tag(v):
        if isinstance(v, (bytes, bytearray)):
            return {"__b64": base64.b64encode(bytes(v)).decode("ascii")}
        if isinstance(v, dict):
            return {k: _tag(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [_tag(x) for x in v]
        return v

    class _Client:
        def __init__(self, service, **kwargs):
            self.args = {"service": service, **kwargs}
        def transact_write_items(self, **request):
            print(json.dumps({"client": self.args, "request": _tag(request)}))
            return {"ResponseMetadata": {"HTTPStatusCode": 200}}

    def client(service, **kwargs):
        return _Client(service, **kwargs)
    """)

FAKE_AWS = textwrap.dedent(f"""\
    #!{sys.executable}
    import json, sys
    print(json.dumps(sys.argv[1:]))
    """)


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8",
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done


def _write_node_module(code: str, folder: Path) -> None:
    """export.mjs next to a fake @aws-sdk/client-dynamodb package."""
    package = folder / "node_modules" / "@aws-sdk" / "client-dynamodb"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps(
        {"name": "@aws-sdk/client-dynamodb", "type": "module", "exports": "./index.js"}))
    (package / "index.js").write_text(FAKE_SDK)
    (folder / "export.mjs").write_text(code, encoding="utf-8")


def _run_node(code: str, folder: Path) -> dict[str, Any]:
    _write_node_module(code, folder)
    assert NODE is not None
    done = _run([NODE, "export.mjs"], folder)
    # split("\n"), not splitlines(): U+2028 in the JSON is not a line break.
    printed, status = done.stdout.split("\n")[:2]
    assert status == "200"
    result: dict[str, Any] = json.loads(printed)
    return result


@needs_node
def test_javascript_export_sends_the_request_exactly_and_runs_no_payload(tmp_path: Path) -> None:
    canary = tmp_path / "js-canary"
    request = hostile_request("accounts", str(canary))
    code = to_javascript(request, region=HOSTILE_REGION, endpoint_url=HOSTILE_ENDPOINT)
    printed = _run_node(code, tmp_path / "run")
    assert printed["input"] == tagged(request)
    assert printed["config"] == {"region": HOSTILE_REGION, "endpoint": HOSTILE_ENDPOINT}
    assert not canary.exists()
    assert not (tmp_path / "run" / SHELL_CANARY).exists()
    assert OLD_MARKER not in code and "\u2028" not in code and "\u2029" not in code


def _marker_rewrite_as_before_the_fix(request: dict[str, Any]) -> str:
    """The JSON-text rewrite the JavaScript export used to do, kept to show the payload is live."""
    import base64

    def mark(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: mark(x) for k, x in v.items()}
        if isinstance(v, list):
            return [mark(x) for x in v]
        return OLD_MARKER + base64.b64encode(v).decode() if isinstance(v, bytes) else v

    text = json.dumps(mark(request), indent=2, ensure_ascii=False)
    marker = json.dumps(OLD_MARKER)[1:-1]
    while f'"{marker}' in text:
        start = text.index(f'"{marker}')
        end = text.index('"', start + 1)
        text = text[:start] + f'Buffer.from("{text[start + 1 + len(marker):end]}", "base64")' + text[end + 1:]
    return ('import { DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";\n'
            f"const input = {text};\n"
            "await new DynamoDBClient({}).send(new TransactWriteItemsCommand(input));\n")


@needs_node
def test_the_payload_ran_code_through_the_old_rewrite(tmp_path: Path) -> None:
    """Control: without it, "no canary file" above could pass with a payload that never worked."""
    canary = tmp_path / "js-canary"
    # Alone: any other hostile value makes the old output a syntax error, so nothing would run.
    item = {"PK": {"S": "ACCT#1"}, "email": {"S": js_payloads(str(canary))[0]}}
    request = {"TransactItems": [{"Put": {"TableName": "accounts", "Item": item}}]}
    folder = tmp_path / "run"
    _write_node_module(_marker_rewrite_as_before_the_fix(request), folder)
    assert NODE is not None
    subprocess.run([NODE, "export.mjs"], cwd=folder, capture_output=True, timeout=60, check=False)
    assert canary.read_text() == "pwned"


@needs_node
def test_javascript_keeps_a_proto_attribute_and_lone_surrogates_as_data(tmp_path: Path) -> None:
    # `"__proto__": {...}` in an object literal would set the prototype and drop the attribute.
    item = {"PK": {"S": "p"}, "__proto__": {"M": {"__proto__": {"S": "x"}}}, "b": {"B": b"\x00"},
            "lone\udc00": {"S": "half a pair \ud800 here"}}
    request = {"TransactItems": [{"Put": {"TableName": "t", "Item": item}}]}
    printed = _run_node(to_javascript(request), tmp_path)
    assert printed["input"] == tagged(request)
    assert printed["config"] == {}


def test_javascript_shows_characters_that_print_nothing_as_escapes(tmp_path: Path) -> None:
    """A bidi override or a zero-width mark, raw in the file, makes a reviewer read another value
    than the one sent (the reads' exports escape them too); escaped, the request is the same."""
    value = "admin\u202e@evil\u200b.io\u2066x\U000e0041"
    request = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": value}}}}]}
    code = to_javascript(request)
    assert not [c for c in code if not c.isprintable() and c not in "\n"]
    assert "\\u202e" in code and "\\u200b" in code
    assert _run_node(code, tmp_path)["input"] == tagged(request)


def test_boto3_export_sends_the_request_exactly_and_runs_no_payload(tmp_path: Path) -> None:
    class Sneaky(str):
        """A str whose repr is code: the export must never use it."""

        def __repr__(self) -> str:
            return f"__import__('pathlib').Path({SHELL_CANARY!r}).touch() or 'x'"

    request = hostile_request("accounts", str(tmp_path / "py-canary"))
    request["TransactItems"][0]["Put"]["Item"]["sneaky"] = {"S": Sneaky("plain text")}
    fake = tmp_path / "fake"
    (fake / "boto3").mkdir(parents=True)
    (fake / "boto3" / "__init__.py").write_text(FAKE_BOTO3)
    (tmp_path / "export.py").write_text(
        to_boto3(request, region=HOSTILE_REGION, endpoint_url=HOSTILE_ENDPOINT), encoding="utf-8")
    done = _run([sys.executable, "export.py"], tmp_path, {**os.environ, "PYTHONPATH": str(fake)})
    printed, status = done.stdout.split("\n")[:2]
    assert status == "200"
    assert json.loads(printed) == {
        "client": {"service": "dynamodb", "region_name": HOSTILE_REGION, "endpoint_url": HOSTILE_ENDPOINT},
        "request": tagged(request)}
    assert not (tmp_path / SHELL_CANARY).exists() and not (tmp_path / "py-canary").exists()


def _posix_shells() -> list[str]:
    return [path for name in ("sh", "bash", "dash", "zsh") if (path := shutil.which(name))]


@pytest.mark.parametrize("shell", _posix_shells())
def test_cli_command_passes_every_argument_intact_through_posix_shells(tmp_path: Path, shell: str) -> None:
    file_name = f"it's $(touch {SHELL_CANARY}) `x` \"f\".json"
    request = hostile_request("accounts", str(tmp_path / "cli-canary"))
    export = to_aws_cli(request, region=HOSTILE_REGION, endpoint_url=HOSTILE_ENDPOINT, file_name=file_name)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "aws").write_text(FAKE_AWS)
    (bin_dir / "aws").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    done = _run([shell, "-c", export.command], tmp_path, env)
    # The token is in the file, never an argument the AWS CLI could read as a file or URL.
    assert json.loads(done.stdout) == [
        "dynamodb", "transact-write-items", "--cli-input-json", f"file://{file_name}",
        "--region", HOSTILE_REGION, "--endpoint-url", HOSTILE_ENDPOINT,
        "--cli-binary-format", "base64"]
    assert not (tmp_path / SHELL_CANARY).exists()
    # The file is the wire JSON botocore would send, in ASCII so any locale reads it the same.
    assert export.file_content.isascii()
    assert json.loads(export.file_content) == body_json(request_body(request))
    assert export.note.startswith(POSIX_NOTE) and "AWS CLI version 2" in export.note


@pytest.mark.parametrize("shell", _posix_shells())
def test_cli_script_writes_the_file_exactly_and_runs_the_command(tmp_path: Path, shell: str) -> None:
    """``dynoview transact --export cli`` prints this script: a here-document with a quoted
    delimiter writes the file literally ($, `, backslashes and quotes stay data)."""
    file_name = f"it's $(touch {SHELL_CANARY}) `x` \"f\".json"
    request = hostile_request("accounts", str(tmp_path / "cli-canary"))
    export = to_aws_cli(request, region=HOSTILE_REGION, endpoint_url=HOSTILE_ENDPOINT, file_name=file_name)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "aws").write_text(FAKE_AWS)
    (bin_dir / "aws").chmod(0o755)
    (tmp_path / "export.sh").write_text(export.script(), encoding="utf-8")
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    done = _run([shell, "export.sh"], tmp_path, env)
    assert json.loads(done.stdout)[:4] == ["dynamodb", "transact-write-items", "--cli-input-json",
                                           f"file://{file_name}"]
    assert (tmp_path / file_name).read_text(encoding="utf-8") == export.file_content
    assert not (tmp_path / SHELL_CANARY).exists()
    assert export.script().startswith("#!/bin/sh\n# TransactWriteItems exported from DynoView.\n")


def test_cli_export_without_binary_needs_no_binary_format_and_keeps_old_fields() -> None:
    request = hostile_request("accounts", "/nowhere", binary=False)
    export = to_aws_cli(request)
    assert "--cli-binary-format" not in export.command
    assert export.note == POSIX_NOTE
    assert CliExport("aws", "f.json", "[]").note == POSIX_NOTE  # positional callers still work


def test_values_no_command_line_or_literal_can_carry_are_refused() -> None:
    # A NUL in the token is written as a JSON escape in the file (no longer an argument).
    request = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "a"}}}}],
               "ClientRequestToken": "nul\x00token"}
    assert json.loads(to_aws_cli(request).file_content)["ClientRequestToken"] == "nul\x00token"
    with pytest.raises(ExportValueError, match="NUL"):
        to_aws_cli({"TransactItems": request["TransactItems"]}, region="us-east-1\x00")
