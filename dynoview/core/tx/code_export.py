"""Export a transaction as code: boto3 Python, an AWS CLI command with its file, and
the JavaScript SDK v3.

Exported code signs with the AWS profile it is given (``profile``: the connection's, by name
only), else with the default credential chain (environment, profile, SSO, instance role): it
never contains keys. Without the profile, code run as it is would write wherever the default
chain points, another account perhaps. A user and password in the endpoint URL
(``http://user:pass@host:8000``) are dropped, and the code says so in a comment
(``URL_CREDENTIALS_NOTE``). The request is the exact preview request, token
included, so running the export is the same transaction.

Every export is generated from the request as data, with the target language's
own quoting (``repr`` for Python, ``shlex.quote`` for POSIX shells, JSON string
literals for JavaScript), never by rewriting generated text: a value read from a
table (an email, an attribute name) can never become code.
"""

from __future__ import annotations

import ast
import json
import pprint
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.redaction import drop_url_credentials
from dynoview.core.tx.export_syntax import (
    JsStyle,
    cli_option,
    has_binary,
    here_document,
    js_expression,
    shell_command,
)
from dynoview.core.tx.wire import RequestShapeError, body_json, request_body

CLI_FILE_NAME = "transact-request.json"

POSIX_NOTE = ("The command is quoted for POSIX shells (bash, zsh, sh). PowerShell and cmd.exe quote "
              "differently: there, keep the JSON file as it is and quote the file, region and "
              "endpoint arguments for that shell yourself.")
URL_CREDENTIALS_NOTE = ("The endpoint URL's user name and password were left out of this code: add "
                        "them back where you run it, never in a file you share.")
BINARY_NOTE = ("This request holds binary values, sent as base64 with --cli-binary-format base64: "
               "that needs AWS CLI version 2 (version 1 refuses the option rather than storing the "
               "base64 text itself as the value).")

#: Where the export's credentials come from, in two comment lines: named profile (True) or not.
_CREDENTIALS = {False: ("Credentials come from the default chain",
                        "(environment, AWS profile, SSO or instance role); none are stored here."),
                True: ("Credentials come from the AWS profile named below",
                       "(its keys, SSO or role, as your AWS config sets it); none are stored here.")}


class ExportValueError(RequestShapeError):
    """The request holds a value no export can represent exactly; nothing was generated."""


def _plain(value: Any, path: str = "request") -> Any:
    """The request as plain data: dict (str keys), list, str, bytes, bool, int, None.

    Subclasses are copied to their base type, so no custom ``__repr__``/``__str__``
    ever reaches generated code; any other type is refused with ``ExportValueError``.
    """
    if value is None or isinstance(value, bool):  # bool cannot be subclassed
        return value
    if isinstance(value, int):
        return int(value)  # an IntEnum's repr is not a literal; int() is
    if isinstance(value, str):
        return str.__str__(value)  # an exact str copy, even of a str subclass
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if isinstance(value, Mapping):
        plain: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise ExportValueError(f"The request cannot be exported: {path} has a key of type "
                                       f"{type(key).__name__}; keys must be strings.", field=path)
            plain[str.__str__(key)] = _plain(item, f"{path}.{key}")
        return plain
    if isinstance(value, (list, tuple)):
        return [_plain(item, f"{path}[{i}]") for i, item in enumerate(value)]
    raise ExportValueError(
        f"The request cannot be exported: {path} is a {type(value).__name__}. Exports hold only "
        "text, numbers as strings, binary as bytes, booleans, lists and maps.", field=path)


def _endpoint(endpoint_url: str | None) -> tuple[str | None, str | None]:
    """The endpoint as plain text without user and password, and the note when they were
    dropped (None: nothing was)."""
    if not endpoint_url:
        return None, None
    url, dropped = drop_url_credentials(_plain(endpoint_url, "endpoint_url"))
    return url, URL_CREDENTIALS_NOTE if dropped else None


# ---------------------------------------------------------------------------- boto3


def _client_args(region: str | None, endpoint_url: str | None) -> str:
    args: list[str] = []
    if region:
        args.append(f"region_name={region!r}")
    if endpoint_url:
        args.append(f"endpoint_url={endpoint_url!r}")
    return ", ".join(['"dynamodb"', *args])


def to_boto3(request: Mapping[str, Any], *, region: str | None = None,
             endpoint_url: str | None = None, profile: str | None = None) -> str:
    """A runnable Python script sending this request with a boto3 low-level client (of a
    session on ``profile`` when given)."""
    request_body(request)  # refuse a request botocore would refuse, before writing code for it
    plain = _plain(request)
    region = _plain(region, "region") if region else None
    profile = _plain(profile, "profile") if profile else None
    endpoint_url, url_note = _endpoint(endpoint_url)
    literal = pprint.pformat(plain, indent=1, width=100, sort_dicts=False)
    # repr of plain data is a Python literal; reading it back proves it holds no names or calls.
    if ast.literal_eval(literal) != plain:
        raise ExportValueError("The request could not be written as a Python literal that reads back "
                               "the same. Report this as a bug in DynoView.")
    # The profile by name (repr: a Python literal), never its keys.
    client = (f"session = boto3.Session(profile_name={profile!r})\n"
              f"client = session.client({_client_args(region, endpoint_url)})\n" if profile
              else f"client = boto3.client({_client_args(region, endpoint_url)})\n")
    first, second = _CREDENTIALS[profile is not None]
    return (
        f'"""TransactWriteItems exported from DynoView. {first}\n{second}"""\n'
        + "".join(f"# {line}\n" for line in (_wrap(url_note) if url_note else []))
        + "import boto3\n"
        "\n"
        f"{client}"
        "\n"
        f"request = {literal}\n"
        "\n"
        "response = client.transact_write_items(**request)\n"
        'print(response["ResponseMetadata"]["HTTPStatusCode"])\n'
    )


# ---------------------------------------------------------------------------- AWS CLI


@dataclass(frozen=True)
class CliExport:
    """The command to run, the file it reads (``file_content`` under ``file_name``), and a
    note for the user on where the command's quoting holds."""

    command: str
    file_name: str
    file_content: str
    note: str = POSIX_NOTE

    def script(self) -> str:
        """One POSIX shell script: writes the file, then runs the command.

        The file goes through a here-document with a quoted delimiter, so the shell takes
        its lines literally (no expansion); the content is ASCII JSON, whose lines are
        indented or bracketed and so can never equal the delimiter (checked all the same).
        """
        writes = here_document(self.file_name, self.file_content, "DYNOVIEW_TRANSACT_REQUEST")
        if writes is None:
            raise ExportValueError("The AWS CLI file cannot be written by a shell script; save "
                                   f"{self.file_name} from the window's export instead.")
        comments = "".join(f"# {line}\n" for line in _wrap(self.note))
        return (f"#!/bin/sh\n# TransactWriteItems exported from DynoView.\n{comments}set -e\n"
                f"{writes}{self.command}\n")


def _wrap(text: str, width: int = 96) -> list[str]:
    """A note as comment lines (it holds no newline: every line becomes ``# ...``)."""
    return textwrap.wrap(text.replace("\n", " "), width) or [""]


def _cli_option(name: str, value: str) -> list[str]:
    """``cli_option``, refusing a NUL no command line can carry."""
    if "\0" in value:
        raise ExportValueError(f"The {name} value holds a NUL character, which no command line can "
                               "carry. Remove it and export again.", field=name)
    return cli_option(name, value)


def to_aws_cli(request: Mapping[str, Any], *, region: str | None = None,
               endpoint_url: str | None = None, file_name: str = CLI_FILE_NAME,
               profile: str | None = None) -> CliExport:
    """``aws dynamodb transact-write-items --cli-input-json file://...`` and the file's content:
    the whole request body, ``TransactItems`` and ``ClientRequestToken`` alike.

    The token goes in the file, never on the command line: the AWS CLI loads an operation
    argument starting with file://, fileb:// (and in version 1 http:// or https://) as a file
    or web page and sends that instead, while values inside --cli-input-json stay text. The
    command is quoted for POSIX shells (``note`` says so, for the user).
    """
    wire = body_json(request_body(request))
    plain = _plain(request)
    # ASCII-only JSON (non-ASCII as \\u escapes): the CLI reads file:// in the locale's
    # encoding (cp1252 on many Windows machines), which would garble UTF-8 text.
    content = json.dumps(wire, indent=2) + "\n"
    # Only global options (never expanded) and our own file:// follow the operation's name.
    parts = ["aws", "dynamodb", "transact-write-items",
             *_cli_option("--cli-input-json", f"file://{_plain(file_name, 'file_name')}")]
    if profile:
        parts += _cli_option("--profile", _plain(profile, "profile"))
    if region:
        parts += _cli_option("--region", _plain(region, "region"))
    endpoint, url_note = _endpoint(endpoint_url)
    if endpoint:
        parts += _cli_option("--endpoint-url", endpoint)
    note = POSIX_NOTE if url_note is None else f"{POSIX_NOTE} {url_note}"
    if has_binary(plain):
        # The file holds binary as base64; CLI v2's default decodes it, but a profile with
        # cli_binary_format = raw-in-base64-out would store the base64 text: say it explicitly.
        parts += ["--cli-binary-format", "base64"]
        note = f"{note} {BINARY_NOTE}"
    return CliExport(shell_command(parts), file_name, content, note)


# ---------------------------------------------------------------------------- JavaScript

# JSON leaves these raw inside strings; escape them for every JS engine (U+2028/9 ended
# string literals before ES2019) and so a lone surrogate never hits a UTF-8 encoder.


def _js_string(text: str) -> str:
    """A double-quoted JavaScript string literal for ``text``. Characters that print nothing
    (bidi overrides, zero-width marks, line separators, lone surrogates) are escaped, as the
    reads' exports do: raw, they can make a reviewer read another value than the one sent."""
    literal = json.dumps(text, ensure_ascii=False)
    return "".join(char if char.isprintable() else _js_escape(char) for char in literal)


def _js_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # JavaScript strings are UTF-16: a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


_JS = JsStyle(string=_js_string, trailing_commas=False, error=ExportValueError,
              cannot="cannot be exported to JavaScript")


def to_javascript(request: Mapping[str, Any], *, region: str | None = None,
                  endpoint_url: str | None = None, profile: str | None = None) -> str:
    """An ES module using @aws-sdk/client-dynamodb's TransactWriteItemsCommand (its client's
    ``profile`` option: credentials from that profile, as AWS_PROFILE would give them)."""
    request_body(request)
    options: dict[str, Any] = {}
    if profile:
        options["profile"] = _plain(profile, "profile")
    if region:
        options["region"] = _plain(region, "region")
    endpoint, url_note = _endpoint(endpoint_url)
    if endpoint:
        options["endpoint"] = endpoint
    first, second = _CREDENTIALS[profile is not None]
    client_options = ("{ " + ", ".join(f"{k}: {_js_string(v)}" for k, v in options.items()) + " }"
                      if options else "{}")
    return (
        f"// TransactWriteItems exported from DynoView. {first}\n// {second}\n"
        + "".join(f"// {line}\n" for line in (_wrap(url_note) if url_note else []))
        + 'import { DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";\n'
        "\n"
        f"const client = new DynamoDBClient({client_options});\n"
        "\n"
        f"const input = {js_expression(_plain(request), _JS)};\n"
        "\n"
        "const response = await client.send(new TransactWriteItemsCommand(input));\n"
        "console.log(response.$metadata.httpStatusCode);\n"
    )
